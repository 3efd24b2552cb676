/**
 * Result serializers: a handler's value-form result straight to the wire form's JSON text, in one walk, with
 * no intermediate wire-form copy. A serializer for `plan` gives `JSON.stringify(encode(plan, value))`, byte for
 * byte (same key order, same omissions), and throws what that throws: when a fast walk meets anything it does
 * not handle itself, the whole value is handed to that expression.
 *
 * Two kinds of fast walk: code the generator writes per method from the result's schema and plan
 * (`server/<service>.js`, built on the helpers at the end of this module: known keys are constants there,
 * and an object whose keys come in the schema's order is written in one expression), and, for a method
 * without one, closures built here from the plan once per server. Neither generates code at run time, so
 * both run where `eval` is not allowed. Why not fast-json-stringify: it serializes what a schema names,
 * drops the fields it does not (results pass unknown fields through), knows no bigint-to-decimal-string
 * codecs, and needs ajv at run time for unions; the generated package has no dependencies.
 */
import { encode, type Plan, type ScalarPlan } from '../client/codec.js';

export type Serializer = (value: unknown) => string | undefined;

const U64_MAX = 0xffffffffffffffffn;

/** Characters JSON.stringify escapes (controls, quote, backslash) or may (surrogates: lone ones are escaped). */
const NEEDS_ESCAPE = /[\u0000-\u001f"\\\ud800-\udfff]/;
const QUANTITY = /^0x[0-9a-fA-F]+$/;
/**
 * How deep the walk follows values no plan converts before it leaves the whole value to JSON.stringify
 * (which then gives its own result, or its error for a cycle).
 */
const MAX_DEPTH = 64;

/** A string as JSON text, as JSON.stringify writes it. */
export function quote(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

/** An object key as JSON text with its colon, without and with the comma before it. */
interface Head {
  readonly first: string;
  readonly next: string;
}
function headOf(k: string): Head {
  const first = `${quote(k)}:`;
  return { first, next: `,${first}` };
}
const HEADS = new Map<string, Head>();
/**
 * `headOf`, remembered (results repeat their keys): only keys of up to 64 characters, and up to 4096 of
 * them, so that keys taken from requests cannot make the cache hold more than about a megabyte.
 */
function keyHead(k: string): Head {
  let h = HEADS.get(k);
  if (h === undefined) {
    h = headOf(k);
    if (k.length <= 64 && HEADS.size < 4096) HEADS.set(k, h);
  }
  return h;
}

/** A property key or an array index, as JSON.stringify passes it to `toJSON`. */
type Key = string | number;

/**
 * A value no plan converts, under `key` of its parent, through JSON.stringify: a `toJSON` method gets the
 * key it would get inside the whole value.
 */
function viaStringify(key: Key, v: unknown): string | undefined {
  if (((typeof v === 'object' && v !== null) || typeof v === 'bigint') && typeof (v as { toJSON?: unknown }).toJSON === 'function') {
    const k = String(key);
    const wrapped = JSON.stringify({ [k]: v });
    const head = JSON.stringify(k).length + 2;
    return wrapped.length > head + 1 ? wrapped.slice(head, -1) : undefined;
  }
  return JSON.stringify(v);
}

/**
 * A value no plan converts, as `viaStringify` gives it, walked here: JSON.stringify has a fixed cost per call that
 * is larger than the walk of a small value. Primitives, arrays and objects whose prototype is
 * `Object.prototype` or `null` are written here (key order, omissions and `null` for holes as JSON.stringify
 * has them); a value with `toJSON`, a boxed primitive, a class instance or a bigint goes to `viaStringify`. Past
 * MAX_DEPTH levels the whole value is left to the slow path (a cycle then fails as JSON.stringify fails).
 */
function unplanned(key: Key, v: unknown, depth: number): string | undefined {
  switch (typeof v) {
    case 'string':
      return quote(v);
    case 'number':
      // What JSON.stringify writes for a number (`-0` as `0`), `null` when it is not finite.
      return Number.isFinite(v) ? `${v}` : 'null';
    case 'boolean':
      return v ? 'true' : 'false';
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    case 'bigint':
      return viaStringify(key, v);
  }
  if (v === null) return 'null';
  if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return viaStringify(key, v);
  if (depth >= MAX_DEPTH) throw BAIL;
  if (Array.isArray(v)) {
    const n = v.length;
    let out = '[';
    for (let i = 0; i < n; i++) {
      const j = unplanned(i, v[i], depth + 1);
      out += i === 0 ? (j === undefined ? 'null' : j) : j === undefined ? ',null' : `,${j}`;
    }
    return `${out}]`;
  }
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return viaStringify(key, v);
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    const j = unplanned(k, o[k], depth + 1);
    if (j === undefined) continue;
    out += (out.length === 1 ? keyHead(k).first : keyHead(k).next) + j;
  }
  return `${out}}`;
}

/** Thrown by a fast walk that meets a case it leaves to `encode` + `JSON.stringify`. */
const BAIL = Symbol('bail');

/** JSON text of a value at `key` (`depth` levels down), `undefined` when JSON.stringify omits it. */
type Walk = (value: unknown, key: Key, depth: number) => string | undefined;

/**
 * The scalar codecs, for an object written in one expression, whose constants hold the quotes: what goes
 * between them, or `undefined` for anything but the value form (null included), which the object's keyed
 * path then writes with the walks below.
 */
export function u64d(v: unknown): number | bigint | undefined {
  if (typeof v === 'bigint') {
    // Through a number when it is exact (V8 compares and prints numbers faster than bigints): Number()
    // rounds monotonically, so n ≤ 2^53-1 exactly when v is.
    const n = Number(v);
    if (n >= 0 && n <= Number.MAX_SAFE_INTEGER) return n;
    if (v >= 0n && v <= U64_MAX) return v;
  }
  return undefined;
}

export function u32d(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0xffffffff ? v : undefined;
}

export function fd(v: unknown): string | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v.toFixed(4) : undefined;
}

