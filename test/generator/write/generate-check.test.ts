/**
 * generated/ is exactly what the spec generates (the golden check of the whole project), and a generate
 * that fails leaves generated/ exactly as it was.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfigFile, resolveConfig } from '../../../generator/config/index.js';
import { generate } from '../../../generator/generate.js';
import { listFiles } from '../../../generator/write/index.js';
import { ROOT } from '../../helpers/paths.js';

function treeHash(dir: string): string {
  const h = createHash('sha256');
  for (const f of listFiles(dir)) h.update(f).update('\0').update(readFileSync(join(dir, f))).update('\0');
  return h.digest('hex');
}

describe('generated/ against the spec', () => {
  const config = resolveConfig(ROOT, readConfigFile(ROOT)!);

  it('is up to date (npm run generate -- --check)', async () => {
    const result = await generate(config, { check: true });
    expect(result.problems).toEqual([]);
    expect(result.report).toMatch(/is up to date/);
    expect(result.ok, result.report).toBe(true);
  });

  it('is left untouched when the spec is broken', async () => {
    const before = treeHash(join(ROOT, 'generated'));
    const broken = readFileSync(join(ROOT, 'spec/platform.yaml'), 'utf8').replace('name: platform.getHeight', 'name: platform.getBalance');
    const result = await generate(config, { overrides: new Map([['spec/platform.yaml', broken]]) });
    expect(result.ok).toBe(false);
    expect(result.problems.map((p) => p.code)).toContain('method-duplicate');
    expect(result.report).toMatch(/^\d+ problems? in the spec; generated\/ was left untouched/);
    expect(treeHash(join(ROOT, 'generated'))).toBe(before);
  });
});
