/**
 * The declaration printer (generator/schema/ts-decl.ts) held to json-schema-to-typescript, its reference, byte
 * for byte: every declaration and positional-param input TypeCatalog makes for our spec and for the real
 * documents (the Ethereum execution APIs, MetaMask, Starknet's API documents, Filecoin Lotus), then random
 * schemas. Every input of those documents must be covered (none left to the library); a random schema made
 * from the covered shapes must be covered too; any schema the printer answers for must get the library's text.
 *
 * `npm test` runs a few hundred random schemas; FUZZ_RUNS=n (FUZZ_SEED=s) runs more.
 */
import fc from 'fast-check';
import { compile, type Options } from 'json-schema-to-typescript';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfigFile, resolveConfig, type Config } from '../../../generator/config/index.js';
import { loadProject } from '../../../generator/load/index.js';
import { buildService } from '../../../generator/model/index.js';
import { printDeclaration } from '../../../generator/schema/ts-decl.js';
import { DECL_OPTIONS, PARAM_OPTIONS, TypeCatalog, type TypeInput } from '../../../generator/schema/typescript.js';
import { RunMemory } from '../../../generator/speed/incremental.js';
import { ROOT, SHARED } from '../../helpers/paths.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const SEED = Number(process.env.FUZZ_SEED ?? 7);

/** How TypeCatalog calls the library for an input without a `$ref` (its reference parser skipped): every input the printer covers has none. */
async function library(input: object, name: string, options: Readonly<Partial<Options>>): Promise<string> {
  const noRefs: Options['$refOptions'] = { resolve: { external: false }, dereference: { excludedPathMatcher: () => true } };
  return closedComments(await compile(structuredClone(input) as never, name, { ...options, $refOptions: noRefs }));
}

/**
 * The one place the printer departs from the library on purpose: the library writes a patternProperty key
 * into a comment with only its first `*\/` escaped, so a second one ends the comment and the rest of the key
 * becomes code. The printer writes every one as `* /`, the library's spelling for descriptions.
 */
