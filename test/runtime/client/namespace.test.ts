/**
 * Namespace members made from metas: each member passes its arguments to `invoke` as the generated
 * declarations print them, over the transport its meta asks for, and `request()`'s lookup finds every method.
 */
import { describe, expect, it } from 'vitest';
import type { MethodMeta, ServiceMeta } from '../../../runtime/client/meta.js';
import { bindMethods, findMethod, keptScope, lazyMembers, type MethodGroup } from '../../../runtime/client/namespace.js';
import type { Transport } from '../../../runtime/transports/transport.js';

const service: ServiceMeta = { name: 'chain', endpoints: [], batch: true, dialect: 'standard' };
const other: ServiceMeta = { name: 'other', endpoints: [], batch: true, dialect: 'standard' };
const meta = (name: string, structure: MethodMeta['structure'], params: string[], extra: Partial<MethodMeta> = {}): MethodMeta => ({ name, service: 'chain', structure, params, required: [], ...extra });

const none = meta('chain_height', 'by-position', []);
const byName = meta('chain.balance', 'by-name', ['address', 'block']);
const byPosition = meta('chain_call', 'by-position', ['to', 'data', 'block']);
const either = meta('chain_either', 'either', ['a']);
const wsOnly = meta('chain_unsubscribe', 'by-position', ['id'], { wsOnly: true });
const proto = meta('__proto__', 'by-position', []);
const odd = meta('other.get_thing', 'by-name', ['x'], { service: 'other' });

const groups: MethodGroup[] = [
  [service, 'chain_', [none, byPosition, either, wsOnly, ['balance', byName], ['__proto__', proto]]],
  [other, 'other.', [['getThing', odd]]],
];

function recorder() {
  const calls: unknown[][] = [];
  const transport = (kind: string) => (s: ServiceMeta) => ({ kind, service: s.name }) as unknown as Transport;
  const invoke = (t: Transport, m: MethodMeta, params: unknown, options?: unknown) => {
    calls.push([t, m.name, params, options]);
    return 'result';
  };
  return { calls, members: bindMethods({ http: transport('http'), ws: transport('ws') }, invoke, groups) };
}

describe('bindMethods', () => {
  it('names members by the prefix, or by the name given with the meta', () => {
    expect(Object.keys(recorder().members)).toEqual(['height', 'call', 'either', 'unsubscribe', 'balance', '__proto__', 'getThing']);
  });

  it('passes arguments as each param structure takes them', () => {
    const { calls, members } = recorder();
    const opts = { timeoutMs: 5 };
    expect(members.height!(opts)).toBe('result');
    members.balance!({ address: '0x1' }, opts);
    members.call!('0x2', undefined, 'latest', opts);
    members.call!('0x2');
    members.either!(7, opts);
    members.unsubscribe!('0xab');
    members.getThing!({ x: 1 });
    expect(calls).toEqual([
      [{ kind: 'http', service: 'chain' }, 'chain_height', undefined, opts],
      [{ kind: 'http', service: 'chain' }, 'chain.balance', { address: '0x1' }, opts],
      [{ kind: 'http', service: 'chain' }, 'chain_call', ['0x2', undefined, 'latest'], opts],
      [{ kind: 'http', service: 'chain' }, 'chain_call', ['0x2', undefined, undefined], undefined],
      [{ kind: 'http', service: 'chain' }, 'chain_either', [7], opts],
      [{ kind: 'ws', service: 'chain' }, 'chain_unsubscribe', ['0xab'], undefined],
      [{ kind: 'http', service: 'other' }, 'other.get_thing', { x: 1 }, undefined],
    ]);
  });

  it('makes a member named __proto__ an own method, leaving the prototype alone', () => {
    const { members } = recorder();
    expect(Object.getPrototypeOf(members)).toBe(Object.prototype);
    expect(Object.hasOwn(members, '__proto__')).toBe(true);
    expect(typeof Object.getOwnPropertyDescriptor(members, '__proto__')!.value).toBe('function');
  });
});

describe('findMethod', () => {
  it('finds each method with its service by wire name, and nothing else', () => {
    const all = [groups, []];
    expect(findMethod(all, 'chain.balance')).toEqual({ service, meta: byName });
    expect(findMethod(all, 'other.get_thing')).toEqual({ service: other, meta: odd });
    expect(findMethod(all, 'chain_unsubscribe')?.meta).toBe(wsOnly);
    expect(findMethod(all, 'balance')).toBeUndefined();
    expect(findMethod(all, 'toString')).toBeUndefined();
    expect(findMethod(all, undefined)).toBeUndefined();
  });
});

describe('lazyMembers', () => {
  it('makes each member on first use, once, as an own enumerable property', () => {
    const made: string[] = [];
    const o = lazyMembers<{ a: { n: number }; b: { n: number } }>({ a: () => (made.push('a'), { n: 1 }), b: () => (made.push('b'), { n: 2 }) });
    expect(Object.keys(o)).toEqual(['a', 'b']);
    expect(made).toEqual([]);
    const a = o.a;
    expect(o.a).toBe(a);
    expect(made).toEqual(['a']);
    expect(Object.getOwnPropertyDescriptor(o, 'a')).toMatchObject({ value: { n: 1 }, enumerable: true, writable: true });
    expect({ ...o }).toEqual({ a: { n: 1 }, b: { n: 2 } });
    expect(made).toEqual(['a', 'b']);
  });
});

describe('keptScope', () => {
  it('gives the same scope for the same value, another for another, and drops them past the limit', () => {
    const kept = new Map<string, Map<unknown, object>>();
    let made = 0;
    const make = () => ({ n: made++ });
    const c = keptScope(kept, 'blockchainID', 'C', make);
    expect(keptScope(kept, 'blockchainID', 'C', make)).toBe(c);
    expect(keptScope(kept, 'blockchainID', 'X', make)).not.toBe(c);
    // Values are told apart as values, not as text: an object never shares a scope with its string form.
    const odd = {};
    expect(keptScope(kept, 'blockchainID', odd, make)).not.toBe(keptScope(kept, 'blockchainID', String(odd), make));
    expect(keptScope(kept, 'container', 'C', make)).not.toBe(c);
    for (let i = 0; i < 100; i++) keptScope(kept, 'blockchainID', `chain${i}`, make);
    expect(kept.get('blockchainID')!.size).toBeLessThanOrEqual(64);
    expect(keptScope(kept, 'blockchainID', 'C', make)).not.toBe(c);
  });
});
