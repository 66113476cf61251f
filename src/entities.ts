import { RateLimitCounter } from './auth/rate-limit.entity.js';
import { Session } from './auth/session.entity.js';
import { Event } from './events/event.entity.js';
import { Comment } from './posts/comment.entity.js';
import { CommentLike, PostLike } from './posts/like.entity.js';
import { Post } from './posts/post.entity.js';
import { Follow } from './users/follow.entity.js';
import { User } from './users/user.entity.js';

/** Every entity, for the ORM configuration. */
export const entities = [User, Follow, Post, Comment, PostLike, CommentLike, Session, RateLimitCounter, Event];
