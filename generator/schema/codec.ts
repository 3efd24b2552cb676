/**
 * From a JSON Schema to the codec plan the runtime interprets (runtime/codec.ts). Only `x-codec` scalars
 * produce conversions; everything else contributes structure around them or nothing at all.
 *
 * Plans come out as a small tree with `{ ref: Name }` nodes where a component refers to itself (directly
 * or not); `materialize` turns that into real runtime plans, and the emitters print it as code.
 */
import type { Guard, JsonType, Plan, ScalarPlan } from '../../runtime/client/codec.js';
import { getAtPointer } from '../lib/pointer.js';
import { refSitesOf } from '../load/references.js';
import type { JsonSchema } from '../model/index.js';
import { componentName, declaredTypes, isSchemaObject, type SchemaObject } from './resolve.js';

export type PlanNode =
  | ScalarPlan
  | { readonly o?: Readonly<Record<string, PlanNode>>; readonly m?: PlanNode; /** merge-only: declared, unconverted */ readonly z?: readonly string[] }
  | { readonly a: PlanNode }
  | { readonly t: readonly (PlanNode | 0)[]; readonly r?: PlanNode }
  | { readonly u: readonly (readonly [Guard, PlanNode | 0])[] }
  | { readonly ref: string };

/** A plan with the recursive component plans it refers to. */
export interface PlanTree {
  readonly root: PlanNode | 0;
  readonly defs: Readonly<Record<string, PlanNode | 0>>;
}

const CODECS: Record<string, ScalarPlan | 0> = { uint64: 'u64', 'uint64-number': 'u64n', uint32: 'u32', float: 'f', quantity: 'q', hex: 0 };

/** Whether the components of each `components.schemas` object plan alike in any order (see `planHistoryFree`). */
const historyFree = new WeakMap<object, boolean>();

/**
 * Whether the plans of a document's schemas do not depend on the order they are asked for in: true unless
 * two components refer to each other through a longer loop. (A builder marks a component recursive where it
 * meets it again while planning it, so in a loop of several components which of them becomes a named,
 * referenced plan depends on where the loop was entered; a component that refers only to itself is marked
 * wherever it is entered.) Only then may a plan be kept and reused without the plans asked for before it.
 */
export function planHistoryFree(document: Record<string, unknown>): boolean {
  const schemas = getAtPointer(document, '/components/schemas');
  if (schemas === null || typeof schemas !== 'object' || Array.isArray(schemas)) return true;
  const known = historyFree.get(schemas);
  if (known !== undefined) return known;
  const names = Object.keys(schemas);
  const edges = new Map<string, Set<string>>();
  for (const name of names) {
    const targets = new Set<string>();
    const schema = (schemas as Record<string, unknown>)[name];
    if (schema !== null && typeof schema === 'object') {
      for (const site of refSitesOf(schema)) {
        const target = componentName(site.ref);
        if (target !== undefined && target !== name) targets.add(target);
      }
    }
    edges.set(name, targets);
  }
  // A loop through two or more components: some component reaches itself through another.
  let free = true;
  const state = new Map<string, 1 | 2>();
  const visit = (name: string): void => {
    if (!free) return;
    state.set(name, 1);
    for (const next of edges.get(name) ?? []) {
      const st = state.get(next);
      if (st === 1) free = false;
      else if (st === undefined && edges.has(next)) visit(next);
      if (!free) return;
    }
    state.set(name, 2);
  };
  for (const name of names) if (!state.has(name)) visit(name);
  historyFree.set(schemas, free);
  return free;
}

/** Derives plans for schemas of one document, memoizing component plans. */
export class PlanBuilder {
  private readonly document: Record<string, unknown>;
  private readonly memo = new Map<string, PlanNode | 0>();
  private readonly stack: string[] = [];
  private readonly recursive = new Set<string>();

  constructor(document: Record<string, unknown>) {
    this.document = document;
  }

  /** The plan of `schema`, with any recursive component plans it needs. */
  tree(schema: JsonSchema | undefined): PlanTree {
    return this.withDefs(schema === undefined ? 0 : this.plan(schema));
  }

