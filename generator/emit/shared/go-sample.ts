/**
 * A method's example as a Go program through the generated module: the params as a Go literal of the
 * method's Params struct (codec types, Opt, Ptr and QuantityOf where the value needs them), the call with a
 * context, the result printed as JSON; an open value (a union of JSON types) as json.RawMessage. A value
 * no literal can express (a key no field has, a value of another JSON type than its field's) makes the
 * program read its params from their JSON instead.
 */
import type { GoLayout, GoMethod } from './go-layout.js';
import type { GoField, GoTypes } from './go-types.js';

export interface GoSampleSetup {
  readonly layout: GoLayout;
  readonly types: GoTypes;
  /** The module's import path. */
  readonly module: string;
}

const BUILTIN = new Set(['string', 'bool', 'int64', 'float64', 'any', 'json.RawMessage']);
const UINTS = new Set(['U64', 'U32', 'U64Number']);
const MAX_U64 = 2n ** 64n - 1n;

/**
 * Keyed entries as gofmt aligns them: within a run of one-line entries, values start in one column; an
 * entry over several lines stands alone and ends the run.
 */
function aligned(entries: readonly (readonly [string | undefined, string])[]): string[] {
  const out: string[] = [];
  let run: (readonly [string, string])[] = [];
  const flush = () => {
    const width = Math.max(...run.map(([k]) => k.length));
    for (const [k, v] of run) out.push(`${`${k}:`.padEnd(width + 1)} ${v}`);
    run = [];
  };
  for (const [key, value] of entries) {
    if (key === undefined) out.push(value);
    else if (value.includes('\n')) {
      if (run.length) flush();
      out.push(`${key}: ${value}`);
    } else run.push([key, value]);
  }
  if (run.length) flush();
  return out;
}

class Literal {
  constructor(
    private readonly pkg: string,
    private readonly types: GoTypes,
    /** Columns the code sits right of (a tab counts four), for the choice of one line or several. */
    private readonly offset = 0,
  ) {}

  /** A type expression as written outside the package. */
  qualify(t: string): string {
    if (t.startsWith('*')) return `*${this.qualify(t.slice(1))}`;
    if (t.startsWith('[]')) return `[]${this.qualify(t.slice(2))}`;
    if (t.startsWith('map[string]')) return `map[string]${this.qualify(t.slice(11))}`;
    if (t.startsWith('Opt[')) return `${this.pkg}.Opt[${this.qualify(t.slice(4, -1))}]`;
    return BUILTIN.has(t) ? t : `${this.pkg}.${t}`;
  }

  /** Whether Go infers `t` from the expression `x` (a generic's type argument): not from an untyped constant of another default type. */
  private typed(t: string, x: string): boolean {
    if (x.startsWith('"')) return t === 'string';
    if (x === 'true' || x === 'false') return t === 'bool';
    return !/^[-0-9]/.test(x);
  }

  /** `v` (wire JSON) as a Go expression of type `t`, or undefined where no literal fits. */
  of(t: string, v: unknown, indent: string): string | undefined {
    if (t.startsWith('Opt[')) {
      const inner = t.slice(4, -1);
      if (v === null) return `${this.pkg}.Null[${this.qualify(inner)}]()`;
      const x = this.of(inner, v, indent);
      if (x === undefined) return undefined;
      return this.typed(inner, x) ? `${this.pkg}.Some(${x})` : `${this.pkg}.Some[${this.qualify(inner)}](${x})`;
    }
    if (t === 'json.RawMessage') {
      const json = JSON.stringify(v);
      return `json.RawMessage(${json.includes('`') ? JSON.stringify(json) : `\`${json}\``})`;
    }
    if (v === null) return t.startsWith('*') || t.startsWith('[]') || t.startsWith('map[') ? 'nil' : undefined;
    if (t === '*Quantity') {
      if (typeof v !== 'string' || !/^0x[0-9a-fA-F]+$/.test(v)) return undefined;
      return BigInt(v) > MAX_U64 ? `${this.pkg}.MustQuantity(${JSON.stringify(v)})` : `${this.pkg}.QuantityOf(${v === '0x0' ? '0' : v})`;
    }
    if (t.startsWith('*')) {
      const inner = t.slice(1);
      const x = this.of(inner, v, indent);
      if (x === undefined) return undefined;
      // A composite literal (a struct, list or map) has an address; other values go through Ptr.
      if (x.endsWith('}') && !x.slice(0, x.indexOf('{')).includes('(')) return `&${x}`;
      return this.typed(inner, x) ? `${this.pkg}.Ptr(${x})` : `${this.pkg}.Ptr[${this.qualify(inner)}](${x})`;
    }
    if (t === 'string') return typeof v === 'string' ? JSON.stringify(v) : undefined;
    if (t === 'bool') return typeof v === 'boolean' ? String(v) : undefined;
    if (t === 'int64') return typeof v === 'number' && Number.isInteger(v) ? String(v) : undefined;
    if (t === 'float64' || t === 'Float4') return typeof v === 'number' ? String(v) : typeof v === 'string' && t === 'Float4' && /^-?[0-9]+(\.[0-9]+)?$/.test(v) ? v : undefined;
    if (UINTS.has(t)) {
      const text = typeof v === 'number' && Number.isInteger(v) && v >= 0 ? String(v) : typeof v === 'string' && /^(0|[1-9][0-9]*)$/.test(v) ? v : undefined;
      return text !== undefined && BigInt(text) <= MAX_U64 ? text : undefined;
    }
    if (t.startsWith('[]')) {
      if (!Array.isArray(v)) return undefined;
      return this.composite(this.qualify(t), v.map((x) => [undefined, t.slice(2), x] as const), indent);
    }
    if (t.startsWith('map[string]')) {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
      return this.composite(this.qualify(t), Object.entries(v).map(([k, x]) => [JSON.stringify(k), t.slice(11), x] as const), indent);
    }
    const fields = this.types.structs.get(t);
    if (fields) return this.struct(this.qualify(t), fields, v, indent);
    const alias = this.types.aliases.get(t);
    return alias === undefined ? undefined : this.of(alias, v, indent);
  }

