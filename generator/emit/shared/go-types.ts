/**
 * JSON Schema → Go types: structs with json tags for objects, the runtime's codec types for `x-codec`
 * scalars (U64, U64Number, U32, Float4 where 64 bits always fit; *Quantity, a big.Int, for EVM quantities),
 * pointers for optional and for nullable fields, `Opt[T]` for an optional field whose absence a pointer
 * cannot tell apart (one that may be null, a list, a map: absent, `null` and `[]` all round-trip),
 * `json.RawMessage` where a value's shape is open (unions of different JSON types, free-form values).
 */
import type { JsonSchema, ServiceModel } from '../../model/index.js';
import { ComponentNames } from './component-names.js';
import { NameTable, pascal } from './names.js';

/** Go's initialisms (as its linters and standard library spell them), by the word pascal() makes of them. */
const INITIALISMS = new Map(
  ['API', 'CPU', 'DNS', 'HTML', 'HTTP', 'HTTPS', 'ID', 'IDs', 'IP', 'IPs', 'JSON', 'RPC', 'TCP', 'TLS', 'TTL', 'UDP', 'UID', 'UUID', 'URI', 'URL', 'URLs', 'VM', 'VMs', 'XML'].map((w) => [
    `${w[0]}${w.slice(1).toLowerCase()}`,
    w,
  ]),
);

/** An exported Go identifier for `s`: pascal case with Go's initialisms (`nodeId` gives `NodeID`). */
export function goPascal(s: string): string {
  return pascal(s).replace(/[A-Z][a-z]*/g, (word) => INITIALISMS.get(word) ?? word);
}

type Schema = Record<string, unknown>;

/** Names the runtime declares, which a generated type must not take. */
export const GO_RESERVED = [
  'U64', 'U64Number', 'U32', 'Float4', 'Quantity', 'NewQuantity', 'QuantityOf', 'MustQuantity', 'Effects', 'Retry', 'DefaultRetry', 'Call', 'Option', 'Client', 'New',
  'RPCError', 'DocumentedError', 'TransportError', 'HTTPError', 'ProtocolError', 'DecodeError', 'EncodeError', 'WithHTTPClient', 'WithHeader',
  'WithHeaders', 'WithRetry', 'WithVariable', 'DefaultURL', 'Opt', 'Some', 'Null', 'Ptr',
];

function isObj(v: unknown): v is Schema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Whether a Go type has a nil value already (no pointer needed for "absent"). */
export function nilable(t: string): boolean {
  return t.startsWith('*') || t.startsWith('[]') || t.startsWith('map[') || t === 'json.RawMessage' || t === 'any';
}

/**
 * Text as a Go doc comment in the form gofmt (Go 1.19 and later) gives it. gofmt reads a span of indented
 * (and blank) lines as one block, a list when its first line is a list marker and code otherwise, and only
 * a plain text line ends the span: list items are indented by two spaces and their other lines by four,
 * code lines by a tab, blank lines around each span. A list with a blank line between any two of its items
 * is loose: gofmt then writes a blank line between every two.
 */
export function goDoc(text: string | undefined): string[] {
  if (!text) return [];
  const out: string[] = [];
  let span: 'list' | 'code' | undefined;
  let blank = true;
  // The current list's items (each its lines), and whether a blank line stood between two of them.
  let items: string[][] = [];
  let loose = false;
  const endList = () => {
    items.forEach((lines, i) => {
      if (i > 0 && loose) out.push('//');
      out.push(...lines);
    });
    items = [];
    loose = false;
  };
  for (const raw of text.trim().split('\n')) {
    const line = raw.trimEnd();
    const item = /^\s*([-*+]|[0-9]+[.)])\s+(.*)$/.exec(line);
    if (line === '') {
      if (!blank && span !== 'list') out.push('//');
      blank = true;
      continue;
    }
    if (!item && !/^\s/.test(line)) {
      if (span === 'list') endList();
      if (span && !blank) out.push('//');
      if (span === 'list' && blank) out.push('//');
      span = undefined;
      out.push(`// ${line}`);
    } else {
      if (!span) {
        if (!blank) out.push('//');
        span = item ? 'list' : 'code';
      }
      if (span === 'code') out.push(`//\t${line.trim()}`);
      else if (item) {
        if (blank && items.length) loose = true;
        const marker = /^[-*+]$/.test(item[1]!) ? '-' : item[1]!;
        items.push([`//${' '.repeat(Math.max(1, 4 - marker.length))}${marker} ${item[2]}`]);
      } else {
        if (blank && items.length) loose = true;
        items[items.length - 1]!.push(`//     ${line.trim()}`);
      }
    }
    blank = false;
  }
  if (span === 'list') endList();
  while (out[out.length - 1] === '//') out.pop();
  return out;
}

