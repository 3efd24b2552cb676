/**
 * Random valid OpenRPC documents, to find the next bug before users do. The constructs, from the OpenRPC
 * 1.3/1.4 specification and the JSON Schema drafts real documents use (draft-07, 2019-09, 2020-12):
 * - names: method, param, property and component names with digits, dots, dashes, spaces, every kind of
 *   reserved word (contextual ones included) and globals a declaration would shadow;
 * - servers: none, one, several on one path (a main and a test network), URL variables;
 * - schemas: recursion through every combinator and through nested combinators (schemars'
 *   `Option<Box<Self>>`), nullable, tuple, `schema: true`, `false` and `{}`, patterns, formats, bounds,
 *   `definitions`/`$defs` embedded in a component and referred to from inside it, with and without `$id`;
 * - methods: optional and required params in any order, by name, by position or either, content
 *   descriptors and examples by `$ref`, notifications (no result).
 * For each: generation succeeds, the package's client and mock round-trip every method (typed and by
 * `request()`), a positional call may send `null` for every optional param, an invalid param is named in
 * the error (name and position); over all of them in one program, the declarations type-check strictly.
 * A failing document is shrunk by fast-check to the smallest that still fails, and printed.
 *
 * `npm test` runs a few seeded documents; `npm run fuzz:documents` (FUZZ_RUNS=n, FUZZ_SEED=s) runs 2,000, in
 * batches of 250 in processes of their own (scripts/fuzz-documents.mjs).
 */
import fc from 'fast-check';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { camelCase } from '../../../generator/emit/shared/client-names.js';
import { resolveConfig } from '../../../generator/config/index.js';
import { generate } from '../../../generator/generate.js';
import { splitMethodName } from '../../../generator/model/index.js';
import { ROOT, scratch } from '../../helpers/paths.js';
import { declarations, typecheck } from '../../helpers/typecheck.js';
import { callEveryMethod } from '../conformance/corpus.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? 11);

type Schema = Record<string, unknown>;

/** Words names are made of: digits, capitals, reserved words, and what separates them. */
const word = fc.constantFrom(
  'get', 'block', 'ID', 'p2p', 'Info', 'v2', 'default', 'class', 'new', 'for', 'UTXO', 'x', 'TX_HASH', 'data', 'async', 'type',
  // Reserved in strict code (contextual ones included) and globals a declaration would shadow.
  'arguments', 'eval', 'await', 'yield', 'let', 'static', 'implements', 'interface', 'package', 'private', 'public', 'enum', 'undefined',
  'Record', 'Promise', 'Array', 'Object', 'Error', 'Map', 'Set', 'Symbol', 'String', 'Number', 'BigInt', 'Date', 'JSON', 'Math',
);
const separator = fc.constantFrom('', '_', '-', ' ', '.');
const name = fc.tuple(word, fc.array(fc.tuple(separator, word), { maxLength: 2 })).map(([w, rest]) => w + rest.map(([s, x]) => s + x).join(''));
/** A JSON object key (property names keep their spelling on the wire). */
const key = fc.tuple(word, fc.array(fc.tuple(fc.constantFrom('', '_', '-', ' '), word), { maxLength: 1 })).map(([w, rest]) => w + rest.map(([s, x]) => s + x).join(''));

const leaf: fc.Arbitrary<Schema> = fc.oneof(
  fc.constant({ type: 'string' }),
  fc.constant({ type: 'boolean' }),
  fc.constant({ type: 'null' }),
  fc.record({ type: fc.constant('integer'), minimum: fc.integer({ min: -5, max: 5 }), maximum: fc.integer({ min: 6, max: 100 }) }),
  fc.record({ type: fc.constant('number'), exclusiveMinimum: fc.constant(0), multipleOf: fc.constantFrom(0.5, 2) }),
  fc.constant({ type: 'string', pattern: '^0x[0-9a-f]{2,8}$' }),
  fc.constant({ type: 'string', pattern: '^(latest|earliest|0x[1-9a-f][0-9a-f]*)$' }),
  fc.constant({ type: 'string', format: 'date-time' }),
  fc.record({ type: fc.constant('string'), minLength: fc.integer({ min: 1, max: 3 }), maxLength: fc.integer({ min: 4, max: 9 }) }),
  fc.uniqueArray(fc.constantFrom('a', 'b-c', 'D E', '1'), { minLength: 1, maxLength: 3 }).map((e) => ({ enum: e })),
  fc.constantFrom({ const: 42 }, { const: 'fixed' }),
  fc.constant({ type: ['string', 'null'] }),
  fc.constant({}),
  fc.constant(true as unknown as Schema),
);