  struct(type: string, fields: readonly GoField[], v: unknown, indent: string): string | undefined {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
    const byKey = new Map(fields.map((f) => [f.key, f]));
    const entries: (readonly [string, string, unknown])[] = [];
    for (const [k, x] of Object.entries(v)) {
      const f = byKey.get(k);
      if (!f) return undefined;
      entries.push([f.name, f.type, x]);
    }
    return this.composite(type, entries, indent);
  }

  private composite(type: string, entries: readonly (readonly [string | undefined, string, unknown])[], indent: string): string | undefined {
    if (entries.length === 0) return `${type}{}`;
    const inner = `${indent}\t`;
    const parts: string[] = [];
    for (const [, t, x] of entries) {
      const value = this.of(t, x, inner);
      if (value === undefined) return undefined;
      parts.push(value);
    }
    const flat = `${type}{${parts.map((v, i) => (entries[i]![0] === undefined ? v : `${entries[i]![0]}: ${v}`)).join(', ')}}`;
    if (flat.length + indent.length * 4 + this.offset <= 100 && !flat.includes('\n')) return flat;
    return `${type}{\n${aligned(entries.map(([key], i) => [key, parts[i]!] as const)).map((p) => `${inner}${p},`).join('\n')}\n${indent}}`;
  }
}

/**
 * The params of `request` (a JSON-RPC request's text) for `method`: a literal of its Params struct, or
 * (`before`) statements that read them from their JSON into `params`. None for a method without params.
 */
export function goParams(setup: GoSampleSetup, method: GoMethod, request: string): { before: string[]; value?: string } {
  if (!method.paramsType) return { before: [] };
  const { pkg } = setup.layout;
  const wire = (JSON.parse(request) as { params?: unknown }).params;
  const fields: GoField[] = method.params.map((p) => ({ name: p.field, key: p.name, type: p.type }));
  const named = Array.isArray(wire) ? Object.fromEntries(wire.map((v, i) => [method.params[i]?.name ?? `#${i}`, v] as const).filter(([, v]) => v !== null)) : (wire ?? {});
  const value = new Literal(pkg, setup.types, 4).struct(`${pkg}.${method.paramsType}`, fields, named, '');
  if (value !== undefined) return { before: [], value };
  const json = JSON.stringify(named);
  return {
    before: [
      `var params ${pkg}.${method.paramsType}`,
      `if err := json.Unmarshal([]byte(${json.includes('`') ? JSON.stringify(json) : `\`${json}\``}), &params); err != nil {`,
      '\tlog.Fatal(err)',
      '}',
    ],
    value: 'params',
  };
}

/** A type of the module as written by its users. */
export function goQualify(setup: GoSampleSetup, t: string): string {
  return new Literal(setup.layout.pkg, setup.types).qualify(t);
}

/**
 * The statements calling `method` with the params of `request` on client `c`, the result in `variable`
 * and the error in `err`.
 */
export function goCall(setup: GoSampleSetup, method: GoMethod, request: string, variable = 'result', ctx = 'context.Background()', path = method.path): string[] {
  const { before, value } = goParams(setup, method, request);
  return [...before, ...`${variable}, err := c.${path.join('.')}.${method.name}(${ctx}${value ? `, ${value}` : ''})`.split('\n')];
}

/** The import line of the module (`"path"`, or `name "path"` where the path's last element is not the name). */
export function goImport(setup: GoSampleSetup): string {
  return `${setup.module.split('/').pop() === setup.layout.pkg ? '' : `${setup.layout.pkg} `}${JSON.stringify(setup.module)}`;
}

/** The Go program calling `method` with the params of `request` (a JSON-RPC request's text). */
export function goSample(setup: GoSampleSetup, method: GoMethod, request: string, baseUrl: string): string {
  const { pkg } = setup.layout;
  return [
    'package main',
    '',
    'import (',
    '\t"context"',
    '\t"encoding/json"',
    '\t"fmt"',
    '\t"log"',
    '',
    `\t${goImport(setup)}`,
    ')',
    '',
    'func main() {',
    `\tc := ${pkg}.New(${JSON.stringify(baseUrl)})`,
    ...goCall(setup, method, request).map((l) => `\t${l}`),
    '\tif err != nil {',
    '\t\tlog.Fatal(err)',
    '\t}',
    '\tout, _ := json.MarshalIndent(result, "", "  ")',
    '\tfmt.Println(string(out))',
    '}',
  ].join('\n');
}

/** The Go program calling `method` as a plain GET (`c.Health.HTTP.Health`) with the params of `request`. */
export function goGetSample(setup: GoSampleSetup, method: GoMethod, request: string, baseUrl: string): string {
  const { pkg } = setup.layout;
  return [
    'package main',
    '',
    'import (',
    '\t"context"',
    '\t"encoding/json"',
    '\t"fmt"',
    '\t"log"',
    '',
    `\t${goImport(setup)}`,
    ')',
    '',
    'func main() {',
    `\tc := ${pkg}.New(${JSON.stringify(baseUrl)})`,
    ...goCall(setup, method, request, 'result', 'context.Background()', method.get!.path).map((l) => `\t${l}`),
    '\tif err != nil {',
    '\t\tlog.Fatal(err)',
    '\t}',
    '\tbody, _ := json.MarshalIndent(result.Body, "", "  ")',
    '\tfmt.Println(result.Status, result.OK, string(body))',
    '}',
  ].join('\n');
}
