/**
 * Values made from schemas, for the mock to answer methods that have no example (as Prism's dynamic mode
 * does): a deterministic value, built at generation time and checked there with the same compiled
 * validators the package ships, so the mock needs nothing new at run time and never answers with a value its
 * own validators would reject.
 *
 * The search is small and ordered: each schema yields a few candidates, simplest first (the first enum value,
 * `0` within bounds, a string matching the pattern, an object with its required properties, an empty array
 * where allowed), and every place where keywords combine (`oneOf`, `anyOf`, `allOf`, `if`, `not`, a
 * referenced component, the whole schema) keeps only the candidates ajv accepts there. Deep in a recursive
 * schema the smallest shapes come first (`null`, `[]`, required properties only), so recursion ends.
 */
import { patternRegExp } from '../lib/regexp.js';
import randexpModule from 'randexp';
import type { ValidateFunction } from 'ajv';
import { getAtPointer, joinPointer } from '../lib/pointer.js';
import type { SchemaCompiler } from './ajv.js';

type SchemaObject = Record<string, unknown>;

/** randexp's generator as used here (a CommonJS class: its default export depends on the loader). */
interface RandExp {
  max: number;
  randInt: (min: number, max: number) => number;
  gen(): string;
}
const RandExp = ((randexpModule as unknown as { default?: unknown }).default ?? randexpModule) as unknown as new (pattern: string) => RandExp;

/** Candidates tried at one place before giving up on it. */
const PER_NODE = 12;
/** Beyond this nesting the smallest shapes are tried first. */
const SOFT_DEPTH = 5;
/** Beyond this nesting nothing is tried (a recursive schema with no way out). */
const HARD_DEPTH = 40;

/** Keywords that say nothing about which values are valid. */
const ANNOTATIONS = new Set(['title', 'description', '$comment', 'examples', 'example', 'default', 'deprecated', 'readOnly', 'writeOnly', 'summary', '$schema', '$id', 'externalDocs']);

/** Values for the `format`s a schema may name (formats are not validated by the package, but read by people). */
const FORMATS: Readonly<Record<string, string>> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '00:00:00Z',
  duration: 'PT1S',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uri: 'https://example.com/',
  'uri-reference': 'https://example.com/',
  iri: 'https://example.com/',
  'iri-reference': 'https://example.com/',
  url: 'https://example.com/',
  'uri-template': 'https://example.com/{id}',
  uuid: '00000000-0000-4000-8000-000000000000',
  'json-pointer': '/',
  'relative-json-pointer': '0',
  regex: '.*',
  byte: 'AA==',
  binary: '',
  password: 'password',
};

function isObject(v: unknown): v is SchemaObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A small seeded generator (mulberry32), so that a pattern gives the same string on every run. */
function seeded(seed: number): (min: number, max: number) => number {
  let a = seed >>> 0;
  return (min, max) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return min + Math.floor(r * (max - min + 1));
  };
}

function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The constraining part of a schema: without annotations. */
function constraints(schema: SchemaObject): SchemaObject {
  return Object.fromEntries(Object.entries(schema).filter(([k]) => !ANNOTATIONS.has(k) && !k.startsWith('x-')));
}

/** The JSON types a schema allows, from `type` or, without it, from the keywords it uses. */
function typesOf(schema: SchemaObject): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.map(String);
  if (isObject(schema.properties) || Array.isArray(schema.required) || schema.additionalProperties !== undefined || isObject(schema.patternProperties)) return ['object'];
  if (schema.items !== undefined || schema.prefixItems !== undefined || schema.minItems !== undefined) return ['array'];
  if (typeof schema.pattern === 'string' || typeof schema.format === 'string' || schema.minLength !== undefined || schema.maxLength !== undefined) return ['string'];
  if (schema.minimum !== undefined || schema.maximum !== undefined || schema.multipleOf !== undefined) return ['number'];
  return ['null', 'object', 'string', 'number', 'boolean', 'array'];
}