/** Schemas that may refer to the document's components (`refs`), nesting a few levels. */
function schemas(refs: readonly string[]): fc.Arbitrary<Schema> {
  const { schema } = fc.letrec<{ schema: Schema }>((tie) => ({
    schema: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      ...(refs.length ? [fc.constantFrom(...refs).map((r) => ({ $ref: `#/components/schemas/${r}` }))] : []),
      fc.tuple(fc.uniqueArray(fc.tuple(key, tie('schema')), { maxLength: 3, selector: ([k]) => k }), fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), fc.boolean()).map(([props, req, closed]) => ({
        type: 'object',
        properties: Object.fromEntries(props),
        required: props.filter((_, i) => req[i]).map(([k]) => k),
        ...(closed ? { additionalProperties: false } : {}),
      })),
      fc.tuple(tie('schema'), fc.integer({ min: 0, max: 2 })).map(([items, minItems]) => ({ type: 'array', items, minItems })),
      fc.array(tie('schema'), { minLength: 1, maxLength: 3 }).map((items) => ({ type: 'array', items, minItems: items.length, additionalItems: false })),
      tie('schema').map((s) => ({ anyOf: [s, { type: 'null' }] })),
      fc.constant({ oneOf: [{ type: 'string', pattern: '^0x' }, { type: 'integer' }, { type: 'array', items: { type: 'boolean' } }] }),
      fc.tuple(tie('schema'), tie('schema')).map(([a, b]) => ({ anyOf: [a, b] })),
      // Two distinct keys: one key that both parts type differently would make a schema no value meets.
      fc.tuple(fc.uniqueArray(key, { minLength: 2, maxLength: 2 }), leaf).map(([[a, b], s]) => ({ allOf: [{ type: 'object', properties: { [a!]: s }, required: [a!] }, { type: 'object', properties: { [b!]: { type: 'string' } } }] })),
      // Nested combinators: a union in a union, a oneOf in an anyOf, an allOf of one.
      fc.tuple(tie('schema'), tie('schema')).map(([a, b]) => ({ anyOf: [{ type: 'boolean' }, { anyOf: [a, { type: 'null' }] }, { oneOf: [{ allOf: [b] }] }] })),
      // `false` where a value may be left out: an optional property, a branch beside others.
      key.map((k) => ({ type: 'object', properties: { [k]: false, other: { type: 'string' } } })),
      fc.constant({ anyOf: [false, { type: 'integer' }] }),
    ),
  }));
  return schema;
}

/** A value valid against a leaf schema, for examples (undefined for schemas other than leaves). */
function leafValue(s: Schema): unknown {
  if (typeof s === 'boolean') return s ? { any: ['thing'] } : undefined;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (s.pattern === '^0x[0-9a-f]{2,8}$') return '0xabcd';
  if (typeof s.pattern === 'string') return 'latest';
  if (s.format === 'date-time') return '2024-05-06T07:08:09Z';
  switch (JSON.stringify(s.type)) {
    case '"string"':
      return 'abcd';
    case '"boolean"':
      return true;
    case '"null"':
      return null;
    case '"integer"':
      return 6;
    case '"number"':
      return 4;
    case '["string","null"]':
      return null;
  }
  return Object.keys(s).length === 0 ? { any: ['thing'] } : undefined;
}

