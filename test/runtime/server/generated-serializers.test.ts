/**
 * The result serializers the generator writes (`serializeResult` in server/<service>.js) must give
 * `JSON.stringify(encode(plan, value))` byte for byte, the text the server sent before they existed:
 * - on every example of every method that has one, through the generated function itself (not its
 *   fallback, which would hide a fast path that always fails);
 * - on random values of each method's result schema, decoded to value form, as they are and changed
 *   (keys shuffled, dropped, added, set to undefined; null prototypes, class instances, toJSON, holes,
 *   values not in value form): the function either gives the reference text or throws, and the server's
 *   serializer (with its fallback) gives the reference text or the reference error;
 * - through the writer on small schemas of its own: the corners of key names and shapes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HELPERS, SerializerNames, SerializerWriter } from '../../../generator/emit/server/serializers.js';
import { materialize, PlanBuilder } from '../../../generator/schema/codec.js';
import { decode, encode, type Plan } from '../../../runtime/client/codec.js';
import type { ServerMethodMeta } from '../../../runtime/client/meta.js';
import * as helpers from '../../../runtime/server/serialize.js';
import { compileSerializer } from '../../../runtime/server/serialize.js';
import { services } from '../../../generated/client/server/index.js';
import { schemaValues } from './schema-values.js';

const ROOT = join(import.meta.dirname, '../../..');

type Outcome = { text?: string | undefined; error?: string };

function outcome(f: () => string | undefined): Outcome {
  try {
    return { text: f() };
  } catch (e) {
    return { error: `${(e as Error).name}: ${(e as Error).message}` };
  }
}

const reference = (plan: Plan | undefined, value: unknown): Outcome => outcome(() => JSON.stringify(encode(plan, value)));

/** A deterministic generator of numbers in [0, 1) from a seed (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Point {
  x = 1;
}

/** `value` changed here and there, as a handler might return it. */
function changed(value: unknown, seed: number): unknown {
  const r = random(seed);
  const walk = (v: unknown, depth: number): unknown => {
    if (depth > 8) return v;
    if (typeof v === 'bigint') {
      const roll = r();
      return roll < 0.03 ? Number(v) : roll < 0.06 ? String(v) : roll < 0.08 ? -v - 1n : v;
    }
    if (Array.isArray(v)) {
      const out = v.map((x) => walk(x, depth + 1));
      const roll = r();
      if (roll < 0.05 && out.length) delete out[Math.floor(r() * out.length)];
      else if (roll < 0.08) out.push(undefined);
      else if (roll < 0.1) (out as unknown as { toJSON: () => string }).toJSON = () => 'list';
      return out;
    }
    if (v === null || typeof v !== 'object') return v;
    let entries = Object.entries(v).map(([k, x]) => [k, walk(x, depth + 1)] as [string, unknown]);
    const roll = r();
    if (roll < 0.1) entries = entries.map((e) => [r(), e] as const).sort((a, b) => a[0] - b[0]).map(([, e]) => e);
    else if (roll < 0.2 && entries.length) entries.splice(Math.floor(r() * entries.length), 1);
    else if (roll < 0.3) entries.splice(Math.floor(r() * (entries.length + 1)), 0, ['extra "key"\n', { a: [1, 'b\u2028'], n: 2.5 }]);
    else if (roll < 0.35 && entries.length) entries[Math.floor(r() * entries.length)]![1] = undefined;
    else if (roll < 0.38 && entries.length) entries[Math.floor(r() * entries.length)]![1] = () => 1;
    const kind = r();
    const out: Record<string, unknown> = kind < 0.04 ? Object.create(null) : kind < 0.06 ? new Point() : {};
    for (const [k, x] of entries) Object.defineProperty(out, k, { value: x, enumerable: true, writable: true, configurable: true });
    if (kind >= 0.06 && kind < 0.08) out.toJSON = (key: string) => `toJSON(${key})`;
    return out;
  };
  return walk(value, 0);
}

const documents = new Map<string, { methods: { name: string; result?: { schema: Record<string, unknown> }; examples?: { result?: { value: unknown } }[] }[] }>();
for (const service of services) documents.set(service.name, JSON.parse(readFileSync(join(ROOT, 'generated/openrpc', `${service.name}.json`), 'utf8')));

const methods = services.flatMap((service) =>
  Object.values(service.methods).flatMap((meta: ServerMethodMeta) => {
    const document = documents.get(service.name)!;
    const method = document.methods.find((m) => m.name === meta.name);
    return meta.serializeResult && method?.result ? [{ name: meta.name, meta, document, method, serialize: meta.serializeResult }] : [];
  }),
);

