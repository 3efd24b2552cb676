/**
 * What the package emitters (client, server, mock) share, computed once per model: identifiers, the value
 * types, and codec plans. Memoized on the model object so each emitter can ask for it independently.
 */
import type { Cache } from '../../lib/cache.js';
import type { Diagnostic } from '../../lib/diagnostics.js';
import type { MethodModel, Model, ServiceModel } from '../../model/index.js';
import { defsSource, PlanBuilder, planHistoryFree, planSource, type PlanTree } from '../../schema/codec.js';
import { slot, type Memory } from '../../lib/memory.js';
import { TypeCatalog } from '../../schema/typescript.js';
import type { EmitContext } from './types.js';
import { Names } from './client-names.js';

export interface MethodPlans {
  /** Params, value → wire (object plan keyed by name, or tuple plan). */
  readonly params: PlanTree;
  readonly result: PlanTree;
  /** Per subscription kind: params after the kind (tuple) and the notification payload. */
  readonly kinds: ReadonlyMap<string, { readonly params: PlanTree; readonly result: PlanTree }>;
}

export interface PackageContext {
  readonly names: Names;
  readonly types: TypeCatalog;
  /** The source of types.ts. */
  readonly typesSource: string;
  /** Type guards of the tagged unions (schema/unions.ts): declarations and JavaScript, empty without any. */
  readonly typeGuards: { readonly dts: string; readonly js: string };
  /**
   * An object standing for the declared type names (those `types.referencedNames` finds): last run's object
   * while they are the same, so that what is computed from them can be kept under it.
   */
  readonly namesToken: object;
  /** The run's memory (see lib/memory.ts). */
  readonly memory: Memory;
  plans(method: MethodModel): MethodPlans;
  serviceOf(method: MethodModel): ServiceModel;
}

export class EmitProblems extends Error {
  readonly diagnostics: Diagnostic[];
  constructor(diagnostics: Diagnostic[]) {
    super(diagnostics.map((d) => d.message).join('\n'));
    this.diagnostics = diagnostics;
  }
}

const cache = new WeakMap<Model, Promise<PackageContext>>();
const started = new WeakMap<Model, { readonly types: TypeCatalog; readonly source: Promise<string> }>();

/**
 * The model's value types, their source under way: a run starts it as soon as the model is loaded, so that
 * json-schema-to-typescript loads and works while this thread waits on files and modules; the emitters take it over.
 */
export function startTypes(model: Model, store: Cache, memory: Memory): { readonly types: TypeCatalog; readonly source: Promise<string> } {
  let hit = started.get(model);
  if (!hit) {
    const types = new TypeCatalog(model, memory);
    const source = types.source(store);
    // Collected by the emitter that needs it; until then a failure must not count as unhandled.
    source.catch(() => undefined);
    started.set(model, (hit = { types, source }));
  }
  return hit;
}

export function packageContext(ctx: EmitContext): Promise<PackageContext> {
  let hit = cache.get(ctx.model);
  if (!hit) {
    hit = build(ctx);
    cache.set(ctx.model, hit);
  }
  return hit;
}

async function build(ctx: EmitContext): Promise<PackageContext> {
  const names = new Names(ctx.model, ctx.config.scopes, ctx.memory);
  const { types, source } = startTypes(ctx.model, ctx.cache, ctx.memory);
  const typesSource = await source;
  const problems = [...names.problems, ...types.problems];
  if (problems.length) throw new EmitProblems(problems);
  const builders = new Map<ServiceModel, PlanBuilder>();
  const owner = new Map<MethodModel, ServiceModel>();
  for (const s of ctx.model.services) for (const m of s.methods) owner.set(m, s);
  const memo = new Map<MethodModel, MethodPlans>();
  const make = (method: MethodModel, service: ServiceModel): MethodPlans => {
    let b = builders.get(service);
    if (!b) builders.set(service, (b = new PlanBuilder(service.document)));
    const params = method.positional ? b.tuple(method.params.map((x) => x.schema)) : b.object(method.params.map((x) => [x.name, x.schema] as const));
    const kinds = new Map<string, { params: PlanTree; result: PlanTree }>();
    for (const k of method.subscriptions?.kinds ?? []) kinds.set(k.name, { params: b.tuple(k.params.map((x) => x.schema)), result: b.tree(k.result.schema) });
    return { params, result: b.tree(method.result?.schema), kinds };
  };
  return {
    names,
    types,
    typesSource,
    typeGuards: types.guards(),
    namesToken: ctx.memory.token('declared type names', types.namesKey()),
    memory: ctx.memory,
    serviceOf: (m) => owner.get(m)!,
    plans(method) {
      let p = memo.get(method);
      if (p) return p;
      const service = owner.get(method)!;
      // Where the plans do not depend on what was planned before, they are kept by the method's model (its
      // reach is part of it); otherwise planned in this run, in the order asked.
      p = planHistoryFree(service.document) ? ctx.memory.memo(KEPT_PLANS).get(method, [], () => make(method, service)) : make(method, service);
      memo.set(method, p);
      return p;
    },
  };
}

/** Plans by method model, for documents whose plans do not depend on order (see `planHistoryFree`). */
const KEPT_PLANS = slot<MethodModel, MethodPlans>('codec plans');

/** Declarations of every recursive plan the given trees use (once each), as statements. */
export function planDefs(trees: readonly PlanTree[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of trees) {
    for (const line of defsSource(t).split('\n')) {
      if (!line) continue;
      const name = /^const (\S+) =/.exec(line)?.[1];
      if (name && !seen.has(name)) {
        seen.add(name);
        out.push(line);
      }
    }
  }
  return out;
}

export { planSource };
