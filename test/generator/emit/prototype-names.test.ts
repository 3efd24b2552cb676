/**
 * Names that every JavaScript object already has (`__proto__`, `constructor`, `toString`,
 * `hasOwnProperty`) as method and property names of a document: the client has a method of each name, the
 * mock answers each, and the validators see `{}` as having none of those properties. `{ "__proto__": x }`
 * in an object literal sets the prototype instead of making a property, and `data.constructor` on `{}`
 * finds Object's.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readConfigFile, resolveConfig } from '../../../generator/config/index.js';
import { generate } from '../../../generator/generate.js';
import { scratch } from '../../helpers/paths.js';
import { declarations, typecheck } from '../../helpers/typecheck.js';

const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

const document = {
  openrpc: '1.3.2',
  info: { title: 'Prototype names', version: '1.0.0' },
  servers: [{ url: 'http://127.0.0.1:9/rpc' }],
  components: {
    schemas: {
      Obj: { type: 'object', properties: Object.fromEntries(NAMES.map((n) => [n, { type: 'string' }])), additionalProperties: false },
    },
  },
  methods: NAMES.map((name, i) => ({
    name,
    'x-effects': 'read',
    params: [{ name: 'o', required: true, schema: { $ref: '#/components/schemas/Obj' } }],
    result: { name: 'r', schema: { type: 'integer' } },
    examples: [{ name: `e${i}`, params: [{ name: 'o', value: {} }], result: { name: 'r', value: i } }],
  })),
};

describe('names every object already has', () => {
  it('are own methods of the client, answered by the mock, and no property of {} to the validators', { timeout: 120_000 }, async () => {
    const dir = scratch('prototype-names');
    mkdirSync(join(dir, 'spec'));
    writeFileSync(join(dir, 'spec/proto.json'), JSON.stringify(document));
    writeFileSync(join(dir, 'noderpc.config.json'), JSON.stringify({ documents: ['spec/proto.json'], package: { name: 'proto-client', version: '1.0.0' }, strict: true }));
    const out = join(dir, 'out');
    const result = await generate(resolveConfig(dir, { ...readConfigFile(dir)!, out }), { cacheDir: false });
    // Strict: an example `{}` that a validator reads as having `constructor` would be an error here.
    expect(result.ok, result.report).toBe(true);
    expect(typecheck(declarations(join(out, 'client')), out)).toEqual([]);

    const url = (p: string) => pathToFileURL(join(out, 'client', p)).href;
    const { startMock } = (await import(url('mock/index.js'))) as { startMock: (o: object) => Promise<{ url: string; close(): Promise<void> }> };
    const { createClient } = (await import(url('index.js'))) as { createClient: (o: object) => Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>> };
    const { validators } = (await import(url('validators.js'))) as { validators: unknown };
    const mock = await startMock({ port: 0, log: () => undefined });
    try {
      const client = createClient({ url: mock.url, validate: validators });
      const ns = Object.values(client).find((v) => v !== null && typeof v === 'object' && Object.hasOwn(v, 'valueOf'))!;
      expect(Object.keys(ns).sort()).toEqual([...NAMES].sort());
      for (const [i, name] of NAMES.entries()) {
        expect(Object.hasOwn(ns, name), name).toBe(true);
        expect(await ns[name]!({}), name).toBe(i);
        expect(await ns[name]!({ constructor: 'c', __proto__: 'p' }), name).toBe(i);
      }
      // The validators: `constructor` must be a string when present, and `{}` has none.
      const raw = await fetch(`${mock.url.replace(/\/$/, '')}/rpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '[{"jsonrpc":"2.0","id":1,"method":"__proto__","params":[{}]},{"jsonrpc":"2.0","id":2,"method":"constructor","params":[{"constructor":5}]}]',
      });
      const replies = (await raw.json()) as { id: number; result?: unknown; error?: { code: number; message: string } }[];
      expect(replies[0]).toMatchObject({ id: 1, result: 0 });
      expect(replies[1]).toMatchObject({ id: 2, error: { code: -32602 } });
      expect(replies[1]!.error!.message).toContain('constructor');
    } finally {
      await mock.close();
    }
  });
});
