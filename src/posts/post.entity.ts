import { defineEntity } from '@mikro-orm/core';
import { UserEntity } from '../users/user.entity.js';

/** The title column's size, which the input schema takes its limit from. */
export const POST_TITLE_MAX = 200;

/**
 * A post's words as full-text search sees them (title and content, English stemming), stored so a
 * search never re-parses texts: matching a stored vector is cheap even when the planner walks posts
 * in time order. `websearch_to_tsquery` must use the same configuration.
 */
export const SEARCH_CONFIG = 'english';

export const PostEntity = defineEntity({
  name: 'Post',
  tableName: 'posts',
  properties: (p) => ({
    // The live streams wait for the writer of an id not yet committed: it has a transaction id first (Migration20261125220000).
    id: p.integer().primary().defaultRaw("live_nextval('posts_id_seq'::regclass)"),
    title: p.string().length(POST_TITLE_MAX),
    content: p.text(),
    author: p.manyToOne(UserEntity).deleteRule('cascade'),
    createdAt: p.datetime(3).defaultRaw('now()'),
    // The post this one quotes; cleared when that post is deleted (the quote keeps its text).
    quoteOf: () => p.manyToOne(PostEntity).nullable().deleteRule('set null'),
    // The post's images as the API shows them (MediaAttachment[]), written when they are attached, so
    // reads take them from the row; null without images.
    media: p.json().columnType('json').nullable(),
    // The tags in order of first appearance (posts/tags.ts), as the API shows them; null without.
    // post_tags holds them again, one key each, to find a tag's posts.
    tags: p.array().columnType('varchar(50)[]').nullable(),
    // Computed by PostgreSQL (a generated column); only search queries read it.
    searchVector: p
      .string()
      .nullable() // so writes need not name it; it is never null
      .columnType('tsvector')
      .generated(`(to_tsvector('${SEARCH_CONFIG}', title || ' ' || content)) stored`),
  }),
  indexes: [
    // The feed and profiles read a user's posts newest first.
    { name: 'posts_author_created_index', properties: ['author', 'createdAt', 'id'] },
    // GET /posts reads everything newest first.
    { name: 'posts_created_index', properties: ['createdAt', 'id'] },
    // A live resume reads a followed author's posts in id order from the resume id (live_feed_after, live_home_after).
    { name: 'posts_author_id_index', properties: ['author', 'id'] },
    // GET /posts?q= finds the posts that match its words.
    { name: 'posts_search_index', properties: ['searchVector'], type: 'gin' },
    // GET /posts/{id}/quotes: a post's quotes newest first.
    {
      name: 'posts_quote_of_index',
      expression:
        'create index "posts_quote_of_index" on "posts" ("quote_of_id", "created_at" desc, "id" desc) where "quote_of_id" is not null',
    },
    // A reader's quote count: the quotes by one user across a block, one probe each.
    {
      name: 'posts_quote_of_author_index',
      expression:
        'create index "posts_quote_of_author_index" on "posts" ("quote_of_id", "author_id") where "quote_of_id" is not null',
    },
  ],
});
