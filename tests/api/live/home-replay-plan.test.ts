import { beforeAll, describe, expect, it, vi } from 'vitest';
import { namedStatements } from '../../../src/db/sql.js';
import { genericPlan, type PlanNode, rowsRead } from '../../support/plans.js';
import '../../../src/live/live.queries.js';
import { type TestUser, useHarness } from '../../support/harness.js';

vi.setConfig({ testTimeout: 120_000 });

/**
 * A live resume (Last-Event-ID) reads a batch of what the reader's stream holds after the id. What
 * that reads may not grow with the posts of people the reader does not follow: otherwise every
 * reconnect after a busy hour is a pass over the posts since the id, and on /live/home (whose
 * per-row checks cost far more than the feed's) a few streams resuming from `1_1` hold the pool.
 * Checked on the generic plan with EXPLAIN ANALYZE.
 */
const h = useHarness();
let reader: TestUser;
let friend: TestUser;
let stranger: TestUser;
const STRANGER_POSTS = 5_000;
const TAG_FANS = 3_000;
let afterId: number;
let throughId: number;

const postsRowsRead = (plan: PlanNode) => rowsRead(plan, ['posts']);

async function replayPlan(name: string, userId: number): Promise<PlanNode> {
  const statement = namedStatements().get(name)!;
  const settleMs = h.services.config.LIVE_SETTLE_MAX_WAIT_MS;
  const values = [userId, afterId, throughId, 100, settleMs];
  return (await genericPlan(h.orm, statement.text, ['int', 'int', 'int', 'int', 'int'], values)).Plan;
}

beforeAll(async () => {
  [reader, friend, stranger] = [await h.user(), await h.user(), await h.user()];
  await h.caller(reader.token).users.follow({ id: friend.id });
  const before = await h.caller(friend.token).posts.create({ title: 'seen before', content: 'x' });
  afterId = before.id;
  // A busy hour of someone the reader does not follow, then one post of the friend.
  await h.orm.em
    .getConnection()
    .execute(
      `insert into posts (title, content, author_id) select 'busy', 'not followed', ? from generate_series(1, ${STRANGER_POSTS})`,
      [stranger.id],
    );
  // A tag the reader follows, as 3,000 others do (most of whom follow a tag of their own, as most tags
  // have a follower or two), with posts of a stranger in it.
  const conn = h.orm.em.getConnection();
  await conn.execute(
    `insert into users (email, password_hash, first_name, last_name)
     select 'tag-fan-' || g || '@example.com', 'x', 'Fan' || g, 'Tag' from generate_series(1, ${TAG_FANS}) g`,
  );
  await conn.execute(
    `insert into tag_follows (user_id, tag) select id, 'popular' from users where email like 'tag-fan-%'`,
  );
  await conn.execute(
    `insert into tag_follows (user_id, tag) select id, 'quiet' || id from users where email like 'tag-fan-%'`,
  );
  await h.caller(reader.token).tags.follow({ tag: 'popular' });
  for (let i = 0; i < 3; i++) await h.caller(stranger.token).posts.create({ title: `#popular ${i}`, content: 'x' });
  const missed = await h.caller(friend.token).posts.create({ title: 'missed', content: 'x' });
  throughId = missed.id;
  await h.orm.em.getConnection().execute('analyze');
});

describe('a live resume reads what the reader follows, not every post since the id', () => {
  it('/live/feed (live_feed_after): the followed authors only', async () => {
    const plan = await replayPlan('live_feed_after', reader.id);
    expect(postsRowsRead(plan)).toBeLessThanOrEqual(100);
  });

  it('/live/home (live_home_after): the followed authors, tags and reposters only', async () => {
    const plan = await replayPlan('live_home_after', reader.id);
    expect(postsRowsRead(plan)).toBeLessThanOrEqual(100);
  });

  it("/live/home (live_home_after): a followed tag's events are probed for the reader, not read with the tag's every follower", async () => {
    const plan = await replayPlan('live_home_after', reader.id);
    expect(rowsRead(plan, ['tag_follows'])).toBeLessThanOrEqual(100);
  });

  it("/live/home's cursor (live_home_event_at): the events begun near its instant, not the posts before it", async () => {
    // The friend's missed post, after the 5,000 strangers' posts written before it; a settle wait of
    // 1 ms puts them all before the window the resume looks into around the item's instant.
    const [item] = await h.caller(reader.token).posts.home({ limit: 1 });
    expect(item!.id).toBe(throughId);
    const [milliseconds, postId] = item!.cursor.split('_');
    const statement = namedStatements().get('live_home_event_at')!;
    const { Plan } = await genericPlan(
      h.orm,
      statement.text,
      ['text', 'int', 'int'],
      [`'${milliseconds}'`, postId!, 1],
    );
    expect(postsRowsRead(Plan)).toBeLessThanOrEqual(100);
  });
});