export function qd(v: unknown): string | undefined {
  if (typeof v === 'bigint' && v >= 0n) return `0x${v.toString(16)}`;
  if (typeof v === 'string' && QUANTITY.test(v)) return v;
  return undefined;
}

/** What a scalar walk gives for anything but its value form: `null` and `undefined` pass through, as in encode. */
function passed(v: unknown): string | undefined {
  return v === null ? 'null' : v === undefined ? undefined : bail();
}

/**
 * The scalar codecs' walks: the value form as its JSON text, `null` and `undefined` as encode passes them;
 * anything else leaves the whole value to encode + JSON.stringify.
 */
export function u64(v: unknown): string | undefined {
  const d = u64d(v);
  return d !== undefined ? `"${d}"` : passed(v);
}

export function u64n(v: unknown): string | undefined {
  if (typeof v === 'bigint') {
    const n = Number(v);
    if (n >= 0 && n <= Number.MAX_SAFE_INTEGER) return `${n}`;
  }
  return passed(v);
}

export function u32(v: unknown): string | undefined {
  const d = u32d(v);
  return d !== undefined ? `"${d}"` : passed(v);
}

export function f(v: unknown): string | undefined {
  const d = fd(v);
  return d !== undefined ? `"${d}"` : passed(v);
}

export function q(v: unknown): string | undefined {
  const d = qd(v);
  return d !== undefined ? `"${d}"` : passed(v);
}

const SCALARS: Readonly<Record<ScalarPlan, Walk>> = { u64, u64n, u32, f, q };

/** A string that JSON.stringify writes as it is between quotes, else `undefined`. */
export function strd(v: unknown): string | undefined {
  return typeof v === 'string' && !NEEDS_ESCAPE.test(v) ? v : undefined;
}

function scalar(plan: Plan & string): Walk {
  const walk = Object.prototype.hasOwnProperty.call(SCALARS, plan) ? SCALARS[plan as ScalarPlan] : undefined;
  if (walk === undefined) throw new TypeError(`unknown codec ${JSON.stringify(plan)}`);
  return walk;
}

function bail(): never {
  throw BAIL;
}

/** One named property of an object plan: its key as JSON text with the colon, and its walk. */
interface Field {
  readonly head: Head;
  readonly walk: Walk;
}