function closedComments(text: string): string {
  return text.replace(/(via the `patternProperty` ")(.*)(".)$/gm, (_, a: string, key: string, z: string) => a + key.replace(/\*\\\//, '*/').replace(/\*\//g, '* /') + z);
}

const REAL = join(SHARED, 'conformance/openrpc-real');
const DOCUMENTS: readonly { name: string; config: () => Config }[] = [
  { name: 'our spec', config: () => resolveConfig(ROOT, readConfigFile(ROOT)!) },
  { name: 'execution-apis', config: () => foreign(join(SHARED, 'conformance/execution-apis'), ['openrpc.json']) },
  { name: 'metamask', config: () => foreign(join(REAL, 'metamask'), ['openrpc.json']) },
  {
    name: 'starknet',
    config: () =>
      foreign(join(REAL, 'starknet'), ['api/starknet_api_openrpc.json', 'api/starknet_write_api.json', 'api/starknet_trace_api_openrpc.json', 'api/starknet_ws_api.json', 'api/starknet_executables.json']),
  },
  { name: 'filecoin-lotus', config: () => foreign(join(REAL, 'filecoin-lotus'), ['lotus-v1.27.0.json']) },
];

function foreign(root: string, documents: string[]): Config {
  return resolveConfig(root, { documents, out: 'out', strict: false, emit: ['client'] });
}

describe('types.ts with the printer and the library together', () => {
  it('has the library write what the printer does not cover, and the printer the rest', async () => {
    const document = {
      openrpc: '1.3.2',
      info: { title: 'T', version: '1' },
      methods: [
        // A type list beside a combinator: left to the library.
        { name: 'odd', params: [], result: { name: 'r', schema: { type: ['string', 'null'], anyOf: [{ type: 'string', enum: ['a'] }, { type: 'null' }] } } },
        { name: 'plain', params: [{ name: 'n', schema: { type: 'integer' } }], paramStructure: 'by-position', result: { name: 'r', schema: { type: 'object', properties: { a: { type: 'string' } } } } },
      ],
    };
    const catalog = new TypeCatalog({ services: [buildService('t', 't.json', document)] }, new RunMemory(false));
    const { declarations } = catalog.typeInputs();
    const [odd, plain] = ['OddResult', 'PlainResult'].map((n) => declarations.find((d) => d.name === n)!);
    expect(printDeclaration(odd!)).toBeUndefined();
    const printed = printDeclaration(plain!);
    expect(printed).toBe(await library(plain!.input, plain!.name, plain!.options));
    const source = await catalog.source();
    expect(source).toContain((await library(odd!.input, odd!.name, odd!.options)).trim());
    expect(source).toContain(printed!.trim().replace('\na?: string', '\n  a?: string'));
    expect(source).toContain('export type PlainParams = [n?: number]');
  });
});

describe('the declaration printer on real documents', () => {
  for (const doc of DOCUMENTS) {
    it(`${doc.name}: every input covered, every text the library's`, async () => {
      const loaded = loadProject(doc.config(), { source: false });
      expect(loaded.model, loaded.problems.map((p) => p.message).join('\n')).toBeDefined();
      const { declarations, params } = new TypeCatalog(loaded.model!, new RunMemory(false)).typeInputs();
      const all: TypeInput[] = [...declarations, ...params];
      expect(all.length).toBeGreaterThan(100);
      const uncovered: string[] = [];
      const different: { name: string; input: string; printed: string; library: string }[] = [];
      for (const t of all) {
        const printed = printDeclaration(t);
        if (printed === undefined) {
          uncovered.push(`${t.name}: ${JSON.stringify(t.input).slice(0, 200)}`);
          continue;
        }
        const want = await library(t.input, t.name, t.options);
        if (printed !== want) different.push({ name: t.name, input: JSON.stringify(t.input), printed, library: want });
      }
      expect(different.slice(0, 3)).toEqual([]);
      expect(uncovered).toEqual([]);
    });
  }
});

type Schema = Record<string, unknown>;

const text = fc.oneof(
  fc.constantFrom('', 'A thing.', 'ends */ here', 'two\nlines', '@deprecated use the other', 'see @link x', 'trailing\n', 'has "quotes"', 'Items: a list'),
  fc.string({ maxLength: 5 }),
);
/** Property names: identifiers, ones that need quotes, and the names of keywords (`items`, `type`, ...). */
const key = fc.oneof(fc.constantFrom('a', 'b', 'c-d', '0', '1x', 'items', 'maxItems', 'type', 'tsType', 'required', '$x', '', 'é', 'two words'), fc.string({ maxLength: 3 })).filter((k) => k !== '__proto__');
/** Maps as JSON.parse makes them (an ordinary prototype). */
const map = <T>(keys: fc.Arbitrary<string>, values: fc.Arbitrary<T>, maxKeys: number) => fc.dictionary(keys, values, { maxKeys, noNullPrototype: true });
const scalar = fc.oneof(fc.string({ maxLength: 3 }), fc.integer({ min: -3, max: 3 }), fc.boolean(), fc.constant(null), fc.double({ noNaN: true, noDefaultInfinity: true }));
const scalarType = fc.constantFrom('string', 'number', 'integer', 'boolean', 'null');
const anyType = fc.constantFrom('string', 'number', 'integer', 'boolean', 'null', 'object', 'array');
/** Array bounds: small ones anywhere, and around the library's tuple limits (20 for params, 64 for declarations). */
const count = fc.integer({ min: 0, max: 4 });
const bigCount = fc.oneof(count, fc.constantFrom(1, 19, 20, 21, 32, 63, 64, 65, 100));
const boundsOf = (n: fc.Arbitrary<number>) =>
  fc
    .record({ minItems: n, maxItems: n }, { requiredKeys: [] })
    .map((b) => (b.minItems !== undefined && b.maxItems !== undefined && b.maxItems < b.minItems ? { minItems: b.maxItems, maxItems: b.minItems } : b));
const bounds = boundsOf(count);
/** What TypeCatalog writes for references and codecs, and what a document's `x-open` becomes. */
const tsType = fc.constantFrom('Foo', 'unknown', 'any', 'bigint', 'bigint | null', '`0x${string}`', 'A | B', 'string[]', 'Foo.Bar', ' unknown ', 'number');
const docs = { description: text, deprecated: fc.boolean() };
const withDocs = <T extends Schema>(arb: fc.Arbitrary<T>): fc.Arbitrary<Schema> =>
  fc.tuple(arb, fc.record(docs, { requiredKeys: [] })).map(([s, d]) => ({ ...s, ...d }));

/** Schemas of the shapes the printer covers, nested a few levels. */
const { covered } = fc.letrec<{ covered: Schema; leaf: Schema; object: Schema; array: Schema; combined: Schema }>((tie) => ({
  covered: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('leaf'), tie('object'), tie('array'), tie('combined')),
  leaf: fc.oneof(
    withDocs(fc.record({ type: scalarType })),
    withDocs(fc.record({ tsType })),
    withDocs(fc.record({ enum: fc.array(scalar, { maxLength: 3 }), type: scalarType }, { requiredKeys: ['enum'] })),
    withDocs(fc.record({ const: scalar, type: anyType }, { requiredKeys: ['const'] })),
    withDocs(fc.record({ type: fc.uniqueArray(scalarType, { minLength: 1, maxLength: 3 }), enum: fc.array(scalar, { maxLength: 2 }) }, { requiredKeys: ['type'] })),
    withDocs(fc.record({ required: fc.array(key, { maxLength: 2 }) }, { requiredKeys: [] })),
    withDocs(fc.record({ type: fc.constant('object'), additionalProperties: fc.boolean() }, { requiredKeys: ['type'] })),
    withDocs(fc.tuple(fc.record({ type: fc.constantFrom('array', ['array', 'null']) }), boundsOf(bigCount)).map(([t, b]) => ({ ...t, ...b }))),
    // Long tuples (only of leaves: the library's union of tuples grows with the square of the bound).
    withDocs(
      fc
        .tuple(fc.record({ type: fc.constantFrom('array', ['array', 'null']), items: fc.oneof(fc.record({ type: scalarType }), fc.record({ tsType })) }), boundsOf(bigCount))
        .map(([t, b]) => ({ ...t, ...b })),
    ),
    fc.constant({}),
  ),
  object: withDocs(
    fc
      .record(
        {
          type: fc.constantFrom('object', ['object', 'null'], ['null', 'object'], ['object', 'array']),
          properties: map(key, tie('covered'), 4),
          required: fc.array(key, { maxLength: 3 }),
          additionalProperties: fc.oneof(fc.boolean(), tie('covered')),
          patternProperties: map(fc.constantFrom('^a', '.*', 'x*/y*/z'), tie('covered'), 2),
        },
        { requiredKeys: [] },
      )
      // A map with both `items` and `minItems` keys is left to the library (its walk up nested arrays reads them).
      .filter((s) => !(s.properties && 'items' in s.properties && 'minItems' in s.properties)),
  ),
  array: withDocs(
    fc
      .tuple(
        fc.record(
          {
            type: fc.constantFrom('array', ['array', 'null']),
            items: fc.oneof(tie('covered'), fc.array(tie('covered'), { maxLength: 3 })),
            additionalItems: fc.oneof(fc.boolean(), tie('covered')),
          },
          { requiredKeys: ['items'] },
        ),
        bounds,
      )
      .map(([s, b]) => ({ ...s, ...b })),
  ),
  combined: withDocs(
    fc.record(
      {
        anyOf: fc.array(tie('covered'), { maxLength: 3 }),
        oneOf: fc.array(tie('covered'), { maxLength: 3 }),
        allOf: fc.array(tie('covered'), { maxLength: 3 }),
        type: fc.constantFrom('object', 'string', 'array'),
        properties: map(fc.constantFrom('a', 'b'), tie('covered'), 2),
        required: fc.constant(['a']),
        items: tie('covered'),
      },
      { requiredKeys: [] },
    ),
  ),
}));

/** Anything built of the keywords TypeCatalog hands over, covered or not (most combinations are not). */
const { wild } = fc.letrec<{ wild: Schema }>((tie) => ({
  wild: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom({}, { type: 'string' }, { tsType: 'Foo' }, { title: 'Nested' }, { $ref: '#/x' }, { type: 'any' }, { minItems: 3, maxItems: 1 }),
    fc.record(
      {
        type: fc.oneof(anyType, fc.array(anyType, { maxLength: 3 })),
        properties: map(key, tie('wild'), 3),
        patternProperties: map(fc.constantFrom('^a', '.*'), tie('wild'), 2),
        required: fc.oneof(fc.array(key, { maxLength: 3 }), fc.boolean()),
        additionalProperties: fc.oneof(fc.boolean(), tie('wild')),
        items: fc.oneof(tie('wild'), fc.array(tie('wild'), { maxLength: 3 }), fc.boolean()),
        additionalItems: fc.oneof(fc.boolean(), tie('wild')),
        minItems: fc.oneof(count, fc.constant(-1)),
        maxItems: count,
        enum: fc.array(fc.oneof(scalar, fc.constant({ a: 1 })), { maxLength: 3 }),
        const: fc.oneof(scalar, fc.constant([1])),
        anyOf: fc.array(tie('wild'), { maxLength: 3 }),
        oneOf: fc.array(tie('wild'), { maxLength: 3 }),
        allOf: fc.array(tie('wild'), { maxLength: 3 }),
        description: text,
        deprecated: fc.oneof(fc.boolean(), fc.constant('yes')),
        tsType: fc.oneof(tsType, fc.constant('')),
      },
      { requiredKeys: [] },
    ),
  ),
}));