export class Sampler {
  private readonly document: Record<string, unknown>;
  private readonly compiler: SchemaCompiler;
  private readonly validators = new Map<string, ValidateFunction | null>();

  constructor(document: Record<string, unknown>, compiler: SchemaCompiler) {
    this.document = document;
    this.compiler = compiler;
  }

  /** A value valid against the schema at `pointer` of the document, or `undefined` when none was found. */
  sample(pointer: string): { value: unknown } | undefined {
    for (const value of this.checked(pointer, 0)) return { value };
    return undefined;
  }

  /** Whether `value` is valid at `pointer` (a schema ajv cannot compile checks nothing here). */
  valid(pointer: string, value: unknown): boolean {
    let v = this.validators.get(pointer);
    if (v === undefined) {
      const compiled = this.compiler.compile(pointer);
      v = compiled instanceof Error ? null : compiled;
      this.validators.set(pointer, v);
    }
    return v === null || v(value) === true;
  }

  /** Candidates of the schema at `pointer`, each checked against it. */
  private *checked(pointer: string, depth: number): Generator<unknown> {
    let tried = 0;
    for (const value of this.values(getAtPointer(this.document, pointer), pointer, depth)) {
      if (this.valid(pointer, value)) yield value;
      if (++tried >= PER_NODE) return;
    }
  }

  /** Candidates of a schema found at `pointer` (checked there when keywords combine), or of a schema made here. */
  private *node(schema: unknown, pointer: string | undefined, depth: number): Generator<unknown> {
    if (pointer !== undefined && isObject(schema) && combines(schema)) {
      yield* this.checked(pointer, depth);
      return;
    }
    let tried = 0;
    for (const value of this.values(schema, pointer, depth)) {
      yield value;
      if (++tried >= PER_NODE) return;
    }
  }

  private target(ref: string): { pointer: string; schema: unknown } | undefined {
    if (!ref.startsWith('#')) return undefined;
    const pointer = ref.slice(1);
    const schema = getAtPointer(this.document, pointer);
    return schema === undefined ? undefined : { pointer, schema };
  }