  /** A tuple plan for positional values (params by position). */
  tuple(schemas: readonly JsonSchema[]): PlanTree {
    const items = schemas.map((s) => this.plan(s));
    return this.withDefs(items.every((p) => p === 0) ? 0 : { t: items });
  }

  /** An object plan keyed by name (params by name). */
  object(entries: readonly (readonly [string, JsonSchema])[]): PlanTree {
    const o: Record<string, PlanNode> = {};
    for (const [k, s] of entries) {
      const p = this.plan(s);
      if (p !== 0) o[k] = p;
    }
    return this.withDefs(Object.keys(o).length ? { o } : 0);
  }

  /** Attach the definitions of every recursive component the plan refers to. */
  private withDefs(root: PlanNode | 0): PlanTree {
    const defs: Record<string, PlanNode | 0> = {};
    const visit = (node: PlanNode | 0): void => {
      if (node === 0 || typeof node === 'string') return;
      if ('ref' in node) {
        if (node.ref in defs) return;
        const def = this.memo.get(node.ref) ?? 0;
        defs[node.ref] = def;
        visit(def);
      } else if ('a' in node) visit(node.a);
      else if ('t' in node) {
        node.t.forEach(visit);
        if (node.r) visit(node.r);
      } else if ('u' in node) node.u.forEach(([, p]) => visit(p));
      else {
        for (const v of Object.values(node.o ?? {})) visit(v);
        if (node.m) visit(node.m);
      }
    };
    visit(root);
    return { root: strip(root), defs: Object.fromEntries(Object.entries(defs).map(([k, v]) => [k, strip(v)])) };
  }

  plan(schema: JsonSchema): PlanNode | 0 {
    if (!isSchemaObject(schema)) return 0;
    const codec = schema['x-codec'];
    if (typeof codec === 'string' && codec in CODECS) return CODECS[codec]!;
    if (typeof schema.$ref === 'string') return this.planRef(schema.$ref);

    const parts: (PlanNode | 0)[] = [this.structural(schema)];
    if (Array.isArray(schema.allOf)) for (const s of schema.allOf) parts.push(this.plan(s as JsonSchema));
    let merged = mergeAll(parts);

    const branches = (Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined) as JsonSchema[] | undefined;
    const conditional = [schema.then, schema.else].filter((s) => s !== undefined) as JsonSchema[];
    for (const group of [branches, conditional.length ? conditional : undefined]) {
      if (!group) continue;
      // `null` passes through every plan, so a null-only branch never needs a runtime test.
      const kept = group.filter((b) => !this.isNullOnly(b));
      const plans = kept.map((b) => this.plan(b));
      if (plans.every((p) => p === 0)) continue;
      if (kept.length === 1) {
        const one = mergeAll([merged, plans[0]!]);
        merged = one === CONFLICT ? plans[0]! : one;
        continue;
      }
      // Object branches whose conversions agree fold into one object plan: no runtime test needed. (Values
      // of other JSON types pass through an object plan unchanged, so identity branches do not matter,
      // unless they declare a property another branch converts: `z` records those.)
      const objectsOnly = plans.every((p) => p === 0 || (typeof p === 'object' && !('a' in p) && !('t' in p) && !('u' in p) && !('ref' in p)));
      const folded = objectsOnly ? mergeAll([merged, ...plans.map((p, i) => (p === 0 ? this.declared(kept[i]!) : p))]) : CONFLICT;
      if (folded !== CONFLICT) {
        merged = folded;
        continue;
      }
      merged = {
        u: kept.map((b, i) => {
          const p = mergeAll([merged === CONFLICT ? 0 : merged, plans[i]!]);
          return [this.guard(b), p === CONFLICT ? plans[i]! : p] as const;
        }),
      };
    }
    return merged === CONFLICT ? 0 : merged;
  }

  private isNullOnly(schema: JsonSchema, depth = 0): boolean {
    if (!isSchemaObject(schema) || depth > 8) return false;
    if (typeof schema.$ref === 'string') {
      const target = schema.$ref.startsWith('#') ? (getAtPointer(this.document, schema.$ref.slice(1)) as JsonSchema | undefined) : undefined;
      return target !== undefined && this.isNullOnly(target, depth + 1);
    }
    return schema.type === 'null' || (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === 'null') || ('const' in schema && schema.const === null);
  }

