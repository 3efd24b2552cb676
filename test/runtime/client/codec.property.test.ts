/**
 * Codec round trips, property-based: for canonical wire forms, encode(decode(wire)) gives the wire back; for
 * value forms, decode(encode(value)) gives the value back. Non-canonical wire forms (numbers for strings,
 * upper-case or zero-padded hex) come back canonical.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodecError, decode, encode, type Plan } from '../../../runtime/client/codec.js';

const U64_MAX = 2n ** 64n - 1n;

const u64 = fc.bigInt({ min: 0n, max: U64_MAX });
const u32 = fc.integer({ min: 0, max: 0xffffffff });
const safe = fc.bigInt({ min: 0n, max: BigInt(Number.MAX_SAFE_INTEGER) });
/** Numbers with at most 4 decimals, as the node's 4-decimal floats carry. */
const float4 = fc.tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 9999 })).map(([i, f]) => Number(`${i < 0 ? '-' : ''}${Math.abs(i)}.${String(f).padStart(4, '0')}`));
const hexQuantity = u64.map((b) => `0x${b.toString(16)}`);

function roundTrip(plan: Plan, wire: unknown): unknown {
  return encode(plan, decode(plan, wire));
}

describe('scalar codecs', () => {
  it('u64: decimal strings round-trip; numbers come back as decimal strings', () => {
    fc.assert(fc.property(u64, (b) => roundTrip('u64', b.toString()) === b.toString() && decode('u64', b.toString()) === b));
    fc.assert(fc.property(safe, (b) => roundTrip('u64', Number(b)) === b.toString()));
    fc.assert(fc.property(u64, (b) => decode('u64', encode('u64', b)) === b));
  });

  it('u64n: JSON numbers round-trip', () => {
    fc.assert(fc.property(safe, (b) => roundTrip('u64n', Number(b)) === Number(b) && decode('u64n', encode('u64n', b)) === b));
  });

  it('u32: decimal strings round-trip; numbers come back as strings', () => {
    fc.assert(fc.property(u32, (n) => roundTrip('u32', String(n)) === String(n) && roundTrip('u32', n) === String(n)));
    fc.assert(fc.property(u32, (n) => decode('u32', encode('u32', n)) === n));
  });

  it('f: 4-decimal strings round-trip', () => {
    fc.assert(fc.property(float4, (x) => roundTrip('f', x.toFixed(4)) === x.toFixed(4) && decode('f', encode('f', x)) === x));
    expect(roundTrip('f', '99.0000')).toBe('99.0000');
    expect(roundTrip('f', 99)).toBe('99.0000');
  });

  it('q: canonical hex round-trips; padded or upper-case hex comes back canonical', () => {
    fc.assert(fc.property(hexQuantity, (h) => roundTrip('q', h) === h));
    fc.assert(fc.property(u64, fc.integer({ min: 0, max: 4 }), (b, zeros) => roundTrip('q', `0x${'0'.repeat(zeros)}${b.toString(16).toUpperCase()}`) === `0x${b.toString(16)}`));
    fc.assert(fc.property(u64, (b) => decode('q', encode('q', b)) === b));
  });

  it('rejects what is not its wire form with CodecError', () => {
    fc.assert(
      fc.property(fc.string().filter((s) => !/^(0|[1-9][0-9]*)$/.test(s)), (s) => {
        expect(() => decode('u64', s)).toThrow(CodecError);
      }),
    );
    expect(() => encode('u64', -1n)).toThrow(CodecError);
    expect(() => encode('u64n', 2n ** 53n)).toThrow(/at most 2\^53-1/);
    expect(() => decode('q', '0x')).toThrow(CodecError);
  });
});

// ---- nested plans ----

/** A validator-like shape: numbers in the wire form the node sends, plus fields without a plan. */
const validatorPlan: Plan = {
  o: {
    weight: 'u64',
    delegationFee: 'f',
    uptime: 'f',
    delegators: { a: { o: { stakeAmount: 'u64', rewardOwner: { o: { locktime: 'u64', threshold: 'u32' } } } } },
    balances: { m: 'u64' },
    height: { u: [[{ ty: ['string'], e: ['proposed'] }, 0], [{ ty: ['string', 'integer'] }, 'u64']] },
    block: { t: ['q', 0], r: 'q' },
  },
};