  /** Unchecked candidates of one schema. */
  private *values(schema: unknown, pointer: string | undefined, depth: number): Generator<unknown> {
    if (depth > HARD_DEPTH || schema === false || schema === undefined) return;
    if (schema === true || !isObject(schema)) {
      yield null;
      return;
    }
    const own = constraints(schema);
    if (Object.keys(own).length === 0) {
      yield null;
      yield {};
      return;
    }
    if ('const' in own) {
      yield own.const;
      return;
    }
    if (Array.isArray(own.enum)) {
      yield* own.enum;
      return;
    }
    const at = (...segments: (string | number)[]) => (pointer === undefined ? undefined : joinPointer(pointer, ...segments));
    const { $ref, ...rest } = own;
    if (typeof $ref === 'string') {
      const t = this.target($ref);
      if (!t) return;
      // A reference is followed to its target (checked there: a component is often shared, so compiled once);
      // keywords beside it are merged in.
      if (Object.keys(rest).length === 0) yield* this.checked(t.pointer, depth + 1);
      else yield* this.node(this.merge([t.schema, rest]), undefined, depth + 1);
      return;
    }
    if (Array.isArray(own.allOf)) {
      const { allOf, ...siblings } = own;
      yield* this.node(this.merge([siblings, ...allOf]), undefined, depth);
      return;
    }
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = own[key];
      if (!Array.isArray(branches)) continue;
      const { [key]: _, ...siblings } = own;
      const alone = Object.keys(siblings).length === 0;
      for (const i of this.order(branches, depth)) {
        const branch = branches[i];
        const values = alone ? this.node(branch, at(key, i), depth) : this.node(this.merge([siblings, branch]), undefined, depth);
        for (const value of values) {
          // `oneOf`: a value that other branches accept too is not one of them (checked where it is found).
          if (key === 'oneOf' && pointer !== undefined && branches.some((_, j) => j !== i && this.valid(joinPointer(pointer, key, j), value))) continue;
          yield value;
        }
      }
      return;
    }
    if (isObject(own.if) || own.if === true) {
      const { if: _if, then, else: otherwise, ...siblings } = own;
      if (then !== undefined) yield* this.node(this.merge([siblings, _if, then]), undefined, depth);
      if (otherwise !== undefined) yield* this.node(this.merge([siblings, otherwise]), undefined, depth);
      yield* this.node(siblings, undefined, depth);
      return;
    }
    const types = typesOf(own);
    const ordered = depth >= SOFT_DEPTH && types.includes('null') ? ['null', ...types.filter((t) => t !== 'null')] : [...types.filter((t) => t !== 'null'), ...(types.includes('null') ? ['null'] : [])];
    for (const type of ordered) {
      switch (type) {
        case 'null':
          yield null;
          break;
        case 'boolean':
          yield false;
          yield true;
          break;
        case 'integer':
        case 'number':
          yield* numbers(own, type === 'integer');
          break;
        case 'string':
          yield* strings(own, pointer ?? JSON.stringify(own));
          break;
        case 'array':
          yield* this.arrays(own, at, depth);
          break;
        case 'object':
          yield* this.objects(own, at, depth);
          break;
      }
    }
  }

  /** Branch order: simplest first, and deep in recursion the branches that do not recurse. */
  private order(branches: readonly unknown[], depth: number): number[] {
    const indexes = branches.map((_, i) => i);
    if (depth < SOFT_DEPTH) return indexes;
    const weight = (b: unknown) => (isObject(b) && (b.type === 'null' || 'const' in b || Array.isArray(b.enum)) ? 0 : isObject(b) && typeof b.$ref === 'string' ? 2 : 1);
    return indexes.sort((a, b) => weight(branches[a]) - weight(branches[b]) || a - b);
  }

  /** The first `limit` candidates of a child schema. */
  private firsts(schema: unknown, pointer: string | undefined, depth: number, limit: number): unknown[] {
    const out: unknown[] = [];
    for (const v of this.node(schema, pointer, depth)) {
      out.push(v);
      if (out.length >= limit) break;
    }
    return out;
  }

  private *objects(schema: SchemaObject, at: (...s: (string | number)[]) => string | undefined, depth: number): Generator<unknown> {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
    const patterns = isObject(schema.patternProperties) ? Object.entries(schema.patternProperties) : [];
    const schemaOf = (key: string): { schema: unknown; pointer: string | undefined } | undefined => {
      if (Object.prototype.hasOwnProperty.call(properties, key)) return { schema: properties[key], pointer: at('properties', key) };
      for (const [p, s] of patterns) {
        try {
          if (patternRegExp(p).test(key)) return { schema: s, pointer: at('patternProperties', p) };
        } catch {
          // a pattern JavaScript cannot read: ajv rejected the schema already
        }
      }
      if (schema.additionalProperties === false) return undefined;
      return { schema: isObject(schema.additionalProperties) ? schema.additionalProperties : true, pointer: isObject(schema.additionalProperties) ? at('additionalProperties') : undefined };
    };
    const choices = new Map<string, unknown[]>();
    const choose = (key: string, limit: number): unknown[] | undefined => {
      const known = choices.get(key);
      if (known && known.length >= limit) return known;
      const s = schemaOf(key);
      if (!s) return undefined;
      const values = this.firsts(s.schema, s.pointer, depth + 1, limit);
      choices.set(key, values);
      return values;
    };
    const build = (keys: readonly string[], variant?: { key: string; index: number }): Record<string, unknown> | undefined => {
      const out: Record<string, unknown> = {};
      for (const key of keys) {
        const values = choose(key, variant?.key === key ? variant.index + 1 : 1);
        const value = values?.[variant?.key === key ? variant.index : 0];
        if (values === undefined || values.length === 0 || (variant?.key === key && values.length <= variant.index)) {
          if (required.includes(key)) return undefined;
          continue;
        }
        Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      }
      return out;
    };
    const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
    let keys = [...new Set(required)];
    for (const key of Object.keys(properties)) if (keys.length < minProperties && !keys.includes(key)) keys.push(key);
    const base = build(keys);
    if (base === undefined) return;
    yield base;
    // With every property (a schema whose branches tell objects apart by optional fields), then other values
    // of each required one, in turn.
    if (depth < SOFT_DEPTH) {
      keys = [...new Set([...keys, ...Object.keys(properties)])];
      const full = build(keys);
      if (full && Object.keys(full).length > Object.keys(base).length) yield full;
    }
    for (const key of required) {
      const other = build(required, { key, index: 1 });
      if (other) yield other;
    }
  }

  private *arrays(schema: SchemaObject, at: (...s: (string | number)[]) => string | undefined, depth: number): Generator<unknown> {
    const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
    const tuple = Array.isArray(schema.prefixItems) ? { list: schema.prefixItems, key: 'prefixItems' } : Array.isArray(schema.items) ? { list: schema.items, key: 'items' } : undefined;
    if (tuple) {
      // Past the tuple: `additionalItems` (or, beside `prefixItems`, `items`); absent, anything.
      const rest = (tuple.key === 'prefixItems' ? schema.items : schema.additionalItems) ?? true;
      const values: unknown[] = [];
      for (let i = 0; i < tuple.list.length; i++) {
        const got = this.firsts(tuple.list[i], at(tuple.key, i), depth + 1, 1);
        if (got.length === 0) break;
        values.push(got[0]);
      }
      if (values.length < minItems && rest !== false) {
        const extra = this.firsts(rest, undefined, depth + 1, 1);
        while (values.length < minItems && extra.length) values.push(extra[0]);
      }
      if (values.length >= minItems) {
        yield values;
        if (minItems < values.length) yield values.slice(0, minItems);
      }
      return;
    }
    const items = schema.items === undefined ? true : schema.items;
    const contains = schema.contains;
    const count = Math.max(minItems, contains !== undefined ? 1 : 0);
    if (count === 0) yield [];
    const pool = this.firsts(items, at('items'), depth + 1, schema.uniqueItems === true ? Math.max(count, 2) : 2);
    const start = contains !== undefined ? this.firsts(contains, at('contains'), depth + 1, 1) : [];
    const make = (n: number, offset: number): unknown[] | undefined => {
      const out = [...start];
      for (let i = 0; out.length < n; i++) {
        const v = pool[schema.uniqueItems === true ? i : (i + offset) % Math.max(pool.length, 1)];
        if (v === undefined) return undefined;
        out.push(v);
      }
      return out;
    };
    for (const n of count === 0 ? [1] : [count]) {
      for (let offset = 0; offset < Math.min(pool.length, 2); offset++) {
        const v = make(n, offset);
        if (v) yield v;
      }
    }
  }

  /** One schema of several (`allOf`, a reference with keywords beside it): a best effort, checked by the caller. */
  private merge(parts: readonly unknown[]): SchemaObject {
    const out: SchemaObject = {};
    const flat: SchemaObject[] = [];
    const add = (part: unknown, hops: number) => {
      if (!isObject(part) || hops > 16) return;
      const own = constraints(part);
      if (typeof own.$ref === 'string') {
        const t = this.target(own.$ref);
        const { $ref: _, ...rest } = own;
        if (t) add(t.schema, hops + 1);
        add(rest, hops);
        return;
      }
      if (Array.isArray(own.allOf)) {
        const { allOf, ...rest } = own;
        for (const p of allOf) add(p, hops + 1);
        add(rest, hops);
        return;
      }
      flat.push(own);
    };
    for (const p of parts) add(p, 0);
    for (const part of flat) {
      for (const [k, v] of Object.entries(part)) {
        if (k === 'properties' && isObject(v)) {
          const props = (out.properties ??= {}) as SchemaObject;
          for (const [pk, pv] of Object.entries(v)) props[pk] = pk in props ? { allOf: [props[pk], pv] } : pv;
        } else if (k === 'required' && Array.isArray(v)) {
          out.required = [...new Set([...((out.required as string[] | undefined) ?? []), ...v.map(String)])];
        } else if (k === 'type' && out.type !== undefined) {
          const a = typesOf({ type: out.type });
          const b = typesOf({ type: v });
          const both = a.filter((t) => b.includes(t) || (t === 'integer' && b.includes('number'))).concat(b.filter((t) => t === 'integer' && a.includes('number')));
          out.type = [...new Set(both)];
        } else if ((k === 'oneOf' || k === 'anyOf') && out[k] !== undefined) {
          // A second choice of the same kind is left to the check of the whole.
        } else if (!(k in out)) out[k] = v;
      }
    }
    return out;
  }
}

