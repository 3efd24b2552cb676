/**
 * JSON Schema → Python type expressions and `TypedDict` declarations.
 *
 * Why TypedDicts rather than dataclasses: a decoded result stays the plain `dict`/`list` tree `json.loads`
 * gives (only its `x-codec` scalars converted), so decoding costs one walk and no object construction, an
 * absent key and a key holding `None` stay apart (a dataclass field has one default), fields the spec does
 * not list yet pass through, and values print, compare and serialise like the JSON they came from. Type
 * checkers (pyright, mypy) check TypedDict keys and value types statically, which is what users ask of them.
 */
import type { JsonSchema, ServiceModel } from '../../model/index.js';
import { ComponentNames } from '../shared/component-names.js';
import { NameTable, pascal } from '../shared/names.js';
import { isPyIdent } from '../shared/py-layout.js';

type Schema = Record<string, unknown>;

/** Names the generated modules import, which a declaration must not take. */
const RESERVED = ['Any', 'Literal', 'TypedDict', 'TypeAlias', 'Mapping', 'Optional', 'Union', 'List', 'Dict', 'Call', 'Outcome', 'Retry', 'Sequence', 'Callable', 'Iterator', 'AsyncIterator', 'HttpTransport', 'AsyncHttpTransport', 'CodecError', 'EncodeError'];

interface Field {
  readonly key: string;
  readonly type: string;
  readonly required: boolean;
  readonly description?: string;
}

function isObj(v: unknown): v is Schema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function pyString(s: string): string {
  return JSON.stringify(s);
}

function literal(v: unknown): string | undefined {
  if (v === null) return 'None';
  if (typeof v === 'string') return `Literal[${pyString(v)}]`;
  if (typeof v === 'boolean') return `Literal[${v ? 'True' : 'False'}]`;
  if (typeof v === 'number' && Number.isInteger(v)) return `Literal[${v}]`;
  return undefined;
}

/** The `Literal[...]` type of a param's values (`None` for null), or undefined for a value no literal types. */
export function literalUnion(values: readonly unknown[]): string | undefined {
  const parts = values.map(literal);
  return parts.every((p) => p !== undefined) && parts.length ? union(parts as string[]) : undefined;
}

/** `A | B | None` with duplicates and nested unions flattened; `Any` absorbs everything. */
export function union(parts: readonly string[]): string {
  const flat: string[] = [];
  for (const p of parts) for (const q of splitTop(p)) if (!flat.includes(q)) flat.push(q);
  if (flat.includes('Any')) return 'Any';
  const lits = flat.filter((p) => p.startsWith('Literal['));
  const rest = flat.filter((p) => !p.startsWith('Literal[') && p !== 'None');
  const merged = lits.length > 1 ? [`Literal[${lits.map((l) => l.slice(8, -1)).join(', ')}]`] : lits;
  const out = [...merged, ...rest, ...(flat.includes('None') ? ['None'] : [])];
  return out.length ? out.join(' | ') : 'Any';
}

/** Of two types a value must have both of, the one whose members are all among the other's (else their join). */
function narrower(a: string, b: string): string {
  const pa = splitTop(a);
  const pb = splitTop(b);
  if (pb.every((p) => pa.includes(p))) return b;
  if (pa.every((p) => pb.includes(p))) return a;
  return union([a, b]);
}

function splitTop(expr: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (let i = 0; i < expr.length; i++) {
    const c = expr[i]!;
    if (c === '[') depth++;
    if (c === ']') depth--;
    if (depth === 0 && expr.startsWith(' | ', i)) {
      out.push(cur);
      cur = '';
      i += 2;
      continue;
    }
    cur += c;
  }
  out.push(cur);
  return out;
}

/** A type expression as a forward reference (evaluated by type checkers only). */
function forward(expr: string): string {
  return expr.includes("'") ? JSON.stringify(expr) : `'${expr}'`;
}

/** A docstring literal. */
export function pyDoc(text: string): string {
  const body = text.replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"');
  return `"""${body}${body.endsWith('"') ? ' ' : ''}"""`;
}

function docLines(text: string | undefined): string[] {
  return text ? text.trim().split('\n').map((l) => l.trimEnd()) : [];
}

