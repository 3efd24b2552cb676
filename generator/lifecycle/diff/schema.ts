/**
 * Two JSON Schemas, each inside its own bundled document, compared the way the generated code sees them.
 *
 * - A schema's *shape* is a hash of everything but prose, with every `$ref` replaced by the shape of what it
 *   names: a shared schema renamed with the same shape, or moved behind a `$ref`, has the same shape.
 * - Two *views* decide what a difference means. The value view (`ts`) is the TypeScript type the generator
 *   writes: only the keywords that shape a type, `x-codec` deciding the type of a scalar (`uint64` is a
 *   `bigint` whatever its wire schema). The wire view is what validators check: every keyword, codecs aside.
 * - `Relations` answers "does every value of A belong to B?" in a view, structurally, and is conservative:
 *   where it cannot tell (two different regular expressions) it says no, so a change is never missed.
 * - `SchemaWalk` walks two schemas side by side through objects, arrays and maps, and reports each
 *   difference where it is, with the rule for its place (a param or a result) and kind.
 */
import { getAtPointer } from '../../lib/pointer.js';
import type { JsonSchema } from '../../model/index.js';
import { componentName, declaredTypes, isSchemaObject, type SchemaObject } from '../../schema/resolve.js';
import { CODEC_TS, TYPE_KEYWORDS } from '../../schema/ts-names.js';

export type Doc = Readonly<Record<string, unknown>>;
export type View = 'ts' | 'wire';

/** A schema and the document its references resolve in. */
export interface At {
  readonly schema: JsonSchema;
  readonly doc: Doc;
}

