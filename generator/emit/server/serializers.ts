/**
 * Result serializers written at generate time: for each method whose result is an object or an array, a
 * function from the value form the typed handler returns to the wire form's JSON text, made from the
 * result's codec plan (what converts: bigint → decimal string, `0x` quantities...) and its schema (what
 * else is there: the names and order of properties, strings, numbers). The runtime takes it in place of the
 * closures it would build from the plan alone (runtime/server/serialize.ts, where the helpers these
 * functions call live, and whose contract they keep: `JSON.stringify(encode(plan, value))`, byte for byte,
 * or a throw that leaves the value to that expression).
 *
 * What makes them faster: every key the schema names is a constant; an object whose keys are exactly the
 * schema's, in its order (a value decoded from the wire, or built after the generated types), is checked
 * with one `for...in` and written in one expression, with the quotes of its strings and quoted scalars in
 * the constants around them; anything else about it (other keys, other order, missing ones, a string to
 * escape) goes through a `switch` on each key; values the schema does not describe, through the runtime's
 * generic walk.
 *
 * Not written for results whose plan holds unions, tuples or recursion (the runtime leaves those to
 * encode + JSON.stringify anyway), nor for scalar results (one runtime call already).
 */
import type { PlanNode, PlanTree } from '../../schema/codec.js';
import { declaredTypes, isSchemaObject, resolveSchema, type SchemaObject } from '../../schema/resolve.js';
import type { JsonSchema } from '../../model/index.js';

/** The module the helpers come from, as the generated server modules import it (`import * as S`). */
export const SERIALIZE_MODULE = '../runtime/server/serialize.js';
export const HELPERS = 'S';

/** Keywords that make a schema more than its `type`, `properties` and `items` say. */
const COMBINATORS = ['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else'];

/** An object with more declared properties than this is written through the `switch` only. */
const MAX_STRAIGHT = 64;

const q = (s: string): string => JSON.stringify(s);

/** Whether the runtime's closures handle the plan exactly as a generated function would (no unions etc.). */
function supported(node: PlanNode | 0): boolean {
  if (node === 0 || typeof node === 'string') return true;
  if ('ref' in node || 'u' in node || 't' in node) return false;
  if ('a' in node) return supported(node.a);
  return Object.values(node.o ?? {}).every(supported) && (node.m === undefined || supported(node.m));
}

/**
 * A function made for a result, not yet named: its text with {@link OWN} where its name goes and a token
 * (`\0id\0`) where each function it calls goes, and those functions. Functions are named when a module is
 * put together ({@link SerializerNames}), so that a method's serializer can be made once and kept (see
 * emit/server/index.ts) while the names still count up in the module's order, as in a run with nothing kept.
 */
export interface SerializerFunction {
  readonly prefix: string;
  readonly id: number;
  readonly text: string;
  readonly calls: readonly SerializerFunction[];
}

/** A method's serializer, unnamed: the expression's text (with tokens) and the functions it calls. */
export interface Serializer {
  readonly text: string;
  readonly calls: readonly SerializerFunction[];
}

const OWN = '\u0001';
const TOKEN = /\u0000(\d+)\u0000/g;

/**
 * Makes serializers for the results of one document's methods: `method()` gives a method's, unnamed.
 */
export class SerializerWriter {
  private readonly document: Record<string, unknown>;
  /** The functions made, by text (with tokens), and by id. */
  private readonly byText = new Map<string, SerializerFunction>();
  private readonly byId: SerializerFunction[] = [];
  /**
   * Writers made so far, by schema, plan and the components being written: a writer depends on nothing else,
   * and each is made once (an array asks twice for its items' writer, an object for each property's, so
   * without this a nested result would be walked again at every level; shared components, once per module).
   */
  private readonly made = new Map<unknown, Map<PlanNode | 0, Map<string, Writer>>>();

  constructor(document: Record<string, unknown>) {
    this.document = document;
  }

  /** `(value) => ...` for a method's result, or undefined when the runtime's own serializer is as good. */
  method(schema: JsonSchema | undefined, plan: PlanTree): Serializer | undefined {
    if (schema === undefined || !supported(plan.root)) return undefined;
    const root = this.writer(schema, plan.root, []);
    if (root.fn === undefined) return undefined;
    const text = `(v) => ${root.fn}(v, "", 0)`;
    return { text, calls: this.callsIn(text) };
  }