  /** Properties a schema declares without converting them, as a merge-only marker. */
  private declared(schema: JsonSchema, depth = 0): PlanNode | 0 {
    if (!isSchemaObject(schema) || depth > 8) return 0;
    if (typeof schema.$ref === 'string') {
      const target = schema.$ref.startsWith('#') ? (getAtPointer(this.document, schema.$ref.slice(1)) as JsonSchema | undefined) : undefined;
      return target === undefined ? 0 : this.declared(target, depth + 1);
    }
    const z = isSchemaObject(schema.properties) ? Object.keys(schema.properties) : [];
    return z.length ? { z } : 0;
  }

  private planRef(ref: string): PlanNode | 0 {
    const name = componentName(ref);
    if (name !== undefined) {
      if (this.stack.includes(name)) {
        this.recursive.add(name);
        return { ref: name };
      }
      const hit = this.memo.get(name);
      if (hit !== undefined) return this.recursive.has(name) && hit !== 0 ? { ref: name } : hit;
      this.stack.push(name);
      const target = getAtPointer(this.document, ref.slice(1)) as JsonSchema | undefined;
      const plan = target === undefined ? 0 : this.plan(target);
      this.stack.pop();
      this.memo.set(name, plan);
      return this.recursive.has(name) && plan !== 0 ? { ref: name } : plan;
    }
    if (!ref.startsWith('#')) return 0;
    const target = getAtPointer(this.document, ref.slice(1)) as JsonSchema | undefined;
    return target === undefined ? 0 : this.plan(target);
  }

  private structural(schema: SchemaObject): PlanNode | 0 {
    let o: Record<string, PlanNode> | undefined;
    const z: string[] = [];
    if (isSchemaObject(schema.properties)) {
      for (const [k, v] of Object.entries(schema.properties)) {
        const p = this.plan(v as JsonSchema);
        if (p !== 0) (o ??= {})[k] = p;
        else z.push(k);
      }
    }
    let m: PlanNode | 0 = 0;
    if (isSchemaObject(schema.additionalProperties)) m = this.plan(schema.additionalProperties as JsonSchema);
    else if (isSchemaObject(schema.patternProperties)) {
      const values = Object.values(schema.patternProperties).map((s) => this.plan(s as JsonSchema));
      const mm = mergeAll(values);
      m = mm === CONFLICT ? 0 : mm;
    }
    let out: PlanNode | 0 = o || m ? { ...(o ? { o } : {}), ...(m ? { m } : {}), ...(z.length ? { z } : {}) } : 0;
    if (Array.isArray(schema.items)) {
      const t = schema.items.map((s) => this.plan(s as JsonSchema));
      const r = isSchemaObject(schema.additionalItems) ? this.plan(schema.additionalItems as JsonSchema) : 0;
      if (t.some((p) => p !== 0) || r) out = { t, ...(r ? { r } : {}) };
    } else if (schema.items !== undefined) {
      const a = this.plan(schema.items as JsonSchema);
      if (a !== 0) out = out === 0 ? { a } : out;
    }
    return out;
  }

