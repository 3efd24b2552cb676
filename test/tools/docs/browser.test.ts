/**
 * The docs site in a real browser: build generated/docs with VitePress (what `npm run docs:build` does),
 * serve the result on 127.0.0.1, and drive Debian's Chromium through it the way a reader would: from the
 * index to a method of every service, and through the search box to a method. Any console error, failed
 * or off-machine request, or broken link fails the test.
 *
 * The method consoles (TryIt) are driven against the generated mock on 127.0.0.1 (CORS on, its default):
 * an example sent and its decoded result shown, invalid params refused with nothing sent, a typed header
 * seen by the server, a subscription's notifications listed, a method also served to plain GETs sent
 * that way (its query string read by the server, its status checked against the spec's rules). Then every page, in light and dark mode:
 * axe-core finds no serious or critical violation, nothing is logged as an error, and a screenshot of
 * each mode is kept in test/.tmp/docs-shots.
 *
 * One build, one static server, one browser for all of it (the build is most of the time).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../../generator/write/index.js';
import { checkHtmlLinks } from '../../helpers/links.js';
import { ROOT } from '../../helpers/paths.js';
import { fileFor, serveStatic, type StaticServer } from '../../helpers/static-server.js';

const CHROMIUM = '/usr/bin/chromium';
const DOCS = join(ROOT, 'generated/docs');
const DIST = join(ROOT, 'test/.tmp/docs-site');
const SCREENSHOT = join(ROOT, 'test/.tmp/docs-search.png');
const SHOTS = join(ROOT, 'test/.tmp/docs-shots');
// The build takes about a minute on a quiet machine; a busy one (shared cores) may set more.
const BUILD_TIMEOUT = Number(process.env.DOCS_BUILD_TIMEOUT_MS) || 240_000;

let server: StaticServer | undefined;
let browser: Browser | undefined;
let context: BrowserContext;
let page: Page;
let mock: { url: string; close(): Promise<void> } | undefined;
/** The `x-api-key` header of every info.getNetworkName call the mock answered. */
const seenKeys: string[] = [];
/** The params of every health.health call the mock answered (the GET form's query string, as read). */
const seenHealth: unknown[] = [];
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
    // Never skipped: without the browser this fails, saying what to install.
    expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install -y chromium (.ci/run installs it)`).toBe(true);
    expect(existsSync(join(DOCS, 'index.md')), 'generated/docs is missing: npm run generate').toBe(true);
    const ms = await buildSite();
    console.log(`docs site built in ${(ms / 1000).toFixed(1)} s`);
    server = await serveStatic(DIST);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const { startNodeMock } = await import('../../../generated/client/mock/index.js');
    // One typed handler, to see the headers a console sends; every other method answers from the examples.
    mock = await startNodeMock({
      handlers: {
        info: { info: { getNetworkName: (_p: unknown, ctx: { headers: Record<string, unknown> }) => (seenKeys.push(String(ctx.headers['x-api-key'])), { networkName: 'mainnet' }) } },
        // An unhealthy node's report, for the GET form's 503.
        health: { health: { health: (p: unknown) => (seenHealth.push(p), { healthy: false, checks: { network: { error: 'no peers connected', duration: 1200 } } }) } },
      },
    });
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const origin = server.url;
    const mockOrigin = mock.url;
    // Nothing may come from anywhere but the site itself (no fonts, scripts or images from a CDN), and the
    // mock the consoles call.
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${origin}/`) || url.startsWith(`${mockOrigin}/`) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      failures.push(`request off the site: ${url}`);
      return route.abort();
    });
    page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') failures.push(`console error: ${m.text()}`);
    });
    page.on('pageerror', (e) => failures.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => {
      // ERR_ABORTED is the page itself dropping a request when the test navigates away (VitePress prefetches
      // the chunks of linked pages); a request that reached the server and failed still shows as an HTTP error.
      if (r.failure()?.errorText === 'net::ERR_ABORTED') return;
      failures.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`);
    });
    page.on('response', (r) => {
      if (r.status() >= 400) failures.push(`HTTP ${r.status()}: ${r.url()}`);
    });
  }, BUILD_TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await mock?.close();
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

  // ---- the method consoles ------------------------------------------------------------------------------

  /** Open a page (waiting for it to come alive), open one method's console, and point it at the mock. */
  async function openConsole(path: string, method: string): Promise<Locator> {
    await page.goto(`${server!.url}${path}`);
    await page.waitForFunction(() => (document.querySelector('#app') as { __vue_app__?: unknown } | null)?.__vue_app__ !== undefined);
    const root = page.locator(`[data-try-method="${method}"]`);
    await root.locator('summary').first().click();
    await expect.poll(() => root.getAttribute('data-ready'), { timeout: 15_000 }).toBe('true');
    await root.locator('[data-try="target"]').selectOption('custom');
    await root.locator('[data-try="custom-url"]').fill(mock!.url);
    return root;
  }

  /** What the mock answers to a method's example, straight from node (to compare with what the page shows). */
  async function mockResult(path: string, method: string, params: unknown): Promise<unknown> {
    const r = await fetch(`${mock!.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    return ((await r.json()) as { result: unknown }).result;
  }

  it('sends a method\'s example to the mock and shows the reply, the value form with its unit, and the result check', async () => {
    const root = await openConsole('/platform.html', 'platform.getBalance');
    const params = JSON.parse(await root.locator('[data-try="params"]').inputValue()) as unknown;
    const wire = (await mockResult('/ext/bc/P', 'platform.getBalance', params)) as { balance: string };
    // A method not served to plain GETs has no GET form.
    expect(await root.locator('.try-actions button').allTextContents()).toEqual(['Send']);
    expect(await root.locator('[data-try="get-path"]').count()).toBe(0);
    await root.locator('[data-try="send"]').click();
    await expect.poll(() => root.locator('[data-try="check"]').textContent(), { timeout: 15_000 }).toContain('The result matches the result schema.');
    // The reply as sent, laid out over lines.
    expect(await root.locator('[data-try="raw"]').textContent()).toMatch(/^HTTP 200[^\n]*\n\{\n {2}"jsonrpc": "2\.0",\n/);
    // The wire form's decimal string becomes a bigint, shown in decimal as valid JSON, the unit the spec
    // names beside its line.
    const value = await valueLines(root);
    expect(JSON.parse(value.json.replace(/: (\d{16,})/g, ': "$1"'))).toBeTypeOf('object');
    expect(value.lines).toContainEqual([`  "balance": ${BigInt(wire.balance)},`, 'nNATIVE']);
    // The code for exactly these params, against the mock's URL.
    expect(await root.locator('[data-try="sample-curl"]').textContent()).toContain(`${mock!.url}/ext/bc/P`);
    expect(await root.locator('[data-try="sample-ts"]').textContent()).toContain('await node.platform.getBalance({');
    expect(await root.locator('[data-try="sample-python"]').textContent()).toContain('requests.post(');
    // The target is remembered: another page's console starts on the same custom URL.
    await page.goto(`${server!.url}/info.html`);
    await page.waitForFunction(() => (document.querySelector('#app') as { __vue_app__?: unknown } | null)?.__vue_app__ !== undefined);
    const other = page.locator('[data-try-method="info.getNetworkID"]');
    await other.locator('summary').click();
    await expect.poll(() => other.getAttribute('data-ready')).toBe('true');
    expect(await other.locator('[data-try="url"]').textContent()).toBe(`${mock!.url}/ext/info`);
    expect(failures).toEqual([]);
  });

  /** The value view: its JSON, and each JSON line paired with the note beside it. */
  async function valueLines(root: Locator): Promise<{ json: string; lines: [string, string][] }> {
    const json = (await root.locator('[data-try="decoded"]').textContent())!;
    const notes = (await root.locator('[data-try="notes"]').textContent())!.split('\n');
    return { json, lines: json.split('\n').map((l, i) => [l, notes[i] ?? '']) };
  }

  it('shows unix times as ISO dates beside the JSON', async () => {
    const root = await openConsole('/platform.html', 'platform.getCurrentValidators');
    await root.locator('[data-try="send"]').click();
    await expect.poll(() => root.locator('[data-try="check"]').textContent(), { timeout: 15_000 }).toContain('matches the result schema');
    const params = JSON.parse(await root.locator('[data-try="params"]').inputValue()) as unknown;
    const wire = (await mockResult('/ext/bc/P', 'platform.getCurrentValidators', params)) as { validators: { startTime: string }[] };
    const start = Number(wire.validators[0]!.startTime);
    expect((await valueLines(root)).lines).toContainEqual([`      "startTime": ${start},`, `${new Date(start * 1000).toISOString().replace('.000Z', 'Z')} (unix seconds)`]);
    expect(failures).toEqual([]);
  });

  it('on the default target with no mock running, says how to start one', async () => {
    await page.goto(`${server!.url}/info.html`);
    await page.waitForFunction(() => (document.querySelector('#app') as { __vue_app__?: unknown } | null)?.__vue_app__ !== undefined);
    const root = page.locator('[data-try-method="info.getNetworkID"]');
    await root.locator('summary').first().click();
    await expect.poll(() => root.getAttribute('data-ready'), { timeout: 15_000 }).toBe('true');
    await root.locator('[data-try="target"]').selectOption('mock');
    const url = (await root.locator('[data-try="url"]').textContent())!;
    // Nothing answers there: the connection is refused (whatever this machine runs on that port).
    const before = failures.length;
    await page.route(`${url}*`, (route) => route.abort('connectionrefused'));
    try {
      await root.locator('[data-try="send"]').click();
      await expect.poll(() => root.locator('[data-try="problems"]').textContent(), { timeout: 15_000 }).toContain(`could not reach ${url}`);
      expect(await root.locator('[data-try="problems"]').textContent()).toContain('No mock node answers there: start one with `npx noderpc mock` (`npm run mock` in a project with that script)');
    } finally {
      await page.unroute(`${url}*`);
    }
    // The refused request itself is the point here, not a failure of the page.
    const refused = failures.splice(before).filter((f) => !f.includes('ERR_CONNECTION_REFUSED') && !f.includes(url));
    expect(refused).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('shows an EVM quantity in decimal with its unit, and a call without params', async () => {
    const root = await openConsole('/evm/eth.html', 'eth_getHeaderByNumber');
    await root.locator('[data-try="send"]').click();
    await expect.poll(() => root.locator('[data-try="check"]').textContent(), { timeout: 15_000 }).toContain('matches the result schema');
    const params = JSON.parse(await root.locator('[data-try="params"]').inputValue()) as unknown;
    const wire = (await mockResult('/ext/bc/C/rpc', 'eth_getHeaderByNumber', params)) as { baseFeePerGas: string };
    expect((await valueLines(root)).lines).toContainEqual([`  "baseFeePerGas": ${BigInt(wire.baseFeePerGas)},`, 'wei']);
    const chain = await openConsole('/evm/eth.html', 'eth_chainId');
    expect(await chain.locator('[data-try="params"]').inputValue()).toBe('[]');
    await chain.locator('[data-try="send"]').click();
    await expect.poll(() => chain.locator('[data-try="check"]').textContent(), { timeout: 15_000 }).toContain('matches the result schema');
    expect(await chain.locator('[data-try="decoded"]').textContent()).toMatch(/^\d+$/);
    expect(failures).toEqual([]);
  });

  it('refuses invalid params with the validator\'s pointer and message, and sends nothing', async () => {
    const root = await openConsole('/info.html', 'info.getBlockchainID');
    const sent: string[] = [];
    const watch = (r: { url(): string }) => {
      if (r.url().startsWith(mock!.url)) sent.push(r.url());
    };
    page.on('request', watch);
    try {
      await root.locator('[data-try="params"]').fill('{ "alias": 5 }');
      await root.locator('[data-try="send"]').click();
      await expect.poll(() => root.locator('[data-try="problems"]').textContent()).toContain('params/alias: must be string');
      await root.locator('[data-try="params"]').fill('[1]');
      await root.locator('[data-try="send"]').click();
      await expect.poll(() => root.locator('[data-try="problems"]').textContent()).toContain('info.getBlockchainID takes its params by name: one JSON object, not an array');
      await root.locator('[data-try="params"]').fill('{ "alias": ');
      await root.locator('[data-try="send"]').click();
      await expect.poll(() => root.locator('[data-try="problems"]').textContent()).toContain('the params are not JSON');
    } finally {
      page.off('request', watch);
    }
    expect(sent).toEqual([]);
    expect(await root.locator('[data-try="raw"]').count()).toBe(0);
    expect(failures).toEqual([]);
  });

  it('sends a header typed in, and the server receives it (through a CORS preflight)', async () => {
    const root = await openConsole('/info.html', 'info.getNetworkName');
    const before = seenKeys.length;
    await root.locator('[data-try="headers"]').fill('x-api-key: key-from-the-docs');
    await root.locator('[data-try="send"]').click();
    await expect.poll(() => root.locator('[data-try="decoded"]').textContent(), { timeout: 15_000 }).toContain('"networkName": "mainnet"');
    expect(seenKeys.slice(before)).toEqual(['key-from-the-docs']);
    expect(await root.locator('[data-try="sample-curl"]').textContent()).toContain("-H 'x-api-key: key-from-the-docs'");
    expect(failures).toEqual([]);
  });

  it('sends a method served to plain GETs as a GET: the query from the params, the status checked against the rules', async () => {
    // Healthy (the mock answers readiness from its example): 200, which the rules call ok.
    const ready = await openConsole('/health.html', 'health.readiness');
    expect(await ready.locator('[data-try="get-path"] option').allTextContents()).toEqual([`GET ${mock!.url}/ext/health/readiness`]);
    expect(await ready.locator('.try-actions button').allTextContents()).toEqual(['Send', 'Send as GET']);
    await ready.locator('[data-try="send-get"]').click();
    await expect.poll(() => ready.locator('[data-try="check"]').textContent(), { timeout: 15_000 }).toContain('The body matches the result schema.');
    expect(await ready.locator('[data-try="check"]').textContent()).toContain('HTTP 200 is the status the rules give this body (200 otherwise): ok.');
    expect(await ready.locator('[data-try="check"]').getAttribute('class')).toBe('try-ok');
    // The body is the result itself (no JSON-RPC envelope), laid out over lines.
    expect(await ready.locator('[data-try="raw"]').textContent()).toMatch(/^HTTP 200 OK\n\{\n {2}"healthy": true,\n {2}"checks": \{\n/);
    expect(await ready.locator('[data-try="sample-curl"]').textContent()).toBe(`curl -s -i '${mock!.url}/ext/health/readiness'`);
    expect(await ready.locator('[data-try="sample-ts"]').textContent()).toContain('await node.health.http.readiness()');

    // Unhealthy, on the second of health's two paths, with tags: 503, which the rules give a body saying so.
    const before = failures.length;
    const root = await openConsole('/health.html', 'health.health');
    await root.locator('[data-try="get-path"]').selectOption({ label: `GET ${mock!.url}/ext/health/health` });
    await root.locator('[data-try="params"]').fill('{ "tags": ["C", "a b"] }');
    const asked = page.waitForRequest((r) => r.url().startsWith(`${mock!.url}/ext/health/health`));
    await root.locator('[data-try="send-get"]').click();
    expect((await asked).url()).toBe(`${mock!.url}/ext/health/health?tag=C&tag=a%20b`);
    await expect.poll(() => root.locator('[data-try="check"]').textContent(), { timeout: 15_000 }).toContain('The body matches the result schema.');
    expect(await root.locator('[data-try="check"]').textContent()).toContain('HTTP 503 is the status the rules give this body (503 when /healthy is false): not ok.');
    expect(await root.locator('[data-try="raw"]').textContent()).toMatch(/^HTTP 503 Service Unavailable\n/);
    expect(await root.locator('[data-try="decoded"]').textContent()).toContain('"error": "no peers connected"');
    expect(seenHealth.at(-1)).toEqual({ tags: ['C', 'a b'] });
    // The GET row, the reply and the code, as axe sees them.
    await root.locator('[data-try="samples"] summary').click();
    expect(await axeProblems('GET console', { include: '[data-try-method="health.health"]' })).toEqual([]);
    // A param the GET cannot carry is refused before anything is sent.
    await root.locator('[data-try="params"]').fill('{ "tags": 5 }');
    await root.locator('[data-try="send-get"]').click();
    await expect.poll(() => root.locator('[data-try="problems"]').textContent()).toContain('params/tags: must be array');
    // The 503 is the answer under test, not a failure of the page.
    const rest = failures.splice(before).filter((f) => !f.includes('/ext/health/health') && !/status of 503/.test(f));
    expect(rest).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('subscribes over WebSocket and lists the notifications, decoded', async () => {
    const root = await openConsole('/evm/eth.html', 'eth_subscribe');
    await root.locator('[data-try="kind"]').selectOption('newHeads');
    await root.locator('[data-try="subscribe"]').click();
    await expect.poll(() => root.locator('[data-try="log"] > li').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const first = await root.locator('[data-try="log"] > li').first().textContent();
    // A head's number arrives as hex and is shown in decimal.
    expect(first).toMatch(/"number": \d+/);
    expect(await root.locator('[data-try="raw"]').textContent()).toContain('"result"');
    await root.locator('[data-try="unsubscribe"]').click();
    expect(failures).toEqual([]);
  });

  // ---- every page: nothing wider than its column, at desktop and phone widths ---------------------------

  /**
   * What sticks out of its container on the page shown now: the page scrolling sideways; a table that needs
   * a sideways scroll (its last columns cut at the column's edge); any text element whose words run past its
   * box; any element of the text column reaching past the column (the heading anchors, placed left of their
   * headings, aside). Code blocks are left out: they keep their
   * lines and scroll in their own box, and on a phone VitePress runs them to the screen's edges on purpose.
   */
  async function overflows(): Promise<string[]> {
    // A string, not a function: the test runner's transform would add helpers the page does not have.
    return page.evaluate(`(() => {
      const out = [];
      const describe = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' "' + el.textContent.trim().replace(/\\s+/g, ' ').slice(0, 60) + '"';
      const root = document.documentElement;
      if (root.scrollWidth > root.clientWidth + 1) out.push('the page scrolls sideways: ' + root.scrollWidth + ' px of content in ' + root.clientWidth);
      const column = document.querySelector('.vp-doc');
      if (!column) return ['no .vp-doc on the page'];
      const box = column.getBoundingClientRect();
      const code = (el) => el.closest('div[class*="language-"], .vp-code-group') !== null;
      for (const el of column.querySelectorAll('*')) {
        // The heading anchor sits left of its heading on purpose; a table's own check covers its cells.
        if (code(el) || el.classList.contains('header-anchor')) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0) continue;
        if (el.tagName === 'TABLE' && el.scrollWidth > el.clientWidth + 1) out.push('table wider than the column (' + el.scrollWidth + ' > ' + el.clientWidth + ' px): ' + describe(el));
        else if (/^(P|LI|TD|TH|H[1-4]|SUMMARY|DT|DD|LABEL)$/.test(el.tagName) && el.scrollWidth > el.clientWidth + 1) out.push('text past its box (' + el.scrollWidth + ' > ' + el.clientWidth + ' px): ' + describe(el));
        else if (!el.parentElement.closest('table') && (r.left < box.left - 1 || r.right > box.right + 1)) out.push('outside the column (' + Math.round(r.left) + '..' + Math.round(r.right) + ' px, column ' + Math.round(box.left) + '..' + Math.round(box.right) + '): ' + describe(el));
      }
      return out;
    })()`);
  }

  it('every page at desktop (1440 px) and phone (390 px) width: nothing overflows its container', async () => {
    const pages = sitePages();
    expect(pages.length).toBeGreaterThanOrEqual(15);
    const problems: string[] = [];
    const tables = { desktop: 0, phone: 0 };
    try {
      for (const [label, width] of [['desktop', 1440], ['phone', 390]] as const) {
        await page.setViewportSize({ width, height: 900 });
        for (const path of pages) {
          await visit(path, 'light');
          tables[label] += await page.locator('.vp-doc table').count();
          problems.push(...(await overflows()).slice(0, 5).map((p) => `${path} at ${width} px: ${p}`));
        }
      }
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
    }
    // The check saw the tables it is about.
    expect(tables.desktop).toBeGreaterThan(50);
    expect(tables.phone).toBe(tables.desktop);
    expect(problems).toEqual([]);
    expect(failures).toEqual([]);
  }, 300_000);

  // ---- every page: accessibility, light and dark, no errors ---------------------------------------------

  /** The built pages, as site paths. */
  function sitePages(): string[] {
    return listFiles(DIST)
      .filter((f) => f.endsWith('.html') && f !== '404.html')
      .map((f) => `/${f}`)
      .sort();
  }

  /** Serious and critical axe violations of what the page shows now (only `rules`, when given), each with where. */
  async function axeProblems(label: string, options: { include?: string; rules?: string[] } = {}): Promise<string[]> {
    // Violations only: axe skips collecting the nodes that pass, which is most of its time.
    let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
    if (options.include) builder = builder.include(options.include);
    if (options.rules) builder = builder.withRules(options.rules);
    const { violations } = await builder.analyze();
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.slice(0, 5).map((n) => `${label}: ${v.impact} ${v.id} (${v.help}) at ${n.target.join(' ')}`));
  }

  async function setMode(mode: 'light' | 'dark'): Promise<void> {
    await page.emulateMedia({ colorScheme: mode });
  }

  async function visit(path: string, mode: 'light' | 'dark'): Promise<void> {
    await page.goto(`${server!.url}${path}`);
    await page.waitForFunction(() => (document.querySelector('#app') as { __vue_app__?: unknown } | null)?.__vue_app__ !== undefined);
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(mode === 'dark');
  }

  /**
   * Sections a page keeps for axe. axe's time grows with the page (the EVM eth page alone took two minutes
   * whole): every method section comes from one template, so past this many the rest of a page is the same
   * markup with other words, and is left out of the check (not out of the visit: errors count on all of it).
   */
  const AXE_SECTIONS = 6;
  /**
   * axe checks every page: all rules in light mode, and the colours again in dark mode (only colours change
   * with the mode). Every page is also photographed in both modes, and any console error or failed request
   * on any of them fails the test.
   */
  /** Drops the page's level-2 sections after the first `keep`; how many it dropped. */
  async function trim(keep: number): Promise<number> {
    return page.evaluate((k) => {
      const doc = document.querySelector('.vp-doc > div');
      const h2 = doc ? [...doc.querySelectorAll(':scope > h2')] : [];
      if (h2.length <= k) return 0;
      let n: ChildNode | null = h2[k]!;
      while (n) {
        const next: ChildNode | null = n.nextSibling;
        n.remove();
        n = next;
      }
      return h2.length - k;
    }, keep);
  }

  it('every page, light and dark: nothing logged as an error; no serious or critical axe violation', async () => {
    const pages = sitePages();
    expect(pages.length).toBeGreaterThanOrEqual(15);
    mkdirSync(SHOTS, { recursive: true });
    const problems: string[] = [];
    const sampled: string[] = [];
    const t0 = performance.now();
    try {
      for (const mode of ['light', 'dark'] as const) {
        await setMode(mode);
        for (const path of pages) {
          await visit(path, mode);
          await page.screenshot({ path: join(SHOTS, `${mode}-${path.slice(1).replace(/\//g, '_').replace(/\.html$/, '')}.png`) });
          const dropped = await trim(AXE_SECTIONS);
          if (dropped && mode === 'light') sampled.push(`${path} (first ${AXE_SECTIONS} of ${AXE_SECTIONS + dropped} sections)`);
          // Only colours change with the mode: dark mode is checked for contrast.
          if (mode === 'light') problems.push(...(await axeProblems(`${path} (light)`)));
          else problems.push(...(await axeProblems(`${path} (dark)`, { rules: ['color-contrast'] })));
        }
        // A console with everything showing: the reply, the value form, the check and the code.
        await visit('/info.html', mode);
        const root = page.locator('[data-try-method="info.getNetworkID"]');
        await root.locator('summary').click();
        await expect.poll(() => root.getAttribute('data-ready')).toBe('true');
        await root.locator('[data-try="target"]').selectOption('custom');
        await root.locator('[data-try="custom-url"]').fill(mock!.url);
        await root.locator('[data-try="send"]').click();
        await expect.poll(() => root.locator('[data-try="check"]').textContent(), { timeout: 15_000 }).toContain('matches');
        await root.locator('[data-try="samples"] summary').click();
        await root.scrollIntoViewIfNeeded();
        problems.push(...(await axeProblems(`console (${mode})`, { include: '[data-try-method="info.getNetworkID"]' })));
        await root.screenshot({ path: join(SHOTS, `${mode}-console.png`) });
      }
    } finally {
      await setMode('light');
    }
    console.log(
      `${pages.length} pages opened in both modes; axe on every page (all rules in light, contrast in dark) and an open console in each mode: ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
        `sampled: ${sampled.join(', ') || 'none'}; screenshots in ${SHOTS}`,
    );
    expect(problems).toEqual([]);
    expect(failures).toEqual([]);
  }, 400_000);
});
