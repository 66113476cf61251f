import { followRelationList } from './follow-relation-list.js';

export const listFollowed = followRelationList('followed', 'Users this user follows, by id');