  /** A structural test that tells this branch's wire values from its siblings'. */
  guard(schema: JsonSchema, depth = 0, hops = 0): Guard {
    if (!isSchemaObject(schema) || depth > 8 || hops > 32) return {};
    // A reference is the schema it names, at the same depth: a branch written as `$ref` is told apart by its
    // properties just as the same branch written inline.
    if (typeof schema.$ref === 'string') {
      const target = schema.$ref.startsWith('#') ? (getAtPointer(this.document, schema.$ref.slice(1)) as JsonSchema | undefined) : undefined;
      return target === undefined ? {} : this.guard(target, depth, hops + 1);
    }
    const g: { ty?: JsonType[]; p?: string; e?: unknown[]; r?: string[]; k?: string; pr?: Record<string, Guard>; it?: Guard } = {};
    const types = declaredTypes(schema);
    if (types) g.ty = types as JsonType[];
    else if (schema.properties || schema.required || schema.additionalProperties !== undefined) g.ty = ['object'];
    else if (schema.items !== undefined) g.ty = ['array'];
    if (typeof schema.pattern === 'string') g.p = schema.pattern;
    if (Array.isArray(schema.enum)) g.e = schema.enum;
    if ('const' in schema) g.e = [schema.const];
    if (Array.isArray(schema.required) && schema.required.length) g.r = schema.required.map(String);
    if (isSchemaObject(schema.propertyNames) && typeof schema.propertyNames.pattern === 'string') g.k = schema.propertyNames.pattern;
    // Property-level tests tell apart object branches that share their keys (a `block` that is a string in
    // one branch and an object in the other, an `encoding` constant). One level deep, types and constants.
    if (depth === 0 && isSchemaObject(schema.properties)) {
      const pr: Record<string, Guard> = {};
      for (const [key, sub] of Object.entries(schema.properties)) {
        const inner = this.guard(sub as JsonSchema, 7);
        const slim: { ty?: JsonType[]; e?: unknown[] } = {};
        if (inner.ty) slim.ty = [...inner.ty];
        if (inner.e) slim.e = [...inner.e];
        if (slim.ty || slim.e) pr[key] = slim;
      }
      if (Object.keys(pr).length) g.pr = pr;
    }
    // Arrays that differ by their items (hashes or full objects) are told apart by the first item.
    if (depth <= 1 && isSchemaObject(schema.items)) {
      const inner = this.guard(schema.items as JsonSchema, depth + 1);
      const slim: { ty?: JsonType[]; p?: string; e?: unknown[]; r?: string[] } = {};
      if (inner.ty) slim.ty = [...inner.ty];
      if (inner.p) slim.p = inner.p;
      if (inner.e) slim.e = [...inner.e];
      if (inner.r) slim.r = [...inner.r];
      if (Object.keys(slim).length) g.it = slim;
    }
    const branches = (Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined) as JsonSchema[] | undefined;
    if (branches && !g.ty) {
      const sub = branches.map((b) => this.guard(b, depth + 1));
      if (sub.every((s) => s.ty)) g.ty = [...new Set(sub.flatMap((s) => s.ty!))];
    }
    if (Array.isArray(schema.allOf)) {
      for (const part of schema.allOf) {
        const sub = this.guard(part as JsonSchema, depth + 1);
        if (sub.r) g.r = [...new Set([...(g.r ?? []), ...sub.r])];
        if (!g.ty && sub.ty) g.ty = [...sub.ty];
      }
    }
    return g;
  }
}

/** Drop the merge-only `z` markers; an object plan left with nothing to convert is identity. */
function strip(node: PlanNode | 0): PlanNode | 0 {
  if (node === 0 || typeof node === 'string' || 'ref' in node) return node;
  if ('a' in node) {
    const a = strip(node.a);
    return a === 0 ? 0 : { a };
  }
  if ('t' in node) {
    const t = node.t.map(strip);
    const r = node.r ? strip(node.r) : 0;
    return t.every((p) => p === 0) && !r ? 0 : { t, ...(r ? { r } : {}) };
  }
  if ('u' in node) {
    const u = node.u.map(([g, p]) => [g, strip(p)] as const);
    return u.every(([, p]) => p === 0) ? 0 : { u };
  }
  const o = Object.fromEntries(Object.entries(node.o ?? {}).flatMap(([k, v]) => {
    const sv = strip(v);
    return sv === 0 ? [] : [[k, sv]];
  }));
  const m = node.m ? strip(node.m) : 0;
  if (!Object.keys(o).length && !m) return 0;
  return { ...(Object.keys(o).length ? { o } : {}), ...(m ? { m } : {}) };
}

const CONFLICT = Symbol('conflict');
type Merged = PlanNode | 0 | typeof CONFLICT;

/** Merge plans that describe the same value; CONFLICT when they disagree on a conversion. */
function mergeAll(plans: readonly Merged[]): Merged {
  let acc: Merged = 0;
  for (const p of plans) {
    acc = merge(acc, p);
    if (acc === CONFLICT) return CONFLICT;
  }
  return acc;
}

