/**
 * What a package ships is `.js` plus `.d.ts`. Generated modules print both from the same structures
 * (ts-print.ts), with no compiler; hand-written runtime modules go through oxc (sourceModules below).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { besideBundle } from '../../lib/root.js';
import type { Memory } from '../../lib/memory.js';
import type { OutputFile } from '../../lib/output-file.js';
import { declarationsOf, GENERATED_BANNER, javascriptOf, printModule, type Statement } from './ts-print.js';

const require = createRequire(import.meta.url);
const version = (pkg: string): string => (require(`${pkg}/package.json`) as { version: string }).version;
/** What the cached runtime output depends on besides the sources: the tools that made it. */
const TOOLS = `oxc-transform ${version('oxc-transform')}`;

export class TranspileError extends Error {
  constructor(path: string, messages: string[]) {
    super(`module ${path} does not compile:\n${messages.join('\n')}`);
    this.name = 'TranspileError';
  }
}

function hash(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\0')).digest('hex');
}

function normalize(text: string): string {
  // (Both only where needed: generated modules are megabytes in big documents, and rarely hold either.)
  const unix = text.includes('\r\n') ? text.replace(/\r\n/g, '\n') : text;
  let end = unix.length;
  while (end > 0 && unix.charCodeAt(end - 1) === 10) end--;
  return end === unix.length - 1 ? unix : `${unix.slice(0, end)}\n`;
}

/**
 * A generated module from its statements: `.js` (the structures without types) and `.d.ts` (without
 * bodies). `path` names the module as TypeScript (`.ts`). The printer keeps each statement's text under the
 * statement (ts-printer.ts): a module made again from statements kept by the emitter is printed again only
 * where its statements are new.
 */
export function tsModule(path: string, statements: readonly Statement[], memory: Memory): OutputFile[] {
  if (!path.endsWith('.ts')) throw new Error(`tsModule needs a .ts path, got ${path}`);
  const base = path.slice(0, -3);
  return [
    { path: `${base}.js`, contents: normalize(printModule(javascriptOf(statements, memory), memory, `${base}.js`)) },
    { path: `${base}.d.ts`, contents: normalize(printModule(declarationsOf(statements, memory), memory, `${base}.d.ts`)) },
  ];
}

/**
 * A module of type declarations: shipped as `.d.ts` with a `.js` so plain imports resolve, empty but for the
 * functions given (`js`, already JavaScript; their declarations are in `declarations`).
 */
export function typesModule(path: string, declarations: string, js = ''): OutputFile[] {
  const base = path.slice(0, -3);
  return [
    { path: `${base}.js`, contents: js ? normalize(`${GENERATED_BANNER}\n\n${js}\n`) : 'export {};\n' },
    // A document without a type of its own (methods with neither params nor a result) still gives a module:
    // `export * from './types.js'` of a file with no export is an error (TS2306, "is not a module").
    { path: `${base}.d.ts`, contents: normalize(/^export\b/m.test(declarations) ? declarations : `${declarations.trimEnd()}\n\nexport {};\n`) },
  ];
}

const runtimeMemo = new Map<string, { js: string; dts: string }>();

const keyOf = (path: string, source: string) => hash(TOOLS, path, source);

function readTranspiled(dir: string, key: string): { js: string; dts: string } | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, `${key}.json`), 'utf8')) as { js: string; dts: string };
  } catch {
    return undefined;
  }
}

function transpile(oxc: typeof import('oxc-transform'), path: string, source: string): { js: string; dts: string } {
  const js = oxc.transformSync(path, source, { target: 'es2022' });
  const dts = oxc.isolatedDeclarationSync(path, source, { sourcemap: false });
  const errors = [...js.errors, ...dts.errors].map((e) => e.message);
  if (errors.length) throw new TranspileError(path, errors);
  return { js: normalize(js.code), dts: normalize(dts.code) };
}

/**
 * At build time: the hand-written modules (package path → source) as `.js` and `.d.ts`, into `dir` by the
 * same content key `sourceModules` looks them up by, so a run without a cache does not load oxc at all.
 */
export async function writeTranspiled(files: ReadonlyMap<string, string>, dir: string): Promise<void> {
  const oxc = await import('oxc-transform');
  mkdirSync(dir, { recursive: true });
  for (const [path, source] of files) writeFileSync(join(dir, `${keyOf(path, source)}.json`), JSON.stringify(transpile(oxc, path, source)));
}

/**
 * Hand-written modules as `.js` and `.d.ts`, cached by content in memory, in the bundle (the generator's own
 * runtime, transpiled when the bundle is built) and in `cacheDir`. oxc strips the types and writes the
 * declarations (the runtime is isolatedDeclarations-clean, so each file's declarations follow from that file
 * alone); it is native and takes milliseconds where the TypeScript compiler takes a second to load.
 */
export async function sourceModules(files: ReadonlyMap<string, string>, cacheDir?: string): Promise<OutputFile[]> {
  const done = new Map<string, { js: string; dts: string }>();
  const missing: string[] = [];
  for (const [path, source] of files) {
    const key = keyOf(path, source);
    let hit = runtimeMemo.get(key);
    if (!hit) {
      const dir = besideBundle('transpile');
      if (dir) hit = readTranspiled(dir, key);
    }
    if (!hit && cacheDir) hit = readTranspiled(cacheDir, key);
    if (hit) {
      runtimeMemo.set(key, hit);
      done.set(path, hit);
    } else missing.push(path);
  }
  if (missing.length) {
    const oxc = await import('oxc-transform');
    for (const path of missing) {
      const source = files.get(path)!;
      const out = transpile(oxc, path, source);
      done.set(path, out);
      const key = keyOf(path, source);
      runtimeMemo.set(key, out);
      if (cacheDir) {
        try {
          mkdirSync(cacheDir, { recursive: true });
          const tmp = join(cacheDir, `${key}.${process.pid}.tmp`);
          writeFileSync(tmp, JSON.stringify(out));
          renameSync(tmp, join(cacheDir, `${key}.json`));
        } catch {
          // Only costs time.
        }
      }
    }
  }
  return [...files.keys()].flatMap((path) => {
    const base = path.slice(0, -3);
    const out = done.get(path)!;
    return [
      { path: `${base}.js`, contents: out.js },
      { path: `${base}.d.ts`, contents: out.dts },
    ];
  });
}
