/**
 * Compiled result serializers: `compileSerializer(plan)(value)` must be `JSON.stringify(encode(plan, value))`
 * byte for byte, and throw what that throws. Checked on every method's examples of the project's spec, on
 * random values, and on the corners of JSON.stringify (toJSON, omitted values, holes, key order).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodecError, decode, encode, type Plan } from '../../../runtime/client/codec.js';
import { compileSerializer } from '../../../runtime/server/serialize.js';
import { services } from '../../../generated/client/server/index.js';

const ROOT = join(import.meta.dirname, '../../..');

/** The reference: what the server sent before serializers were compiled. */
function reference(plan: Plan | undefined, value: unknown): { text?: string | undefined; error?: string } {
  try {
    return { text: JSON.stringify(encode(plan, value)) };
  } catch (e) {
    return { error: `${(e as Error).name}: ${(e as Error).message}` };
  }
}

function compiled(plan: Plan | undefined, value: unknown): { text?: string | undefined; error?: string } {
  try {
    return { text: compileSerializer(plan)(value) };
  } catch (e) {
    return { error: `${(e as Error).name}: ${(e as Error).message}` };
  }
}

describe('every result of the spec', () => {
  const documents = new Map<string, { methods: { name: string; examples?: { result?: { value: unknown } }[] }[] }>();
  for (const name of ['info', 'platform', 'native', 'admin', 'evm'])
    documents.set(name, JSON.parse(readFileSync(join(ROOT, 'generated/openrpc', `${name}.json`), 'utf8')));
  const cases = services.flatMap((service) =>
    Object.values(service.methods).flatMap((meta) => {
      const method = documents.get(service.name)?.methods.find((m) => m.name === meta.name);
      return (method?.examples ?? []).flatMap((example, i) =>
        example.result === undefined ? [] : [{ name: `${meta.name} #${i}`, plan: meta.encodeResult, wire: example.result.value }],
      );
    }),
  );

  it('covers the methods with codecs in their results', () => {
    expect(cases.filter((c) => c.plan !== undefined).length).toBeGreaterThan(50);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s: the value form serializes as encode + stringify', (_, { plan, wire }) => {
    const value = decode(plan, wire);
    const want = reference(plan, value);
    expect(compiled(plan, value)).toEqual(want);
    // The wire form is the value form's JSON after a round trip.
    expect(want.text).toBe(JSON.stringify(encode(plan, decode(plan, wire))));
  });
});

const U64_MAX = 2n ** 64n - 1n;
const u64 = fc.bigInt({ min: 0n, max: U64_MAX });
const plan: Plan = {
  o: {
    weight: 'u64',
    count: 'u32',
    gas: 'u64n',
    fee: 'f',
    quantity: 'q',
    owners: { a: { o: { locktime: 'u64', threshold: 'u32' } } },
    balances: { m: 'u64' },
    mixed: { o: { known: 'u64' }, m: 'u32' },
    height: { u: [[{ ty: ['string'], e: ['proposed'] }, 0], [{ ty: ['string', 'integer'] }, 'u64']] },
    block: { t: ['q', 0], r: 'q' },
  },
};
const key = fc.string({ maxLength: 6 });
const value = fc.record(
  {
    weight: u64,
    count: fc.integer({ min: 0, max: 0xffffffff }),
    gas: fc.bigInt({ min: 0n, max: BigInt(Number.MAX_SAFE_INTEGER) }),
    fee: fc.double({ noNaN: true, noDefaultInfinity: true }),
    quantity: fc.oneof(u64, u64.map((b) => `0x${b.toString(16)}`)),
    owners: fc.array(fc.record({ locktime: u64, threshold: fc.integer({ min: 0, max: 10 }), addresses: fc.array(fc.string()) }, { requiredKeys: [] }), { maxLength: 3 }),
    balances: fc.dictionary(key, fc.oneof(u64, fc.constant(null)), { maxKeys: 4 }),
    mixed: fc.dictionary(key, fc.integer({ min: 0, max: 1000 }), { maxKeys: 3 }),
    height: fc.oneof(fc.constant('proposed'), u64),
    block: fc.array(u64, { maxLength: 3 }),
    extra: fc.jsonValue(),
    text: fc.string({ unit: 'binary' }),
  },
  { requiredKeys: [] },
);

describe('random values', () => {
  it('serialize as encode + stringify, whatever fields are present and in whatever order', () => {
    fc.assert(
      fc.property(value, fc.func(fc.integer()), (v, order) => {
        const keys = Object.keys(v).sort((a, b) => order(a) - order(b));
        const shuffled = Object.fromEntries(keys.map((k) => [k, (v as Record<string, unknown>)[k]]));
        expect(compiled(plan, shuffled)).toEqual(reference(plan, shuffled));
      }),
      { numRuns: 300 },
    );
  });

  it('values that are not in value form give the same text or the same error', () => {
    fc.assert(
      fc.property(fc.record({ weight: fc.anything(), count: fc.anything(), balances: fc.anything(), owners: fc.anything(), gas: fc.anything() }), (v) => {
        expect(compiled(plan, v)).toEqual(reference(plan, v));
      }),
      { numRuns: 300 },
    );
  });
});