const validatorWire = fc.record(
  {
    nodeID: fc.constant('NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'),
    weight: u64.map(String),
    delegationFee: float4.map((x) => x.toFixed(4)),
    uptime: float4.map((x) => x.toFixed(4)),
    delegators: fc.array(
      fc.record({
        txID: fc.string(),
        stakeAmount: u64.map(String),
        rewardOwner: fc.record({ locktime: u64.map(String), threshold: u32.map(String), addresses: fc.array(fc.string(), { maxLength: 2 }) }),
      }),
      { maxLength: 3 },
    ),
    balances: fc.dictionary(fc.string({ minLength: 1 }).filter((k) => k !== '__proto__'), u64.map(String), { maxKeys: 3 }),
    height: fc.oneof(fc.constant('proposed'), u64.map(String)),
    block: fc.tuple(hexQuantity, fc.boolean(), hexQuantity, hexQuantity),
    extra: fc.jsonValue(),
  },
  { requiredKeys: ['nodeID', 'weight'] },
);

/** Recursive plan (a trace frame with nested calls). */
const callFrame: Plan = { o: { gas: 'q', calls: { a: { l: () => callFrame } } } };
const frameWire: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  frame: fc.record({ gas: hexQuantity, type: fc.constantFrom('CALL', 'CREATE'), calls: fc.array(tie('frame'), { maxLength: 2 }) }, { requiredKeys: ['gas'] }),
})).frame;

describe('nested plans', () => {
  it('object, array, map, union and tuple plans: encode(decode(wire)) is the wire', () => {
    fc.assert(fc.property(validatorWire, (wire) => {
        expect(roundTrip(validatorPlan, wire)).toEqual(wire);
      }));
  });

  it('decode gives bigints where the plan says so, and leaves everything else alone', () => {
    fc.assert(
      fc.property(validatorWire, (wire) => {
        const value = decode(validatorPlan, wire) as Record<string, unknown>;
        expect(value.nodeID).toBe(wire.nodeID);
        expect(value.weight).toBe(BigInt(wire.weight));
        expect(value.extra).toEqual(wire.extra);
        if (wire.height !== undefined) expect(value.height).toBe(wire.height === 'proposed' ? 'proposed' : BigInt(wire.height));
        if (wire.block) expect((value.block as unknown[])[1]).toBe(wire.block[1]);
      }),
    );
  });

  it('decode(encode(value)) is the value', () => {
    fc.assert(
      fc.property(validatorWire, (wire) => {
        const value = decode(validatorPlan, wire);
        expect(decode(validatorPlan, encode(validatorPlan, value))).toEqual(value);
      }),
    );
  });

  it('recursive (lazy) plans round-trip', () => {
    fc.assert(fc.property(frameWire, (wire) => {
        expect(roundTrip(callFrame, wire)).toEqual(wire);
      }));
  });

  it('a union of objects told apart by property guards encodes the value form through the same branch', () => {
    // As a tracer's result: a frame whose `gas` is a hex string on the wire, beside an open branch (any JSON).
    const traced: Plan = { u: [[{ ty: ['object'], r: ['gas'], pr: { gas: { ty: ['string'], p: '^0x[0-9a-f]+$' } } }, callFrame], [{}, 0]] };
    fc.assert(
      fc.property(frameWire, (wire) => {
        const value = decode(traced, wire) as { gas: unknown };
        expect(typeof value.gas).toBe('bigint');
        expect(encode(traced, value)).toEqual(wire);
      }),
    );
  });

  it('null and undefined pass through every plan', () => {
    for (const plan of ['u64', 'q', validatorPlan, callFrame, { a: 'u32' }] as Plan[]) {
      expect(decode(plan, null)).toBeNull();
      expect(encode(plan, undefined)).toBeUndefined();
    }
  });
});
