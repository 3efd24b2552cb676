/**
 * Walks a schema of a bundled document beside a value, to say precisely why the value fails and which of
 * its fields the schema does not name.
 *
 * ajv alone reports every failing branch of a union (a block that lacks one field fails `oneOf [null,
 * Block]` with "must be null" too), and its error paths inside referenced schemas are relative to them. So
 * the walk goes by pointer: each schema is compiled where it sits in the document, a union is explained by
 * the branch the value was most likely meant for, and children are walked with their own schemas.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { escapeSegment, getAtPointer } from '../../lib/pointer.js';
import type { SchemaCompiler } from '../../schema/ajv.js';

/** One way a value departs from the spec. */
export interface Problem {
  /** Where, inside the value checked (`/validators/0/weight`); `''` for the value itself. */
  readonly pointer: string;
  readonly message: string;
  /** What the spec says there, in words (`Uint64: a string matching ^(0|[1-9]...)$`). */
  readonly expected?: string;
  /** The value received there (absent for a missing field). */
  readonly received?: unknown;
}

type Schema = Record<string, unknown>;

/** Keywords handled by the walk itself; everything else is checked by compiling the schema without them. */
const STRUCTURAL = new Set([
  '$ref',
  'oneOf',
  'anyOf',
  'allOf',
  'if',
  'then',
  'else',
  'not',
  'properties',
  'patternProperties',
  'additionalProperties',
  'items',
  'additionalItems',
  'definitions',
  '$defs',
]);

function isSchema(v: unknown): v is Schema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

export class SchemaWalker {
  private readonly compiler: SchemaCompiler;
  private readonly document: Record<string, unknown>;
  private readonly locals = new Map<string, ValidateFunction | null>();

  constructor(compiler: SchemaCompiler, document: Record<string, unknown>) {
    this.compiler = compiler;
    this.document = document;
  }

  /** Problems and unnamed fields of `value` against the schema at `pointer`, reported under `at`. */
  verdict(pointer: string, value: unknown, at = ''): { problems: Problem[]; extra: Problem[] } {
    const problems = this.valid(pointer, value) ? [] : dedupe(this.explain(pointer, value, at, 0));
    const extra: Problem[] = [];
    this.unnamed(pointer, value, at, extra, 0);
    return { problems, extra: dedupe(extra) };
  }

  /** The schema at `pointer` in a few words: its component name and its main constraint. */
  label(pointer: string): string {
    const { pointer: at, schema } = this.resolve(pointer);
    const name = /^\/components\/schemas\/([^/]+)$/.exec(at)?.[1];
    const what = isSchema(schema) ? this.constraint(schema) : schema === false ? 'nothing' : 'any value';
    const title = name ?? (isSchema(schema) && typeof schema.title === 'string' ? schema.title : undefined);
    return title && title !== what ? `${title}: ${what}` : what;
  }

  private readonly fast = new Map<string, ValidateFunction | null>();
  private readonly resolved = new Map<string, { pointer: string; schema: unknown }>();

  private valid(pointer: string, value: unknown): boolean {
    let v = this.fast.get(pointer);
    if (v === undefined) {
      const compiled = this.compiler.compile(uriPointer(pointer), 'first');
      // A schema ajv cannot compile was reported when the document was loaded; it judges nothing here.
      this.fast.set(pointer, (v = compiled instanceof Error ? null : compiled));
    }
    return v === null || v(value) === true;
  }

  private errorCount(pointer: string, value: unknown): number {
    const v = this.compiler.compile(uriPointer(pointer), 'all');
    if (v instanceof Error || v(value)) return 0;
    return v.errors?.length ?? 1;
  }

  /** Follows `$ref`s that stand alone; a `$ref` with sibling keywords is walked as a schema of its own. */
  private resolve(pointer: string): { pointer: string; schema: unknown } {
    let hit = this.resolved.get(pointer);
    if (!hit) this.resolved.set(pointer, (hit = this.follow(pointer)));
    return hit;
  }

  private follow(pointer: string): { pointer: string; schema: unknown } {
    let at = pointer;
    for (let hops = 0; hops < 64; hops++) {
      const s = getAtPointer(this.document, at);
      if (isSchema(s) && typeof s.$ref === 'string' && s.$ref.startsWith('#') && Object.keys(s).every((k) => k === '$ref' || !isKeyword(k))) {
        at = decodeRef(s.$ref);
        continue;
      }
      return { pointer: at, schema: s };
    }
    return { pointer: at, schema: true };
  }

