/**
 * The precompiled validators of the `x-` fields (ajv's standalone code, made when the generator is bundled)
 * must judge every value exactly as the ones compiled at run time: same verdict, same errors.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { compileExtensionValidator, EXTENSION_VALIDATORS_FILE, writeExtensionValidators, type ExtensionValidator } from '../../../generator/load/extension-validators.js';
import { extensionSchemas, type ExtensionPlace } from '../../../generator/load/extensions.js';
import { ROOT } from '../../helpers/paths.js';

// Inside the repository, so that the standalone code's require('ajv/dist/runtime/...') resolves as in a bundle.
mkdirSync(join(ROOT, 'node_modules/.cache'), { recursive: true });
const dir = mkdtempSync(join(ROOT, 'node_modules/.cache/noderpc-extensions-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeExtensionValidators(dir);
const made = createRequire(import.meta.url)(join(dir, EXTENSION_VALIDATORS_FILE)) as Record<string, ExtensionValidator> & { ids: string[]; madeWith: string };

/** Every value of every `x-` key in our spec, by key. */
function specValues(): Map<string, unknown[]> {
  const found = new Map<string, unknown[]>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (k.startsWith('x-')) found.set(k, [...(found.get(k) ?? []), v]);
        walk(v);
      }
    }
  };
  for (const d of ['spec', 'spec/schemas']) {
    for (const f of readdirSync(join(ROOT, d)).filter((n) => n.endsWith('.yaml'))) walk(parse(readFileSync(join(ROOT, d, f), 'utf8')));
  }
  return found;
}

const anyValues: unknown[] = [null, true, 0, 1, -1, 1.5, '', 'x', 'read', [], [1], ['a', ''], {}, { name: '' }, { name: 'a' }, { batch: 'yes' }, { kind: 'write', idempotent: 'no' }, { unknown: 1 }];
const shape = (v: ExtensionValidator) => (v.errors ?? []).map((e) => ({ instancePath: e.instancePath, keyword: e.keyword, params: e.params, schemaPath: e.schemaPath, message: e.message }));

describe('precompiled extension validators', () => {
  const ids = Object.entries(extensionSchemas).flatMap(([place, schemas]) => Object.keys(schemas).map((key) => `${place}:${key}`));
  const fromSpec = specValues();

  it('hold one validator per extension and record what made them', () => {
    expect(made.ids).toEqual(ids);
    for (let i = 0; i < ids.length; i++) expect(typeof made[`v${i}`], ids[i]).toBe('function');
    expect(made.madeWith).toMatch(/^ajv \d+\.\d+\.\d+, extension schemas [0-9a-f]{16}$/);
  });

  it('judge the spec’s values and values of every other kind as the compiled ones do', () => {
    let failing = 0;
    let specChecked = 0;
    ids.forEach((id, i) => {
      const [place, key] = id.split(/:(.*)/) as [ExtensionPlace, string];
      const compiled = compileExtensionValidator(place, key);
      const precompiled = made[`v${i}`]!;
      const values = [...anyValues, ...(fromSpec.get(key) ?? [])];
      specChecked += fromSpec.get(key)?.length ?? 0;
      for (const value of values) {
        const verdict = compiled(value);
        expect(precompiled(value), `${id} ${JSON.stringify(value)}`).toBe(verdict);
        expect(shape(precompiled), `${id} ${JSON.stringify(value)}`).toEqual(shape(compiled));
        if (!verdict) failing++;
      }
    });
    // Both verdicts were met, and the spec's own values were among them.
    expect(failing).toBeGreaterThan(ids.length);
    expect(specChecked).toBeGreaterThan(100);
  });
});
