/**
 * Golden tests of the loader: every folder under test/fixtures/loader is a small project. `valid-*` ones
 * must generate exactly their `expected/` tree; `error-*` ones must fail with exactly the problems in
 * `expected.txt` (all of them, with file:line:col and pointer) and leave the output folder untouched.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfigFile, resolveConfig } from '../../../generator/config/index.js';
import { generate } from '../../../generator/generate.js';
import { listFiles } from '../../../generator/write/index.js';
import { expectGolden } from '../../helpers/golden.js';
import { ROOT, scratch } from '../../helpers/paths.js';

const FIXTURES = join(ROOT, 'test/fixtures/loader');
const cases = readdirSync(FIXTURES).sort();

describe('loader fixtures', () => {
  it('has both valid and error cases', () => {
    expect(cases.filter((c) => c.startsWith('valid-')).length).toBeGreaterThan(0);
    expect(cases.filter((c) => c.startsWith('error-')).length).toBeGreaterThan(0);
  });

  for (const name of cases) {
    const dir = join(FIXTURES, name);
    it(name, async () => {
      const out = scratch(name);
      const config = resolveConfig(dir, { ...readConfigFile(dir)!, out });
      if (name.startsWith('valid-')) {
        const result = await generate(config, { cacheDir: false });
        expect(result.problems).toEqual([]);
        for (const file of listFiles(out)) expectGolden(join(dir, 'expected', file), readFileSync(join(out, file), 'utf8'));
        expect(listFiles(out)).toEqual(listFiles(join(dir, 'expected')));
        // A second run finds nothing to change: the output is deterministic.
        const again = await generate(config, { cacheDir: false, check: true });
        expect(again.ok).toBe(true);
      } else {
        mkdirSync(join(out, 'openrpc'), { recursive: true });
        writeFileSync(join(out, 'openrpc/keep.json'), '{"untouched":true}\n');
        const result = await generate(config, { cacheDir: false });
        expect(result.ok).toBe(false);
        expectGolden(join(dir, 'expected.txt'), result.report.split('\n').slice(1).join('\n') + '\n');
        expect(listFiles(out)).toEqual(['openrpc/keep.json']);
        expect(readFileSync(join(out, 'openrpc/keep.json'), 'utf8')).toBe('{"untouched":true}\n');
      }
    });
  }
});