/** Whether a schema combines keywords whose joint effect only a validator can tell. */
function combines(schema: SchemaObject): boolean {
  return ['oneOf', 'anyOf', 'allOf', 'not', 'if', '$ref', 'dependencies', 'dependentRequired', 'dependentSchemas', 'uniqueItems', 'contains', 'propertyNames', 'minProperties', 'maxProperties'].some((k) => k in schema);
}

function* numbers(schema: SchemaObject, integer: boolean): Generator<number> {
  const step = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : integer ? 1 : undefined;
  const exclusive = (bound: unknown, legacy: unknown, value: unknown): number | undefined =>
    typeof bound === 'number' ? bound : legacy === true && typeof value === 'number' ? value : undefined;
  const exMin = exclusive(schema.exclusiveMinimum, schema.exclusiveMinimum, schema.minimum);
  const exMax = exclusive(schema.exclusiveMaximum, schema.exclusiveMaximum, schema.maximum);
  const min = typeof schema.minimum === 'number' && exMin !== schema.minimum ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' && exMax !== schema.maximum ? schema.maximum : undefined;
  // Every bound and the step together: a candidate that meets the bounds but not `multipleOf` is no value
  // (ajv's test: the quotient is an integer).
  const fits = (n: number) =>
    (min === undefined || n >= min) &&
    (max === undefined || n <= max) &&
    (exMin === undefined || n > exMin) &&
    (exMax === undefined || n < exMax) &&
    (!integer || Number.isInteger(n)) &&
    (step === undefined || Number.isInteger(n / step));
  const up = (n: number) => (step ? Math.ceil(n / step) * step : n);
  const candidates = [0, 1, ...(step ? [step, -step] : [])];
  if (min !== undefined) candidates.push(up(min));
  if (exMin !== undefined) candidates.push(up(step ? exMin + step / 2 : exMin + 1), step ? up(exMin) + step : exMin + 0.5);
  if (max !== undefined) candidates.push(step ? Math.floor(max / step) * step : max);
  if (exMax !== undefined) candidates.push(step ? Math.ceil(exMax / step) * step - step : exMax - 0.5, exMax - 1);
  if (min !== undefined && max !== undefined) candidates.push(up((min + max) / 2));
  const seen = new Set<number>();
  for (const n of candidates) {
    if (!Number.isFinite(n) || seen.has(n) || !fits(n)) continue;
    seen.add(n);
    yield n === 0 ? 0 : n;
  }
}

