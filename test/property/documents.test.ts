/**
 * Random valid OpenRPC documents, to find the next bug before users do: method, param, property and
 * component names with digits, dots, dashes, spaces and reserved words; optional and required params in any
 * order; recursive, nullable, tuple and combinator schemas, patterns, formats and bounds; with and without
 * `servers` (a path or none), `paramStructure` and examples. For each: generation succeeds, the package's
 * client and mock round-trip every method (typed and by `request()`), and, over all of them in one program,
 * the declarations type-check strictly.
 *
 * `npm test` runs a few seeded documents; `npm run fuzz:documents` (FUZZ_RUNS=n, FUZZ_SEED=s) runs many more.
 */
import fc from 'fast-check';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { camelCase } from '../../generator/emit/shared/client-names.js';
import { resolveConfig } from '../../generator/config/index.js';
import { generate } from '../../generator/generate.js';
import { splitMethodName } from '../../generator/model/index.js';
import { ROOT, scratch } from '../helpers/paths.js';
import { declarations, typecheck } from '../helpers/typecheck.js';
import { callEveryMethod } from '../conformance/corpus.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? 11);

type Schema = Record<string, unknown>;

/** Words names are made of: digits, capitals, reserved words, and what separates them. */
const word = fc.constantFrom('get', 'block', 'ID', 'p2p', 'Info', 'v2', 'default', 'class', 'new', 'for', 'UTXO', 'x', 'TX_HASH', 'data', 'async', 'type');
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
      fc.tuple(key, key, leaf).map(([a, b, s]) => ({ allOf: [{ type: 'object', properties: { [a]: s }, required: [a] }, { type: 'object', properties: { [b]: { type: 'string' } } }] })),
    ),
  }));
  return schema;
}

/** A value valid against a leaf schema, for examples (undefined for schemas other than leaves). */
function leafValue(s: Schema): unknown {
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

const document = fc
  .uniqueArray(fc.constantFrom('BLOCK_ID', 'p2p.Info', 'Node', 'default', 'Block object', 'TX-2'), { maxLength: 3 })
  .chain((components) => {
    const refs = components.filter((c) => c !== 'Node');
    // A recursive component: a tree whose children are trees or nothing.
    const node: Schema = { type: 'object', properties: { value: { type: 'string' }, children: { type: 'array', items: { anyOf: [{ $ref: '#/components/schemas/Node' }, { type: 'null' }] } } }, required: ['value'] };
    const schema = schemas(components.includes('Node') ? [...refs, 'Node'] : refs);
    const param = fc.record({ name: key, required: fc.boolean(), schema });
    const method = fc.record({
      name: fc.tuple(fc.option(fc.constantFrom('eth', 'p2p', 'Filecoin', 'my-ns'), { nil: undefined }), fc.constantFrom('.', '_'), name).map(([ns, sep, n]) => (ns ? `${ns}${sep}${n}` : n)),
      params: fc.uniqueArray(param, { maxLength: 4, selector: (p) => camelCase(p.name) }),
      result: fc.option(schema, { nil: undefined }),
      paramStructure: fc.constantFrom(undefined, 'by-name', 'by-position', 'either'),
      example: fc.boolean(),
    });
    return fc.record({
      components: fc.tuple(...components.map((c) => (c === 'Node' ? fc.constant(node) : schemas([])))).map((list) => Object.fromEntries(components.map((c, i) => [c, list[i]]))),
      methods: fc.uniqueArray(method, {
        minLength: 1,
        maxLength: 5,
        // Distinct after naming: two methods that would become one function are a (reported) user error.
        selector: (m) => {
          const { namespace, member } = splitMethodName(m.name);
          return `${camelCase(`${namespace} ${member}`)}|${namespace}|${member}`;
        },
      }),
      servers: fc.constantFrom(undefined, [], [{ name: 'main', url: 'http://localhost:8545/rpc' }]),
    });
  })
  .map(({ components, methods, servers }) => ({
    openrpc: '1.3.2',
    info: { title: 'Random API', version: '1.0.0' },
    ...(servers ? { servers } : {}),
    methods: methods.map((m) => {
      const values = m.params.map((p) => leafValue(p.schema));
      const result = m.result === undefined ? undefined : leafValue(m.result);
      const exampleOk = m.example && values.every((v) => v !== undefined) && (m.result === undefined || result !== undefined);
      return {
        name: m.name,
        ...(m.paramStructure ? { paramStructure: m.paramStructure } : {}),
        params: m.params.map((p) => ({ name: p.name, required: p.required, schema: p.schema })),
        ...(m.result ? { result: { name: 'result', schema: m.result } } : {}),
        ...(exampleOk
          ? { examples: [{ name: 'example one', params: m.params.map((p, i) => ({ name: p.name, value: values[i] })), ...(m.result ? { result: { name: 'result', value: result } } : {}) }] }
          : {}),
      };
    }),
    ...(Object.keys(components).length ? { components: { schemas: components } } : {}),
  }));

describe('random OpenRPC documents', () => {
  it(`generate, round-trip every method through client and mock, and type-check (${RUNS} documents, seed ${SEED})`, async () => {
    const root = scratch('fuzz');
    const outputs: { dir: string; doc: unknown }[] = [];
    await fc.assert(
      fc.asyncProperty(document, async (doc) => {
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
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // One program over every package made (what a strict consumer's tsc sees).
    if (!existsSync(join(root, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
    const problems = typecheck(declarations(...outputs.map(({ dir }) => join(dir, 'out/client'))), root).map((line) => {
      const owner = outputs.find((o) => line.startsWith(o.dir.slice(root.length)));
      return owner ? `${line}\n  document: ${JSON.stringify(owner.doc)}` : line;
    });
    expect(problems).toEqual([]);
  }, 600_000);
});
