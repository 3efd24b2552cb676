/**
 * The type-level oracle: the TypeScript compiler, not the diff, decides what breaks callers of the client.
 * Two client packages are generated once, holding every case of the rule table in both directions (see
 * oracle.ts), and every consumer is compiled twice, in one TypeScript program per package: against the
 * package it was written for, where nothing may fail, and against the other, where a consumer must fail
 * exactly when its case's changes include one classified as breaking for client callers.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../../generator/config/index.js';
import { rule } from '../../../../generator/lifecycle/diff/rules.js';
import { generate } from '../../../../generator/generate.js';
import type { Model } from '../../../../generator/model/index.js';
import { scratch } from '../../../helpers/paths.js';
import { CASES } from './cases.js';
import { consumer, packageDocs, prefixOf, type Direction } from './oracle.js';

const TIMEOUT = 300_000;
let dir: string;
let model: Model;
/** Diagnostics per consumer file, against package X (`own`) and against package Y (`other`). */
const diagnostics = { own: new Map<string, string[]>(), other: new Map<string, string[]>() };

async function build(pkg: 'x' | 'y'): Promise<Model> {
  const root = join(dir, pkg);
  mkdirSync(root, { recursive: true });
  const docs = packageDocs(CASES, pkg);
  for (const [file, doc] of docs) writeFileSync(join(root, file), `${JSON.stringify(doc, null, 2)}\n`);
  const config = resolveConfig(root, { documents: [...docs.keys()], out: '.', strict: false, emit: ['client', 'package'], package: { name: 'pkg' } });
  const result = await generate(config, { cacheDir: false });
  if (!result.ok || !result.model) throw new Error(`package ${pkg} did not generate:\n${result.report}`);
  return result.model;
}

function compile(pkg: 'x' | 'y', files: readonly string[]): Map<string, string[]> {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    paths: { pkg: [join(dir, pkg, 'client/index.d.ts')], 'pkg/*': [join(dir, pkg, 'client/*')] },
  });
  const out = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file?.fileName ?? '(no file)';
    const where = d.file && d.start !== undefined ? `${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : '';
    const list = out.get(file) ?? [];
    list.push(`${where}${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    out.set(file, list);
  }
  return out;
}

const consumerFile = (i: number, d: Direction) => join(dir, 'consumers', `${prefixOf(i, d)}.ts`);

beforeAll(async () => {
  dir = scratch('oracle');
  [model] = await Promise.all([build('x'), build('y')]);
  mkdirSync(join(dir, 'consumers'));
  const files: string[] = [];
  CASES.forEach((_, i) => {
    for (const d of ['f', 'b'] as const) {
      writeFileSync(consumerFile(i, d), consumer(model, prefixOf(i, d), '../x/client/types.js'));
      files.push(consumerFile(i, d));
    }
  });
  diagnostics.own = compile('x', files);
  diagnostics.other = compile('y', files);
  // ORACLE_DUMP=<file>: every diagnostic against the other package, to read why a consumer fails.
  if (process.env.ORACLE_DUMP) writeFileSync(process.env.ORACLE_DUMP, JSON.stringify({ dir, other: Object.fromEntries(diagnostics.other) }, null, 2));
}, TIMEOUT);

describe('the type-level oracle: tsc agrees with every verdict for client callers', () => {
  it('every consumer compiles against the package it was written for', () => {
    const failing = [...diagnostics.own].filter(([, list]) => list.length).map(([f, list]) => `${f}\n  ${list.join('\n  ')}`);
    expect(failing).toEqual([]);
    // Every consumer calls something: a consumer without a call could not fail.
    CASES.forEach((_, i) => expect(consumer(model, prefixOf(i, 'f'), '-')).toMatch(/await node\.|for await/));
  });

  CASES.forEach(([name, c], i) => {
    for (const [d, changes] of [['f', c.want], ['b', c.back]] as const) {
      const breaking = changes.filter((ch) => rule(ch.split(' ')[0]!).client === 'breaking');
      const title = `${name} (${d === 'f' ? 'old → new' : 'new → old'}): ${breaking.length ? `breaks callers (${breaking.map((b) => b.split(' ')[0]).join(', ')})` : 'callers still compile'}`;
      it(title, () => {
        const found = diagnostics.other.get(consumerFile(i, d)) ?? [];
        if (breaking.length) expect(found.length, 'a caller written for the old package should no longer compile').toBeGreaterThan(0);
        else expect(found, 'a caller written for the old package should still compile').toEqual([]);
      });
    }
  });
});