/** Declarations reached from the methods' params and results, in the order first reached. */
export class PyTypes {
  readonly decls: string[] = [];
  private readonly names = new NameTable(RESERVED);
  private readonly components = new ComponentNames(this.names, pascal);
  /** Alias name → the expression it stands for. */
  private readonly aliases = new Map<string, string>();

  /** The `typing` imports the declarations use (docstrings and comments aside): an unused import fails strict checks. */
  imports(): string {
    const code = this.decls.join('\n').replace(/"""[\s\S]*?"""/g, '').replace(/^\s*#.*$/gm, '');
    const first = ['Any', 'Literal', 'TypedDict'].filter((n) => new RegExp(`\\b${n}\\b`).test(code));
    const lines = first.length ? [`from typing import ${first.join(', ')}`] : [];
    if (/\bTypeAlias\b/.test(code)) lines.push('from typing import TypeAlias');
    return lines.join('\n\n');
  }

  /** The members of a type, with the aliases among them opened up (`RecordResult` → `RecordText`, `RecordJson`). */
  members(expr: string, depth = 0): string[] {
    return splitTop(expr).flatMap((p) => {
      const alias = this.aliases.get(p);
      return alias !== undefined && depth < 16 ? [p, ...this.members(alias, depth + 1)] : [p];
    });
  }

  /** The public names declared, in order. */
  exported(): string[] {
    return this.decls.flatMap((d) => [...d.matchAll(/^(?:class ([A-Za-z]\w*)\b|([A-Za-z]\w*): TypeAlias)/gm)].map((m) => m[1] ?? m[2]!));
  }

  /** The Python type of a schema; inline objects are declared as `hint`. */
  expr(schema: JsonSchema, service: ServiceModel, hint: string): string {
    if (!isObj(schema)) return 'Any';
    if (typeof schema.$ref === 'string') return this.ref(schema.$ref, service);
    const codec = schema['x-codec'];
    if (codec === 'uint64' || codec === 'uint64-number' || codec === 'uint32' || codec === 'quantity') return 'int';
    if (codec === 'float') return 'float';
    if (codec === 'hex') return 'str';
    if ('const' in schema) return literal(schema.const) ?? 'Any';
    if (Array.isArray(schema.enum)) {
      const lits = schema.enum.map(literal);
      return lits.every((l) => l !== undefined) ? union(lits as string[]) : 'Any';
    }
    const branches = (Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined) as JsonSchema[] | undefined;
    if (branches && !schema.properties) return union(branches.map((b, i) => this.expr(b, service, `${hint}${i + 1}`)));
    if (Array.isArray(schema.allOf) || (branches && schema.properties)) return this.object(schema, service, hint);
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : undefined;
    if (!types) return schema.properties || schema.additionalProperties ? this.object(schema, service, hint) : schema.items ? this.array(schema, service, hint) : 'Any';
    return union(
      types.map((t) => {
        switch (t) {
          case 'string':
            return 'str';
          case 'integer':
            return 'int';
          case 'number':
            return 'float';
          case 'boolean':
            return 'bool';
          case 'null':
            return 'None';
          case 'array':
            return this.array(schema, service, hint);
          case 'object':
            return this.object(schema, service, hint);
          default:
            return 'Any';
        }
      }),
    );
  }

  private array(schema: Schema, service: ServiceModel, hint: string): string {
    if (Array.isArray(schema.items)) return `list[${union((schema.items as JsonSchema[]).map((s, i) => this.expr(s, service, `${hint}Item${i + 1}`)))}]`;
    if (schema.items !== undefined) return `list[${this.expr(schema.items as JsonSchema, service, `${hint}Item`)}]`;
    return 'list[Any]';
  }

  private resolve(schema: JsonSchema, service: ServiceModel, depth = 0): Schema | undefined {
    if (!isObj(schema) || depth > 16) return undefined;
    if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/components/schemas/')) {
      return this.resolve(service.schemas[decodeURIComponent(schema.$ref.slice(21))] ?? {}, service, depth + 1);
    }
    return schema;
  }

