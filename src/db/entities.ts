import { RateLimitCounterEntity } from '../auth/rate-limit.entity.js';
import { SessionEntity } from '../auth/session.entity.js';
import { EventEntity } from '../events/event.entity.js';
import { LiveListenerEntity } from '../live/live-listener.entity.js';
import { LiveTicketEntity } from '../live/live-ticket.entity.js';
import { MediaDeletedKeyEntity, MediaEntity, MediaQuotaEntity } from '../media/media.entity.js';
import { NotificationEntity } from '../notifications/notification.entity.js';
import { CommentEntity } from '../posts/comment.entity.js';
import { CommentLikeEntity, PostLikeEntity } from '../posts/like.entity.js';
import { CommentMentionEntity, PostMentionEntity } from '../posts/mention.entity.js';
import { NewestPostEntity } from '../posts/newest-post.entity.js';
import { PostEntity } from '../posts/post.entity.js';
import {
  BookmarkEntity,
  PostTagEntity,
  RepostEntity,
  TagAuthorEntity,
  TagFollowEntity,
} from '../posts/share.entity.js';
import { CommentStatsEntity, PostStatsEntity } from '../posts/stats.entity.js';
import { BlockEntity, MuteEntity } from '../users/block.entity.js';
import { FollowEntity } from '../users/follow.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { UserStatsEntity } from '../users/user-stats.entity.js';

/** Every entity, for the ORM configuration. */
export const entities = [
  UserEntity,
  FollowEntity,
  PostEntity,
  NewestPostEntity,
  CommentEntity,
  PostLikeEntity,
  CommentLikeEntity,
  SessionEntity,
  RateLimitCounterEntity,
  EventEntity,
  NotificationEntity,
  LiveTicketEntity,
  LiveListenerEntity,
  BlockEntity,
  MuteEntity,
  PostStatsEntity,
  CommentStatsEntity,
  UserStatsEntity,
  MediaEntity,
  MediaQuotaEntity,
  MediaDeletedKeyEntity,
  PostTagEntity,
  TagAuthorEntity,
  TagFollowEntity,
  RepostEntity,
  BookmarkEntity,
  PostMentionEntity,
  CommentMentionEntity,
];
