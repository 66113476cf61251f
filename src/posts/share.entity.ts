import { defineEntity } from '@mikro-orm/core';
import { UserEntity } from '../users/user.entity.js';
import { PostEntity } from './post.entity.js';

/** A tag's most characters (NFC, lower-cased), and how many of a post's tags count. */
export const TAG_MAX = 50;
export const POST_TAGS_MAX = 10;

/**
 * A post's tags, with its author and time copied from the post: a tag's newest posts are one range
 * of post_tags_tag_index, their authors checked for blocks and mutes without reading the posts.
 */
export const PostTagEntity = defineEntity({
  name: 'PostTag',
  tableName: 'post_tags',
  properties: (p) => ({
    post: p.manyToOne(PostEntity).primary().deleteRule('cascade'),
    tag: p.string().length(TAG_MAX).primary(),
    authorId: p.integer(),
    createdAt: p.datetime(3),
  }),
  indexes: [
    {
      name: 'post_tags_tag_index',
      expression:
        'create index "post_tags_tag_index" on "post_tags" ("tag", "created_at" desc, "post_id" desc) include ("author_id")',
    },
    // A live resume reads a followed tag's posts in id order from the resume id (live_home_after).
    {
      name: 'post_tags_tag_post_index',
      expression: 'create index "post_tags_tag_post_index" on "post_tags" ("tag", "post_id") include ("author_id")',
    },
    // One author's posts with a tag, newest first: a home page's head of each author it ranks (tag_authors).
    {
      name: 'post_tags_tag_author_index',
      expression:
        'create index "post_tags_tag_author_index" on "post_tags" ("tag", "author_id", "created_at" desc, "post_id" desc)',
    },
  ],
});

/**
 * Per tag and author, the instant of the author's newest post with the tag: an upper bound once that
 * post is deleted or its tag edited away. Kept by a trigger on post_tags (Migration20261128130000).
 * A home page reads a followed tag's authors in this order when its walk of the tag's posts meets
 * too many it does not keep, so an author the reader blocked or mutes costs one row (docs/feed.md).
 */
export const TagAuthorEntity = defineEntity({
  name: 'TagAuthor',
  tableName: 'tag_authors',
  properties: (p) => ({
    tag: p.string().length(TAG_MAX).primary(),
    author: p.manyToOne(UserEntity).primary().deleteRule('cascade'),
    postedBefore: p.datetime(3),
  }),
  indexes: [
    {
      name: 'tag_authors_tag_bound_index',
      expression:
        'create index "tag_authors_tag_bound_index" on "tag_authors" ("tag", "posted_before" desc) include ("author_id")',
    },
  ],
});

/** The tags a user follows: their posts join the user's home timeline. */
export const TagFollowEntity = defineEntity({
  name: 'TagFollow',
  tableName: 'tag_follows',
  properties: (p) => ({
    user: p.manyToOne(UserEntity).primary().deleteRule('cascade'),
    tag: p.string().length(TAG_MAX).primary(),
    createdAt: p.datetime(3).defaultRaw('now()'),
  }),
  indexes: [
    {
      name: 'tag_follows_user_created_index',
      expression:
        'create index "tag_follows_user_created_index" on "tag_follows" ("user_id", "created_at" desc, "tag")',
    },
  ],
});

/** One repost per (post, user); its id comes from the posts' sequence, in commit order (the live home timeline). */
export const RepostEntity = defineEntity({
  name: 'Repost',
  tableName: 'reposts',
  properties: (p) => ({
    id: p.integer().primary().defaultRaw("live_nextval('posts_id_seq'::regclass)"),
    post: p.manyToOne(PostEntity).deleteRule('cascade'),
    user: p.manyToOne(UserEntity).deleteRule('cascade'),
    createdAt: p.datetime(3).defaultRaw('now()'),
  }),
  indexes: [
    // A user's reposts, every repost, and a post's reposts, newest first: the home timeline's walks and probes.
    {
      name: 'reposts_user_created_index',
      expression:
        'create index "reposts_user_created_index" on "reposts" ("user_id", "created_at" desc, "post_id" desc) include ("id")',
    },
    {
      name: 'reposts_created_index',
      expression:
        'create index "reposts_created_index" on "reposts" ("created_at" desc, "post_id" desc) include ("user_id", "id")',
    },
    {
      name: 'reposts_post_created_index',
      expression:
        'create index "reposts_post_created_index" on "reposts" ("post_id", "created_at" desc, "id" desc) include ("user_id")',
    },
    // A live resume reads a followed user's reposts in id order from the resume id (live_home_after).
    {
      name: 'reposts_user_id_index',
      expression: 'create index "reposts_user_id_index" on "reposts" ("user_id", "id") include ("post_id")',
    },
  ],
  uniques: [{ name: 'reposts_post_user_unique', properties: ['post', 'user'] }],
});

/** A user's private bookmarks: nobody else sees them or their count. */
export const BookmarkEntity = defineEntity({
  name: 'Bookmark',
  tableName: 'bookmarks',
  properties: (p) => ({
    user: p.manyToOne(UserEntity).primary().deleteRule('cascade'),
    post: p.manyToOne(PostEntity).primary().deleteRule('cascade').index('bookmarks_post_id_index'),
    createdAt: p.datetime(3).defaultRaw('now()'),
  }),
  indexes: [
    {
      name: 'bookmarks_user_created_index',
      expression:
        'create index "bookmarks_user_created_index" on "bookmarks" ("user_id", "created_at" desc, "post_id" desc)',
    },
  ],
});
