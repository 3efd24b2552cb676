/**
 * Two schemas of one place (a param, a result) walked side by side: through objects (field by field),
 * arrays and maps, into shared schemas by what they hold rather than their names. Each difference is
 * reported where it is, with the rule for its place; where the walk finds no structural difference but the
 * shapes still differ (a union, a tuple, a changed pattern), the two are compared as a whole, in the value
 * view first and then on the wire, so that no difference goes unreported.
 */
import type { JsonSchema } from '../../model/index.js';
import { isSchemaObject, type SchemaObject } from '../../schema/resolve.js';
import { label, normalize, resolveAt, wireDelta, type At, type Node, type Relation, type Relations } from './schema.js';

export type Place = 'param' | 'result';

/** One difference found inside a method, before the rule table gives it its effects. */
export interface Finding {
  readonly rule: string;
  /** Where in the method: `params.owner.threshold`, `result.utxos[]`, `result{}`. */
  readonly path: string;
  /** The shared schema the difference sits in, when it does. */
  readonly schema?: string;
  readonly old?: string;
  readonly new?: string;
}

interface Ctx {
  readonly place: Place;
  readonly path: string;
  /** The top level of by-name params: fields there are params. */
  readonly top: boolean;
  readonly schema?: string;
}

const ANY_AT: At = { schema: {}, doc: {} };

function codecOf(schema: JsonSchema): string | undefined {
  return isSchemaObject(schema) && typeof schema['x-codec'] === 'string' ? schema['x-codec'] : undefined;
}

function isNullOnly(at: At): boolean {
  const s = resolveAt(at).at.schema;
  return isSchemaObject(s) && (s.type === 'null' || (Array.isArray(s.type) && s.type.length === 1 && s.type[0] === 'null') || ('const' in s && s.const === null));
}

/** The schema without `null` in it, and whether it held `null`. */
function splitNull(at: At): { inner: At; nullable: boolean } {
  const s = at.schema;
  if (!isSchemaObject(s)) return { inner: at, nullable: false };
  if (Array.isArray(s.type) && s.type.includes('null') && s.type.length > 1) {
    const others = s.type.filter((t) => t !== 'null');
    return { inner: { schema: { ...s, type: others.length === 1 ? others[0] : others }, doc: at.doc }, nullable: true };
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = s[key];
    if (!Array.isArray(branches) || branches.length < 2) continue;
    const nulls = branches.filter((b) => isNullOnly({ schema: b as JsonSchema, doc: at.doc }));
    if (nulls.length !== 1) continue;
    const others = branches.filter((b) => !nulls.includes(b));
    const rest: SchemaObject = { ...s };
    delete rest[key];
    const inner: JsonSchema = others.length === 1 && Object.keys(rest).length === 0 ? (others[0] as JsonSchema) : { ...rest, [key]: others };
    return { inner: { schema: inner, doc: at.doc }, nullable: true };
  }
  return { inner: at, nullable: false };
}

function typeRule(place: Place, rel: Exclude<Relation, 'equal'>): string {
  return `${place}-type-${rel}`;
}

/** A wire-only difference, named for the consumer it can hurt: old requests (params), new replies (results). */
function wireRule(place: Place, rel: Exclude<Relation, 'equal'>): string {
  if (place === 'param') return rel === 'widened' ? 'param-wire-widened' : 'param-wire-narrowed';
  return rel === 'narrowed' ? 'result-wire-narrowed' : 'result-wire-widened';
}

function fieldRule(ctx: Ctx, change: 'added' | 'removed' | 'required' | 'optional', required: boolean): string {
  if (ctx.place === 'result') {
    if (change === 'added') return required ? 'result-field-added' : 'result-optional-field-added';
    if (change === 'removed') return required ? 'result-field-removed' : 'result-optional-field-removed';
    return change === 'required' ? 'result-field-became-required' : 'result-field-became-optional';
  }
  const stem = ctx.top ? 'param' : 'param-field';
  if (change === 'added') return `${stem}-added-${required ? 'required' : 'optional'}`;
  if (change === 'removed') return `${stem}-removed`;
  return `${stem}-became-${change}`;
}

export class SchemaWalk {
  private readonly relations: Relations;
  private readonly active = new Set<string>();
  /** Walks cut short because the same pair is being walked further up (a recursive shape). */
  private cuts = 0;
  readonly findings: Finding[] = [];