  /** The schema without its structural keywords, compiled once per place. */
  private local(pointer: string, schema: Schema): ValidateFunction | null {
    if (this.locals.has(pointer)) return this.locals.get(pointer)!;
    const rest: Schema = {};
    for (const [k, v] of Object.entries(schema)) if (!STRUCTURAL.has(k)) rest[k] = absolutize(v, this.compiler);
    let out: ValidateFunction | null = null;
    if (Object.keys(rest).some(isKeyword)) {
      const v = this.compiler.compileSchema(`conform-local ${pointer}`, rest, 'all');
      out = v instanceof Error ? null : v;
    }
    this.locals.set(pointer, out);
    return out;
  }

  private explain(pointer: string, value: unknown, at: string, depth: number): Problem[] {
    if (depth > 64 || this.valid(pointer, value)) return [];
    const { pointer: p, schema } = this.resolve(pointer);
    if (schema === false) return [{ pointer: at, message: 'no value is allowed here', received: value }];
    if (!isSchema(schema)) return [];
    const out: Problem[] = [];
    if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#')) out.push(...this.explain(decodeRef(schema.$ref), value, at, depth + 1));
    const local = this.local(p, schema);
    if (local && !local(value)) for (const e of local.errors ?? []) out.push(this.fromAjv(p, schema, e, value, at));
    for (const kw of ['oneOf', 'anyOf'] as const) {
      const branches = schema[kw];
      if (!Array.isArray(branches)) continue;
      const ptrs = branches.map((_, i) => `${p}/${kw}/${i}`);
      const passing = ptrs.filter((b) => this.valid(b, value));
      if (passing.length === 1 || (kw === 'anyOf' && passing.length > 1)) continue;
      if (passing.length > 1) {
        out.push({ pointer: at, message: `matches ${passing.length} of the oneOf branches (${passing.map((b) => this.label(b)).join('; ')}); exactly one must match`, received: value });
        continue;
      }
      const fitting = ptrs.filter((b) => this.admits(b, jsonType(value)));
      if (fitting.length === 0) {
        out.push({ pointer: at, message: `must be ${ptrs.map((b) => this.label(b)).join(' or ')}`, expected: ptrs.map((b) => this.label(b)).join(' | '), received: value });
        continue;
      }
      // The branch the value was meant for: of those that take its JSON type, the one it fails least.
      let best = fitting[0]!;
      let fewest = Infinity;
      for (const b of fitting) {
        const n = this.errorCount(b, value);
        if (n < fewest) [best, fewest] = [b, n];
      }
      out.push(...this.explain(best, value, at, depth + 1));
    }
    if (Array.isArray(schema.allOf)) schema.allOf.forEach((_, i) => out.push(...this.explain(`${p}/allOf/${i}`, value, at, depth + 1)));
    if ('if' in schema) {
      const branch = this.valid(`${p}/if`, value) ? 'then' : 'else';
      if (branch in schema) out.push(...this.explain(`${p}/${branch}`, value, at, depth + 1));
    }
    if ('not' in schema && this.valid(`${p}/not`, value)) out.push({ pointer: at, message: `must not be ${this.label(`${p}/not`)}`, received: value });
    if (isSchema(value)) out.push(...this.explainProperties(p, schema, value, at, depth));
    if (Array.isArray(value)) out.push(...this.explainItems(p, schema, value, at, depth));
    return out;
  }

  private explainProperties(p: string, schema: Schema, value: Record<string, unknown>, at: string, depth: number): Problem[] {
    const out: Problem[] = [];
    const props = isSchema(schema.properties) ? schema.properties : {};
    const patterns = isSchema(schema.patternProperties) ? Object.keys(schema.patternProperties) : [];
    for (const [key, v] of Object.entries(value)) {
      const child = `${at}/${escapeSegment(key)}`;
      let named = false;
      if (Object.prototype.hasOwnProperty.call(props, key)) {
        named = true;
        out.push(...this.explain(`${p}/properties/${escapeSegment(key)}`, v, child, depth + 1));
      }
      for (const pattern of patterns) {
        if (!safeTest(pattern, key)) continue;
        named = true;
        out.push(...this.explain(`${p}/patternProperties/${escapeSegment(pattern)}`, v, child, depth + 1));
      }
      if (named || !('additionalProperties' in schema)) continue;
      if (schema.additionalProperties === false) out.push({ pointer: child, message: `field "${key}" is not allowed here`, expected: `only ${Object.keys(props).map((k) => `"${k}"`).join(', ') || 'no fields'}`, received: v });
      else out.push(...this.explain(`${p}/additionalProperties`, v, child, depth + 1));
    }
    return out;
  }