/** The fast walk of a plan. */
function walkOf(plan: Plan | 0 | undefined): Walk {
  if (plan === undefined || plan === 0) return (v, key, depth) => unplanned(key, v, depth);
  if (typeof plan === 'string') return scalar(plan);
  if ('l' in plan) {
    let inner: Walk | undefined;
    return (v, key, depth) => (inner ??= walkOf(plan.l()))(v, key, depth);
  }
  if ('a' in plan) {
    const item = walkOf(plan.a);
    return (v, key, depth) => {
      // encode leaves anything but an array as it is; it copies an array (dropping a `toJSON` of its own).
      if (!Array.isArray(v)) return unplanned(key, v, depth);
      if (typeof (v as { toJSON?: unknown }).toJSON === 'function') throw BAIL;
      const n = v.length;
      let out = '[';
      for (let i = 0; i < n; i++) {
        const j = item(v[i], i, depth + 1);
        out += i === 0 ? (j === undefined ? 'null' : j) : j === undefined ? ',null' : `,${j}`;
      }
      return `${out}]`;
    };
  }
  if ('t' in plan || 'u' in plan) {
    // Tuples and unions: rare in results; the interpreter decides them.
    return (v) => (v === null ? 'null' : v === undefined ? undefined : bail());
  }
  const named = new Map<string, Field>();
  for (const key of Object.keys(plan.o ?? {})) named.set(key, { head: headOf(key), walk: walkOf(plan.o![key]) });
  const rest = plan.m === undefined ? undefined : walkOf(plan.m);
  return (v, key, depth) => {
    // encode leaves anything but a plain object as it is; it copies an object (dropping a `toJSON`).
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return unplanned(key, v, depth);
    if (typeof (v as { toJSON?: unknown }).toJSON === 'function') throw BAIL;
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    let out = '{';
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i] as string;
      const f = named.get(k);
      if (f !== undefined) {
        const j = f.walk(o[k], k, depth + 1);
        if (j !== undefined) out += (out.length === 1 ? f.head.first : f.head.next) + j;
      } else {
        const j = rest !== undefined ? rest(o[k], k, depth + 1) : unplanned(k, o[k], depth + 1);
        if (j !== undefined) out += (out.length === 1 ? keyHead(k).first : keyHead(k).next) + j;
      }
    }
    return `${out}}`;
  };
}

/**
 * `(value) => JSON.stringify(encode(plan, value))`, faster: through `generated` (the method's serializer the
 * generator wrote, see the helpers below) when there is one, else through closures built from the plan.
 * Anything the walk does not take (a value not in the value form its plan expects, unions, tuples, `toJSON`
 * on a converted object, a getter that throws) is redone by that expression, which then gives the exact
 * result or error.
 */
export function compileSerializer(plan: Plan | undefined, generated?: Serializer): Serializer {
  if (generated !== undefined) {
    return (value) => {
      try {
        return generated(value);
      } catch {
        return JSON.stringify(encode(plan, value));
      }
    };
  }
  if (plan === undefined) return (value) => JSON.stringify(value);
  const walk = walkOf(plan);
  return (value) => {
    try {
      return walk(value, '', 0);
    } catch {
      return JSON.stringify(encode(plan, value));
    }
  };
}

// -----------------------------------------------------------------------------------------------------
// What generated serializers are made of. Each writer gives the JSON text of a value, `undefined` where
// JSON.stringify leaves it out, and throws where the whole result is left to encode + JSON.stringify. A
// generated object writer takes objects without `toJSON`: where a plan converts them, any such object (as
// encode copies it: its own properties); where none does, only plain ones (prototype `Object.prototype` or
// `null`), anything else going to `any` (JSON.stringify's own rules, `toJSON` with its key included). An
// array with its own `toJSON` goes to `any`, or, where a plan converts it, to `fail`.
// -----------------------------------------------------------------------------------------------------

/** A value no plan converts, under `key` of its parent, `depth` levels down. */
export function any(v: unknown, key: Key, depth: number): string | undefined {
  return unplanned(key, v, depth);
}

/** A value the schema says is a string. */
export function str(v: unknown, key: Key, depth: number): string | undefined {
  return typeof v === 'string' ? quote(v) : unplanned(key, v, depth);
}

/** A value the schema says is a number. */
export function num(v: unknown, key: Key, depth: number): string | undefined {
  return typeof v === 'number' ? (Number.isFinite(v) ? `${v}` : 'null') : unplanned(key, v, depth);
}

/** A value the schema says is a boolean. */
export function bool(v: unknown, key: Key, depth: number): string | undefined {
  return v === true ? 'true' : v === false ? 'false' : unplanned(key, v, depth);
}

/** Whether an object (not null, not an array) is written key by key: a plain object without `toJSON`. */
export function plain(v: object): boolean {
  const proto: unknown = Object.getPrototypeOf(v);
  return (proto === Object.prototype || proto === null) && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
}

/** Whether `k` is an own property of `v`. */
export function own(v: object, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(v, k);
}

/** A key as JSON text with its colon (`"key":`). */
export function key(k: string): string {
  return keyHead(k).first;
}

/** Leaves the whole result to encode + JSON.stringify. */
export function fail(): never {
  throw BAIL;
}

/**
 * A raw handler's result given with its JSON text already made (the mock's examples, serialized once): sent
 * as `text`; `value` is what result validation checks. Both must say the same.
 */
export class JsonText {
  readonly value: unknown;
  readonly text: string;
  constructor(value: unknown, text: string) {
    this.value = value;
    this.text = text;
  }
}
