import { followRelationList, followRelationStream } from './follow-relation-list.js';

export const listFollowed = followRelationList('followed', 'Users this user follows, by id');
export const streamFollowed = followRelationStream('followed');
