/**
 * No formatter runs at generation time, so the files a reader opens in an editor or on npm (the package
 * README, the docs site config) must already be exactly what Prettier prints: for our spec, the emitter
 * fixtures and the execution-API documents.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../../../../generator/write/index.js';
import { ROOT } from '../../../helpers/paths.js';
import { prettierFormat } from '../../../helpers/prettier.js';

const files = [
  ...listFiles(join(ROOT, 'generated')).map((f) => `generated/${f}`),
  ...listFiles(join(ROOT, 'test/fixtures')).map((f) => `test/fixtures/${f}`),
  ...listFiles(join(ROOT, 'test/golden')).map((f) => `test/golden/${f}`),
].filter((f) => /(^|\/)(client\/README\.md|golden\/execution-apis\/[^/]+\/README\.md|\.vitepress\/config\.mts)$/.test(f));

describe('files Prettier would leave as they are', () => {
  it('include the package README and site config of each generated tree', () => {
    expect(files).toContain('generated/client/README.md');
    expect(files).toContain('generated/docs/.vitepress/config.mts');
    expect(files.length).toBeGreaterThan(5);
  });
  for (const file of files) {
    it(file, async () => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(text).toBe(await prettierFormat(file, text));
    });
  }
});