  private explainItems(p: string, schema: Schema, value: unknown[], at: string, depth: number): Problem[] {
    const out: Problem[] = [];
    value.forEach((v, i) => {
      const item = this.itemPointer(p, schema, i);
      if (item === false) out.push({ pointer: `${at}/${i}`, message: `no item is allowed at index ${i}`, received: v });
      else if (item !== undefined) out.push(...this.explain(item, v, `${at}/${i}`, depth + 1));
    });
    return out;
  }

  /** The schema of item `i`: a pointer, `false` when no item may be there, undefined when unconstrained. */
  private itemPointer(p: string, schema: Schema, i: number): string | false | undefined {
    if (Array.isArray(schema.items)) {
      if (i < schema.items.length) return `${p}/items/${i}`;
      if (schema.additionalItems === false) return false;
      return isSchema(schema.additionalItems) ? `${p}/additionalItems` : undefined;
    }
    return schema.items === undefined ? undefined : `${p}/items`;
  }

  /** Whether a schema can take a value of this JSON type at all (its `type`, `const` or `enum`). */
  private admits(pointer: string, type: string, depth = 0): boolean {
    const { pointer: p, schema } = this.resolve(pointer);
    if (schema === false) return false;
    if (!isSchema(schema) || depth > 16) return true;
    const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type.map(String) : undefined;
    if (types && !types.some((t) => t === type || (t === 'number' && type === 'integer'))) return false;
    if ('const' in schema && jsonType(schema.const) !== type && !(jsonType(schema.const) === 'integer' && type === 'number')) return false;
    if (Array.isArray(schema.enum) && !schema.enum.some((v) => jsonType(v) === type)) return false;
    for (const kw of ['oneOf', 'anyOf'] as const) {
      const branches = schema[kw];
      if (Array.isArray(branches) && !branches.some((_, i) => this.admits(`${p}/${kw}/${i}`, type, depth + 1))) return false;
    }
    if (Array.isArray(schema.allOf) && !schema.allOf.every((_, i) => this.admits(`${p}/allOf/${i}`, type, depth + 1))) return false;
    if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#') && !this.admits(decodeRef(schema.$ref), type, depth + 1)) return false;
    return true;
  }

  private fromAjv(p: string, schema: Schema, e: ErrorObject, value: unknown, at: string): Problem {
    const params = e.params as Record<string, unknown>;
    if (e.keyword === 'required') {
      const field = String(params.missingProperty);
      const props = isSchema(schema.properties) ? schema.properties : {};
      const fieldSchema = Object.prototype.hasOwnProperty.call(props, field) ? this.label(`${p}/properties/${escapeSegment(field)}`) : undefined;
      return { pointer: `${at}${e.instancePath}/${escapeSegment(field)}`, message: `required field "${field}" is missing`, ...(fieldSchema ? { expected: fieldSchema } : {}) };
    }
    const where = `${at}${e.instancePath}`;
    const received = e.instancePath === '' ? value : getAtPointer(value, e.instancePath);
    return { pointer: where, message: this.message(e), expected: this.label(p), received };
  }

  private message(e: ErrorObject): string {
    const params = e.params as Record<string, unknown>;
    switch (e.keyword) {
      case 'type':
        return `must be of type ${String(params.type).replace(/,/g, ' or ')}`;
      case 'pattern':
        return `must match ${shorten(String(params.pattern))}`;
      case 'enum':
        return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
      case 'const':
        return `must be ${JSON.stringify(params.allowedValue)}`;
      default:
        return e.message ?? `fails "${e.keyword}"`;
    }
  }

