/**
 * Golden tests of the emitters on small fixture specs (test/fixtures/emit/<case>): every output file the
 * spec produces, except the hand-written runtime copied into the package (tested on its own), must equal
 * the committed `expected/` tree; the generated declarations must type-check.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfigFile, resolveConfig } from '../../../generator/config/index.js';
import { generate } from '../../../generator/generate.js';
import { listFiles } from '../../../generator/write/index.js';
import { expectGolden, updating } from '../../helpers/golden.js';
import { ROOT, scratch } from '../../helpers/paths.js';
import { declarations, typecheck } from '../../helpers/typecheck.js';

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
      expect(typecheck(declarations(join(out, 'client')), out)).toEqual([]);
    });
  }
});
