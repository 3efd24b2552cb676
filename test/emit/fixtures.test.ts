/**
 * Golden tests of the emitters on small fixture specs (test/fixtures/emit/<case>): every output file the
 * spec produces, except the hand-written runtime copied into the package (tested on its own), must equal
 * the committed `expected/` tree; the generated declarations must type-check.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readConfigFile, resolveConfig } from '../../generator/config.js';
import { generate } from '../../generator/generate.js';
import { listFiles } from '../../generator/write.js';
import { expectGolden, updating } from '../helpers/golden.js';
import { ROOT, scratch } from '../helpers/paths.js';

const FIXTURES = join(ROOT, 'test/fixtures/emit');
const owned = (f: string) => !f.startsWith('client/runtime/');

describe('emitter golden files', () => {
  for (const name of readdirSync(FIXTURES).sort()) {
    it(name, async () => {
      const dir = join(FIXTURES, name);
      const out = scratch(`emit-${name}`);
      const result = await generate(resolveConfig(dir, { ...readConfigFile(dir)!, out }), { cacheDir: false });
      expect(result.ok, result.report).toBe(true);
      const produced = listFiles(out).filter(owned);
      for (const f of produced) expectGolden(join(dir, 'expected', f), readFileSync(join(out, f), 'utf8'));
      if (!updating) expect(produced).toEqual(listFiles(join(dir, 'expected')));
      const dts = listFiles(join(out, 'client')).filter((f) => f.endsWith('.d.ts')).map((f) => join(out, 'client', f));
      const program = ts.createProgram(dts, {
        strict: true,
        noEmit: true,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        target: ts.ScriptTarget.ES2022,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
        types: ['node'],
        typeRoots: [join(ROOT, 'node_modules/@types')],
      });
      expect(ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
    });
  }
});
