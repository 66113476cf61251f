import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Whether the browser tests can run: Debian's Chromium, driven headless by playwright-core. CI
 * must have it; elsewhere the tests are skipped with a message naming `what`.
 */
export function hasChromium(what: string): boolean {
  const found = existsSync(CHROMIUM);
  if (!found && process.env.CI) throw new Error(`CI must run ${what}, but there is no Chromium at ${CHROMIUM}`);
  if (!found) console.warn(`Skipping ${what}: no Chromium at ${CHROMIUM} (apt-get install chromium)`);
  return found;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