class Money {
  constructor(readonly amount: bigint) {}
  toJSON(key: string): string {
    return `${key}=${this.amount}`;
  }
}

describe('corners of JSON.stringify', () => {
  const cyclic: Record<string, unknown> = { weight: 1n };
  cyclic.self = cyclic;
  const holes: unknown[] = [];
  holes[2] = { locktime: 5n };
  const cyclicList: unknown[] = [1];
  cyclicList.push({ back: cyclicList });
  const nested = (levels: number): unknown => {
    let v: unknown = 'bottom';
    for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { v };
    return v;
  };
  const withProto = JSON.parse('{"__proto__": {"x": 1}, "weight": "7"}') as Record<string, unknown>;
  withProto.weight = 7n;
  const table: [string, { plan: Plan | undefined; value: unknown }][] = [
    ['no plan', { plan: undefined, value: { a: [1, 'x', null], b: true } }],
    ['a top-level undefined', { plan, value: undefined }],
    ['a top-level null', { plan, value: null }],
    ['undefined and functions omitted from objects', { plan, value: { weight: undefined, count: () => 1, extra: undefined, f: Symbol('s') } }],
    ['undefined and functions as null in arrays', { plan, value: { owners: [undefined, () => 1, null] } }],
    ['holes in arrays', { plan, value: { owners: holes } }],
    ['toJSON of an unconverted value gets its key', { plan, value: { price: new Money(5n), list: [new Money(1n)] } }],
    ['toJSON of a converted object', { plan, value: { owners: [{ locktime: 1n, toJSON: () => 'x' }] } }],
    ['toJSON on the whole value', { plan, value: new Money(3n) }],
    ['a Date', { plan, value: { when: new Date(0), weight: 2n } }],
    ['an own __proto__ key', { plan, value: withProto }],
    ['integer-like keys come first', { plan, value: { b: 1, 2: 'two', 1: 'one', weight: 1n } }],
    ['strings that need escaping', { plan, value: { 'a"b': 'x\ny', '\u2028': '\ud800', balances: { 'k"\\': 1n } } }],
    ['wire form where the value form is expected', { plan, value: { weight: '12', count: 3, gas: 5, quantity: 17 } }],
    ['a negative bigint', { plan, value: { weight: -1n } }],
    ['a bigint too large for u64n', { plan, value: { gas: 2n ** 60n } }],
    ['a bigint where no plan converts', { plan, value: { other: 1n } }],
    ['a cycle', { plan, value: cyclic }],
    ['an array where an object is planned', { plan, value: [1n] }],
    ['an object where an array is planned', { plan, value: { owners: { locktime: 1n } } }],
    ['a union and a tuple', { plan, value: { height: 'proposed', block: [1n, 'x', 2n] } }],
    ['a non-finite float', { plan, value: { fee: Number.POSITIVE_INFINITY } }],
    // Values no plan converts are walked by the serializer itself, not by JSON.stringify: its corners too.
    ['numbers no plan converts', { plan, value: { extra: [-0, Number.NaN, Number.NEGATIVE_INFINITY, 1e21, 5e-7, 0.1] } }],
    ['boxed primitives, class instances, maps where no plan converts', { plan, value: { extra: [new Number(1), new String('s'), new Boolean(false), new Map([[1, 2]]), new Money(4n), new (class Point { x = 1; y = [2] })()] } }],
    ['a boxed bigint where no plan converts', { plan, value: { extra: { deep: [Object(1n)] } } }],
    ['null-prototype objects and toJSON inside values no plan converts', { plan, value: { extra: { n: Object.assign(Object.create(null), { a: 1, b: undefined }), list: [new Money(1n), { m: new Money(2n) }, undefined, () => 1] } } }],
    ['nesting deeper than the walk follows', { plan, value: { extra: nested(100), owners: [{ locktime: 1n, deep: nested(70) }] } }],
    ['a cycle inside an array no plan converts', { plan, value: { extra: [cyclicList] } }],
    ['the same key in many objects', { plan, value: { extra: [{ 'a"': 1 }, { 'a"': 2 }], balances: { x: 1n }, mixed: { x: 2 } } }],
  ];

  it.each(table)('%s', (_, { plan: p, value: v }) => {
    expect(compiled(p, v)).toEqual(reference(p, v));
  });

  it('a value not in value form fails with the codec error encode gives', () => {
    expect(() => compileSerializer(plan)({ weight: -1n })).toThrow(CodecError);
    expect(() => compileSerializer(plan)({ weight: -1n })).toThrow('/weight: expected a non-negative integer, got the bigint -1n');
  });
});