function* strings(schema: SchemaObject, seedText: string): Generator<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const fits = (s: string) => [...s].length >= minLength && [...s].length <= maxLength;
  if (typeof schema.pattern === 'string') {
    let gen: RandExp | undefined;
    try {
      gen = new RandExp(schema.pattern);
    } catch {
      gen = undefined;
    }
    if (gen) {
      gen.max = Math.min(Math.max(minLength, 8), maxLength === Infinity ? 64 : maxLength);
      const seen = new Set<string>();
      // The shortest choices first, then seeded ones (the same on every run).
      const draws: ((a: number, b: number) => number)[] = [(a) => a, ...Array.from({ length: 24 }, (_, i) => seeded(hashOf(`${seedText}#${i}`)))];
      for (const draw of draws) {
        gen.randInt = draw;
        let s: string;
        try {
          s = gen.gen();
        } catch {
          break;
        }
        if (!seen.has(s) && fits(s)) {
          seen.add(s);
          yield s;
          if (seen.size >= 3) return;
        }
      }
      // A length bound random draws rarely meet (`^0x[0-9a-f]+$` of exactly 68 characters): the longest
      // choices, with the repetition limit stepped down from the bound until the string fits.
      const top = maxLength === Infinity ? minLength : maxLength;
      for (let max = top; seen.size === 0 && minLength > 0 && max > 0 && max >= top - 32; max--) {
        gen.max = max;
        gen.randInt = (_, b) => b;
        let s: string;
        try {
          s = gen.gen();
        } catch {
          break;
        }
        if (fits(s)) {
          seen.add(s);
          yield s;
        }
      }
    }
    return;
  }
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  if (format !== undefined && fits(format)) yield format;
  const plain = 'string'.padEnd(minLength, 'x');
  yield maxLength === Infinity ? plain : plain.slice(0, maxLength);
  if (minLength === 0) yield '';
}

