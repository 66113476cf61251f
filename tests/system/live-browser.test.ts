import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../support/chromium.js';
import { Harness } from '../support/harness.js';

let h: Harness;
let browser: Browser;

describe.skipIf(!hasChromium('the EventSource browser test'))('a browser EventSource with a ticket', () => {
  beforeAll(async () => {
    h = await Harness.start();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });

  it('opens GET /live/feed?ticket= and receives a post as it is written', async () => {
    const author = await h.user({ firstName: 'Ada' });
    const reader = await h.user({ firstName: 'Ray' });
    await h.caller(reader.token).users.follow({ id: author.id });
    const { ticket } = await h.caller(reader.token).live.ticket();

    const page = await browser.newPage();
    await page.goto(`${h.baseUrl}/healthz`); // the service's own origin: no CORS involved
    // The page opens the stream and waits for its first post; the token never reaches the page.
    const received = page.evaluate(
      (url) =>
        new Promise<{ id: string; data: string }>((resolve, reject) => {
          const source = new EventSource(url);
          source.addEventListener('post', (event) => {
            source.close();
            resolve({ id: (event as MessageEvent).lastEventId, data: (event as MessageEvent).data });
          });
          source.addEventListener('open', () => ((globalThis as unknown as { opened: boolean }).opened = true));
          setTimeout(() => reject(new Error('no post within 30 s')), 30_000);
        }),
      `/live/feed?ticket=${encodeURIComponent(ticket)}`,
    );
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as { opened?: boolean }).opened), { timeout: 20_000 })
      .toBe(true);
    const post = await h.caller(author.token).posts.create({ title: 'to the browser', content: 'live' });
    const event = await received;
    expect(event.id).toBe(String(post.id));
    expect(JSON.parse(event.data)).toMatchObject({ id: post.id, title: 'to the browser' });
  });
});
