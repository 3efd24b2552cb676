/**
 * The generation cache keeps what this generator computed under the generator's fingerprint: a part made by
 * another version of the generator (other code, templates, runtime or dependencies) is never served.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openCache, partsDirOf } from '../../../generator/speed/cache.js';
import { generatorFingerprint } from '../../../generator/speed/manifest.js';

const root = mkdtempSync(join(tmpdir(), 'noderpc-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('cache parts by generator fingerprint', () => {
  it('serves a part only to the generator that made it, and drops the parts of others', () => {
    const oldDir = partsDirOf(root, 'a'.repeat(64));
    openCache(oldDir).set('validators', 'k1', 'made by the old generator');
    expect(openCache(oldDir).get('validators', 'k1')).toBe('made by the old generator');

    const newDir = partsDirOf(root, 'b'.repeat(64));
    expect(newDir).not.toBe(oldDir);
    expect(openCache(newDir).get('validators', 'k1')).toBeUndefined();
    expect(existsSync(oldDir)).toBe(false);
  });

  it('fingerprints a generator by the contents of its code, runtime, templates and lock file', () => {
    const tree = (name: string, edit: (dir: string) => void) => {
      const dir = join(root, name);
      for (const sub of ['generator', 'runtime', 'templates']) mkdirSync(join(dir, sub), { recursive: true });
      writeFileSync(join(dir, 'generator/a.ts'), 'export const a = 1;\n');
      writeFileSync(join(dir, 'runtime/b.ts'), 'export const b = 2;\n');
      writeFileSync(join(dir, 'templates/c.hbs'), '{{c}}\n');
      writeFileSync(join(dir, 'package-lock.json'), '{"lockfileVersion":3}\n');
      edit(dir);
      return generatorFingerprint(dir);
    };
    const base = tree('same-1', () => undefined);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(tree('same-2', () => undefined)).toBe(base);
    expect(tree('code', (d) => writeFileSync(join(d, 'generator/a.ts'), 'export const a = 2;\n'))).not.toBe(base);
    expect(tree('template', (d) => writeFileSync(join(d, 'templates/c.hbs'), '{{{c}}}\n'))).not.toBe(base);
    expect(tree('lock', (d) => writeFileSync(join(d, 'package-lock.json'), '{"lockfileVersion":2}\n'))).not.toBe(base);
  });
});