  /** The functions a text calls (its tokens), in the order they appear. */
  private callsIn(text: string): SerializerFunction[] {
    const calls: SerializerFunction[] = [];
    for (const m of text.matchAll(TOKEN)) {
      const f = this.byId[Number(m[1])]!;
      if (!calls.includes(f)) calls.push(f);
    }
    return calls;
  }

  /**
   * How to write a value of `schema` converted by `plan`: the name of a generated function
   * `(v, key, depth)`, or a helper call for a leaf. `seen` holds the components being written (a schema that
   * refers to itself is written by the generic walk from where it recurs).
   */
  private writer(schema: JsonSchema, plan: PlanNode | 0, seen: readonly string[]): Writer {
    let byPlan = this.made.get(schema);
    if (byPlan === undefined) this.made.set(schema, (byPlan = new Map()));
    let bySeen = byPlan.get(plan);
    if (bySeen === undefined) byPlan.set(plan, (bySeen = new Map()));
    const key = seen.join('\0');
    let w = bySeen.get(key);
    if (w === undefined) bySeen.set(key, (w = this.make(schema, plan, seen)));
    return w;
  }

  private make(schema: JsonSchema, plan: PlanNode | 0, seen: readonly string[]): Writer {
    if (typeof plan === 'string') {
      // Written between quotes: in an object written in one expression the quotes go into its constants
      // (not where the schema allows null, which is written without them: such an object would always take
      // its keyed path).
      const quoted = plan === 'u64n' || this.nullable(schema) ? undefined : (v: string) => `${HELPERS}.${plan}d(${v})`;
      return { leaf: (v) => `${HELPERS}.${plan}(${v})`, ...(quoted ? { quoted } : {}) };
    }
    const { schema: resolved, names } = resolveSchema(this.document, schema);
    const cyclic = names.some((n) => seen.includes(n));
    const inner = [...seen, ...names];
    // A reference written as what it lands on (one writer per component and plan, however many refer to it).
    if (resolved !== schema && !cyclic && !(isSchemaObject(resolved) && typeof resolved.$ref === 'string')) return this.writer(resolved, plan, inner);
    const s: SchemaObject | undefined = isSchemaObject(resolved) && !cyclic ? resolved : undefined;
    const simple = s !== undefined && !COMBINATORS.some((k) => k in s);
    if (plan !== 0 && 'a' in plan) return { fn: this.array(simple && s !== undefined ? s.items : undefined, plan.a, true, inner) };
    if (plan !== 0) return { fn: this.object(simple ? s : undefined, plan, inner) };
    // Nothing converts below here: the schema alone says what to expect.
    if (!simple || s === undefined) return { leaf: any };
    const types = declaredTypes(s);
    const only = (...allowed: string[]) => types?.every((t) => allowed.includes(t));
    if (isSchemaObject(s.properties) && (types === undefined || types.includes('object'))) return { fn: this.object(s, 0, inner) };
    if (isSchemaObject(s.items) && (types === undefined || types.includes('array'))) return { fn: this.array(s.items, 0, false, inner) };
    if (only('string')) return { leaf: (v, k, d) => `${HELPERS}.str(${v}, ${k}, ${d})`, quoted: (v) => `${HELPERS}.strd(${v})` };
    if (only('string', 'null')) return { leaf: (v, k, d) => `${HELPERS}.str(${v}, ${k}, ${d})` };
    if (only('number', 'integer', 'null')) return { leaf: (v, k, d) => `${HELPERS}.num(${v}, ${k}, ${d})` };
    if (only('boolean', 'null')) return { leaf: (v, k, d) => `${HELPERS}.bool(${v}, ${k}, ${d})` };
    return { leaf: any };
  }

  /** Whether `schema` (after its references) lets a value be null, as far as one can tell without evaluating it. */
  private nullable(schema: JsonSchema, depth = 0): boolean {
    const { schema: s } = resolveSchema(this.document, schema);
    if (!isSchemaObject(s) || depth > 8) return true;
    if (s.nullable === true || declaredTypes(s)?.includes('null') || ('const' in s && s.const === null)) return true;
    if (Array.isArray(s.enum) && s.enum.includes(null)) return true;
    const branches = [s.oneOf, s.anyOf].filter(Array.isArray).flat() as JsonSchema[];
    return branches.some((b) => this.nullable(b, depth + 1));
  }

  /** A call writing `v` (under key `k`, depth `d`) as `schema` and `plan` say. */
  private call(schema: JsonSchema, plan: PlanNode | 0, seen: readonly string[], v: string, k: string, d: string): string {
    const w = this.writer(schema, plan, seen);
    return w.fn !== undefined ? `${w.fn}(${v}, ${k}, ${d})` : w.leaf!(v, k, d);
  }