/** A made example of a method without one: params a call may send, and the result the mock answers. */
export interface SampledExample {
  readonly method: string;
  readonly params: readonly { readonly name: string; readonly value: unknown }[];
  /** Absent for a method without a result. */
  readonly result?: unknown;
  /** When the params could not be made (the result still can be answered). */
  readonly paramsMissing?: boolean;
}

export const SAMPLE_NAME = 'made from the schema';

/**
 * The example the mock answers a method with when the document gives none, or why there is none. Params: the
 * required ones, and an optional one only where a later required one needs its place (by position), as
 * `null`; all of them checked together with the params validator that ships.
 */
export function sampleMethod(
  sampler: Sampler,
  method: { readonly name: string; readonly positional: boolean; readonly params: readonly { readonly name: string; readonly required: boolean; readonly schemaPointer: string }[]; readonly result?: { readonly schemaPointer: string } },
  checkParams: ((params: unknown) => boolean) | undefined,
): { example: SampledExample } | { missing: string } {
  let result: { value: unknown } | undefined;
  if (method.result) {
    result = sampler.sample(method.result.schemaPointer);
    if (!result) return { missing: `no value was found that the result schema of ${method.name} accepts, so the mock answers ${method.name} with an error; give the method an example` };
  }
  const lastRequired = method.params.map((p) => p.required).lastIndexOf(true);
  const params: { name: string; value: unknown }[] = [];
  let paramsMissing = false;
  for (const [i, p] of method.params.entries()) {
    if (i > lastRequired) break;
    if (!p.required) {
      if (method.positional) params.push({ name: p.name, value: null });
      continue;
    }
    const value = sampler.sample(p.schemaPointer);
    if (!value) {
      paramsMissing = true;
      break;
    }
    params.push({ name: p.name, value: value.value });
  }
  if (!paramsMissing && checkParams) {
    const wire = method.positional ? params.map((p) => p.value) : Object.fromEntries(params.map((p) => [p.name, p.value]));
    paramsMissing = !checkParams(wire);
  }
  return {
    example: { method: method.name, params: paramsMissing ? [] : params, ...(result ? { result: result.value } : {}), ...(paramsMissing ? { paramsMissing } : {}) },
  };
}
