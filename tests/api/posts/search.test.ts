import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchQuery } from '../../../src/posts/posts.schemas.js';
import { selectPostList } from '../../../src/posts/post-lists.queries.js';
import { borrowConnection } from '../../../src/db/sql.js';
import { expectApiError, expectTrpcError } from '../../support/fixtures.js';
import { type TestUser, useHarness } from '../../support/harness.js';

const h = useHarness();
let reader: TestUser;
const ids: Record<string, number> = {};

beforeAll(async () => {
  reader = await h.user();
  const author = await h.user();
  const posts = {
    rust: { title: 'Rust ownership explained', content: 'Borrowing and lifetimes, step by step.' },
    ts: { title: 'TypeScript generics', content: 'Generic functions make typed code reusable.' },
    both: { title: 'Rust or TypeScript?', content: 'Choosing a language for a new service.' },
    java: { title: 'Java streams', content: 'Streams in Java feel like typed pipelines.' },
  };
  for (const [key, body] of Object.entries(posts)) ids[key] = (await h.caller(author.token).posts.create(body)).id;
});

const search = async (q: string, extra = '') => {
  const res = await h.request('GET', `/posts?q=${encodeURIComponent(q)}${extra}`, { token: reader.token });
  expect(res.status, res.text).toBe(200);
  return res.body.map((post: { id: number }) => post.id);
};

