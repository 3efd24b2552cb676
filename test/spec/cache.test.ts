/**
 * The generation cache keeps what this generator computed under the generator's fingerprint: a part made by
 * another version of the generator (other code, templates, runtime or dependencies) is never served.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openCache, partsDirOf } from '../../generator/cache.js';
import { generatorFingerprint } from '../../generator/manifest.js';

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

  it('fingerprints the generator by content, stably within a process', () => {
    expect(generatorFingerprint()).toMatch(/^[0-9a-f]{64}$/);
    expect(generatorFingerprint()).toBe(generatorFingerprint());
  });
});
