import { followRelationList } from './follow-relation-list.js';

export const listFollowers = followRelationList('followers', 'Users who follow this user, by id');