  /**
   * Properties of an object schema with those of its `allOf` parts (and, optional, of its branches). A key that
   * the schema and its parts all hold (`meet`) takes the narrower of two types when one's members are among the
   * other's (a part narrowing `A | B` to `A`, as an `x-result-by-param` case does); keys of branches join.
   */
  private fields(schema: Schema, service: ServiceModel, hint: string, required: boolean, out: Map<string, Field>, depth = 0, meet = true): void {
    const req = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    if (isObj(schema.properties)) {
      for (const [key, sub] of Object.entries(schema.properties)) {
        const prev = out.get(key);
        const type = this.expr(sub as JsonSchema, service, `${hint}${pascal(key)}`);
        const description = isObj(sub) && typeof sub.description === 'string' ? sub.description : undefined;
        out.set(key, {
          key,
          type: prev ? (meet ? narrower(prev.type, type) : union([prev.type, type])) : type,
          required: (prev?.required ?? false) || (required && req.has(key)),
          ...(description ? { description } : prev?.description ? { description: prev.description } : {}),
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
    // A key required by the object itself, declared only in a part.
    for (const key of req) {
      const f = out.get(key);
      if (f && required && !f.required) out.set(key, { ...f, required: true });
    }
  }

  private object(schema: Schema, service: ServiceModel, hint: string, declared?: string): string {
    const fields = new Map<string, Field>();
    this.fields(schema, service, hint, true, fields);
    if (fields.size === 0) {
      const ap = schema.additionalProperties ?? (isObj(schema.patternProperties) ? Object.values(schema.patternProperties)[0] : undefined);
      return isObj(ap) ? `dict[str, ${this.expr(ap as JsonSchema, service, `${hint}Value`)}]` : 'dict[str, Any]';
    }
    const name = declared ?? this.names.claim(hint);
    this.decls.push(this.typedDict(name, [...fields.values()], typeof schema.description === 'string' ? schema.description : typeof schema.title === 'string' ? schema.title : undefined));
    return name;
  }

  private typedDict(name: string, fields: Field[], description: string | undefined): string {
    const doc = docLines(description);
    const docBlock = doc.length ? [`    ${pyDoc(doc.join('\n    '))}`] : [];
    const req = fields.filter((f) => f.required);
    const opt = fields.filter((f) => !f.required);
    const classy = fields.every((f) => isPyIdent(f.key));
    const body = (list: Field[]) =>
      list.flatMap((f) => [...docLines(f.description).map((l) => `    #: ${l}`.trimEnd()), `    ${f.key}: ${f.type}`]);
    if (classy) {
      if (req.length && opt.length) {
        return [`class _${name}Required(TypedDict):`, ...body(req), '', '', `class ${name}(_${name}Required, total=False):`, ...docBlock, ...body(opt)].join('\n');
      }
      return [`class ${name}(TypedDict${req.length ? '' : ', total=False'}):`, ...docBlock, ...body(fields)].join('\n');
    }
    const functional = (n: string, list: Field[], total: boolean) =>
      `${n} = TypedDict(${pyString(n)}, {${list.map((f) => `${pyString(f.key)}: ${forward(f.type)}`).join(', ')}}${total ? '' : ', total=False'})`;
    const parts: string[] = [];
    const bases: string[] = [];
    if (req.length) {
      parts.push(functional(`_${name}Required`, req, true));
      bases.push(`_${name}Required`);
    }
    if (opt.length) {
      parts.push(functional(`_${name}Optional`, opt, false));
      bases.push(`_${name}Optional`);
    }
    parts.push(`class ${name}(${bases.join(', ')}):\n${docBlock.length ? docBlock.join('\n') : '    pass'}`);
    return parts.join('\n\n\n');
  }

  private ref(ref: string, service: ServiceModel): string {
    const found = this.components.find(ref, service);
    if (found === undefined) return 'Any';
    if (typeof found === 'string') return found;
    const name = this.components.claim(found);
    const s = isObj(found.schema) ? found.schema : {};
    const objectLike = (s.type === 'object' || s.properties !== undefined || Array.isArray(s.allOf)) && !s['x-codec'];
    if (objectLike) {
      const made = this.object(s, service, name, name);
      if (made !== name) this.alias(name, made, s);
      return name;
    }
    this.alias(name, this.expr(s, service, name), s);
    return name;
  }

  private alias(name: string, expr: string, schema: Schema): void {
    const doc = docLines(typeof schema.description === 'string' ? schema.description : undefined).map((l) => `#: ${l}`.trimEnd());
    this.aliases.set(name, expr);
    const builtin = /^[a-z\s|[\],]*$/.test(expr.replace(/\bNone\b|\bAny\b/g, ''));
    this.decls.push([...doc, `${name}: TypeAlias = ${builtin ? expr : forward(expr)}`].join('\n'));
  }
}
