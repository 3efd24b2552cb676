/**
 * The precompiled OpenRPC meta-schema validator (ajv's standalone code, made when the generator is bundled)
 * must judge every document exactly as the one compiled at run time: same verdict, same errors with the same
 * parent schemas (the loader tells a oneOf's reference branch from the other by them).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileMetaValidator, META_VALIDATOR_FILE, writeMetaValidator, type MetaValidator } from '../../../generator/load/meta-schema.js';
import { ROOT, SHARED } from '../../helpers/paths.js';

// Inside the repository, so that the standalone code's require('ajv/dist/runtime/...') resolves as in a bundle.
mkdirSync(join(ROOT, 'node_modules/.cache'), { recursive: true });
const dir = mkdtempSync(join(ROOT, 'node_modules/.cache/noderpc-meta-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeMetaValidator(dir);
const precompiled = createRequire(import.meta.url)(join(dir, META_VALIDATOR_FILE)) as MetaValidator & { madeWith?: string };
const compiled = compileMetaValidator();

const read = (path: string) => JSON.parse(readFileSync(join(SHARED, path), 'utf8')) as Record<string, any>;
const documents: Record<string, () => Record<string, any>> = {
  metamask: () => read('conformance/openrpc-real/metamask/openrpc.json'),
  lotus: () => read('conformance/openrpc-real/filecoin-lotus/lotus-v1.27.0.json'),
  starknet: () => read('conformance/openrpc-real/starknet/api/starknet_api_openrpc.json'),
  'execution-apis': () => read('conformance/execution-apis/openrpc.json'),
  'no info, a method without name, an unknown field, a bad version': () => {
    const d = read('conformance/openrpc-real/metamask/openrpc.json');
    delete d.info;
    delete d.methods[0].name;
    d.methods[1].colour = 'red';
    d.openrpc = '2.0.0';
    return d;
  },
  'a broken reference object and params not an array': () => {
    const d = read('conformance/execution-apis/openrpc.json');
    d.methods[0].result = { $ref: 7 };
    d.methods[2].params = { name: 'x' };
    return d;
  },
};

const shape = (v: MetaValidator) =>
  (v.errors ?? []).map((e) => ({ instancePath: e.instancePath, keyword: e.keyword, params: e.params, schemaPath: e.schemaPath, parent: (e.parentSchema as { title?: string } | undefined)?.title }));

describe('precompiled OpenRPC meta-schema validator', () => {
  it('records what made it', () => {
    expect(typeof precompiled).toBe('function');
    expect(precompiled.madeWith).toMatch(/^ajv \d+\.\d+\.\d+, @open-rpc\/meta-schema \d+\.\d+\.\d+$/);
  });
  for (const [name, make] of Object.entries(documents)) {
    it(`judges ${name} as the compiled one does`, () => {
      const doc = make();
      const a = compiled(doc);
      const errorsA = shape(compiled);
      const b = precompiled(doc);
      expect(b).toBe(a);
      expect(shape(precompiled)).toEqual(errorsA);
      if (name.includes(',')) expect(errorsA.length).toBeGreaterThan(0);
    });
  }
});
