/**
 * Writes the SQL the service sends, formatted, one file per domain in src/db/statements/: every
 * named statement (src/db/named-statements.ts registers each as its module loads) and each variant
 * of the builders whose text depends on the input (a cursor, a limit, a search, a feed).
 *   npm run db:statements     (tests/db/sql-files.test.ts fails while a file is stale)
 * A change to a statement then shows in review as a readable diff of these files.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format } from 'sql-formatter';
import type { DriverStatement } from '../src/db/sql.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const STATEMENTS_DIR = join(ROOT, 'src/db/statements');

/** Which file a named statement goes in, by the start of its name (the longest that fits). */
const DOMAIN_OF_PREFIX: Record<string, string> = {
  session: 'auth',
  user_credentials: 'auth',
  user_replace_password: 'auth',
  user_email_taken: 'auth',
  user_lock: 'auth',
  rate_limit: 'auth',
  write_: 'auth',
  sessions_write_lsn: 'viewer',
  user_record_write: 'viewer',
  event: 'events',
  live_: 'live',
  notifications_: 'notifications',
  post_: 'posts',
  posts_: 'posts',
  shared_answer: 'posts',
  tag_: 'posts',
  comment_: 'posts',
  user_: 'users',
  follow_: 'users',
  blocks_: 'users',
  mutes_: 'users',
  media_: 'media',
};

function domainOf(name: string): string {
  const prefix = Object.keys(DOMAIN_OF_PREFIX)
    .filter((start) => name.startsWith(start))
    .sort((a, b) => b.length - a.length)[0];
  if (prefix === undefined)
    throw new Error(`no domain for the statement ${name}: add its prefix to scripts/db-statements.ts`);
  return DOMAIN_OF_PREFIX[prefix]!;
}

