/**
 * The whole-node client in a browser program (`createNodeClient` and one call, as the package README
 * begins), bundled with esbuild and with Vite, each with and without code splitting: what loads up front
 * holds no validator (validation is opted into by importing the package's `validators`) and stays within
 * the size bound. Bundle sizes are deterministic for a given package and bundler, so the bound is asserted.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esbuildSize, makeApp, NODE_CLIENT_APP, NODE_CLIENT_TARGET, viteSize, type BundleSize } from '../../../bench/node-bundle.js';
import { ROOT, scratch } from '../../helpers/paths.js';

const CLIENT = join(ROOT, 'generated/client');
/** The bound `npm run bench` reports against: 25 KB gzipped up front, in every row. */
const TARGET = NODE_CLIENT_TARGET;

describe('createNodeClient + platform.getHeight, bundled for the browser', () => {
  let plain: string;
  let validating: string;
  const sizes: BundleSize[] = [];

  beforeAll(async () => {
    plain = scratch('node-bundle');
    makeApp(plain, CLIENT);
    // The same program with validation opted into: the validators come with the import.
    validating = scratch('node-bundle-validate');
    makeApp(validating, CLIENT, NODE_CLIENT_APP.replace("import { createNodeClient } from '@noderpc/client';", "import { createNodeClient } from '@noderpc/client';\nimport { validators } from '@noderpc/client/validators';").replace("url: 'http://127.0.0.1:9650'", "url: 'http://127.0.0.1:9650', validate: validators"));
    for (const splitting of [false, true]) sizes.push(await esbuildSize(plain, splitting));
    for (const splitting of [false, true]) sizes.push(await viteSize(plain, splitting));
  }, 120_000);

  afterAll(() => {
    for (const dir of [plain, validating]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('loads no validator up front, with either bundler, split or not', () => {
    expect(sizes.map((s) => `${s.bundler} ${s.splitting}`)).toEqual(['esbuild false', 'esbuild true', 'vite false', 'vite true']);
    for (const s of sizes.filter((x) => x.bundler === 'esbuild')) expect(s.modules.filter(([m]) => m.startsWith('validators') || m === 'runtime/client/validate.js')).toEqual([]);
    for (const s of sizes) expect(s.text, `${s.bundler} ${s.splitting}`).not.toContain('schemaPath');
  });

  it('the validators come with `validate: validators`, and only then', { timeout: 60_000 }, async () => {
    const split = await esbuildSize(validating, true);
    const whole = await esbuildSize(validating, false);
    // Split: each validator is its own lazy chunk, so up front only the table of loaders is added.
    expect(split.modules.map(([m]) => m)).toContain('validators.js');
    expect(split.text).not.toContain('schemaPath');
    // Not split: every validator is inlined, as the program asked for all of them.
    expect(whole.text).toContain('schemaPath');
    expect(whole.gzipped).toBeGreaterThan(4 * sizes[0]!.gzipped);
  });

  it(`stays within ${TARGET / 1024} KB gzipped up front`, () => {
    console.log(sizes.map((s) => `${s.bundler} ${s.splitting ? 'split' : 'not split'}: ${s.gzipped} B gzipped, ${s.minified} B minified`).join('; '));
    for (const s of sizes) expect(s.gzipped, `${s.bundler} ${s.splitting ? 'split' : 'not split'}`).toBeLessThanOrEqual(TARGET);
  });
});