function merge(a: Merged, b: Merged): Merged {
  if (a === CONFLICT || b === CONFLICT) return CONFLICT;
  if (a === 0) return b;
  if (b === 0) return a;
  if (JSON.stringify(a) === JSON.stringify(b)) return a;
  if (typeof a === 'string' || typeof b === 'string') return CONFLICT;
  if ('ref' in a || 'ref' in b || 'u' in a || 'u' in b) return CONFLICT;
  if ('a' in a && 'a' in b) {
    const inner = merge(a.a, b.a);
    return inner === CONFLICT || inner === 0 ? inner : { a: inner };
  }
  if ('t' in a || 't' in b || 'a' in a || 'a' in b) return CONFLICT;
  const o: Record<string, PlanNode> = { ...(a.o ?? {}) };
  for (const [k, v] of Object.entries(b.o ?? {})) {
    const mv = merge(o[k] ?? 0, v);
    if (mv === CONFLICT) return CONFLICT;
    if (mv !== 0) o[k] = mv;
  }
  const z = [...new Set([...(a.z ?? []), ...(b.z ?? [])])];
  if (z.some((k) => k in o)) return CONFLICT;
  const m = merge(a.m ?? 0, b.m ?? 0);
  if (m === CONFLICT) return CONFLICT;
  if (!Object.keys(o).length && !m && !z.length) return 0;
  return { ...(Object.keys(o).length ? { o } : {}), ...(m ? { m } : {}), ...(z.length ? { z } : {}) };
}

/** Real runtime plans (recursive references become lazy plans). */
export function materialize(tree: PlanTree): Plan | 0 {
  const built = new Map<string, Plan | 0>();
  const build = (node: PlanNode | 0): Plan | 0 => {
    if (node === 0 || typeof node === 'string') return node;
    if ('ref' in node) {
      const name = node.ref;
      return { l: () => built.get(name) as Plan } as Plan;
    }
    if ('a' in node) return { a: build(node.a) as Plan };
    if ('t' in node) return { t: node.t.map(build), ...(node.r ? { r: build(node.r) as Plan } : {}) };
    if ('u' in node) return { u: node.u.map(([g, p]) => [g, build(p)] as const) };
    return {
      ...(node.o ? { o: Object.fromEntries(Object.entries(node.o).map(([k, v]) => [k, build(v) as Plan])) } : {}),
      ...(node.m ? { m: build(node.m) as Plan } : {}),
    };
  };
  for (const [name, def] of Object.entries(tree.defs)) built.set(name, build(def));
  return build(tree.root);
}

/** The plan as JavaScript source; recursive defs are referenced as `plan_<Name>` consts (see `defsSource`). */
export function planSource(node: PlanNode | 0): string {
  if (node === 0) return '0';
  if (typeof node === 'string') return JSON.stringify(node);
  if ('ref' in node) return `{ l: () => ${defName(node.ref)} }`;
  if ('a' in node) return `{ a: ${planSource(node.a)} }`;
  if ('t' in node) return `{ t: [${node.t.map(planSource).join(', ')}]${node.r ? `, r: ${planSource(node.r)}` : ''} }`;
  if ('u' in node) return `{ u: [${node.u.map(([g, p]) => `[${JSON.stringify(g)}, ${planSource(p)}]`).join(', ')}] }`;
  const parts: string[] = [];
  if (node.o) parts.push(`o: { ${Object.entries(node.o).map(([k, v]) => `${JSON.stringify(k)}: ${planSource(v)}`).join(', ')} }`);
  if (node.m) parts.push(`m: ${planSource(node.m)}`);
  return `{ ${parts.join(', ')} }`;
}

export function defName(name: string): string {
  return `plan_${name.replace(/[^A-Za-z0-9_$]/g, '_')}`;
}

/** `const plan_X = ...;` declarations for a tree's recursive defs. */
export function defsSource(tree: PlanTree): string {
  return Object.entries(tree.defs)
    .map(([name, def]) => `const ${defName(name)} = ${planSource(def)};`)
    .join('\n');
}