const self = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Components with a fixed shape: recursion through each combinator, and definitions embedded in a schema. */
const FIXED: Record<string, Schema> = {
  // A tree whose children are trees or nothing.
  Node: { type: 'object', properties: { value: { type: 'string' }, children: { type: 'array', items: { anyOf: [self('Node'), { type: 'null' }] } } }, required: ['value'] },
  // schemars' Option<Box<Self>>: the recursive member in a union inside a union.
  V: { anyOf: [{ type: 'string' }, { type: 'array', items: self('V') }, { anyOf: [self('V'), { type: 'null' }] }] },
  // Recursion through oneOf and allOf, and through a oneOf nested in an anyOf.
  Chain: { oneOf: [{ type: 'integer' }, { type: 'object', properties: { next: { allOf: [self('Chain')] } }, required: ['next'], additionalProperties: false }] },
  Promise: { anyOf: [{ type: 'boolean' }, { oneOf: [{ type: 'array', items: self('Promise'), maxItems: 2 }, { type: 'null' }] }] },
  // Definitions embedded per type (schemars), referred to from inside it: without and with a base of its own.
  Embedded: { type: 'object', properties: { b: { $ref: '#/definitions/B' }, list: { type: 'array', items: { $ref: '#/definitions/B' } } }, definitions: { B: { type: 'string', enum: ['bee'] } } },
  eval: { $id: 'urn:example:eval', type: 'object', properties: { d: { $ref: '#/$defs/D' } }, $defs: { D: { type: 'integer' } } },
};

const SERVERS: readonly (readonly Schema[] | undefined)[] = [
  undefined,
  [],
  [{ name: 'main', url: 'http://localhost:8545/rpc' }],
  // A main and a test network at one path.
  [
    { name: 'main', url: 'https://main.example/api/v1' },
    { name: 'test', url: 'https://test.example/api/v1' },
  ],
  [{ name: 'chain', url: 'http://localhost:9650/ext/bc/{chain}/rpc', variables: { chain: { default: 'C', enum: ['C', 'X'] } } }],
];

const document = fc
  .uniqueArray(fc.constantFrom('BLOCK_ID', 'p2p.Info', 'default', 'Block object', 'TX-2', 'Record', 'interface', ...Object.keys(FIXED)), { maxLength: 5 })
  .chain((components) => {
    const refs = components.filter((c) => !(c in FIXED) || c === 'Node' || c === 'V' || c === 'Chain' || c === 'Embedded');
    const schema = schemas(refs);
    const param = fc.record({ name: key, required: fc.boolean(), schema, byRef: fc.boolean() });
    const method = fc.record({
      name: fc.tuple(fc.option(fc.constantFrom('eth', 'p2p', 'Filecoin', 'my-ns'), { nil: undefined }), fc.constantFrom('.', '_'), name).map(([ns, sep, n]) => (ns ? `${ns}${sep}${n}` : n)),
      params: fc.uniqueArray(param, { maxLength: 4, selector: (p) => camelCase(p.name) }),
      result: fc.option(schema, { nil: undefined }),
      paramStructure: fc.constantFrom(undefined, 'by-name', 'by-position', 'either'),
      example: fc.boolean(),
      exampleByRef: fc.boolean(),
    });
    return fc.record({
      components: fc.tuple(...components.map((c) => (FIXED[c] ? fc.constant(FIXED[c]) : schemas([])))).map((list) => Object.fromEntries(components.map((c, i) => [c, list[i]]))),
      methods: fc.uniqueArray(method, {
        minLength: 1,
        maxLength: 5,
        // Distinct after naming: two methods that would become one function are a (reported) user error.
        selector: (m) => {
          const { namespace, member } = splitMethodName(m.name);
          return `${camelCase(`${namespace} ${member}`)}|${namespace}|${member}`;
        },
      }),
      servers: fc.constantFrom(...SERVERS),
    });
  })
  .map(({ components, methods, servers }) => {
    // Content descriptors and examples by $ref: shared under components, each once.
    const contentDescriptors: Record<string, unknown> = {};
    const examples: Record<string, unknown> = {};
    const pairings: Record<string, unknown> = {};
    const doc = {
      openrpc: '1.3.2',
      info: { title: 'Random API', version: '1.0.0' },
      ...(servers ? { servers } : {}),
      methods: methods.map((m, mi) => {
        const values = m.params.map((p) => leafValue(p.schema));
        const result = m.result === undefined ? undefined : leafValue(m.result);
        const exampleOk = m.example && values.every((v) => v !== undefined) && (m.result === undefined || result !== undefined);
        const params = m.params.map((p, pi) => {
          const cd = { name: p.name, required: p.required, schema: p.schema };
          if (!p.byRef) return cd;
          contentDescriptors[`m${mi}p${pi}`] = cd;
          return { $ref: `#/components/contentDescriptors/m${mi}p${pi}` };
        });
        let example: unknown;
        if (exampleOk) {
          const pairs: unknown[] = m.params.map((p, i) => ({ name: p.name, value: values[i] }));
          // An example object by $ref (the first param's), and the whole pairing by $ref.
          if (m.exampleByRef && pairs.length) {
            examples[`v${mi}`] = pairs[0];
            pairs[0] = { $ref: `#/components/examples/v${mi}` };
          }
          example = { name: `example ${mi}`, params: pairs, ...(m.result !== undefined ? { result: { name: 'result', value: result } } : {}) };
          if (m.exampleByRef) {
            pairings[`e${mi}`] = example;
            example = { $ref: `#/components/examplePairingObjects/e${mi}` };
          }
        }
        return {
          name: m.name,
          ...(m.paramStructure ? { paramStructure: m.paramStructure } : {}),
          params,
          // Without a result: a notification.
          ...(m.result !== undefined ? { result: { name: 'result', schema: m.result } } : {}),
          ...(example ? { examples: [example] } : {}),
        };
      }),
      components: {
        ...(Object.keys(components).length ? { schemas: components } : {}),
        ...(Object.keys(contentDescriptors).length ? { contentDescriptors } : {}),
        ...(Object.keys(examples).length ? { examples } : {}),
        ...(Object.keys(pairings).length ? { examplePairingObjects: pairings } : {}),
      },
    };
    return doc;
  });

