/**
 * Tree-shaking: a browser app that imports one per-method function and the HTTP transport from the
 * generated package (by its name, through its exports map, copied into the app's node_modules as an install
 * would put it: no `ws` anywhere up the tree) gets that method's code only. esbuild's JS API
 * bundles a tiny entry (ESM, minified, code splitting on, platform browser); the entry chunk must not hold
 * any other method's wire name, nothing may import a `node:` builtin, and the method's result validator
 * must stay in a lazily loaded chunk. The gzipped size of the entry chunk is printed, not asserted.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, scratch } from '../../helpers/paths.js';

const CLIENT = join(ROOT, 'generated/client');

/** Every method's wire name, from the bundled OpenRPC documents. */
function wireNames(): string[] {
  const names: string[] = [];
  for (const service of ['info', 'platform', 'native', 'admin', 'evm']) {
    const doc = JSON.parse(readFileSync(join(ROOT, 'generated/openrpc', `${service}.json`), 'utf8')) as { methods: { name: string }[] };
    names.push(...doc.methods.map((m) => m.name));
  }
  return names;
}

interface Chunk {
  readonly path: string;
  readonly text: string;
  readonly entryPoint: string | undefined;
  readonly imports: readonly { path: string; kind: string; external?: boolean }[];
  /** The source modules bundled into the chunk, relative to the package root. */
  readonly inputs: readonly string[];
}

const PACKAGE = 'node_modules/@noderpc/client/';

let dir: string;
let chunks: Chunk[];
let entry: Chunk;