  /** Registers a function (`text` given its name) and gives the token that stands for its name. */
  private define(prefix: string, text: (name: string) => string): string {
    const body = text(OWN);
    let f = this.byText.get(body);
    if (f === undefined) {
      f = { prefix, id: this.byId.length, text: body, calls: this.callsIn(body) };
      this.byId.push(f);
      this.byText.set(body, f);
    }
    return `\u0000${f.id}\u0000`;
  }

  /**
   * An array: items as `items` and `plan` say. `planned`: a plan converts the items, so an array with its
   * own `toJSON` (which encode's copy drops) is left to encode + JSON.stringify; otherwise JSON.stringify's
   * rules apply to it as they stand.
   */
  private array(items: unknown, plan: PlanNode | 0, planned: boolean, seen: readonly string[]): string {
    const schema: JsonSchema = isSchemaObject(items) ? items : {};
    const first = this.call(schema, plan, seen, 'v[0]', '0', 'd + 1');
    const next = this.call(schema, plan, seen, 'v[i]', 'i', 'd + 1');
    return this.define('a', (name) =>
      [
        `function ${name}(v, k, d) {`,
        `  if (!Array.isArray(v)) return ${HELPERS}.any(v, k, d);`,
        `  if (typeof v.toJSON === "function") return ${planned ? `${HELPERS}.fail()` : `${HELPERS}.any(v, k, d)`};`,
        '  const n = v.length;',
        '  if (n === 0) return "[]";',
        `  let out = "[" + (${first} ?? "null");`,
        `  for (let i = 1; i < n; i++) out += "," + (${next} ?? "null");`,
        '  return out + "]";',
        '}',
      ].join('\n'),
    );
  }

  /**
   * An object: the properties `schema` declares (or, without a plain schema, those the plan converts), every
   * other key through `plan.m` or the generic walk. `plan` 0: nothing converts (JSON.stringify's rules, so a
   * value that is not a plain object goes to the generic walk; with a plan, one that is an object but not a
   * plain one is written as encode copies it: its own properties).
   */
  private object(schema: SchemaObject | undefined, plan: Exclude<PlanNode, string | { a: PlanNode }> | 0, seen: readonly string[]): string {
    const o = plan === 0 || !('o' in plan || 'm' in plan) ? undefined : (plan as { o?: Readonly<Record<string, PlanNode>> }).o;
    const m = plan === 0 ? undefined : (plan as { m?: PlanNode }).m;
    const declared = schema !== undefined && isSchemaObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : undefined;
    const names = declared !== undefined ? Object.keys(declared) : Object.keys(o ?? {});
    // A declared property the plan does not name is converted by `m` when there is one (encode applies `m`
    // to every key but the named ones).
    const props = names.map((name) => ({ name, schema: declared?.[name] ?? {}, plan: (o?.[name] ?? m ?? 0) as PlanNode | 0 }));
    const restSchema: JsonSchema = schema !== undefined && isSchemaObject(schema.additionalProperties) ? schema.additionalProperties : {};
    const rest = (v: string, k: string, d: string): string => (m !== undefined ? this.call(restSchema, m, seen, v, k, d) : any(v, k, d));

    const cases = props.map((p) => `      case ${q(p.name)}: j = ${this.call(p.schema, p.plan, seen, 'x', 'p', 'd + 1')}; break;`);
    const keyed = this.define('k', (name) =>
      [
        `function ${name}(v, d) {`,
        '  const keys = Object.keys(v);',
        '  let out = "";',
        '  for (let i = 0; i < keys.length; i++) {',
        '    const p = keys[i];',
        '    const x = v[p];',
        '    let j;',
        ...(cases.length
          ? ['    switch (p) {', ...cases, `      default: j = ${rest('x', 'p', 'd + 1')};`, '    }']
          : [`    j = ${rest('x', 'p', 'd + 1')};`]),
        `    if (j !== undefined) out += (out === "" ? "{" : ",") + ${HELPERS}.key(p) + j;`,
        '  }',
        '  return out === "" ? "{}" : out + "}";',
        '}',
      ].join('\n'),
    );

