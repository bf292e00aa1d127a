import { describe } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`), never a browser a tool downloads. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/*
 * The flags known to work on these machines (.library/env/machines/node.md): without the
 * background-networking ones Chromium keeps dialling out, and this network refuses it. Playwright
 * adds --headless, --no-sandbox and a fresh profile directory itself.
 */
const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/browser/', import.meta.url));
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Describe = (name: string, tests: () => void) => void;

/**
 * `describe` when Chromium is installed. Otherwise a developer's run skips the suite and says in
 * one line how to install it, while CI (`CI=true`) fails: a missing browser must never pass there.
 * Decided when the test file loads, because that is when jest needs to know.
 */
export function describeWithChromium(): Describe {
  if (existsSync(CHROMIUM_PATH)) return describe;
  const hint = `No Chromium at ${CHROMIUM_PATH}: install it with "sudo apt-get install chromium" (or set CHROMIUM_PATH).`;
  if (process.env.CI === 'true') throw new Error(`CI=true and the browser tests cannot run. ${hint}`);
  process.stderr.write(`Browser tests skipped. ${hint}\n`);
  return describe.skip;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** What a page did while a test watched it. */
export interface PageWatch {
  /** Console errors and uncaught exceptions, CSP violations among them. */
  readonly errors: string[];
  /** Every request the page made, as `METHOD url`. */
  readonly requests: string[];
}

export function watchPage(page: Page): PageWatch {
  const watch: PageWatch = { errors: [], requests: [] };
  page.on('console', (message) => {
    // Chromium asks each origin for /favicon.ico on its own: a site without one is no fault of the page.
    if (message.type() === 'error' && !isOwnFaviconRequest(message.location().url)) watch.errors.push(message.text());
  });
  page.on('pageerror', (error) => watch.errors.push(`uncaught: ${error.message}`));
  page.on('request', (request) => watch.requests.push(`${request.method()} ${request.url()}`));
  return watch;
}

function isOwnFaviconRequest(url: string): boolean {
  return URL.canParse(url) && new URL(url).pathname === '/favicon.ico';
}

/** An axe-core violation, as much of it as a failure message needs. */
export interface AccessibilityViolation {
  readonly id: string;
  readonly impact: string | null | undefined;
  readonly help: string;
  readonly targets: string[];
}

/**
 * Runs axe-core inside the page and returns its serious and critical violations. The source goes
 * in through `page.evaluate`, which DevTools runs outside the page's CSP: a `<script>` tag would be
 * refused by the very policy under test, and `bypassCSP` would switch that policy off for the page.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<AccessibilityViolation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    interface AxeResult {
      violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[];
    }
    const axe = (globalThis as unknown as { axe: { run: () => Promise<AxeResult> } }).axe;
    const { violations } = await axe.run();
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
  });
}

/** A full-page PNG in test-artifacts/browser/ (ignored by git), for a person to look at. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
}