  /** The main constraint of a schema in words. */
  private constraint(schema: Schema): string {
    if ('const' in schema) return JSON.stringify(schema.const);
    if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
    const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type.map(String) : [];
    const type = types.join(' or ');
    if (typeof schema.pattern === 'string') return `${type || 'a value'} matching ${shorten(schema.pattern)}`;
    if (type) return type;
    if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) return 'one of several forms';
    if (isSchema(schema.properties)) return 'object';
    return 'any value';
  }

  /**
   * Fields of objects inside `value` that no schema applying to them names. An object counts only where some
   * applying schema lists `properties` and none opens it up (`additionalProperties` or `patternProperties`
   * that cover the field, `x-open`): a map or a free-form object has no fields to miss.
   */
  private unnamed(pointer: string, value: unknown, at: string, out: Problem[], depth: number): void {
    if (depth > 64 || (value === null || typeof value !== 'object')) return;
    const applying = this.applying(pointer, value, depth);
    if (Array.isArray(value)) {
      value.forEach((v, i) => {
        for (const { pointer: p, schema } of applying) {
          const item = this.itemPointer(p, schema, i);
          if (typeof item === 'string') this.unnamed(item, v, `${at}/${i}`, out, depth + 1);
        }
      });
      return;
    }
    const record = value as Record<string, unknown>;
    const declares = applying.some(({ schema }) => isSchema(schema.properties));
    const open = applying.some(({ schema }) => schema['x-open'] === true || (schema.additionalProperties !== undefined && schema.additionalProperties !== false));
    for (const [key, v] of Object.entries(record)) {
      const child = `${at}/${escapeSegment(key)}`;
      const children: string[] = [];
      for (const { pointer: p, schema } of applying) {
        if (isSchema(schema.properties) && Object.prototype.hasOwnProperty.call(schema.properties, key)) children.push(`${p}/properties/${escapeSegment(key)}`);
        if (isSchema(schema.patternProperties))
          for (const pattern of Object.keys(schema.patternProperties)) if (safeTest(pattern, key)) children.push(`${p}/patternProperties/${escapeSegment(pattern)}`);
      }
      if (children.length === 0) {
        for (const { pointer: p, schema } of applying) if (isSchema(schema.additionalProperties)) children.push(`${p}/additionalProperties`);
        if (children.length === 0 && declares && !open) out.push({ pointer: child, message: `field "${key}" is not in the spec`, received: v });
      }
      for (const c of children) this.unnamed(c, v, child, out, depth + 1);
    }
  }

  /**
   * Every schema that applies to the value at this place: the schema itself, its `allOf` parts, the union
   * branches the value takes (the likeliest one when it takes none), and `then`/`else`.
   */
  private applying(pointer: string, value: unknown, depth: number): { pointer: string; schema: Schema }[] {
    const out: { pointer: string; schema: Schema }[] = [];
    const seen = new Set<string>();
    const visit = (ptr: string, d: number) => {
      if (d > 32) return;
      const { pointer: p, schema } = this.resolve(ptr);
      if (!isSchema(schema) || seen.has(p)) return;
      seen.add(p);
      out.push({ pointer: p, schema });
      if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#')) visit(decodeRef(schema.$ref), d + 1);
      if (Array.isArray(schema.allOf)) schema.allOf.forEach((_, i) => visit(`${p}/allOf/${i}`, d + 1));
      for (const kw of ['oneOf', 'anyOf'] as const) {
        const branches = schema[kw];
        if (!Array.isArray(branches)) continue;
        const ptrs = branches.map((_, i) => `${p}/${kw}/${i}`);
        const passing = ptrs.filter((b) => this.valid(b, value));
        if (passing.length) passing.forEach((b) => visit(b, d + 1));
        else {
          const fitting = ptrs.filter((b) => this.admits(b, jsonType(value)));
          let best: string | undefined;
          let fewest = Infinity;
          for (const b of fitting) {
            const n = this.errorCount(b, value);
            if (n < fewest) [best, fewest] = [b, n];
          }
          if (best) visit(best, d + 1);
        }
      }
      if ('if' in schema) {
        const branch = this.valid(`${p}/if`, value) ? 'then' : 'else';
        if (branch in schema) visit(`${p}/${branch}`, d + 1);
      }
    };
    visit(pointer, depth);
    return out;
  }
}

function isKeyword(k: string): boolean {
  return !k.startsWith('x-') && !['title', 'description', '$comment', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly'].includes(k);
}

/** A pointer as a URI fragment (what ajv resolves): each segment percent-encoded. */
function uriPointer(pointer: string): string {
  return pointer
    .split('/')
    .map((seg) => encodeURIComponent(seg))
    .join('/');
}

function decodeRef(ref: string): string {
  const raw = ref.slice(1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A copy whose document-relative `$ref`s name the document, so it compiles beside it. */
function absolutize(node: unknown, compiler: SchemaCompiler): unknown {
  if (Array.isArray(node)) return node.map((v) => absolutize(v, compiler));
  if (!isSchema(node)) return node;
  const out: Schema = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#') ? compiler.ref(uriPointer(decodeRef(v))).$ref : absolutize(v, compiler);
  return out;
}

/** Long patterns (the exact ranges of a 64-bit integer) say little in a report: their start is enough. */
function shorten(pattern: string): string {
  return pattern.length <= 64 ? pattern : `${pattern.slice(0, 48)}…`;
}

function safeTest(pattern: string, s: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(s);
  } catch {
    return false;
  }
}

function dedupe(list: Problem[]): Problem[] {
  const seen = new Set<string>();
  return list.filter((p) => {
    const key = `${p.pointer}\0${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
