/**
 * JSON Schemas as documentation text: a type label with links to named types, a JSON type summary with the
 * constraints, the TypeScript value type, and the rows of a fields table (nested inline objects expanded a
 * level or two; named types linked, not expanded).
 */
import { propertyKey } from '../../lib/escape.js';
import { getAtPointer } from '../../lib/pointer.js';
import type { JsonSchema } from '../../model/index.js';
import { componentName as nameOfRef, declaredTypes, isSchemaObject, type SchemaObject } from '../../schema/resolve.js';
import { CODEC_TS } from '../../schema/ts-names.js';
import { cell, code, escapePipes } from '../shared/markdown.js';

export type Presence = 'yes' | 'no' | 'conditional';

export interface FieldRow {
  /** Dotted path: `next.index`, `entries[]`, `entries[].id`. */
  readonly name: string;
  /** Markdown of the type, with links to named types. */
  readonly type: string;
  readonly required: Presence;
  /** One-line markdown for a table cell. */
  readonly description: string;
}


export function codecTsType(codec: string): string | undefined {
  return CODEC_TS[codec];
}

/** The largest depth at which nested inline objects still get rows (0 = the top-level fields). */
const MAX_NESTING = 1;
/** How deep inline object types are spelled out in a TS type (deeper ones are `object`). */
const MAX_TS_DEPTH = 5;
const MAX_DEPTH = 8;

interface Collected {
  readonly props: Map<string, { schema: JsonSchema; required: Presence }>;
  /** Named alternatives (`oneOf` of references): linked, not merged. */
  readonly variants: string[];
}

const refNames = new Map<string, string | undefined>();

/** The component a `$ref` names (memoized: the same few refs are read over and over). */
function componentName(ref: string): string | undefined {
  if (refNames.has(ref)) return refNames.get(ref);
  const name = nameOfRef(ref);
  refNames.set(ref, name);
  return name;
}

/**
 * `collect` results per document and schema object. Per document: a schema is the same object from run to
 * run while it is unchanged (see incremental.ts), but what it collects follows references into other
 * schemas, which may have changed.
 */
const collected = new WeakMap<object, WeakMap<object, Collected>>();

export class SchemaText {
  private readonly document: Record<string, unknown>;
  private readonly link: (name: string) => string;

  /** `link` gives the markdown link of a named type (`[Name](../types.md#Name)`). */
  constructor(document: Record<string, unknown>, link: (name: string) => string) {
    this.document = document;
    this.link = link;
  }

  /** The schema a `$ref` points at (within the bundled document). */
  deref(ref: string): JsonSchema | undefined {
    return ref.startsWith('#') ? (getAtPointer(this.document, ref.slice(1)) as JsonSchema | undefined) : undefined;
  }

  /** Follow references that do not name a component (`#/components/schemas/X/properties/y`). */
  private unnamed(schema: JsonSchema): JsonSchema {
    let s = schema;
    for (let i = 0; i < MAX_DEPTH && isSchemaObject(s) && typeof s.$ref === 'string' && componentName(s.$ref) === undefined; i++) {
      const t = this.deref(s.$ref);
      if (t === undefined) break;
      s = t;
    }
    return s;
  }

  /** The body of a schema: references (named or not) followed. */
  body(schema: JsonSchema): JsonSchema {
    let s = schema;
    for (let i = 0; i < MAX_DEPTH && isSchemaObject(s) && typeof s.$ref === 'string'; i++) {
      const t = this.deref(s.$ref);
      if (t === undefined) break;
      s = t;
    }
    return s;
  }

  /** The component a schema names directly, if it is a `$ref` to one. */
  named(schema: JsonSchema): string | undefined {
    return isSchemaObject(schema) && typeof schema.$ref === 'string' ? componentName(schema.$ref) : undefined;
  }

  // ---- labels --------------------------------------------------------------------------------------------

