/**
 * The whole-node client in a browser program: `createNodeClient` and one call (`platform.getHeight`, the
 * package README's first example), bundled with esbuild and with Vite, each with and without code
 * splitting. What is weighed is what loads up front, gzipped (level 9): with splitting the entry chunk and
 * every chunk it imports statically (chunks behind a dynamic import load only when used); without
 * splitting the one file, which holds everything any dynamic import could reach.
 * Shared by `npm run bench` and test/e2e/bundle/node-bundle.test.ts (sizes are deterministic).
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';

export const NODE_CLIENT_APP = [
  "import { createNodeClient } from '@noderpc/client';",
  '',
  "const node = createNodeClient({ url: 'http://127.0.0.1:9650' });",
  'console.log(await node.platform.getHeight());',
  '',
].join('\n');

/** The bound on what a one-call program loads up front, gzipped. */
export const NODE_CLIENT_TARGET = 25 * 1024;

export interface BundleSize {
  readonly bundler: 'esbuild' | 'vite';
  readonly splitting: boolean;
  /** Gzipped bytes loaded up front. */
  readonly gzipped: number;
  /** Minified bytes loaded up front. */
  readonly minified: number;
  /** Files loaded up front. */
  readonly files: number;
  /** Their text, joined. */
  readonly text: string;
  /** Source modules in what loads up front, largest first (minified bytes, esbuild only). */
  readonly modules: readonly (readonly [string, number])[];
}

const gz = (b: Uint8Array | string) => gzipSync(typeof b === 'string' ? Buffer.from(b) : b, { level: 9 }).length;

/** A scratch app with the generated package in its node_modules, as an install puts it. */
export function makeApp(dir: string, client: string, source = NODE_CLIENT_APP): void {
  mkdirSync(join(dir, 'node_modules/@noderpc'), { recursive: true });
  cpSync(client, join(dir, 'node_modules/@noderpc/client'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'bundle-app', private: true, type: 'module' })}\n`);
  writeFileSync(join(dir, 'entry.js'), source);
}

export async function esbuildSize(dir: string, splitting: boolean): Promise<BundleSize> {
  const result = await esbuild({
    absWorkingDir: dir,
    entryPoints: ['entry.js'],
    bundle: true,
    minify: true,
    format: 'esm',
    splitting,
    platform: 'browser',
    target: 'es2022',
    outdir: 'dist',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const files = new Map(result.outputFiles.map((f) => [relative(dir, f.path), f.contents]));
  const loaded = new Set<string>();
  const todo = ['dist/entry.js'];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (loaded.has(file)) continue;
    loaded.add(file);
    for (const i of result.metafile.outputs[file]!.imports) if (i.kind === 'import-statement') todo.push(i.path);
  }
  const modules = new Map<string, number>();
  let gzipped = 0;
  let minified = 0;
  let text = '';
  for (const file of loaded) {
    gzipped += gz(files.get(file)!);
    minified += files.get(file)!.length;
    text += Buffer.from(files.get(file)!).toString();
    for (const [input, { bytesInOutput }] of Object.entries(result.metafile.outputs[file]!.inputs)) {
      const name = input.replace(/^node_modules\/@noderpc\/client\//, '');
      if (bytesInOutput > 0) modules.set(name, (modules.get(name) ?? 0) + bytesInOutput);
    }
  }
  return { bundler: 'esbuild', splitting, gzipped, minified, files: loaded.size, text, modules: [...modules].sort((a, b) => b[1] - a[1]) };
}

export async function viteSize(dir: string, splitting: boolean): Promise<BundleSize> {
  const { build } = await import('vite');
  const out = (await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      modulePreload: false,
      // An app's build (library mode keeps whitespace in ES output): the program as its entry.
      rolldownOptions: { input: join(dir, 'entry.js'), output: splitting ? {} : { codeSplitting: false } },
    },
  })) as { output: ({ type: 'chunk'; fileName: string; code: string; imports: string[]; isEntry: boolean } | { type: 'asset'; fileName: string })[] } | { output: never[] }[];
  const output = (Array.isArray(out) ? out[0]! : out).output;
  const chunks = new Map(output.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]));
  const entry = [...chunks.values()].find((c) => c.isEntry)!;
  // (With modulePreload off, the entry chunk's static imports are what loads up front.)
  const loaded = new Set<string>();
  const todo = [entry.fileName];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (loaded.has(file)) continue;
    loaded.add(file);
    todo.push(...chunks.get(file)!.imports);
  }
  let gzipped = 0;
  let minified = 0;
  let text = '';
  for (const file of loaded) {
    gzipped += gz(chunks.get(file)!.code);
    minified += chunks.get(file)!.code.length;
    text += chunks.get(file)!.code;
  }
  return { bundler: 'vite', splitting, gzipped, minified, files: loaded.size, text, modules: [] };
}

/** All four sizes, for the package at `client`. */
export async function nodeClientSizes(client: string, scratchDir: string): Promise<BundleSize[]> {
  makeApp(scratchDir, client);
  try {
    const sizes: BundleSize[] = [];
    for (const splitting of [false, true]) sizes.push(await esbuildSize(scratchDir, splitting));
    for (const splitting of [false, true]) sizes.push(await viteSize(scratchDir, splitting));
    return sizes;
  } finally {
    rmSync(scratchDir, { recursive: true, force: true });
  }
}