/**
 * A declaration input or a positional param's, as TypeCatalog makes them; `fresh`: every object once, as
 * TypeCatalog makes them (fast-check repeats a constant's object).
 */
function asInput(made: Schema, name: string, declaration: boolean, fresh = true): TypeInput {
  const schema = fresh ? (JSON.parse(JSON.stringify(made)) as Schema) : made;
  return declaration ? { name, input: { ...schema, title: name }, options: DECL_OPTIONS } : { name: 'X', input: { title: 'X', anyOf: [schema] }, options: PARAM_OPTIONS };
}

const names = fc.constantFrom('X', 'Foo', 'BlockV2', 'BLOCK_HASH');

describe('the declaration printer on random schemas', () => {
  it('covers every schema of the covered shapes and writes the library text for it', async () => {
    await fc.assert(
      fc.asyncProperty(covered, names, fc.boolean(), async (schema, name, declaration) => {
        const t = asInput(schema, name, declaration);
        const printed = printDeclaration(t);
        expect(printed, JSON.stringify(t.input)).toBeDefined();
        expect(printed).toBe(await library(t.input, t.name, t.options));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('writes the library text for every schema it answers for, and leaves the rest to the library', async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(wild, names, fc.boolean(), async (schema, name, declaration) => {
        const t = asInput(schema, name, declaration, false);
        const printed = printDeclaration(t);
        if (printed === undefined) return;
        answered++;
        expect(printed).toBe(await library(t.input, t.name, t.options));
      }),
      { numRuns: RUNS, seed: SEED },
    );
    // The property says something only if a fair share of the schemas were answered.
    expect(answered).toBeGreaterThan(RUNS / 10);
  });

  it.each([
    ['a reference left in the input', { $ref: '#/components/schemas/A' }],
    ['a title below the root (the library would declare it apart)', { type: 'object', properties: { a: { title: 'A', type: 'object' } } }],
    ['maxItems below minItems (the library refuses it)', { type: 'array', items: { type: 'string' }, minItems: 3, maxItems: 1 }],
    ['a type list beside a combinator', { type: ['string', 'null'], anyOf: [{ type: 'string' }] }],
    ['a validation keyword TypeCatalog does not hand over', { type: 'string', pattern: '^a$' }],
    ['an object as a const', { const: { a: 1 } }],
  ])('leaves %s to the library', (_, schema) => {
    expect(printDeclaration(asInput(schema, 'Foo', true))).toBeUndefined();
  });

  it('leaves to the library an input holding one schema object twice (it would type it once)', async () => {
    const any = {};
    const t = asInput({ properties: { a: any }, patternProperties: { '^a': any } }, 'Foo', true, false);
    expect(printDeclaration(t)).toBeUndefined();
    const fresh = asInput({ properties: { a: {} }, patternProperties: { '^a': {} } }, 'Foo', true);
    expect(printDeclaration(fresh)).toBe(await library(fresh.input, fresh.name, fresh.options));
    // The library's answers differ: the note of the pattern shows on the property too.
    expect(await library(t.input, t.name, t.options)).not.toBe(printDeclaration(fresh));
  });

  it('leaves other options to the library', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    expect(printDeclaration({ name: 'Foo', input: { ...schema, title: 'Foo' }, options: { ...DECL_OPTIONS, unknownAny: false } })).toBeUndefined();
    expect(printDeclaration({ name: 'Foo', input: { ...schema, title: 'Foo' }, options: { ...DECL_OPTIONS, strictIndexSignatures: true } })).toBeUndefined();
    expect(printDeclaration({ name: 'foo_bar', input: { ...schema, title: 'foo_bar' }, options: DECL_OPTIONS })).toBeUndefined();
    // The library names the declaration by its title.
    expect(printDeclaration({ name: 'Foo', input: { ...schema, title: 'Bar' }, options: DECL_OPTIONS })).toBeUndefined();
    expect(printDeclaration({ name: 'Foo', input: { ...schema, title: 'Foo' }, options: DECL_OPTIONS })).toBe('export interface Foo {\na?: string\n}\n');
  });
});
