/**
 * Golden tests of the docs emitter: every folder under test/fixtures/docs is a small project whose docs
 * must come out exactly as its `expected/` tree, twice in a row (deterministic), with every link resolving.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfigFile, resolveConfig } from '../../../../generator/config/index.js';
import { generate } from '../../../../generator/generate.js';
import { listFiles } from '../../../../generator/write/index.js';
import { expectGolden } from '../../../helpers/golden.js';
import { checkMarkdownLinks } from '../../../helpers/links.js';
import { ROOT, scratch } from '../../../helpers/paths.js';

const FIXTURES = join(ROOT, 'test/fixtures/docs');
const cases = readdirSync(FIXTURES).sort();

describe('docs fixtures', () => {
  it('has cases', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  for (const name of cases) {
    const dir = join(FIXTURES, name);
    it(name, async () => {
      const out = scratch(`docs-${name}`);
      const config = resolveConfig(dir, { ...readConfigFile(dir)!, out });
      const result = await generate(config, { cacheDir: false });
      expect(result.problems).toEqual([]);
      for (const file of listFiles(out)) expectGolden(join(dir, 'expected', file), readFileSync(join(out, file), 'utf8'));
      expect(listFiles(out)).toEqual(listFiles(join(dir, 'expected')));
      expect(checkMarkdownLinks(join(out, 'docs')).problems).toEqual([]);
      const again = await generate(config, { cacheDir: false, check: true });
      expect(again.report).toMatch(/up to date/);
    });
  }
});
