import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../support/chromium.js';
import { Harness, type TestUser } from '../support/harness.js';

let h: Harness;
let user: TestUser;
let browser: Browser;

describe.skipIf(!hasChromium('the /docs browser test'))('the docs page in a real browser', () => {
  beforeAll(async () => {
    h = await Harness.start();
    user = await h.user({ firstName: 'Docs', lastName: 'Reader' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });

  it('lists every operation, loads nothing from outside, and performs an authorized request', async () => {
    const page = await browser.newPage();
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(h.baseUrl) && !request.url().startsWith('data:')) outside.push(request.url());
    });
    await page.goto(`${h.baseUrl}/docs`);
    await page.waitForSelector('.opblock');

    const document = (await h.request('GET', '/openapi.json')).body;
    const operations = Object.values(document.paths).flatMap((item) => Object.keys(item as object));
    await expect.poll(() => page.locator('.opblock').count()).toBe(operations.length);

    // Authorize with a bearer token, then "Try it out" on GET /users/me.
    await page.click('button.authorize');
    await page.fill('.auth-container input', user.token);
    await page.click('.auth-btn-wrapper button.authorize');
    await page.click('button.btn-done');

    const operation = page.locator('#operations-users-users-me');
    await operation.locator('.opblock-summary').click();
    await operation.locator('button.try-out__btn').click();
    await operation.locator('button.execute').click();
    const status = operation.locator('.live-responses-table tbody .response-col_status').first();
    await expect.poll(() => status.textContent()).toContain('200');
    await expect
      .poll(() => operation.locator('.live-responses-table .microlight').first().textContent())
      .toContain('"firstName": "Docs"');
    expect(outside).toEqual([]);
  });

  it("shows each live stream's event schema (x-itemSchema)", async () => {
    const page = await browser.newPage();
    await page.goto(`${h.baseUrl}/docs`);
    const operation = page.locator('#operations-live-live-feed-events');
    await operation.locator('.opblock-summary').click();
    await expect.poll(() => operation.textContent()).toContain('x-itemSchema');
    await expect.poll(() => operation.textContent()).toContain('#/components/schemas/Post');
  });
});
