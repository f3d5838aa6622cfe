/**
 * The browser tests' tools: a fresh build of the pages (web/, by Vite) for the app under test, and
 * Debian's Chromium driven by playwright-core (Playwright cannot download a browser here; `.ci/run`
 * installs `chromium` when it is missing).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, type Page, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT = resolve(__dirname, '../..');

/** Builds web/ into a temporary folder and points the server at it (TURNBASE_PUBLIC_DIR) for this test file. */
export function buildPages(): string {
  const out = mkdtempSync(join(tmpdir(), 'turnbase-pages-'));
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      join(ROOT, 'web/vite.config.mts'),
      '--outDir',
      out,
      '--logLevel',
      'warn',
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    },
  );
  process.env.TURNBASE_PUBLIC_DIR = out;
  return out;
}

export interface Browser {
  readonly context: BrowserContext;
  /** A new page that records console errors, page errors and failed requests into `problems`. */
  page(): Promise<{ page: Page; problems: string[] }>;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium (.ci/run does this)`);
  const profile = mkdtempSync(join(tmpdir(), 'turnbase-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1200, height: 860 },
    deviceScaleFactor: 1,
  });
  return {
    context,
    async page() {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`console.${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      page.on('requestfailed', (r) => {
        // An event stream is open until the page leaves it: the browser then aborts it, as it should.
        if (r.failure()?.errorText === 'net::ERR_ABORTED' && /\/events\?/.test(r.url())) return;
        problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`);
      });
      page.on('response', (r) => {
        if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
      });
      return { page, problems };
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Where the tests leave their screenshots (committed, shown in the README). */
/**
 * Every run takes the screenshots; only `UPDATE_SCREENSHOTS=1` writes them over the committed ones in
 * docs/screenshots (so a plain `npm test` leaves the work tree clean).
 */
export const SCREENSHOTS =
  process.env.UPDATE_SCREENSHOTS === '1' ? join(ROOT, 'docs/screenshots') : join(tmpdir(), 'turnbase-screenshots');