export function goComment(text: string | undefined, indent = ''): string[] {
  if (!text) return [];
  return text.trim().split('\n').map((l) => `${indent}// ${l}`.trimEnd());
}

interface Field {
  key: string;
  type: string;
  required: boolean;
  nullable: boolean;
  description?: string;
}

/**
 * How an object's field is declared. Required fields take their type as is (a pointer when nullable); an
 * optional one a pointer (nil when absent), unless a pointer would merge two wire states: a field that may
 * be null, and a list or map (whose `omitempty` would drop `[]` and `{}`), become `Opt[T]`.
 */
export function fieldType(f: { type: string; required: boolean; nullable: boolean }): { type: string; omitempty: boolean } {
  if (f.required) return { type: f.type, omitempty: false };
  if (f.type === 'json.RawMessage' || f.type === 'any') return { type: f.type, omitempty: true };
  const collection = f.type.startsWith('[]') || f.type.startsWith('map[');
  if (f.nullable || collection) {
    const inner = f.nullable && f.type.startsWith('*') && f.type !== '*Quantity' ? f.type.slice(1) : f.type;
    return { type: `Opt[${inner}]`, omitempty: false };
  }
  return { type: nilable(f.type) ? f.type : `*${f.type}`, omitempty: true };
}

/** A field of a declared struct: its Go name, JSON key and Go type as declared. */
export interface GoField {
  readonly name: string;
  readonly key: string;
  readonly type: string;
}

export class GoTypes {
  readonly decls: string[] = [];
  /** The fields of each declared struct (and alias of one), by name. */
  readonly structs = new Map<string, readonly GoField[]>();
  /** What each alias (`type X = Y`) names. */
  readonly aliases = new Map<string, string>();
  readonly names = new NameTable(GO_RESERVED);
  private readonly components = new ComponentNames(this.names, goPascal);

  private resolve(schema: JsonSchema, service: ServiceModel, depth = 0): Schema | undefined {
    if (!isObj(schema) || depth > 16) return undefined;
    if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/components/schemas/')) return this.resolve(service.schemas[decodeURIComponent(schema.$ref.slice(21))] ?? {}, service, depth + 1);
    return schema;
  }

  /** Whether `null` is one of a schema's values. */
  nullable(s: JsonSchema, service: ServiceModel, depth = 0): boolean {
    const r = this.resolve(s, service);
    if (!r || depth > 8) return false;
    if (this.isNull(r, service) || (Array.isArray(r.type) && r.type.includes('null'))) return true;
    if (Array.isArray(r.enum) && r.enum.includes(null)) return true;
    const br = (r.oneOf ?? r.anyOf) as JsonSchema[] | undefined;
    return Array.isArray(br) && br.some((b) => this.nullable(b, service, depth + 1));
  }

  private isNull(s: JsonSchema, service: ServiceModel): boolean {
    const r = this.resolve(s, service);
    return !!r && (r.type === 'null' || r.const === null || (Array.isArray(r.type) && r.type.length === 1 && r.type[0] === 'null'));
  }

