/**
 * What a package ships is `.js` plus `.d.ts`. Generated modules print both from the same structures
 * (ts-print.ts), with no compiler. Hand-written runtime modules go through `transpileModule` and
 * `transpileDeclaration` (they are isolatedDeclarations-clean), cached by content hash in memory and on disk
 * because the latter builds a checker per file.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { OutputFile } from '../write.js';
import { declarationsOf, javascriptOf, printModule, type Statement } from './ts-print.js';

const COMPILER: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  removeComments: false,
  newLine: ts.NewLineKind.LineFeed,
  useDefineForClassFields: true,
};

export class TranspileError extends Error {
  constructor(path: string, messages: string[]) {
    super(`module ${path} does not compile:\n${messages.join('\n')}`);
    this.name = 'TranspileError';
  }
}

const jsMemo = new Map<string, string>();

function hash(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\0')).digest('hex');
}

function normalize(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(/\n*$/, '\n');
}

function toJs(path: string, source: string): string {
  const key = hash(ts.version, path, source);
  let js = jsMemo.get(key);
  if (js === undefined) {
    const out = ts.transpileModule(source, { compilerOptions: COMPILER, fileName: path, reportDiagnostics: true });
    const errors = (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    if (errors.length) throw new TranspileError(path, errors);
    js = normalize(out.outputText);
    jsMemo.set(key, js);
  }
  return js;
}

/**
 * A generated module from its statements: `.js` (the structures without types) and `.d.ts` (without
 * bodies). `path` names the module as TypeScript (`.ts`).
 */
export function tsModule(path: string, statements: readonly Statement[]): OutputFile[] {
  if (!path.endsWith('.ts')) throw new Error(`tsModule needs a .ts path, got ${path}`);
  const base = path.slice(0, -3);
  return [
    { path: `${base}.js`, contents: normalize(printModule(javascriptOf(statements))), format: 'none' },
    { path: `${base}.d.ts`, contents: normalize(printModule(declarationsOf(statements))), format: 'none' },
  ];
}

/** A module of type declarations only: shipped as `.d.ts` with an empty `.js` so plain imports resolve. */
export function typesModule(path: string, declarations: string): OutputFile[] {
  const base = path.slice(0, -3);
  return [
    { path: `${base}.js`, contents: 'export {};\n', format: 'none' },
    // json-schema-to-typescript writes declarations flat; this file is what users read, so it is formatted.
    { path: `${base}.d.ts`, contents: normalize(declarations), format: 'prettier' },
  ];
}

const runtimeMemo = new Map<string, { js: string; dts: string }>();

/** A hand-written module: `.js` and `.d.ts`, cached in `cacheDir` by content. */
export function sourceModule(path: string, source: string, cacheDir?: string): OutputFile[] {
  const base = path.slice(0, -3);
  const key = hash(ts.version, JSON.stringify(COMPILER), path, source);
  let out = runtimeMemo.get(key);
  if (!out && cacheDir) {
    try {
      out = JSON.parse(readFileSync(join(cacheDir, `${key}.json`), 'utf8')) as { js: string; dts: string };
    } catch {
      out = undefined;
    }
  }
  if (!out) {
    const js = toJs(path, source);
    const decl = ts.transpileDeclaration(source, { compilerOptions: { ...COMPILER, declaration: true, isolatedDeclarations: true }, fileName: path, reportDiagnostics: true });
    const errors = (decl.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    if (errors.length) throw new TranspileError(path, errors);
    out = { js, dts: normalize(decl.outputText) };
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
  runtimeMemo.set(key, out);
  return [
    { path: `${base}.js`, contents: out.js, format: 'none' },
    { path: `${base}.d.ts`, contents: out.dts, format: 'none' },
  ];
}