const PROSE = new Set(['description', 'summary', 'title', 'examples', 'example', 'default', '$comment', 'deprecated', 'readOnly', 'writeOnly', '$id', '$schema']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);
const SCHEMA_ONE = new Set(['additionalItems', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems']);
const SCHEMA_SETS = new Set(['allOf', 'anyOf', 'oneOf']);
const STRING_KEYS = ['pattern', 'format', 'minLength', 'maxLength'];
const NUMBER_KEYS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
const OBJECT_KEYS = ['minProperties', 'maxProperties', 'propertyNames', 'dependencies', 'dependentRequired'];
const OPAQUE_KEYS = ['not', 'if', 'then', 'else', 'contains', 'uniqueItems'];

/** Whether a keyword takes part in comparison (prose and extensions other than the generator's do not). */
function counts(key: string): boolean {
  return !PROSE.has(key) && (!key.startsWith('x-') || key === 'x-codec' || key === 'x-open');
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * Short names for canonical texts, shared by every document compared together: two schemas have the same
 * shape exactly when their texts get the same name (no hashing, no collisions).
 */
export class Interner {
  private readonly names = new Map<string, string>();
  name(text: string): string {
    let n = this.names.get(text);
    if (n === undefined) this.names.set(text, (n = `#${this.names.size.toString(36)}`));
    return n;
  }
}

/** The target of a local `$ref`, and the component name it names (if it names one). */
function follow(doc: Doc, ref: string): { target: JsonSchema | undefined; name: string } {
  const name = componentName(ref) ?? ref;
  const target = ref.startsWith('#') ? (getAtPointer(doc, ref.slice(1)) as JsonSchema | undefined) : undefined;
  return { target, name };
}

/** Follow `$ref`s to a schema that is not a bare reference; `names` are the components passed through. */
export function resolveAt(at: At, limit = 64): { at: At; names: string[] } {
  const names: string[] = [];
  let schema = at.schema;
  for (let i = 0; i < limit && isSchemaObject(schema) && typeof schema.$ref === 'string'; i++) {
    const { target, name } = follow(at.doc, schema.$ref);
    names.push(name);
    if (target === undefined) return { at: { schema: {}, doc: at.doc }, names };
    schema = target;
  }
  return { at: { schema, doc: at.doc }, names };
}

/**
 * Shapes of the schemas of one document. A component's shape is computed once; references back into the
 * components being hashed become their distance up the stack, so a recursive shape does not depend on where
 * the recursion is entered from.
 */
export class Shapes {
  private readonly memo = new Map<string, string>();
  private readonly doc: Doc;
  private readonly interner: Interner;

  constructor(doc: Doc, interner: Interner = new Interner()) {
    this.doc = doc;
    this.interner = interner;
  }

  of(schema: JsonSchema): string {
    return this.hash(schema, []).h;
  }

  private hash(schema: unknown, stack: string[]): { h: string; low: number } {
    if (schema === true || (isSchemaObject(schema) && Object.keys(schema).every((k) => !counts(k)))) return { h: 'T', low: Infinity };
    if (schema === false) return { h: 'F', low: Infinity };
    if (!isSchemaObject(schema)) return { h: `?${stable(schema)}`, low: Infinity };
    if (typeof schema.$ref === 'string') {
      const { target, name } = follow(this.doc, schema.$ref);
      const at = stack.indexOf(name);
      if (at !== -1) return { h: `@${stack.length - at}`, low: at };
      const known = this.memo.get(name);
      if (known !== undefined) return { h: known, low: Infinity };
      if (target === undefined) return { h: `!${schema.$ref}`, low: Infinity };
      stack.push(name);
      const inner = this.hash(target, stack);
      stack.pop();
      // Self-contained (no reference to a component further up): the same wherever it is met.
      if (inner.low >= stack.length) {
        this.memo.set(name, inner.h);
        return { h: inner.h, low: Infinity };
      }
      return inner;
    }
    let low = Infinity;
    const sub = (s: unknown) => {
      const r = this.hash(s, stack);
      low = Math.min(low, r.low);
      return r.h;
    };
    const parts: string[] = [];
    for (const key of Object.keys(schema).sort()) {
      if (!counts(key)) continue;
      const value = schema[key];
      let text: string;
      if (SCHEMA_MAPS.has(key) && isSchemaObject(value)) {
        text = Object.keys(value)
          .sort()
          .map((k) => `${JSON.stringify(k)}=${sub(value[k])}`)
          .join(',');
      } else if (key === 'items' || key === 'prefixItems') {
        text = Array.isArray(value) ? `[${value.map(sub).join(',')}]` : sub(value);
      } else if (SCHEMA_ONE.has(key) && (isSchemaObject(value) || typeof value === 'boolean')) {
        text = sub(value);
      } else if (SCHEMA_SETS.has(key) && Array.isArray(value)) {
        // A union or intersection does not depend on the order of its members.
        text = value.map(sub).sort().join('|');
      } else if ((key === 'enum' || key === 'required' || key === 'type') && Array.isArray(value)) {
        text = value.map(stable).sort().join(',');
      } else text = stable(value);
      parts.push(`${key}:${text}`);
    }
    return { h: this.interner.name(parts.join(';')), low };
  }
}

// ---- normal forms -----------------------------------------------------------------------------------------

type Prim = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'bigint' | 'hex';
const ALL_PRIMS: readonly Prim[] = ['string', 'number', 'integer', 'boolean', 'null'];
type Constraints = Readonly<Record<string, unknown>>;

export type Node =
  | { readonly k: 'any' }
  | { readonly k: 'none' }
  | { readonly k: 'alt'; readonly of: readonly At[] }
  | { readonly k: 'lit'; readonly values: readonly unknown[] }
  | { readonly k: 'prim'; readonly t: readonly Prim[]; readonly c: Constraints }
  | { readonly k: 'obj'; readonly props: ReadonlyMap<string, At>; readonly req: ReadonlySet<string>; readonly extra: At | false | undefined; readonly c: Constraints }
  | { readonly k: 'arr'; readonly items: At | undefined; readonly tuple?: readonly At[]; readonly rest?: At | false; readonly c: Constraints };

const ANY: Node = { k: 'any' };
const CODEC_PRIM: Readonly<Record<string, Prim>> = { bigint: 'bigint', number: 'number', '`0x${string}`': 'hex' };

/** Merge the parts of an `allOf` (and a union branch into its parent): properties and `required` add up. */
function merge(doc: Doc, base: SchemaObject, part: JsonSchema): SchemaObject {
  const p = resolveAt({ schema: part, doc }).at.schema;
  if (!isSchemaObject(p)) return base;
  const out: SchemaObject = { ...base };
  for (const [k, v] of Object.entries(p)) {
    if (k === 'properties' && isSchemaObject(v)) out.properties = { ...(isSchemaObject(base.properties) ? base.properties : {}), ...v };
    else if (k === 'required' && Array.isArray(v)) out.required = [...new Set([...(Array.isArray(base.required) ? base.required : []), ...v])];
    else if (k === 'allOf' && Array.isArray(v)) out.allOf = [...(Array.isArray(base.allOf) ? base.allOf : []), ...v];
    else if (!(k in out)) out[k] = v;
  }
  return out;
}

/** Branches that only add presence rules (`required`) to their parent's properties. */
function presenceOnly(doc: Doc, branches: readonly unknown[]): boolean {
  return branches.every((b) => {
    const s = resolveAt({ schema: b as JsonSchema, doc }).at.schema;
    return isSchemaObject(s) && Object.keys(s).every((k) => !counts(k) || k === 'required' || k === 'not');
  });
}

function pick(schema: SchemaObject, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (schema[k] !== undefined) out[k] = schema[k];
  return out;
}

/** The normal form of a schema in a view (one level: children stay schemas). */
export function normalize(at: At, view: View): Node {
  const { at: r } = resolveAt(at);
  let s = r.schema;
  const doc = r.doc;
  if (s === false) return { k: 'none' };
  if (!isSchemaObject(s)) return ANY;
  if (view === 'ts') {
    const codec = s['x-codec'];
    if (typeof codec === 'string' && CODEC_TS[codec]) {
      const nullable = Array.isArray(s.type) && s.type.includes('null');
      return { k: 'prim', t: [CODEC_PRIM[CODEC_TS[codec]!] ?? 'string', ...(nullable ? ['null' as const] : [])], c: {} };
    }
    if (s['x-open'] === true && !s.type && !s.oneOf && !s.anyOf && !s.properties) return ANY;
    // Only what shapes the type counts.
    s = Object.fromEntries(Object.entries(s).filter(([k]) => TYPE_KEYWORDS.has(k) && !PROSE.has(k)));
  }
  if (Array.isArray(s.allOf)) {
    let merged: SchemaObject = { ...s, allOf: undefined };
    delete merged.allOf;
    for (const part of s.allOf) merged = merge(doc, merged, part as JsonSchema);
    if (Array.isArray(merged.allOf)) {
      const rest = merged.allOf;
      delete merged.allOf;
      for (const part of rest) merged = merge(doc, merged, part as JsonSchema);
    }
    return normalize({ schema: merged, doc }, view);
  }
  if ('const' in s) return { k: 'lit', values: [s.const] };
  if (Array.isArray(s.enum)) return { k: 'lit', values: s.enum };
  const branches = (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined) as JsonSchema[] | undefined;
  if (branches) {
    const rest: SchemaObject = { ...s };
    delete rest.oneOf;
    delete rest.anyOf;
    if (presenceOnly(doc, branches)) return normalize({ schema: rest, doc }, view);
    const structural = Object.keys(rest).some(counts);
    return { k: 'alt', of: branches.map((b) => ({ schema: structural ? merge(doc, rest, b) : b, doc })) };
  }
  let types = declaredTypes(s);
  if (!types) {
    if (s.properties !== undefined || s.required !== undefined || s.additionalProperties !== undefined || s.patternProperties !== undefined) types = ['object'];
    else if (s.items !== undefined) types = ['array'];
  }
  if (!types) {
    const c = view === 'wire' ? pick(s, [...STRING_KEYS, ...NUMBER_KEYS, ...OPAQUE_KEYS]) : {};
    return Object.keys(c).length ? { k: 'prim', t: ALL_PRIMS, c } : ANY;
  }
  if (types.length > 1 && types.some((t) => t === 'object' || t === 'array')) return { k: 'alt', of: types.map((t) => ({ schema: { ...s, type: t }, doc })) };
  const t = types[0]!;
  if (types.length === 1 && t === 'object') {
    const props = new Map<string, At>();
    if (isSchemaObject(s.properties)) for (const [k, v] of Object.entries(s.properties)) props.set(k, { schema: v as JsonSchema, doc });
    const req = new Set(Array.isArray(s.required) ? s.required.map(String) : []);
    let extra: At | false | undefined;
    if (s.additionalProperties === false) extra = false;
    else if (isSchemaObject(s.additionalProperties)) extra = { schema: s.additionalProperties as JsonSchema, doc };
    else if (isSchemaObject(s.patternProperties)) {
      const values = Object.values(s.patternProperties);
      extra = values.length === 1 ? { schema: values[0] as JsonSchema, doc } : values.length ? { schema: { anyOf: values }, doc } : undefined;
    }
    return { k: 'obj', props, req, extra, c: view === 'wire' ? pick(s, OBJECT_KEYS) : {} };
  }
  if (types.length === 1 && t === 'array') {
    const c = pick(s, view === 'wire' ? ['minItems', 'maxItems', 'uniqueItems', 'contains'] : ['minItems', 'maxItems']);
    if (Array.isArray(s.items)) {
      const rest = s.additionalItems === false ? false : isSchemaObject(s.additionalItems) ? { schema: s.additionalItems as JsonSchema, doc } : undefined;
      return { k: 'arr', items: undefined, tuple: s.items.map((i) => ({ schema: i as JsonSchema, doc })), ...(rest !== undefined ? { rest } : {}), c };
    }
    return { k: 'arr', items: s.items === undefined ? undefined : { schema: s.items as JsonSchema, doc }, c };
  }
  const prims = types.map((x) => (view === 'ts' && x === 'integer' ? 'number' : x)) as Prim[];
  return { k: 'prim', t: [...new Set(prims)], c: view === 'wire' ? pick(s, [...STRING_KEYS, ...NUMBER_KEYS, ...OPAQUE_KEYS]) : {} };
}

// ---- relations ----------------------------------------------------------------------------------------------

function deepEqual(a: unknown, b: unknown): boolean {
  return stable(a) === stable(b);
}

function typeCovered(t: Prim, within: readonly Prim[], view: View): boolean {
  if (within.includes(t)) return true;
  if (t === 'integer' && within.includes('number')) return true;
  if (view === 'ts' && t === 'hex' && within.includes('string')) return true;
  return false;
}

/** Whether constraints `a` are at least as strict as `b` for the types `a` holds. */
function stricter(a: Constraints, b: Constraints, types: readonly Prim[]): boolean {
  const strings = types.includes('string') || types.includes('hex');
  const numbers = types.includes('number') || types.includes('integer');
  for (const [key, bv] of Object.entries(b)) {
    if (STRING_KEYS.includes(key) && !strings) continue;
    if (NUMBER_KEYS.includes(key) && !numbers) continue;
    const av = a[key];
    switch (key) {
      case 'minLength':
      case 'minimum':
      case 'exclusiveMinimum':
      case 'minItems':
      case 'minProperties':
        if (typeof av !== 'number' || typeof bv !== 'number' || av < bv) return false;
        break;
      case 'maxLength':
      case 'maximum':
      case 'exclusiveMaximum':
      case 'maxItems':
      case 'maxProperties':
        if (typeof av !== 'number' || typeof bv !== 'number' || av > bv) return false;
        break;
      case 'multipleOf':
        if (typeof av !== 'number' || typeof bv !== 'number' || av % bv !== 0) return false;
        break;
      case 'uniqueItems':
        if (bv === true && av !== true) return false;
        break;
      default:
        if (!deepEqual(av, bv)) return false;
    }
  }
  return true;
}

function primAccepts(t: readonly Prim[], c: Constraints, v: unknown): boolean {
  const kind = v === null ? 'null' : typeof v;
  const typed =
    (kind === 'string' && (t.includes('string') || (t.includes('hex') && /^0x/.test(v as string)))) ||
    (kind === 'number' && (t.includes('number') || (t.includes('integer') && Number.isInteger(v)))) ||
    (kind === 'boolean' && t.includes('boolean')) ||
    (kind === 'null' && t.includes('null'));
  if (!typed) return false;
  if (typeof v === 'string') {
    if (typeof c.pattern === 'string') {
      try {
        if (!new RegExp(c.pattern, 'u').test(v)) return false;
      } catch {
        return false;
      }
    }
    if (typeof c.minLength === 'number' && [...v].length < c.minLength) return false;
    if (typeof c.maxLength === 'number' && [...v].length > c.maxLength) return false;
    if (c.format !== undefined) return false; // a format we do not check: cannot tell
  }
  if (typeof v === 'number') {
    if (typeof c.minimum === 'number' && v < c.minimum) return false;
    if (typeof c.maximum === 'number' && v > c.maximum) return false;
    if (typeof c.exclusiveMinimum === 'number' && v <= c.exclusiveMinimum) return false;
    if (typeof c.exclusiveMaximum === 'number' && v >= c.exclusiveMaximum) return false;
    if (typeof c.multipleOf === 'number' && v % c.multipleOf !== 0) return false;
  }
  return !OPAQUE_KEYS.some((k) => c[k] !== undefined);
}

export type Relation = 'equal' | 'narrowed' | 'widened' | 'changed';

/** Containment between schemas of two documents, memoized by shape. */
export class Relations {
  private readonly memo = new Map<string, boolean>();
  private readonly shapes = new WeakMap<Doc, Shapes>();
  private readonly interner = new Interner();

  shapesOf(doc: Doc): Shapes {
    let s = this.shapes.get(doc);
    if (!s) this.shapes.set(doc, (s = new Shapes(doc, this.interner)));
    return s;
  }

  shape(at: At): string {
    return this.shapesOf(at.doc).of(at.schema);
  }

  /** How `after` relates to `before`: `widened` when it holds every value `before` held and more. */
  relate(before: At, after: At, view: View): Relation {
    if (this.shape(before) === this.shape(after)) return 'equal';
    const grew = this.within(before, after, view);
    const shrank = this.within(after, before, view);
    return grew && shrank ? 'equal' : grew ? 'widened' : shrank ? 'narrowed' : 'changed';
  }

  /** Every value of `a` is a value of `b`. */
  within(a: At, b: At, view: View): boolean {
    const key = `${view}|${this.shape(a)}|${this.shape(b)}`;
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    // Assumed while being decided: a recursive shape contained in itself.
    this.memo.set(key, true);
    const result = this.nodeWithin(normalize(a, view), normalize(b, view), view);
    this.memo.set(key, result);
    return result;
  }

  private nodeWithin(a: Node, b: Node, view: View): boolean {
    if (b.k === 'any' || a.k === 'none') return true;
    if (b.k === 'none') return false;
    if (a.k === 'alt') return a.of.every((x) => this.nodeWithin(normalize(x, view), b, view));
    if (a.k === 'any') return false;
    if (a.k === 'lit') return a.values.every((v) => this.accepts(b, v, view));
    if (a.k === 'prim' && a.t.length > 1 && b.k === 'alt') return a.t.every((t) => this.nodeWithin({ k: 'prim', t: [t], c: a.c }, b, view));
    if (b.k === 'alt') return b.of.some((x) => this.nodeWithin(a, normalize(x, view), view));
    if (b.k === 'lit') return a.k === 'prim' && a.t.length === 1 && a.t[0] === 'null' && b.values.includes(null);
    if (a.k === 'prim' && b.k === 'prim') return a.t.every((t) => typeCovered(t, b.t, view)) && stricter(a.c, b.c, a.t);
    if (a.k === 'obj' && b.k === 'obj') return this.objectWithin(a, b, view);
    if (a.k === 'arr' && b.k === 'arr') return this.arrayWithin(a, b, view);
    return false;
  }

  private objectWithin(a: Extract<Node, { k: 'obj' }>, b: Extract<Node, { k: 'obj' }>, view: View): boolean {
    const anyAt: At = { schema: {}, doc: {} };
    const valueIn = (n: typeof a, p: string): At | false => n.props.get(p) ?? (n.extra === false ? false : (n.extra ?? anyAt));
    for (const p of new Set([...b.props.keys(), ...b.req])) {
      if (b.req.has(p) && !a.req.has(p)) return false;
      // A type that does not declare an optional property is assignable whatever its type (TypeScript).
      if (view === 'ts' && !b.req.has(p) && !a.props.has(p)) continue;
      const av = valueIn(a, p);
      const bv = b.props.get(p) ?? (b.extra === false ? false : (b.extra ?? anyAt));
      if (av === false) continue;
      if (bv === false || !this.within(av, bv, view)) return false;
    }
    for (const [p, av] of a.props) {
      if (b.props.has(p)) continue;
      if (b.extra === false) {
        if (view === 'wire') return false;
      } else if (b.extra && !this.within(av, b.extra, view)) return false;
    }
    if (a.extra !== false && b.extra === false && view === 'wire') return false;
    if (a.extra !== false && b.extra !== false && b.extra !== undefined) {
      if (a.extra === undefined || !this.within(a.extra, b.extra, view)) return false;
    }
    return stricter(a.c, b.c, []);
  }

  private arrayWithin(a: Extract<Node, { k: 'arr' }>, b: Extract<Node, { k: 'arr' }>, view: View): boolean {
    const anyAt: At = { schema: {}, doc: {} };
    const counts = stricter({ minItems: 0, ...a.c }, b.c, []);
    if (!counts) return false;
    if (b.tuple) {
      if (!a.tuple) return false;
      const n = Math.max(a.tuple.length, b.tuple.length);
      for (let i = 0; i < n; i++) {
        const ai = a.tuple[i] ?? (a.rest === false ? undefined : (a.rest ?? anyAt));
        const bi = b.tuple[i] ?? (b.rest === false ? undefined : (b.rest ?? anyAt));
        if (ai === undefined) continue;
        if (bi === undefined || !this.within(ai, bi, view)) return false;
      }
      return true;
    }
    const bItems = b.items ?? anyAt;
    if (a.tuple) return a.tuple.every((x) => this.within(x, bItems, view)) && (a.rest === false || this.within(a.rest ?? anyAt, bItems, view));
    return this.within(a.items ?? anyAt, bItems, view);
  }

  /** Whether a JSON value belongs to a normal form. */
  private accepts(n: Node, v: unknown, view: View): boolean {
    switch (n.k) {
      case 'any':
        return true;
      case 'none':
        return false;
      case 'alt':
        return n.of.some((x) => this.accepts(normalize(x, view), v, view));
      case 'lit':
        return n.values.some((x) => deepEqual(x, v));
      case 'prim':
        return primAccepts(n.t, n.c, v);
      case 'obj': {
        if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
        const o = v as Record<string, unknown>;
        for (const p of n.req) if (!(p in o)) return false;
        for (const [k, x] of Object.entries(o)) {
          const at = n.props.get(k) ?? n.extra;
          if (at === false) return false;
          if (at && !this.accepts(normalize(at, view), x, view)) return false;
        }
        return Object.keys(n.c).length === 0;
      }
      case 'arr': {
        if (!Array.isArray(v)) return false;
        return v.every((x, i) => {
          const at: At | false | undefined = n.tuple ? (n.tuple[i] ?? n.rest) : n.items;
          if (at === false) return false;
          return at === undefined || this.accepts(normalize(at, view), x, view);
        });
      }
    }
  }
}

/**
 * What differs between two schemas' own wire keywords (`pattern ^[0-9]+$ → pattern ^[0-9]{1,20}$`), for a
 * wire-only change; undefined when the difference is further in.
 */
export function wireDelta(before: At, after: At): { old: string; new: string } | undefined {
  const a = resolveAt(before).at.schema;
  const b = resolveAt(after).at.schema;
  if (!isSchemaObject(a) || !isSchemaObject(b)) return undefined;
  const structural = new Set(['properties', 'patternProperties', 'items', 'additionalItems', 'allOf', 'anyOf', 'oneOf', '$ref', 'x-codec', 'x-open']);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => counts(k) && !structural.has(k) && stable(a[k]) !== stable(b[k])).sort();
  if (!keys.length) return undefined;
  const text = (s: SchemaObject) =>
    keys
      .map((k) => {
        if (s[k] === undefined) return `no ${k}`;
        const v = typeof s[k] === 'string' ? (s[k] as string) : stable(s[k]);
        return `${k} ${v.length > 48 ? `${v.slice(0, 47)}…` : v}`;
      })
      .join(', ');
  return { old: text(a), new: text(b) };
}

// ---- labels ---------------------------------------------------------------------------------------------------

/** A short human label of a schema's type (`uint64`, `"a" | "b"`, `OutputOwners[]`, `string | null`). */
export function label(at: At, depth = 0): string {
  const { at: r, names } = resolveAt(at);
  const s = r.schema;
  if (!isSchemaObject(s)) return s === false ? 'never' : 'any';
  if (typeof s['x-codec'] === 'string') return names[names.length - 1] && depth > 0 ? names[names.length - 1]! : s['x-codec'];
  if (names.length && depth > 0) return names[names.length - 1]!;
  if (depth > 2) return '…';
  if ('const' in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.length > 6 ? `${s.enum.slice(0, 5).map((v) => JSON.stringify(v)).join(' | ')} | …` : s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const branches = (s.oneOf ?? s.anyOf) as JsonSchema[] | undefined;
  if (Array.isArray(branches) && !presenceOnly(r.doc, branches)) return branches.map((b) => label({ schema: b, doc: r.doc }, depth + 1)).join(' | ');
  const types = declaredTypes(s);
  const withPattern = (t: string) => (typeof s.pattern === 'string' ? `${t} matching ${s.pattern}` : t);
  if (types?.length === 1 && types[0] === 'array' || (!types && s.items !== undefined)) {
    return isSchemaObject(s.items) ? `${label({ schema: s.items as JsonSchema, doc: r.doc }, depth + 1)}[]` : 'array';
  }
  if (types) return types.map((t) => (t === 'string' ? withPattern(t) : t)).join(' | ');
  if (s.properties) return 'object';
  return 'any';
}