  /** A short markdown type: `string`, `array of [ChainAddress](...)`, `[Uint64](...) or null`. */
  label(schema: JsonSchema, depth = 0): string {
    if (schema === true) return 'any';
    if (schema === false) return 'nothing';
    if (!isSchemaObject(schema) || depth > MAX_DEPTH) return 'any';
    if (typeof schema.$ref === 'string') {
      const name = componentName(schema.$ref);
      if (name !== undefined) return this.link(name);
      const t = this.deref(schema.$ref);
      return t === undefined ? 'any' : this.label(t, depth + 1);
    }
    if ('const' in schema) return code(JSON.stringify(schema.const));
    if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => code(typeof v === 'string' ? v : JSON.stringify(v))).join(', ')}`;
    const own = this.ownLabel(schema, depth);
    const branches = (Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined) as JsonSchema[] | undefined;
    if (branches && !own) return unique(branches.map((b) => this.label(b, depth + 1))).join(' or ');
    if (Array.isArray(schema.allOf) && !own) return unique((schema.allOf as JsonSchema[]).map((b) => this.label(b, depth + 1))).join(' and ');
    return own ?? 'any';
  }

  private ownLabel(schema: SchemaObject, depth: number): string | undefined {
    const types = declaredTypes(schema) ?? (schema.properties || schema.additionalProperties !== undefined ? ['object'] : schema.items !== undefined ? ['array'] : undefined);
    if (!types) return undefined;
    return unique(
      types.map((t) => {
        if (t === 'array') {
          if (Array.isArray(schema.items)) return `tuple [${(schema.items as JsonSchema[]).map((i) => this.label(i, depth + 1)).join(', ')}]`;
          if (schema.items === undefined) return 'array';
          const inner = this.label(schema.items as JsonSchema, depth + 1);
          return `array of ${inner.includes(' or ') ? `(${inner})` : inner}`;
        }
        if (t === 'object') {
          if (!schema.properties && isSchemaObject(schema.additionalProperties)) {
            const inner = this.label(schema.additionalProperties as JsonSchema, depth + 1);
            return `map of ${inner.includes(' or ') ? `(${inner})` : inner}`;
          }
          return 'object';
        }
        return t;
      }),
    ).join(' or ');
  }

  /** The JSON type with its constraints, for the types page. */
  summary(schema: JsonSchema): string {
    const parts = [this.label(schema)];
    if (!isSchemaObject(schema)) return parts[0]!;
    const facts: string[] = [];
    if (typeof schema['x-codec'] === 'string') facts.push(`codec ${code(schema['x-codec'])}`);
    if (typeof schema.pattern === 'string') facts.push(`pattern ${code(schema.pattern)}`);
    if (typeof schema.format === 'string') facts.push(`format ${code(schema.format)}`);
    const range = (lo: unknown, hi: unknown, unit: string) => {
      if (typeof lo === 'number' && typeof hi === 'number') facts.push(`${lo} to ${hi}${unit}`);
      else if (typeof lo === 'number') facts.push(`at least ${lo}${unit}`);
      else if (typeof hi === 'number') facts.push(`at most ${hi}${unit}`);
    };
    range(schema.minimum, schema.maximum, '');
    range(schema.minLength, schema.maxLength, ' characters');
    range(schema.minItems, schema.maxItems, ' items');
    if (isSchemaObject(schema.propertyNames) && typeof schema.propertyNames.pattern === 'string') facts.push(`keys match ${code(schema.propertyNames.pattern)}`);
    if (schema['x-open'] === true) facts.push('deliberately unconstrained');
    return [...parts, ...facts].join('; ');
  }

  // ---- TypeScript ----------------------------------------------------------------------------------------

  /** The TypeScript value type (what a client user holds): codecs applied, scalar names resolved. */
  ts(schema: JsonSchema, depth = 0): string {
    if (schema === true || !isSchemaObject(schema) || depth > MAX_DEPTH) return 'unknown';
    if (typeof schema['x-codec'] === 'string') return CODEC_TS[schema['x-codec']] ?? 'unknown';
    if (typeof schema.$ref === 'string') {
      const name = componentName(schema.$ref);
      const target = this.deref(schema.$ref);
      if (name !== undefined && target !== undefined && !this.isScalar(target)) return name;
      return target === undefined ? 'unknown' : this.ts(target, depth + 1);
    }
    if (schema['x-open'] === true) return 'unknown';
    if ('const' in schema) return literal(schema.const);
    if (Array.isArray(schema.enum)) return unique(schema.enum.map(literal)).join(' | ');
    const branches = (Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined) as JsonSchema[] | undefined;
    const own = this.ownTs(schema, depth);
    if (branches && !own) return unique(branches.map((b) => this.ts(b, depth + 1))).join(' | ');
    if (Array.isArray(schema.allOf)) {
      const parts = unique([...(schema.allOf as JsonSchema[]).map((b) => this.ts(b, depth + 1)), ...(own ? [own] : [])]);
      return parts.map((p) => (p.includes(' | ') ? `(${p})` : p)).join(' & ');
    }
    return own ?? 'unknown';
  }

  private ownTs(schema: SchemaObject, depth: number): string | undefined {
    const types = declaredTypes(schema) ?? (schema.properties || schema.additionalProperties !== undefined ? ['object'] : schema.items !== undefined ? ['array'] : undefined);
    if (!types) return undefined;
    return unique(
      types.map((t) => {
        switch (t) {
          case 'string':
            return 'string';
          case 'integer':
          case 'number':
            return 'number';
          case 'boolean':
            return 'boolean';
          case 'null':
            return 'null';
          case 'array': {
            if (Array.isArray(schema.items)) return `[${(schema.items as JsonSchema[]).map((i) => this.ts(i, depth + 1)).join(', ')}]`;
            const inner = schema.items === undefined ? 'unknown' : this.ts(schema.items as JsonSchema, depth + 1);
            return /[ |&]/.test(inner) && !inner.startsWith('{') ? `(${inner})[]` : `${inner}[]`;
          }
          default:
            return this.objectTs(schema, depth);
        }
      }),
    ).join(' | ');
  }

  private objectTs(schema: SchemaObject, depth: number, indent?: string): string {
    const { props } = this.collect(schema);
    const map = isSchemaObject(schema.additionalProperties) ? `Record<string, ${this.ts(schema.additionalProperties as JsonSchema, depth + 1)}>` : undefined;
    if (!props.size) return map ?? 'Record<string, unknown>';
    if (depth >= MAX_TS_DEPTH && indent === undefined) return 'object';
    const members = [...props].map(([k, p]) => `${propertyKey(k)}${p.required === 'yes' ? '' : '?'}: ${this.ts(p.schema, depth + 1)}`);
    const body = indent === undefined ? `{ ${members.join('; ')} }` : `{\n${members.map((m) => `${indent}  ${m};`).join('\n')}\n${indent}}`;
    return map ? `${body} & ${map}` : body;
  }

  /** A `type Name = ...;` declaration, objects one member per line. */
  tsDeclaration(name: string, schema: JsonSchema): string {
    const ident = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : name.replace(/[^A-Za-z0-9_$]/g, '_');
    const body = isSchemaObject(schema) && this.isObjectLike(schema) && !schema.oneOf && !schema.anyOf && !schema.allOf && typeof schema.$ref !== 'string'
      ? this.objectTs(schema, 0, '')
      : this.ts(schema);
    return `type ${ident} = ${body};`;
  }

  /** A string/number/boolean/null schema (possibly a union of them): printed by value, not by name. */
  isScalar(schema: JsonSchema, depth = 0): boolean {
    if (!isSchemaObject(schema) || depth > MAX_DEPTH) return schema !== true;
    if (typeof schema['x-codec'] === 'string') return true;
    if (typeof schema.$ref === 'string') {
      const t = this.deref(schema.$ref);
      return t !== undefined && this.isScalar(t, depth + 1);
    }
    if (schema.properties || schema.items !== undefined || schema.additionalProperties !== undefined) return false;
    const branches = (Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.allOf) ? schema.allOf : []) as JsonSchema[];
    if (branches.length && !branches.every((b) => this.isScalar(b, depth + 1))) return false;
    const types = declaredTypes(schema);
    if (types) return types.every((t) => t !== 'object' && t !== 'array');
    return Array.isArray(schema.enum) || 'const' in schema || branches.length > 0;
  }

  isObjectLike(schema: JsonSchema): boolean {
    if (!isSchemaObject(schema)) return false;
    const types = declaredTypes(schema);
    if (types && !types.includes('object')) return false;
    const c = this.collect(schema);
    return c.props.size > 0 || c.variants.length > 0;
  }

  // ---- fields --------------------------------------------------------------------------------------------

  /** Properties of an object schema, merged over `allOf`, inline `oneOf`/`anyOf` branches and `if`/`then`. */
  collect(schema: JsonSchema, depth = 0): Collected {
    const s = this.unnamed(schema);
    if (!isSchemaObject(s) || depth > MAX_DEPTH) return { props: new Map(), variants: [] };
    let byDocument = collected.get(this.document);
    if (!byDocument) collected.set(this.document, (byDocument = new WeakMap()));
    const hit = byDocument.get(s);
    if (hit) return hit;
    const result = this.collectUncached(s, depth);
    byDocument.set(s, result);
    return result;
  }

  private collectUncached(s: SchemaObject, depth: number): Collected {
    const props = new Map<string, { schema: JsonSchema; required: Presence }>();
    const variants: string[] = [];
    const required = new Set(Array.isArray(s.required) ? s.required.map(String) : []);
    const add = (name: string, sch: JsonSchema, presence: Presence) => {
      const had = props.get(name);
      if (!had) props.set(name, { schema: sch, required: presence });
      else if (rank(presence) > rank(had.required)) had.required = presence;
    };
    if (isSchemaObject(s.properties)) for (const [k, v] of Object.entries(s.properties)) add(k, v as JsonSchema, required.has(k) ? 'yes' : 'no');
    for (const part of (Array.isArray(s.allOf) ? s.allOf : []) as JsonSchema[]) {
      const c = this.collect(this.body(part), depth + 1);
      for (const [k, v] of c.props) add(k, v.schema, v.required);
      variants.push(...c.variants);
    }
    const branches = (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined) as JsonSchema[] | undefined;
    if (branches) {
      const named = branches.map((b) => this.named(b));
      if (named.every((n) => n !== undefined) && !props.size) variants.push(...(named as string[]));
      else {
        const each = branches.map((b) => (this.named(b) !== undefined ? undefined : this.collectBranch(b, depth + 1)));
        const inline = each.filter((c): c is { props: Map<string, JsonSchema>; required: Set<string> } => c !== undefined);
        const names = new Set(inline.flatMap((c) => [...c.props.keys(), ...c.required]));
        for (const k of names) {
          const inAll = inline.every((c) => c.required.has(k));
          const inSome = inline.some((c) => c.required.has(k));
          const sch = inline.find((c) => c.props.has(k))?.props.get(k) ?? props.get(k)?.schema;
          if (sch === undefined) continue;
          const had = props.get(k);
          if (had?.required === 'yes') continue;
          const presence: Presence = inAll && inline.length === branches.length ? 'yes' : inSome ? 'conditional' : 'no';
          if (had && presence !== 'no') had.required = presence;
          else if (!had) add(k, sch, presence === 'yes' ? 'yes' : presence === 'conditional' ? 'conditional' : 'no');
        }
        for (const n of named) if (n !== undefined) variants.push(n);
      }
    }
    for (const key of ['then', 'else'] as const) {
      const b = s[key];
      if (!isSchemaObject(b)) continue;
      const c = this.collectBranch(b, depth + 1);
      for (const [k, v] of c.props) if (!props.has(k)) add(k, v, 'conditional');
      for (const k of c.required) {
        const had = props.get(k);
        if (had && had.required === 'no') had.required = 'conditional';
      }
    }
    return { props, variants: unique(variants) };
  }

  private collectBranch(schema: JsonSchema, depth: number): { props: Map<string, JsonSchema>; required: Set<string> } {
    const c = this.collect(schema, depth);
    const s = this.unnamed(schema);
    const required = new Set<string>(isSchemaObject(s) && Array.isArray(s.required) ? s.required.map(String) : []);
    for (const [k, v] of c.props) if (v.required === 'yes') required.add(k);
    return { props: new Map([...c.props].map(([k, v]) => [k, v.schema])), required };
  }

  /** Rows of a fields table for an object schema (its body: pass a resolved schema to expand a named type). */
  rows(schema: JsonSchema, prefix = '', depth = 0): FieldRow[] {
    const out: FieldRow[] = [];
    const { props } = this.collect(schema);
    for (const [name, p] of props) {
      const path = `${prefix}${name}`;
      out.push({ name: path, type: escapePipes(this.label(p.schema)), required: p.required, description: cell(describe(p.schema)) });
      if (depth < MAX_NESTING) out.push(...this.nested(p.schema, path, depth + 1));
    }
    return out;
  }

  /** Rows for what an inline schema holds: object fields, array items' fields, map values' fields. */
  nested(schema: JsonSchema, path: string, depth: number): FieldRow[] {
    const s = this.unnamed(schema);
    if (!isSchemaObject(s) || this.named(s) !== undefined) return [];
    if (s.items !== undefined && !Array.isArray(s.items)) {
      const items = this.unnamed(s.items as JsonSchema);
      return this.named(items) === undefined && this.isObjectLike(items) ? this.rows(items, `${path}[].`, depth) : [];
    }
    if (!s.properties && isSchemaObject(s.additionalProperties)) {
      const values = this.unnamed(s.additionalProperties as JsonSchema);
      return this.named(values) === undefined && this.isObjectLike(values) ? this.rows(values, `${path}.*.`, depth) : [];
    }
    return this.isObjectLike(s) ? this.rows(s, `${path}.`, depth) : [];
  }
}

function rank(p: Presence): number {
  return p === 'yes' ? 2 : p === 'conditional' ? 1 : 0;
}

function describe(schema: JsonSchema): string | undefined {
  if (!isSchemaObject(schema)) return undefined;
  const d = typeof schema.description === 'string' ? schema.description : undefined;
  return schema.deprecated === true ? `**Deprecated.** ${d ?? ''}`.trim() : d;
}

function unique<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}

function literal(v: unknown): string {
  return typeof v === 'string' ? `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : JSON.stringify(v);
}

