/**
 * The docs site in a real browser: build generated/docs with VitePress (what `npm run docs:build` does),
 * serve the result on 127.0.0.1, and drive Debian's Chromium through it the way a reader would: from the
 * index to a method of every service, and through the search box to a method. Any console error, failed
 * or off-machine request, or broken link fails the test.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHtmlLinks } from '../helpers/links.js';
import { ROOT } from '../helpers/paths.js';
import { fileFor, serveStatic, type StaticServer } from '../helpers/static-server.js';

const CHROMIUM = '/usr/bin/chromium';
const DOCS = join(ROOT, 'generated/docs');
const DIST = join(ROOT, 'test/.tmp/docs-site');
const SCREENSHOT = join(ROOT, 'test/.tmp/docs-search.png');
const BUILD_TIMEOUT = 240_000;

let server: StaticServer | undefined;
let browser: Browser | undefined;
let page: Page;
/** Everything that went wrong in the browser, across the whole run. */
const failures: string[] = [];
/** The links followed so far (printed when a step fails). */
const steps: string[] = [];

async function buildSite(): Promise<number> {
  rmSync(DIST, { recursive: true, force: true });
  mkdirSync(join(ROOT, 'test/.tmp'), { recursive: true });
  const t0 = performance.now();
  await promisify(execFile)(process.execPath, [join(ROOT, 'node_modules/vitepress/bin/vitepress.js'), 'build', DOCS, '--outDir', DIST], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return performance.now() - t0;
}

/** Click a link by its href (as written in the page) and wait for the SPA to land on it. */
async function follow(selector: string): Promise<string> {
  const link = page.locator(selector).first();
  await expect.poll(() => link.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  const href = (await link.getAttribute('href'))!;
  steps.push(`${new URL(page.url()).pathname} → ${href}`);
  const [path, hash] = href.split('#') as [string, string | undefined];
  const want = new URL(path || page.url(), page.url()).pathname.replace(/(index)?\.html$/, '');
  const leaving = new URL(page.url()).pathname.replace(/(index)?\.html$/, '') !== want;
  const before = leaving ? await page.locator('.vp-doc h1').first().textContent() : null;
  await link.click();
  await page.waitForFunction((w) => location.pathname.replace(/(index)?\.html$/, '') === w, want);
  // The router changes the address before the new page renders: wait for the new page's title.
  if (leaving) await page.waitForFunction((old) => { const h = document.querySelector('.vp-doc h1'); return h !== null && h.textContent !== old; }, before, { timeout: 15_000 });
  if (hash) {
    await page.waitForFunction((h) => decodeURIComponent(location.hash.slice(1)) === h, decodeURIComponent(hash));
    await expect.poll(() => page.locator(`[id="${decodeURIComponent(hash)}"]`).isVisible()).toBe(true);
  }
  return href;
}

describe('docs site', () => {
  beforeAll(async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install -y chromium`).toBe(true);
    expect(existsSync(join(DOCS, 'index.md')), 'generated/docs is missing: npm run generate').toBe(true);
    const ms = await buildSite();
    console.log(`docs site built in ${(ms / 1000).toFixed(1)} s`);
    server = await serveStatic(DIST);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const origin = server.url;
    // Nothing may come from anywhere but the site itself (no fonts, scripts or images from a CDN).
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${origin}/`) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      failures.push(`request off the site: ${url}`);
      return route.abort();
    });
    page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') failures.push(`console error: ${m.text()}`);
    });
    page.on('pageerror', (e) => failures.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => failures.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
    page.on('response', (r) => {
      if (r.status() >= 400) failures.push(`HTTP ${r.status()}: ${r.url()}`);
    });
  }, BUILD_TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('has no broken link in any built page', () => {
    const { pages, links, problems } = checkHtmlLinks(DIST, (p) => fileFor(DIST, p));
    expect(pages).toBeGreaterThan(3);
    expect(links).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });

  it('leads from the index to a method of every service', async () => {
    await page.goto(`${server!.url}/`);
    await expect.poll(() => page.locator('#services').isVisible()).toBe(true);
    const services = await page.locator('#services ~ table').first().locator('tbody tr td:first-child a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(services.length).toBeGreaterThan(0);
    try {
      for (const href of services) {
        // Back to the index the way a reader goes: the site title in the nav bar.
        await follow('.VPNavBarTitle a');
        await follow(`#services ~ table tbody tr td:first-child a[href="${href}"]`);
        // A service split into namespaces lists them first; follow the first one.
        if (await page.locator('#namespaces').count()) await follow('#namespaces ~ table tbody tr td:first-child a');
        const method = await follow('#methods ~ table tbody tr td:first-child a');
        const id = decodeURIComponent(method.split('#')[1]!);
        await expect.poll(() => page.locator(`h2[id="${id}"]`).textContent()).toContain(id.split(/[-_]/)[0]);
        await expect.poll(() => page.locator(`h2[id="${id}"] ~ div.language-sh, h2[id="${id}"] ~ div.language-json`).count()).toBeGreaterThan(0);
      }
    } catch (e) {
      throw new Error(`${(e as Error).message}\nlinks followed:\n  ${steps.join('\n  ')}\nbrowser failures:\n  ${failures.join('\n  ')}`);
    }
    expect(failures).toEqual([]);
  });

  it('finds getCurrentValidators through the search box and opens it', async () => {
    await page.goto(`${server!.url}/`);
    await page.locator('.VPNavBarSearch button').first().click();
    const input = page.locator('.VPLocalSearchBox input');
    await input.waitFor();
    await input.fill('getCurrentValidators');
    const hit = page.locator('.VPLocalSearchBox .result', { hasText: 'getCurrentValidators' }).first();
    await hit.waitFor();
    await page.screenshot({ path: SCREENSHOT });
    await hit.click();
    await page.waitForFunction(() => /getCurrentValidators$/.test(decodeURIComponent(location.hash)));
    const id = decodeURIComponent(new URL(page.url()).hash.slice(1));
    await expect.poll(() => page.locator(`[id="${id}"]`).isVisible()).toBe(true);
    expect(await page.locator(`[id="${id}"]`).textContent()).toContain('getCurrentValidators');
    expect(failures).toEqual([]);
    expect(server!.missing).toEqual([]);
  });
});