  constructor(relations: Relations) {
    this.relations = relations;
  }

  private push(rule: string, ctx: Ctx, extra: { old?: string; new?: string; path?: string } = {}): void {
    this.findings.push({
      rule,
      path: extra.path ?? ctx.path,
      ...(ctx.schema !== undefined ? { schema: ctx.schema } : {}),
      ...(extra.old !== undefined ? { old: extra.old } : {}),
      ...(extra.new !== undefined ? { new: extra.new } : {}),
    });
  }

  /** Compare the values at one place; `top` for the params object of a by-name method. */
  compare(before: At, after: At, place: Place, path: string): void {
    this.walk(before, after, { place, path, top: false });
  }

  /** The params of two by-name methods, as the fields of one object each. */
  compareFields(before: Node & { k: 'obj' }, after: Node & { k: 'obj' }, path: string): void {
    this.objects(before, after, { place: 'param', path, top: true });
  }

  private walk(before: At, after: At, outer: Ctx): void {
    const r = this.relations;
    if (r.shape(before) === r.shape(after)) return;
    const named = [...resolveAt(after).names, ...resolveAt(before).names].filter((n) => !n.startsWith('#'));
    const ctx: Ctx = named.length ? { ...outer, schema: named[0] } : outer;
    const key = `${ctx.place}|${r.shape(before)}|${r.shape(after)}`;
    if (this.active.has(key)) {
      // The same pair further down a recursive shape: what differs is reported where the walk met it first.
      this.cuts++;
      return;
    }
    this.active.add(key);
    const [start, cuts] = [this.findings.length, this.cuts];
    try {
      this.step(before, after, ctx);
      if (this.findings.length === start && this.cuts === cuts) this.whole(before, after, ctx);
    } finally {
      this.active.delete(key);
    }
  }

  private step(before: At, after: At, ctx: Ctx): void {
    const o = resolveAt(before).at;
    const n = resolveAt(after).at;
    const [co, cn] = [codecOf(o.schema), codecOf(n.schema)];
    if (co !== cn) {
      const ts = this.relations.relate(before, after, 'ts');
      this.push(ts === 'equal' ? 'codec-wire-form-changed' : 'codec-changed', ctx, { old: co ?? label(before), new: cn ?? label(after) });
      const wire = this.relations.relate(before, after, 'wire');
      if (wire !== 'equal') this.push(wireRule(ctx.place, wire), ctx, wireDelta(before, after) ?? { old: label(before), new: label(after) });
      return;
    }
    const [so, sn] = [splitNull(o), splitNull(n)];
    if (so.nullable !== sn.nullable) {
      this.push(typeRule(ctx.place, sn.nullable ? 'widened' : 'narrowed'), ctx, { old: so.nullable ? `${label(so.inner)} | null` : label(so.inner), new: sn.nullable ? `${label(sn.inner)} | null` : label(sn.inner) });
      this.walk(so.inner, sn.inner, ctx);
      return;
    }
    if (so.nullable) {
      // Null on both sides: the difference is in what else the value may be.
      this.walk(so.inner, sn.inner, ctx);
      return;
    }
    const a = normalize(o, 'wire');
    const b = normalize(n, 'wire');
    if (a.k === 'obj' && b.k === 'obj') this.objects(a, b, ctx);
    else if (a.k === 'arr' && b.k === 'arr' && a.items && b.items) this.walk(a.items, b.items, { ...ctx, path: `${ctx.path}[]`, top: false });
    else if (a.k === 'lit' && b.k === 'lit') this.literals(a.values, b.values, ctx);
  }

  /** No structural difference found: compare the two as a whole (value type first, then wire form). */
  private whole(before: At, after: At, ctx: Ctx): void {
    const ts = this.relations.relate(before, after, 'ts');
    const wire = this.relations.relate(before, after, 'wire');
    if (ts === 'equal' && wire === 'equal') return;
    const { schema, ...values } = this.detail(before, after);
    const at = schema !== undefined ? { ...ctx, schema } : ctx;
    // The value type changed and the wire did not: only what decides the type changed (a codec, deep in a
    // union or a tuple where the walk does not go).
    const id = ts === 'equal' ? wireRule(ctx.place, wire as Exclude<Relation, 'equal'>) : wire === 'equal' ? 'codec-changed' : typeRule(ctx.place, ts);
    this.push(id, at, values);
  }