/** Every module of src/ that defines named statements: loading them registers them all. */
function statementModules(dir = join(ROOT, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : statementModules(path);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    return /\bnamedStatement\(|\breaderStatement\(/.test(readFileSync(path, 'utf8')) ? [path] : [];
  });
}

interface Variant {
  domain: string;
  builder: string;
  variant: string;
  build: () => DriverStatement;
}

/** Each builder once per shape of its text: the values are examples, only the text is written. */
async function builderVariants(): Promise<Variant[]> {
  const posts = await import('../src/posts/posts.queries.js');
  const lists = await import('../src/posts/post-lists.queries.js');
  const home = await import('../src/posts/home.queries.js');
  const comments = await import('../src/posts/comments.queries.js');
  const tags = await import('../src/posts/tags.queries.js');
  const users = await import('../src/users/users.queries.js');
  const safety = await import('../src/users/safety.queries.js');
  const events = await import('../src/events/events.queries.js');
  const auth = await import('../src/auth/auth.queries.js');
  // A list's page and whole-list statements as defineList derives them from its rows.
  const { pageStatement, wholeStatement } = await import('../src/trpc/lists.js');
  const postPage = (rows: DriverStatement) => pageStatement(rows, { large: true });
  const page = { limit: 20 };
  const after = { limit: 20, before: 1 };
  const variants: Variant[] = [];
  const add = (domain: string, builder: string, shapes: Record<string, () => DriverStatement>) => {
    for (const [variant, build] of Object.entries(shapes)) variants.push({ domain, builder, variant, build });
  };
  add('posts', 'selectPostList', {
    'all posts, a page': () => postPage(lists.selectPostList({ viewerId: 1, ...page })),
    'all posts, a page after a cursor': () => postPage(lists.selectPostList({ viewerId: 1, ...after })),
    'all posts, unpaged (a stream)': () => lists.selectPostList({ viewerId: 1 }),
    'all posts, whole up to a size': () => wholeStatement(lists.selectPostList({ viewerId: 1 }), 1_000, {}),
    "one author's posts, a page after a cursor": () =>
      postPage(lists.selectPostList({ viewerId: 1, authorId: 2, ...after })),
    'the feed, a page after a cursor': () => postPage(lists.selectPostList({ viewerId: 1, followerId: 1, ...after })),
    'a search, a page': () => postPage(lists.selectPostList({ viewerId: 1, q: 'words', ...page })),
    'a search, a page after a cursor': () => postPage(lists.selectPostList({ viewerId: 1, q: 'words', ...after })),
    'a search, unpaged': () => lists.selectPostList({ viewerId: 1, q: 'words' }),
    "a handle's posts (q=@handle), a page after a cursor": () =>
      postPage(lists.selectPostList({ viewerId: 1, q: '@ada', ...after })),
    "a tag's posts, a page after a cursor (GET /tags/{tag}/posts, q=#tag)": () =>
      postPage(lists.selectPostList({ viewerId: 1, tag: 'words', ...after })),
    "a tag's posts, unpaged": () => lists.selectPostList({ viewerId: 1, q: '#words' }),
    "a post's quotes, a page after a cursor": () =>
      postPage(lists.selectPostList({ viewerId: 1, quotesOf: 2, ...after })),
  });
  add('posts', 'selectFollowedTags', {
    'a page after a cursor': () => tags.selectFollowedTags(1, { limit: 20, before: 'words' }),
    'unpaged (a stream)': () => tags.selectFollowedTags(1, {}),
  });
  add('posts', 'selectHomeList', {
    'unpaged (a stream)': () => home.selectHomeList({ viewerId: 1 }),
    'whole after a cursor, up to a size': () =>
      wholeStatement(home.selectHomeList({ viewerId: 1, before: '1764270000000_1', limit: 101 }), 1_000, {}),
  });
  add('posts', 'selectBookmarkedPosts', {
    'a page after a cursor': () => postPage(lists.selectBookmarkedPosts(1, after)),
    'unpaged (a stream)': () => lists.selectBookmarkedPosts(1, {}),
  });
  add('posts', 'selectCommentsOnPost', {
    'a page': () => comments.selectCommentsOnPost(1, 2, page),
    'unpaged after a cursor (a stream)': () => comments.selectCommentsOnPost(1, 2, { before: 1 }),
  });
  add('posts', 'selectLikers', {
    "a post's, a page after a cursor": () => posts.selectLikers('post_likes', 1, 2, after),
    "a comment's, a page": () => posts.selectLikers('comment_likes', 1, 2, page),
  });
  add('posts', 'selectCommentsBy', {
    'a page': () => comments.selectCommentsBy(1, 2, page),
    'a page after a cursor': () => comments.selectCommentsBy(1, 2, after),
  });
  add('users', 'selectUserSummaries', {
    'a page': () => users.selectUserSummaries(1, page),
    'unpaged after a cursor (a stream)': () => users.selectUserSummaries(1, { before: 1 }),
  });
  add('users', 'selectFollowRelations', {
    'followers, a page after a cursor': () => users.selectFollowRelations(1, 'followers', 2, after),
    'followed, unpaged (a stream)': () => users.selectFollowRelations(1, 'followed', 2, {}),
  });
  add('users', 'selectSafetyLinks', {
    'blocked, a page after a cursor': () => safety.selectSafetyLinks(safety.BLOCK, 1, after),
    'muted, unpaged (a stream)': () => safety.selectSafetyLinks(safety.MUTE, 1, {}),
  });
  add('events', 'selectEventRecords', {
    'a page after a cursor': () => events.selectEventRecords(after),
    'unpaged (a stream)': () => events.selectEventRecords({}),
  });
  add('auth', 'releaseCounters', {
    'two windows': () =>
      auth.releaseCounters([
        { key: 'a', start: new Date(0) },
        { key: 'b', start: new Date(0) },
      ]),
  });
  return variants;
}

const formatted = (text: string) =>
  format(text, { language: 'postgresql', keywordCase: 'lower', tabWidth: 2, expressionWidth: 100 }).trimEnd();

/** The files' contents by name (`<domain>.sql`). */
export async function renderStatements(): Promise<Map<string, string>> {
  for (const module of statementModules()) await import(pathToFileURL(module).href);
  const { namedStatements } = await import('../src/db/sql.js');
  const sections = new Map<string, string[]>();
  const add = (domain: string, section: string) => sections.set(domain, [...(sections.get(domain) ?? []), section]);
  for (const { name, text } of [...namedStatements().values()].sort((a, b) => a.name.localeCompare(b.name)))
    add(domainOf(name), `-- ${name}\n${formatted(text)};\n`);
  for (const { domain, builder, variant, build } of await builderVariants())
    add(domain, `-- ${builder}: ${variant}\n${formatted(build().text)};\n`);
  const files = new Map<string, string>();
  for (const [domain, parts] of [...sections].sort(([a], [b]) => a.localeCompare(b))) {
    const header = `-- The SQL of src/${domain}/, written by \`npm run db:statements\` (scripts/db-statements.ts). Do not edit.\n\n`;
    files.set(`${domain}.sql`, header + parts.join('\n'));
  }
  return files;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const files = await renderStatements();
  rmSync(STATEMENTS_DIR, { recursive: true, force: true });
  mkdirSync(STATEMENTS_DIR, { recursive: true });
  for (const [name, content] of files) writeFileSync(join(STATEMENTS_DIR, name), content);
  console.log(`wrote ${[...files.keys()].map((name) => `src/db/statements/${name}`).join(', ')}`);
}