describe('the serializers of every method', () => {
  it('are written for most results', () => {
    expect(methods.length).toBeGreaterThan(80);
  });

  const examples = methods.flatMap((m) =>
    (m.method.examples ?? []).flatMap((e, i) => (e.result === undefined ? [] : [[`${m.name} #${i}`, { ...m, wire: e.result.value }] as const])),
  );

  it.each(examples)('%s: the example, in value form, through the generated function itself', (_, { meta, serialize, wire }) => {
    const plan = meta.encodeResult;
    const value = decode(plan, wire);
    expect(outcome(() => serialize(value))).toEqual(reference(plan, value));
  });

  it.each(methods.map((m) => [m.name, m] as const))('%s: random values of the result schema, as they are and changed', (_, { meta, serialize, document, method }) => {
    const plan = meta.encodeResult;
    const server = compileSerializer(plan, serialize);
    let decoded = 0;
    let fast = 0;
    fc.assert(
      fc.property(schemaValues(method.result!.schema, document), fc.integer(), fc.boolean(), (wire, seed, change) => {
        let value: unknown;
        let inValueForm = true;
        try {
          value = decode(plan, wire);
        } catch {
          value = wire;
          inValueForm = false;
        }
        if (change) value = changed(value, seed);
        const want = reference(plan, value);
        expect(outcome(() => server(value))).toEqual(want);
        const own = outcome(() => serialize(value));
        if (own.error === undefined) expect(own).toEqual(want);
        if (inValueForm && !change) {
          decoded++;
          if (own.error === undefined) fast++;
        }
      }),
      { numRuns: 60 },
    );
    // Values decoded from the wire take the fast path (a serializer that always threw would pass the
    // checks above).
    expect(fast).toBe(decoded);
  });
});

/** A serializer written for `schema` inside `document`, as a function (undefined when none is written). */
function written(schema: Record<string, unknown>, components: Record<string, unknown> = {}): { fn: ((v: unknown) => string | undefined) | undefined; plan: Plan | undefined } {
  const document = { components: { schemas: components } };
  const tree = new PlanBuilder(document).tree(schema);
  const writer = new SerializerWriter(document);
  const made = writer.method(schema, tree);
  const plan = tree.root === 0 ? undefined : (materialize(tree) as Plan);
  if (made === undefined) return { fn: undefined, plan };
  const names = new SerializerNames();
  const expr = names.expression(made);
  const fn = new Function(HELPERS, `${names.statements().join('\n')}\nreturn ${expr};`)(helpers) as (v: unknown) => string | undefined;
  return { fn, plan };
}

const U64 = { type: ['string', 'integer'], 'x-codec': 'uint64' };