  /**
   * What differs, for the report: inside two unions that differ in one member, that member (and the shared
   * schema it is); values added to or taken from an enum; the keywords that changed; or the two types.
   */
  private detail(before: At, after: At, depth = 0): { old: string; new: string; schema?: string } {
    const o = resolveAt(before);
    const n = resolveAt(after);
    const name = [...n.names, ...o.names].filter((x) => !x.startsWith('#'))[0];
    const a = normalize(o.at, 'wire');
    const b = normalize(n.at, 'wire');
    const differ = (x: At, y: At) => this.relations.shape(x) !== this.relations.shape(y);
    const into = (x: At, y: At) => {
      const inner = this.detail(x, y, depth + 1);
      return { ...inner, ...(inner.schema === undefined && name !== undefined ? { schema: name } : {}) };
    };
    if (depth < 6 && a.k === 'alt' && b.k === 'alt') {
      // Members that differ, paired in order: the first pair says what changed.
      const unpairedA = a.of.filter((x) => !b.of.some((y) => !differ(x, y)));
      const unpairedB = b.of.filter((y) => !a.of.some((x) => !differ(x, y)));
      if (unpairedA.length && unpairedA.length === unpairedB.length) return into(unpairedA[0]!, unpairedB[0]!);
    }
    if (depth < 6 && a.k === 'obj' && b.k === 'obj') {
      // The first field (or map value) that differs.
      const field = [...a.props.keys()].sort().find((k) => b.props.has(k) && differ(a.props.get(k)!, b.props.get(k)!));
      if (field !== undefined) return into(a.props.get(field)!, b.props.get(field)!);
      if (a.extra && b.extra && differ(a.extra, b.extra)) return into(a.extra, b.extra);
    }
    if (depth < 6 && a.k === 'arr' && b.k === 'arr' && a.items && b.items && differ(a.items, b.items)) return into(a.items, b.items);
    const withName = (d: { old: string; new: string }) => (name !== undefined ? { ...d, schema: name } : d);
    if (a.k === 'lit' && b.k === 'lit') {
      const key = (v: unknown) => JSON.stringify(v);
      const gone = a.values.filter((v) => !b.values.some((w) => key(w) === key(v))).map(key);
      const added = b.values.filter((v) => !a.values.some((w) => key(w) === key(v))).map(key);
      return withName({ old: gone.length ? `enum with ${gone.join(', ')}` : `enum of ${a.values.length}`, new: added.length ? `enum with ${added.join(', ')}` : `enum of ${b.values.length}` });
    }
    return withName(wireDelta(before, after) ?? { old: label(before), new: label(after) });
  }

  private literals(before: readonly unknown[], after: readonly unknown[], ctx: Ctx): void {
    const key = (v: unknown) => JSON.stringify(v);
    const was = new Set(before.map(key));
    const now = new Set(after.map(key));
    for (const v of [...now].filter((x) => !was.has(x)).sort()) this.push(`${ctx.place}-enum-value-added`, ctx, { new: v });
    for (const v of [...was].filter((x) => !now.has(x)).sort()) this.push(`${ctx.place}-enum-value-removed`, ctx, { old: v });
  }

  private objects(a: Node & { k: 'obj' }, b: Node & { k: 'obj' }, ctx: Ctx): void {
    const names = [...new Set([...a.props.keys(), ...a.req, ...b.props.keys(), ...b.req])].sort();
    for (const name of names) {
      const path = `${ctx.path}.${name}`;
      const inA = a.props.has(name) || a.req.has(name);
      const inB = b.props.has(name) || b.req.has(name);
      if (inA && !inB) {
        this.push(fieldRule(ctx, 'removed', a.req.has(name)), ctx, { path });
        // A closed object now refuses the field outright.
        if (ctx.place === 'param' && b.extra === false) this.push('param-wire-narrowed', ctx, { path });
      } else if (!inA && inB) {
        this.push(fieldRule(ctx, 'added', b.req.has(name)), ctx, { path });
      } else {
        if (a.req.has(name) !== b.req.has(name)) this.push(fieldRule(ctx, b.req.has(name) ? 'required' : 'optional', b.req.has(name)), ctx, { path });
        this.walk(a.props.get(name) ?? ANY_AT, b.props.get(name) ?? ANY_AT, { ...ctx, path, top: false });
      }
    }
    if (a.extra && b.extra) this.walk(a.extra, b.extra, { ...ctx, path: `${ctx.path}{}`, top: false });
  }
}
