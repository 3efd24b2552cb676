/**
 * The classes of failure unseen documents showed, each by the smallest document that has it: generated,
 * type-checked strictly, and every method called through the package's client against its own mock.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../generator/config/index.js';
import { generate } from '../../../generator/generate.js';
import { ROOT, scratch } from '../../helpers/paths.js';
import { declarations, typecheck } from '../../helpers/typecheck.js';
import { callEveryMethod } from '../conformance/corpus.js';

type Doc = Record<string, unknown>;

const root = scratch('classes');
let made = 0;

/** Generates the package of `doc` and returns its folder, the run's problems and tsc's complaints. */
async function build(doc: Doc, strict = false) {
  const dir = join(root, `doc${made++}`);
  mkdirSync(dir);
  writeFileSync(join(dir, 'openrpc.json'), JSON.stringify(doc, null, 2));
  const result = await generate(resolveConfig(dir, { documents: ['openrpc.json'], out: 'out', strict, emit: ['openrpc', 'client', 'validators', 'server', 'mock', 'package'] }), { cacheDir: false });
  if (!existsSync(join(root, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  const client = join(dir, 'out/client');
  return { result, client, tsc: result.ok ? typecheck(declarations(client), root) : [] };
}

/** Generates, type-checks and round-trips every method; returns the run for more checks. */
async function roundTrip(doc: Doc) {
  const built = await build(doc);
  expect(built.result.ok, built.result.report).toBe(true);
  expect(built.tsc).toEqual([]);
  const outcomes = await callEveryMethod(built.client);
  expect(outcomes.filter((o) => o.problem)).toEqual([]);
  expect(outcomes.length).toBe((doc.methods as unknown[]).length * 2);
  return built;
}

const info = { title: 'Unseen API', version: '1.0.0' };

describe('documents with the constructs unseen documents had', () => {
  it('several servers on one path: mock and server serve it once; the client picks a server by name or URL, the first by default', async () => {
    const doc = {
      openrpc: '1.3.2',
      info,
      servers: [
        { name: 'main', url: 'https://main.example/api' },
        { name: 'test', url: 'https://test.example/api' },
      ],
      methods: [{ name: 'ping', params: [], result: { name: 'pong', schema: { type: 'string' } }, examples: [{ name: 'one', params: [], result: { name: 'pong', value: 'pong' } }] }],
    };
    const { client } = await roundTrip(doc);
    const services = (await import(pathToFileURL(join(client, 'services.js')).href)) as Record<string, unknown>;
    const { TransportPool } = (await import(pathToFileURL(join(client, 'runtime/client/endpoints.js')).href)) as {
      TransportPool: new (o: object) => { url(service: unknown, kind?: string): string };
    };
    const service = Object.values(services)[0];
    expect(new TransportPool({}).url(service)).toBe('https://main.example/api');
    expect(new TransportPool({ server: 'test' }).url(service)).toBe('https://test.example/api');
    expect(new TransportPool({ server: 'https://test.example/api' }).url(service)).toBe('https://test.example/api');
    expect(new TransportPool({ url: 'http://127.0.0.1:1', server: 'test' }).url(service)).toBe('http://127.0.0.1:1/api');
    expect(() => new TransportPool({ server: 'staging' }).url(service)).toThrow(/no server "staging"; its servers: main \(https:\/\/main.example\/api\), test/);
  });

  it('reserved words and shadowed globals as method, param, schema and property names', async () => {
    const names = ['arguments', 'eval', 'await', 'yield', 'let', 'static', 'implements', 'interface', 'package', 'private', 'protected', 'public', 'enum', 'undefined'];
    const globals = ['Record', 'Promise', 'Array', 'Object', 'Error', 'Map', 'Set', 'Symbol', 'String', 'Number', 'Boolean', 'BigInt', 'Date', 'JSON', 'Math'];
    const doc = {
      openrpc: '1.3.2',
      info,
      methods: [...names, ...globals.map((g) => `ns_${g}`)].map((name, i) => ({
        name,
        tags: [{ name: names[i % names.length]! }],
        params: [
          { name: names[(i + 1) % names.length]!, required: true, schema: { $ref: `#/components/schemas/${globals[i % globals.length]}` } },
          { name: globals[(i + 2) % globals.length]!, schema: { type: 'integer' } },
        ],
        result: { name: 'result', schema: { $ref: `#/components/schemas/${globals[(i + 1) % globals.length]}` } },
      })),
      components: {
        schemas: Object.fromEntries([...globals, ...names].map((g, i) => [g, { type: 'object', properties: { [names[i % names.length]!]: { type: 'string' }, [globals[i % globals.length]!]: { type: 'integer' } } }])),
      },
    };
    await roundTrip(doc);
  });

  it('a recursive union inside a union (Option<Box<Self>> as schemars writes it)', async () => {
    const v = { $ref: '#/components/schemas/V' };
    const doc = {
      openrpc: '1.3.2',
      info,
      methods: [{ name: 'echo', params: [{ name: 'v', required: true, schema: v }], result: { name: 'v', schema: v } }],
      components: { schemas: { V: { anyOf: [{ type: 'string' }, { type: 'array', items: v }, { anyOf: [v, { type: 'null' }] }] } } },
    };
    await roundTrip(doc);
  });

  it('definitions embedded in a component schema, referred to from inside it', async () => {
    const doc = {
      openrpc: '1.3.2',
      info,
      methods: [
        { name: 'getA', params: [], result: { name: 'a', schema: { $ref: '#/components/schemas/A' } } },
        { name: 'getC', params: [], result: { name: 'c', schema: { $ref: '#/components/schemas/C' } } },
      ],
      components: {
        schemas: {
          A: { type: 'object', properties: { b: { $ref: '#/definitions/B' } }, required: ['b'], definitions: { B: { type: 'string', enum: ['bee'] } } },
          C: { $id: 'urn:example:c', type: 'object', properties: { d: { $ref: '#/$defs/D' } }, required: ['d'], $defs: { D: { type: 'integer', const: 4 } } },
        },
      },
    };
    const { result } = await roundTrip(doc);
    // A: no base of its own, read as schemars means it, with a warning; C: against its $id, as JSON Schema says.
    expect(result.problems.filter((p) => p.code.startsWith('ref-')).map((p) => [p.code, p.severity, p.pointer])).toEqual([['ref-embedded', 'warning', '/components/schemas/A/properties/b/$ref']]);
  });

  it('null for an omitted optional positional param is accepted; a params error names the param and its first real problem', async () => {
    const doc = {
      openrpc: '1.3.2',
      info,
      methods: [
        {
          name: 'find',
          paramStructure: 'by-position',
          params: [
            { name: 'query', required: true, schema: { type: 'string', minLength: 1 } },
            { name: 'limit', schema: { type: 'integer' } },
            { name: 'cursor', schema: { type: 'string' } },
          ],
          result: { name: 'found', schema: { type: 'string' } },
          examples: [{ name: 'first', params: [{ name: 'query', value: 'x' }, { name: 'limit', value: null }, { name: 'cursor', value: 'c' }], result: { name: 'found', value: 'ok' } }],
        },
      ],
    };
    const { client } = await roundTrip(doc);
    const { startMock } = (await import(pathToFileURL(join(client, 'mock/index.js')).href)) as { startMock: () => Promise<{ url: string; close(): Promise<void> }> };
    const mock = await startMock();
    try {
      const call = async (params: unknown) =>
        (await (await fetch(mock.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'find', params }) })).json()) as {
          result?: unknown;
          error?: { code: number; message: string; data?: unknown };
        };
      expect((await call(['x', null])).error).toBeUndefined();
      expect((await call(['x', null, null])).error).toBeUndefined();
      const bad = await call(['', 'many', 3]);
      expect(bad.error?.code).toBe(-32602);
      expect(bad.error?.message).toMatch(/^Invalid params: query \(position 0\) must NOT have fewer than 1 characters/);
      expect((bad.error!.data as { param?: string; position?: number; message: string }[]).map((d) => [d.param, d.position, d.message])).toEqual([
        ['query', 0, 'must NOT have fewer than 1 characters'],
        ['limit', 1, 'must be integer'],
        ['cursor', 2, 'must be string'],
      ]);
      expect(bad.error?.message).not.toMatch(/must be object/);
    } finally {
      await mock.close();
    }
  });

  it('faults that leave the meaning clear: generated with a located warning each; --strict refuses them', async () => {
    const doc = {
      openrpc: '1.4.x',
      info,
      methods: [
        { name: 'get', params: [{ name: 'a', schema: { type: 'string' } }], result: { schema: { $ref: '#/components/schemas/A' } } },
      ],
      components: {
        schemas: {
          A: {
            type: 'object',
            // An unused $ref that points nowhere: under `blockNumber`, no schema keyword (as in a published bundler spec).
            properties: { b: { $ref: '#/definitions/B' }, c: { type: 'string', blockNumber: { title: 'n', $ref: '#/components/schemas/uint' } } },
            definitions: { B: { type: 'integer' } },
          },
        },
      },
    };
    const { result } = await roundTrip(doc);
    const codes = ['openrpc-version-loose', 'ref-embedded', 'result-name-missing', 'ref-unused-unresolved'];
    expect(result.problems.filter((p) => codes.includes(p.code)).map((p) => [p.code, p.severity, p.pointer, typeof p.line])).toEqual([
      ['openrpc-version-loose', 'warning', '/openrpc', 'number'],
      ['result-name-missing', 'warning', '/methods/0/result', 'number'],
      ['ref-embedded', 'warning', '/components/schemas/A/properties/b/$ref', 'number'],
      ['ref-unused-unresolved', 'warning', '/components/schemas/A/properties/c/blockNumber/$ref', 'number'],
    ]);
    const strict = await build(doc, true);
    expect(strict.result.ok).toBe(false);
    expect(strict.result.problems.filter((p) => codes.includes(p.code) && p.severity !== 'warning').map((p) => p.code).sort()).toEqual([...codes].sort());
  });

  it('a pattern valid only without the u flag: generated, validated as written without u, with a located warning', async () => {
    const doc = {
      openrpc: '1.3.2',
      info,
      methods: [{ name: 'get', params: [{ name: 'id', required: true, schema: { type: 'string', pattern: '^\\d+\\-[\\w-.]+$' } }], result: { name: 'r', schema: { type: 'boolean' } } }],
    };
    const { result, client } = await roundTrip(doc);
    expect(result.problems.filter((p) => p.code === 'pattern-not-unicode').map((p) => [p.severity, p.pointer, typeof p.line])).toEqual([['warning', '/methods/0/params/0/schema/pattern', 'number']]);
    // The shipped validator reads it as a browser would without u: a match passes, anything else fails.
    const load = (path: string) => import(pathToFileURL(join(client, path)).href);
    const { startMock } = (await load('mock/index.js')) as { startMock: () => Promise<{ url: string; close(): Promise<void> }> };
    const { createClient } = (await load('index.js')) as { createClient: (o: { url: string }) => { request(r: { method: string; params: unknown }): Promise<unknown>; close(): Promise<void> } };
    const mock = await startMock();
    const c = createClient({ url: mock.url });
    try {
      expect(await c.request({ method: 'get', params: ['12-a.b'] })).toBeTypeOf('boolean');
      await expect(c.request({ method: 'get', params: ['12_a'] })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('must match pattern') });
    } finally {
      await c.close();
      await mock.close();
    }
    const strict = await build(doc, true);
    expect(strict.result.ok).toBe(false);
    expect(strict.result.problems.filter((p) => p.code === 'pattern-not-unicode').map((p) => p.severity)).toEqual(['error']);
  });

  it('what cannot be typed exactly widens safely, never to any', async () => {
    const doc = {
      openrpc: '1.3.2',
      info,
      methods: ['Several', 'Conditional'].map((name) => ({ name: `get${name}`, params: [], result: { name: 'r', schema: { $ref: `#/components/schemas/${name}` } } })),
      components: {
        schemas: {
          // Several patternProperties: one index signature, the union of their types.
          Several: { type: 'object', properties: { a: { type: 'string' } }, patternProperties: { '^x-': { type: 'string' }, '^n-': { type: 'integer' } } },
          // if/then/else and dependentSchemas add properties of their own: the index signature is unknown.
          Conditional: {
            type: 'object',
            properties: { a: { type: 'string' } },
            patternProperties: { '^x-': { type: 'string' } },
            if: { required: ['a'] },
            then: { properties: { b: { type: 'integer' } } },
            else: { properties: { c: { type: 'boolean' } } },
            dependentSchemas: { a: { properties: { d: { type: 'string' } } } },
          },
        },
      },
    };
    const { client } = await roundTrip(doc);
    const types = readFileSync(join(client, 'types.d.ts'), 'utf8').replace(/\/\*\*[\s\S]*?\*\/\s*/g, '');
    expect(types).toMatch(/export interface Several \{\s*a\?: string\s*\[k: string\]: string \| number \| undefined\s*\}/);
    expect(types).toMatch(/export interface Conditional \{\s*a\?: string\s*\[k: string\]: unknown\s*\}/);
    expect(types).not.toMatch(/\bany\b/);
  });
});