type Doc = { methods: { name: string; paramStructure?: string; params: ({ name: string; required: boolean; schema: Schema } | { $ref: string })[] }[]; components: { contentDescriptors?: Record<string, unknown> } };

/** A leaf schema no object satisfies (a typed scalar, an enum, a const), for an invalid value. */
function refusesObjects(s: Schema): boolean {
  if (typeof s !== 'object' || s === null) return false;
  if ('const' in s || Array.isArray(s.enum)) return true;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  return s.type !== undefined && !types.includes('object') && Object.keys(s).every((k) => ['type', 'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'multipleOf', 'minLength', 'maxLength'].includes(k));
}

/**
 * Through the package's client against its mock: a positional call with `null` for every optional param is
 * not refused as invalid, and a call with one param wrong is refused naming that param and its position.
 * Returns what went wrong, one line per method.
 */
async function checkParams(clientDir: string, doc: Doc): Promise<string[]> {
  const load = (path: string) => import(pathToFileURL(join(clientDir, path)).href);
  const { startMock } = (await load('mock/index.js')) as { startMock: () => Promise<{ url: string; close(): Promise<void> }> };
  const { createClient } = (await load('index.js')) as { createClient: (o: { url: string }) => { request(r: { method: string; params: unknown }): Promise<unknown>; close(): Promise<void> } };
  const mock = await startMock();
  const client = createClient({ url: mock.url });
  const wrong: string[] = [];
  const outcome = async (method: string, params: unknown) => client.request({ method, params }).then(() => undefined, (e: { code?: number; message: string }) => e);
  try {
    for (const m of doc.methods) {
      const params = m.params.map((p) => ('$ref' in p ? (doc.components.contentDescriptors![p.$ref.split('/').pop()!] as { name: string; required: boolean; schema: Schema }) : p));
      const values = params.map((p) => leafValue(p.schema));
      if (params.some((p, i) => p.required && values[i] === undefined)) continue;
      const positional = m.paramStructure !== 'by-name';
      if (positional && params.some((p) => !p.required)) {
        const list = params.map((p, i) => (p.required ? values[i] : null));
        const e = await outcome(m.name, list);
        if (e?.code === -32602) wrong.push(`${m.name}: null for the optional params ${JSON.stringify(list)} refused: ${e.message}`);
      }
      const bad = params.findIndex((p) => refusesObjects(p.schema));
      if (bad === -1) continue;
      const invalid = { not: ['a value of it'] };
      const call = positional
        ? params.map((p, i) => (i === bad ? invalid : p.required ? values[i] : null))
        : Object.fromEntries(params.flatMap((p, i) => (i === bad ? [[p.name, invalid]] : p.required ? [[p.name, values[i]]] : [])));
      const e = await outcome(m.name, call);
      // A call by position names the param and its place; a call by name has its name to go by (the place is in `data`).
      const named = positional ? `${params[bad]!.name} (position ${bad})` : params[bad]!.name;
      if (e?.code !== -32602 || !e.message.startsWith(`Invalid params: ${named} `)) wrong.push(`${m.name}: ${JSON.stringify(call)} answered ${e ? `${e.code} ${e.message}` : 'a result'}; expected -32602 naming ${named}`);
    }
  } finally {
    await client.close();
    await mock.close();
  }
  return wrong;
}

/**
 * The smallest documents earlier runs failed on (as fast-check printed them), checked on every run: a
 * tuple item with `exclusiveMinimum` and `multipleOf` (no params were made for it, FUZZ_SEED=7), a
 * by-name call whose params error names its param without a position, and a document without types.
 */
const RECORDED: readonly unknown[] = [
  {
    openrpc: '1.3.2',
    info: { title: 'Random API', version: '1.0.0' },
    methods: [{ name: 'get', params: [{ name: 'get', required: true, schema: { type: 'array', items: [{ type: 'number', exclusiveMinimum: 0, multipleOf: 2 }], minItems: 1, additionalItems: false } }] }],
    components: {},
  },
  {
    openrpc: '1.3.2',
    info: { title: 'Random API', version: '1.0.0' },
    methods: [{ name: 'get', paramStructure: 'by-name', params: [{ name: 'get', required: false, schema: { type: 'string' } }] }],
    components: {},
  },
  // No type at all (a notification without params): its types.d.ts must still be a module (seed 11, document 50).
  {
    openrpc: '1.3.2',
    info: { title: 'Random API', version: '1.0.0' },
    methods: [{ name: 'eval', paramStructure: 'either', params: [], examples: [{ name: 'example 0', params: [] }] }],
    components: {},
  },
];

describe('random OpenRPC documents', () => {
  it(`generate, round-trip every method through client and mock, and type-check (${RUNS} documents, seed ${SEED}, and ${RECORDED.length} recorded)`, async () => {
    const root = scratch('fuzz');
    const outputs: { dir: string; doc: unknown }[] = [];
    const check = async (doc: { methods: unknown[] }) => {
      const dir = join(root, `doc${outputs.length}`);
      mkdirSync(dir);
      writeFileSync(join(dir, 'openrpc.json'), `${JSON.stringify(doc, null, 2)}\n`);
      outputs.push({ dir, doc });
      const result = await generate(
        resolveConfig(dir, { documents: ['openrpc.json'], out: 'out', strict: false, emit: ['openrpc', 'client', 'validators', 'server', 'mock', 'package'] }),
        { cacheDir: false },
      );
      expect(result.ok, `${result.report}\n${JSON.stringify(doc)}`).toBe(true);
      expect(result.problems.filter((p) => p.code === 'mock-value-missing')).toEqual([]);
      const outcomes = await callEveryMethod(join(dir, 'out/client'));
      expect(outcomes.filter((o) => o.problem), JSON.stringify(doc)).toEqual([]);
      expect(outcomes.length).toBe(doc.methods.length * 2);
      expect(await checkParams(join(dir, 'out/client'), doc as unknown as Doc), JSON.stringify(doc)).toEqual([]);
    };
    for (const doc of RECORDED) await check(doc as { methods: unknown[] });
    await fc.assert(
      fc.asyncProperty(document, check),
      // No endOnFailure: a failing document is shrunk to the smallest that still fails, which is printed.
      { numRuns: RUNS, seed: SEED },
    );
    // One program over every package made (what a strict consumer's tsc sees).
    if (!existsSync(join(root, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
    const problems = typecheck(declarations(...outputs.map(({ dir }) => join(dir, 'out/client'))), root).map((line) => {
      const owner = outputs.find((o) => line.startsWith(`${o.dir.slice(root.length)}/`));
      return owner ? `${line}\n  document: ${JSON.stringify(owner.doc)}` : line;
    });
    expect(problems).toEqual([]);
    // About a second a document on two cores: the bound grows with the runs asked for.
  }, Math.max(600_000, RUNS * 5_000));
});