beforeAll(async () => {
  dir = scratch('bundle');
  mkdirSync(join(dir, 'node_modules/@noderpc'), { recursive: true });
  cpSync(CLIENT, join(dir, PACKAGE), { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'bundle-app', private: true, type: 'module' })}\n`);
  writeFileSync(
    join(dir, 'app.js'),
    [
      "import { ethGetBalance } from '@noderpc/client/methods/eth/getBalance';",
      "import { createHttpTransport } from '@noderpc/client/runtime';",
      '',
      'export async function balance(url, address) {',
      '  const transport = createHttpTransport({ url, validate: true });',
      "  return ethGetBalance(transport, address, 'latest');",
      '}',
      '',
    ].join('\n'),
  );
  const result = await esbuild.build({
    absWorkingDir: dir,
    entryPoints: ['app.js'],
    bundle: true,
    format: 'esm',
    splitting: true,
    minify: true,
    platform: 'browser',
    target: 'es2022',
    outdir: 'dist',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  expect(result.errors).toEqual([]);
  expect(result.warnings).toEqual([]);
  const outputs = result.metafile.outputs;
  chunks = result.outputFiles.map((f) => {
    const key = relative(dir, f.path);
    const meta = outputs[key]!;
    const inputs = Object.keys(meta.inputs).map((i) => (i.startsWith(PACKAGE) ? i.slice(PACKAGE.length) : i));
    return { path: key, text: f.text, entryPoint: meta.entryPoint, imports: meta.imports, inputs };
  });
  entry = chunks.find((c) => c.entryPoint === 'app.js')!;
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('bundling one per-method function for the browser', () => {
  it('the entry chunk holds eth_getBalance and no other method', () => {
    expect(entry, `chunks: ${chunks.map((c) => c.path).join(', ')}`).toBeDefined();
    // Modules: the one method module, its namespace module (of which only this method's meta is kept: the
    // names check below proves it) and the HTTP side of the runtime; no root index, WebSocket transport,
    // server, mock or validator.
    // What loads up front: the entry chunk and the chunks it imports statically (batching and the failure
    // paths sit behind dynamic imports of their own).
    const upFront = new Set<string>();
    const todo = [entry.path];
    while (todo.length > 0) {
      const path = todo.pop()!;
      if (upFront.has(path)) continue;
      upFront.add(path);
      for (const i of chunks.find((c) => c.path === path)!.imports) if (i.kind === 'import-statement') todo.push(i.path);
    }
    const modules = chunks.filter((c) => upFront.has(c.path)).flatMap((c) => c.inputs).filter((i) => i !== 'app.js');
    expect(modules.filter((i) => /^runtime\/transports\/http-(batch|array|autobatch|failures)\b/.test(i))).toEqual([]);
    // Nor the error classes and the issue formatter: only the paths that fail (and the validators) use them.
    expect(modules.filter((i) => /^runtime\/(errors?|error-[a-z]+|validate)\.js$/.test(i))).toEqual([]);
    expect(modules.filter((i) => i.startsWith('methods/'))).toEqual(['methods/eth/getBalance.js']);
    expect(modules.filter((i) => !/^(methods|runtime)\//.test(i) && i !== 'namespaces/eth.js')).toEqual([]);
    expect(modules.filter((i) => /^runtime\/(ws|paginate|endpoints|server|mock)\b/.test(i))).toEqual([]);
    expect(modules).toContain('runtime/transports/http.js');
    const names = wireNames();
    expect(names.length).toBeGreaterThan(180);
    expect(entry.text).toContain('"eth_getBalance"');
    const others = names.filter((n) => n !== 'eth_getBalance' && entry.text.includes(`"${n}"`));
    expect(others).toEqual([]);
    // Spot checks on names a leak would bring first: a sibling module, the namespace, another service.
    for (const name of ['eth_getBlockByNumber', 'eth_chainId', 'eth_subscribe', 'platform.getHeight', 'info.getNodeVersion']) {
      expect(entry.text).not.toContain(name);
    }
  });

  it('no chunk holds another method: the lazily loaded validator is eth_getBalance’s alone', () => {
    const names = wireNames().filter((n) => n !== 'eth_getBalance');
    for (const chunk of chunks) {
      expect(names.filter((n) => chunk.text.includes(`"${n}"`)), chunk.path).toEqual([]);
    }
    // The result validator (ajv standalone code) is not in the entry chunk but behind a dynamic import, in a
    // chunk of its own (with the issue formatter validators use, when no other lazy chunk shares it); the
    // others the entry loads on demand are the failure paths and batching.
    const dynamic = entry.imports.filter((i) => i.kind === 'dynamic-import');
    const lazy = chunks.filter((c) => dynamic.some((d) => d.path === c.path));
    expect(lazy.filter((c) => c.inputs.some((i) => i.startsWith('validators/'))).map((c) => c.inputs.filter((i) => i !== 'runtime/client/validate.js'))).toEqual([['validators/evm/eth_getBalance.result.js']]);
    expect(lazy.flatMap((c) => c.inputs).filter((i) => !/^runtime\/(errors\/[a-z]+|transports\/(http-batch|http-array|http-autobatch|http-failures|jsonrpc)|client\/validate)\.js$|^validators\//.test(i))).toEqual([]);
    expect(entry.text).not.toContain('schemaPath');
    expect(lazy.find((c) => c.inputs.includes('validators/evm/eth_getBalance.result.js'))!.text).toContain('schemaPath');
  });

  it('nothing imports a node: builtin, ws, or any module left external', () => {
    for (const chunk of chunks) {
      expect(chunk.imports.filter((i) => i.external || i.path.startsWith('node:')), chunk.path).toEqual([]);
      expect(chunk.text, chunk.path).not.toMatch(/["'`]node:[a-z_/]+["'`]/);
      expect(chunk.text, chunk.path).not.toMatch(/import\(\s*["'`]ws["'`]\s*\)|from\s*["'`]ws["'`]/);
    }
  });

  it('prints the gzipped size of the entry chunk', () => {
    const gzipped = gzipSync(Buffer.from(entry.text), { level: 9 }).length;
    const total = chunks.reduce((sum, c) => sum + gzipSync(Buffer.from(c.text), { level: 9 }).length, 0);
    console.log(
      `bundle: entry chunk ${entry.text.length} B minified, ${gzipped} B gzipped; ` +
        `${chunks.length} chunks in all, ${total} B gzipped (${chunks.map((c) => `${c.path} ${c.text.length} B`).join(', ')})`,
    );
    expect(gzipped).toBeGreaterThan(0);
  });
});
