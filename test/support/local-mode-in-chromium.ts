import { afterAll, afterEach, beforeAll, beforeEach } from '@jest/globals';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from './browser.js';
import { clearSentEmails, startLocalServer, type LocalServer } from './local-server.js';
import { awayFromWindowEdge } from './rate-window.js';

/** Local mode and Chromium, shared by the tests of one describe block. */
export interface LocalModeInChromium<V> {
  readonly server: LocalServer;
  readonly browser: Browser;
  /** What a test opened: each one's browser context is closed once the test ends. */
  readonly visits: V[];
}

/**
 * Starts local mode with `environment` (a function when the site must be built first) and Chromium
 * before the block's tests, and stops both after them. Before each test the mailbox is emptied and,
 * as some tests count to a limit, the test waits away from the turn of the hour; after each, what it
 * opened is closed.
 */
export function localModeInChromium<V extends { readonly context: BrowserContext }>(
  environment: Record<string, string> | (() => Promise<Record<string, string>>),
  startTimeoutMs = 60_000,
): LocalModeInChromium<V> {
  let server: LocalServer | undefined;
  let browser: Browser | undefined;
  const visits: V[] = [];
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('local mode and Chromium start in beforeAll: used before it ran, or it failed');
    return value;
  };

  beforeAll(async () => {
    server = await startLocalServer(typeof environment === 'function' ? await environment() : environment);
    browser = await launchChromium();
  }, startTimeoutMs);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(() => clearSentEmails(started(server)));
  beforeEach(() => awayFromWindowEdge(), 20_000);
  afterEach(async () => {
    await Promise.all(visits.splice(0).map((opened) => opened.context.close()));
  });

  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    visits,
  };
}