    // With a plan, any other object is copied by encode (its own properties, whatever its prototype) and
    // written as that copy would be, so only a `toJSON` (which the copy keeps when it is its own) stops it;
    // without one, JSON.stringify's own rules apply, and the runtime's walk takes what is not plain.
    const guard = [
      '  if (typeof v !== "object" || v === null || Array.isArray(v)) return ' + `${HELPERS}.any(v, k, d);`,
      plan === 0 ? `  if (!${HELPERS}.plain(v)) return ${HELPERS}.any(v, k, d);` : `  if (typeof v.toJSON === "function") return ${HELPERS}.fail();`,
    ];
    if (props.length === 0 || props.length > MAX_STRAIGHT) {
      return this.define('o', (name) => [`function ${name}(v, k, d) {`, ...guard, `  return ${keyed}(v, d);`, '}'].join('\n'));
    }
    // The straight path: each value as its text, or (a scalar that is written between quotes) as what goes
    // between them, so that the quotes are part of the constants around it; `undefined` from any of them
    // (a value not in the form expected, one JSON.stringify leaves out, a string that needs escaping) sends
    // the object to the keyed path.
    const straight = props.map((p, i) => {
      const quoted = this.writer(p.schema, p.plan, seen).quoted;
      const v = `v[${q(p.name)}]`;
      if (quoted !== undefined) return { expr: `w${i} = ${quoted(v)}`, quoted: true };
      return { expr: `w${i} = ${this.call(p.schema, p.plan, seen, v, q(p.name), 'd + 1')}`, quoted: false };
    });
    let text = '';
    straight.forEach((p, i) => {
      const before = (i > 0 && straight[i - 1]!.quoted ? '"' : '') + (i === 0 ? '{' : ',') + q(props[i]!.name) + ':' + (p.quoted ? '"' : '');
      text += `${q(before)} + w${i} + `;
    });
    text += q(`${straight[straight.length - 1]!.quoted ? '"' : ''}}`);
    const last = q(props[props.length - 1]!.name);
    return this.define('o', (name) =>
      [
        `const ${name}_keys = ${JSON.stringify(props.map((p) => p.name))};`,
        `function ${name}(v, k, d) {`,
        ...guard,
        // The keys for...in gives are the own ones, in the order JSON.stringify takes them, then enumerable
        // ones of the prototypes (Object.prototype has none unless someone put one there): exactly the
        // declared keys, the last of them own, means exactly these own keys.
        '  let i = 0;',
        `  for (const p in v) if (p !== ${name}_keys[i++]) return ${keyed}(v, d);`,
        `  if (i !== ${props.length} || !${HELPERS}.own(v, ${last})) return ${keyed}(v, d);`,
        ...straight.flatMap((p, i) => [`  const ${p.expr};`, `  if (w${i} === undefined) return ${keyed}(v, d);`]),
        `  return ${text};`,
        '}',
      ].join('\n'),
    );
  }
}


/**
 * Names the serializer functions of one module (one service), method after method: `expression()` gives a
 * method's serializer as it goes in its meta, `statements()` the functions, each written once however many
 * results share it (the same text, the same name), those a function calls before it.
 */
export class SerializerNames {
  /** Function text (with `$` for its name) → its name. */
  private readonly byText = new Map<string, string>();
  private readonly named = new Map<SerializerFunction, string>();
  private readonly out: string[] = [];

  expression(serializer: Serializer): string {
    return this.fill(serializer.text, serializer.calls);
  }

  statements(): string[] {
    return [...this.out];
  }

  private name(f: SerializerFunction): string {
    let name = this.named.get(f);
    if (name !== undefined) return name;
    const text = this.fill(f.text, f.calls);
    const key = text.replaceAll(OWN, '$');
    name = this.byText.get(key);
    if (name === undefined) {
      name = `${f.prefix}${this.byText.size}`;
      this.byText.set(key, name);
      this.out.push(text.replaceAll(OWN, name));
    }
    this.named.set(f, name);
    return name;
  }

  /** `text` with each token replaced by the name of the function it stands for (named first when new). */
  private fill(text: string, calls: readonly SerializerFunction[]): string {
    const names = new Map(calls.map((f) => [String(f.id), this.name(f)]));
    return text.replace(TOKEN, (_, id: string) => names.get(id)!);
  }
}

/**
 * How a value is written: a generated function `(v, key, depth)`, or a helper call (`leaf`) and, for a
 * scalar written between quotes, the helper giving what goes between them (`undefined` when the value is
 * not in the form expected, or a string needs escaping).
 */
interface Writer {
  readonly fn?: string;
  readonly leaf?: (v: string, k: string, d: string) => string;
  readonly quoted?: (v: string) => string;
}

function any(v: string, k: string, d: string): string {
  return `${HELPERS}.any(${v}, ${k}, ${d})`;
}