describe('GET /posts?q=', () => {
  it('finds posts by words of their title or content, stemmed, newest first', async () => {
    expect(await search('rust')).toEqual([ids.both, ids.rust]);
    expect(await search('lifetime')).toEqual([ids.rust]); // "lifetimes" in the content
    expect(await search('TYPED')).toEqual([ids.java, ids.ts]);
    expect(await search('kotlin')).toEqual([]);
  });

  it('understands web search syntax: phrases, -word, or', async () => {
    expect(await search('"typescript generics"')).toEqual([ids.ts]);
    expect(await search('rust -typescript')).toEqual([ids.rust]);
    expect(await search('java or lifetimes')).toEqual([ids.java, ids.rust]);
    expect(await search('the')).toEqual([]); // only a stop word: nothing to match
    expect(await search('rust & | ! ( :*')).toEqual([ids.both, ids.rust]); // operators of tsquery are just text here
  });

  it('pages the matches with limit and before, and streams them unpaged, exactly as the procedure returns them', async () => {
    expect(await search('typed', '&limit=1')).toEqual([ids.java]);
    expect(await search('typed', `&limit=1&before=${ids.java}`)).toEqual([ids.ts]);
    const unpaged = await h.request('GET', '/posts?q=rust', { token: reader.token });
    expect(unpaged.text).toBe(JSON.stringify(await h.caller(reader.token).posts.list({ q: 'rust' })));
    expect((await h.request('GET', '/posts?q=kotlin', { token: reader.token })).text).toBe('[]');
  });

  it('answers 400 for an over-long or repeated q, on the streamed path as on the paged one', async () => {
    for (const query of [`q=${'x'.repeat(201)}`, 'q=a&q=b']) {
      for (const page of ['', '&limit=5']) {
        expectApiError(await h.request('GET', `/posts?${query}${page}`, { token: reader.token }), 400, 'BAD_REQUEST');
      }
    }
    expectApiError(await h.request('GET', '/posts?q=rust'), 401, 'UNAUTHORIZED');
    // An empty parameter is an absent one in the REST facade: no search.
    expect(await search('')).toEqual(await search('', '&limit=20'));
    expect(await search('')).toHaveLength(4);
    await expectTrpcError(h.caller(reader.token).posts.list({ q: '' }), 'BAD_REQUEST');
  });

  it('answers 400 naming q for what websearch_to_tsquery cannot take (33 dashes, a NUL): paged, streamed, over /trpc', async () => {
    for (const q of ['-'.repeat(33), 'a\u0000b', `a ${'- '.repeat(40)}b`]) {
      for (const page of ['', '&limit=5']) {
        const res = await h.request('GET', `/posts?q=${encodeURIComponent(q)}${page}`, { token: reader.token });
        expectApiError(res, 400, 'BAD_REQUEST');
        expect(res.body.issues?.map((issue: { path: string }) => issue.path)).toContain('q');
      }
      const input = encodeURIComponent(JSON.stringify({ q }));
      const trpc = await h.request('GET', `/trpc/posts.list?input=${input}`, { token: reader.token });
      expect(trpc.status, trpc.text).toBe(400);
      await expectTrpcError(h.caller(reader.token).posts.list({ q }), 'BAD_REQUEST');
    }
    // 31 NOTs are still a search.
    expect(await search(`rust ${'-'.repeat(31)}typescript`)).toEqual([ids.rust]);
  });

  it('every q the schema takes, websearch_to_tsquery parses: its operators and odd characters, fuzzed', async () => {
    const { client, release } = await borrowConnection(h.orm);
    try {
      const pieces = fc.constantFrom(
        '-',
        '--',
        ' ',
        '"',
        'or',
        ' or ',
        '|',
        '&',
        '!',
        '(',
        ')',
        ':*',
        '<->',
        'the',
        'a',
        'é',
        '\u0000',
        '\t',
        '\ud800',
        '\\',
      );
      const dashes = fc.integer({ min: 0, max: 40 }).map((n) => '-'.repeat(n));
      const query = fc.oneof(
        fc.array(pieces, { maxLength: 120 }).map((parts) => parts.join('')),
        fc
          .array(fc.oneof({ arbitrary: dashes, weight: 3 }, { arbitrary: pieces, weight: 2 }), { maxLength: 12 })
          .map((parts) => parts.join('').slice(0, 200)),
        fc.string({ unit: 'binary', maxLength: 200 }),
        // Runs of NOTs between words, about the parser's stack depth.
        fc
          .tuple(
            fc.constantFrom('', 'rust ', 'a', '"a b" ', 'the '),
            fc.integer({ min: 25, max: 40 }),
            fc.constantFrom('', 'b', ' b', ' or b'),
          )
          .map(([before, n, after]) => `${before}${'-'.repeat(n)}${after}`),
      );
      await fc.assert(
        fc.asyncProperty(query, async (q) => {
          if (!searchQuery.safeParse(q).success) return;
          await client.query("select websearch_to_tsquery('english', $1)", [q]);
        }),
        { numRuns: 3000 },
      );
    } finally {
      await release();
    }
  });

  it('pages exactly like the unpaged list, whether a page comes from the newest posts or from the index', async () => {
    const bulk = await h.user();
    // More posts than a page looks through before it asks the index: every fifth is "common", the
    // oldest few are "ancient", so some pages fill from the newest posts and others need the index.
    await h.orm.em.getConnection().execute(
      `insert into posts (title, content, author_id, created_at)
       select 'bulk ' || g, case when g % 5 = 0 then 'common words' when g > 1490 then 'ancient scroll' else 'filler' end,
              ?, now() - g * interval '1 minute'
       from generate_series(1, 1500) g`,
      [bulk.id],
    );
    for (const [q, limit] of [
      ['common', 17],
      ['ancient', 3],
      ['ancient or common', 19],
      ['filler -common', 61],
    ] as const) {
      const everything = await search(q);
      expect(everything.length).toBeGreaterThan(limit);
      const paged: number[] = [];
      for (let before: number | undefined; ;) {
        const page = await search(q, `&limit=${limit}${before === undefined ? '' : `&before=${before}`}`);
        paged.push(...page);
        if (page.length < limit) break;
        before = page.at(-1);
      }
      expect(paged, q).toEqual(everything);
    }
  });

  it('is one statement per page, served by the GIN index', async () => {
    const caller = h.caller(reader.token);
    expect(await h.countQueries(() => caller.posts.list({ q: 'rust', limit: 10 }))).toBe(2); // session check + page
    const { text, values } = selectPostList({ viewerId: reader.id, q: 'rust', limit: 10 });
    // A handful of rows never needs an index; forbid sequential scans to see that the index fits the query.
    const { client, release } = await borrowConnection(h.orm);
    try {
      await client.query('begin; set local enable_seqscan = off');
      const plan = await client.query(`explain ${text}`, values);
      expect(JSON.stringify(plan.rows)).toContain('posts_search_index');
    } finally {
      await client.query('rollback');
      await release();
    }
  });
});