  /** The JSON type a schema's values always have, if one: to tell unions of strings apart from mixed ones. */
  private kind(s: JsonSchema, service: ServiceModel, depth = 0): string | undefined {
    const r = this.resolve(s, service);
    if (!r || depth > 8) return undefined;
    if (r['x-codec'] === 'hex') return 'string';
    if (r['x-codec']) return undefined;
    if (typeof r.type === 'string') return r.type;
    if (Array.isArray(r.enum) && r.enum.every((v) => typeof v === 'string')) return 'string';
    if (typeof r.const === 'string') return 'string';
    if (r.properties || r.additionalProperties || r.patternProperties) return 'object';
    const br = (r.oneOf ?? r.anyOf) as JsonSchema[] | undefined;
    if (Array.isArray(br)) {
      const ks = new Set(br.map((b) => this.kind(b, service, depth + 1)));
      return ks.size === 1 ? [...ks][0] : undefined;
    }
    return undefined;
  }

  /** The Go type of a schema; inline objects are declared as `hint`. Nullable values get a pointer. */
  expr(schema: JsonSchema, service: ServiceModel, hint: string): string {
    if (!isObj(schema)) return 'json.RawMessage';
    if (typeof schema.$ref === 'string') return this.ref(schema.$ref, service);
    switch (schema['x-codec']) {
      case 'uint64':
        return 'U64';
      case 'uint64-number':
        return 'U64Number';
      case 'uint32':
        return 'U32';
      case 'float':
        return 'Float4';
      case 'quantity':
        return '*Quantity';
      case 'hex':
        return 'string';
    }
    const branches = (Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined) as JsonSchema[] | undefined;
    if (branches && !schema.properties) {
      const kept = branches.filter((b) => !this.isNull(b, service));
      const nullable = kept.length < branches.length;
      let t: string;
      if (kept.length === 1) t = this.expr(kept[0]!, service, hint);
      else if (kept.every((b) => this.kind(b, service) === 'string')) t = 'string';
      else if (kept.every((b) => this.kind(b, service) === 'object' && this.resolve(b, service)?.properties)) t = this.object(schema, service, hint);
      else return 'json.RawMessage';
      return nullable && !nilable(t) ? `*${t}` : t;
    }
    if (Array.isArray(schema.allOf) || (branches && schema.properties)) return this.object(schema, service, hint);
    const consts = 'const' in schema ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
    if (consts) {
      if (consts.every((v) => typeof v === 'string')) return 'string';
      if (consts.every((v) => typeof v === 'boolean')) return 'bool';
      if (consts.every((v) => typeof v === 'number' && Number.isInteger(v))) return 'int64';
      return 'json.RawMessage';
    }
    const types = (Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : []) as string[];
    const real = types.filter((t) => t !== 'null');
    if (real.length === 0 && types.length === 0) {
      if (schema.properties || schema.additionalProperties) return this.object(schema, service, hint);
      if (schema.items) return this.array(schema, service, hint);
      return 'json.RawMessage';
    }
    if (real.length !== 1) return 'json.RawMessage';
    let t: string;
    switch (real[0]) {
      case 'string':
        t = 'string';
        break;
      case 'integer':
        t = 'int64';
        break;
      case 'number':
        t = 'float64';
        break;
      case 'boolean':
        t = 'bool';
        break;
      case 'array':
        t = this.array(schema, service, hint);
        break;
      case 'object':
        t = this.object(schema, service, hint);
        break;
      default:
        return 'json.RawMessage';
    }
    return types.includes('null') && !nilable(t) ? `*${t}` : t;
  }

  private array(schema: Schema, service: ServiceModel, hint: string): string {
    if (isObj(schema.items)) return `[]${this.expr(schema.items as JsonSchema, service, `${hint}Item`)}`;
    return '[]json.RawMessage';
  }