describe('the writer, on schemas of its own', () => {
  const table: [string, { schema: Record<string, unknown>; components?: Record<string, unknown>; values: unknown[] }][] = [
    [
      'key names that need escaping or look like something else',
      {
        schema: {
          type: 'object',
          properties: { 'a"b': U64, '\u2028': { type: 'string' }, __proto__: U64, toJSON: { type: 'string' }, constructor: { type: 'integer' }, 7: { type: 'boolean' }, hasOwnProperty: U64 },
        },
        values: [
          JSON.parse('{"7":true,"a\\"b":"1","\\u2028":"x","__proto__":"2","toJSON":"t","constructor":3,"hasOwnProperty":"4"}'),
          { 'a"b': 1n, '\u2028': 'x', toJSON: 'not a function', constructor: 3, 7: false, hasOwnProperty: 4n },
          { toJSON: () => 'a function after all' },
        ],
      },
    ],
    [
      'declared properties without a codec in an object whose other keys have one',
      {
        schema: { type: 'object', properties: { name: { type: 'string' }, total: U64 }, additionalProperties: U64 },
        values: [
          { name: 5n, total: 6n, x: 7n },
          { name: 'n', total: 6n, x: 7n },
          { total: 1n, name: 2n },
        ],
      },
    ],
    [
      'objects that are not plain, where a plan converts them and where none does',
      {
        schema: { type: 'object', properties: { planned: { type: 'object', properties: { total: U64 } }, free: { type: 'object', properties: { total: { type: 'integer' } } } } },
        values: [
          { planned: new Number(1), free: new Number(1) },
          { planned: new Map([[1, 2]]), free: new Map([[1, 2]]) },
          { planned: new Uint8Array([1, 2]), free: new Uint8Array([1, 2]) },
          { planned: Object.assign(new Number(5), { total: 1n }), free: Object.assign(new String('s'), { total: 1 }) },
          { planned: Object.assign(Object.create({ inherited: 1n, total: 2n }), { total: 3n }), free: Object.assign(Object.create({ total: 2 }), { other: 3 }) },
          { planned: new Date(0), free: new Date(0) },
          { planned: Object.assign(new Point(), { total: 4n }), free: Object.assign(new Point(), { total: 4 }) },
        ],
      },
    ],
    [
      'values the schema lets be null',
      {
        schema: {
          type: 'object',
          properties: { a: { oneOf: [U64, { type: 'null' }] }, s: { type: ['string', 'null'] }, t: { type: 'string' }, n: { ...U64, nullable: true } },
        },
        values: [
          { a: null, s: null, t: 'x', n: null },
          { a: 1n, s: 's"q', t: 'y', n: 2n },
          { a: 1n, s: 's', t: null, n: 2n },
        ],
      },
    ],
    [
      'arrays of objects with and without a plan',
      {
        schema: { type: 'array', items: { type: 'object', properties: { at: U64, tag: { type: 'string' }, n: { type: 'number' }, ok: { type: 'boolean' } } } },
        values: [
          [{ at: 1n, tag: 'x', n: 1.5, ok: true }, undefined, null, { at: 2n }, [1n]],
          [{ at: 1n, tag: 1, n: 'x', ok: 0 }],
          [{ n: Number.NaN, ok: null, tag: null, at: null }],
          Object.assign([{ at: 1n }], { toJSON: () => 'list' }),
        ],
      },
    ],
  ];

  it.each(table)('%s', (_, { schema, components, values }) => {
    const { fn, plan } = written(schema, components);
    expect(fn).toBeDefined();
    const server = compileSerializer(plan, fn);
    for (const value of values) {
      const want = reference(plan, value);
      expect(outcome(() => server(value))).toEqual(want);
      const own = outcome(() => fn!(value));
      if (own.error === undefined) expect(own).toEqual(want);
    }
  });

  it('writes nothing for scalars, unions, tuples and recursion (the runtime has those)', () => {
    expect(written(U64).fn).toBeUndefined();
    expect(written({ type: 'string' }).fn).toBeUndefined();
    expect(written({ oneOf: [{ type: 'object', properties: { a: U64 } }, { type: 'array', items: U64 }] }).fn).toBeUndefined();
    expect(written({ type: 'array', items: [U64, { type: 'string' }] }).fn).toBeUndefined();
    expect(
      written({ $ref: '#/components/schemas/Node' }, { Node: { type: 'object', properties: { weight: U64, next: { $ref: '#/components/schemas/Node' } } } }).fn,
    ).toBeUndefined();
    // A schema that refers to itself has a (lazy) plan even with nothing to convert.
    const tree = { Tree: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } } } };
    expect(written({ $ref: '#/components/schemas/Tree' }, tree).fn).toBeUndefined();
  });

  it('takes only own keys when Object.prototype has an enumerable one', () => {
    const { fn, plan } = written({ type: 'object', properties: { a: U64, b: U64 } });
    const proto = Object.prototype as Record<string, unknown>;
    proto.b = 5n;
    try {
      for (const value of [{ a: 1n }, { a: 1n, b: 2n }, { b: 2n, a: 1n }]) {
        expect(outcome(() => fn!(value))).toEqual(reference(plan, value));
      }
    } finally {
      delete proto.b;
    }
  });

  it('writes an object whose keys are the schema\'s, in its order, in one expression, quotes in its constants', () => {
    const document = { components: { schemas: {} } };
    const schema = { type: 'object', properties: { a: U64, b: { type: 'string' } } };
    const statements = (s: Record<string, unknown>): string => {
      const names = new SerializerNames();
      names.expression(new SerializerWriter(document).method(s, new PlanBuilder(document).tree(s))!);
      return names.statements().join('\n');
    };
    const text = statements(schema);
    expect(text).toContain('return "{\\"a\\":\\"" + w0 + "\\",\\"b\\":\\"" + w1 + "\\"}";');
    // Where null is allowed the value is written whole (null has no quotes), so a null stays on this path.
    const nullable = { type: 'object', properties: { a: { oneOf: [U64, { type: 'null' }] }, b: { type: ['string', 'null'] } } };
    expect(statements(nullable)).toContain('return "{\\"a\\":" + w0 + ",\\"b\\":" + w1 + "}";');
  });
});