  /**
   * The fields of an object schema with those of its `allOf` parts (`meet`) and, optional, of its branches. Where
   * the schema and its parts give a key two types, raw JSON and a typed one (a part narrowing a union the Go type
   * leaves raw, as an `x-result-by-param` case does), the typed one wins; other differing types stay raw JSON.
   */
  private fields(schema: Schema, service: ServiceModel, hint: string, required: boolean, out: Map<string, Field>, depth = 0, meet = true): void {
    const req = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    if (isObj(schema.properties)) {
      for (const [key, sub] of Object.entries(schema.properties)) {
        const prev = out.get(key);
        const type = this.expr(sub as JsonSchema, service, `${hint}${goPascal(key)}`);
        const description = isObj(sub) && typeof sub.description === 'string' ? sub.description : prev?.description;
        out.set(key, {
          key,
          type: !prev || prev.type === type ? type : meet && prev.type === 'json.RawMessage' ? type : meet && type === 'json.RawMessage' ? prev.type : 'json.RawMessage',
          required: (prev?.required ?? false) || (required && req.has(key)),
          nullable: (prev?.nullable ?? false) || this.nullable(sub as JsonSchema, service),
          ...(description ? { description } : {}),
        });
      }
    }
    for (const part of Array.isArray(schema.allOf) ? schema.allOf : []) {
      const r = this.resolve(part as JsonSchema, service);
      if (r && depth < 8) this.fields(r, service, hint, required, out, depth + 1, meet);
    }
    const branches = (Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : []) as JsonSchema[];
    for (const b of branches) {
      const r = this.resolve(b, service);
      if (r && depth < 8) this.fields(r, service, hint, false, out, depth + 1, false);
    }
    for (const key of req) {
      const f = out.get(key);
      if (f && required) f.required = true;
    }
  }

  private object(schema: Schema, service: ServiceModel, hint: string, declared?: string): string {
    const fields = new Map<string, Field>();
    this.fields(schema, service, hint, true, fields);
    if (fields.size === 0) {
      const ap = schema.additionalProperties ?? (isObj(schema.patternProperties) ? Object.values(schema.patternProperties)[0] : undefined);
      return isObj(ap) ? `map[string]${this.expr(ap as JsonSchema, service, `${hint}Value`)}` : 'map[string]json.RawMessage';
    }
    const name = declared ?? this.names.claim(hint);
    const idents = new NameTable();
    const lines = [...goDoc(typeof schema.description === 'string' ? `${name}: ${schema.description}` : undefined), `type ${name} struct {`];
    let opts = false;
    const goFields: GoField[] = [];
    for (const f of fields.values()) {
      const { type, omitempty } = fieldType(f);
      opts ||= type.startsWith('Opt[');
      const ident = idents.claim(goPascal(f.key));
      goFields.push({ name: ident, key: f.key, type });
      lines.push(...goComment(f.description, '\t'), `\t${ident} ${type} \`json:"${f.key}${omitempty ? ',omitempty' : ''}"\``);
    }
    this.structs.set(name, goFields);
    lines.push('}');
    if (opts) lines.push('', '// MarshalJSON leaves the absent Opt fields out.', `func (v ${name}) MarshalJSON() ([]byte, error) {`, '\treturn marshalFields(v)', '}');
    this.decls.push(lines.join('\n'));
    return name;
  }

  private ref(ref: string, service: ServiceModel): string {
    const found = this.components.find(ref, service);
    if (found === undefined) return 'json.RawMessage';
    if (typeof found === 'string') return found;
    const s = isObj(found.schema) ? found.schema : {};
    const objectLike = (s.type === 'object' || s.properties !== undefined || Array.isArray(s.allOf)) && !s['x-codec'] && !(s.oneOf || s.anyOf);
    if (!objectLike) {
      // Scalars, unions and lists are used by their Go type directly (an alias would only rename it). A
      // list that contains itself ends as raw JSON.
      this.components.set(found, 'json.RawMessage');
      const t = this.expr(s, service, goPascal(found.component));
      this.components.set(found, t);
      return t;
    }
    const name = this.components.claim(found);
    const made = this.object(s, service, name, name);
    if (made !== name) {
      const fields = this.structs.get(made);
      if (fields) this.structs.set(name, fields);
      this.aliases.set(name, made);
      this.decls.push(`// ${name} is ${made}.\ntype ${name} = ${made}`);
    }
    return name;
  }
}
