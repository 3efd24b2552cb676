/**
 * The project's model and codec plans, loaded once per test file: tests derive expectations from the spec
 * itself (examples, plans), so they follow the spec as it grows.
 */
import { readConfigFile, resolveConfig } from '../../generator/config/index.js';
import { loadProject } from '../../generator/load/index.js';
import type { MethodModel, Model, ServiceModel } from '../../generator/model/index.js';
import { materialize, PlanBuilder } from '../../generator/schema/codec.js';
import type { Plan } from '../../runtime/client/codec.js';
import { ROOT } from './paths.js';

let cached: Model | undefined;

export function projectModel(): Model {
  if (cached) return cached;
  const config = resolveConfig(ROOT, readConfigFile(ROOT)!);
  const loaded = loadProject(config, { source: false });
  if (!loaded.model) throw new Error(`the spec has problems:\n${loaded.problems.map((p) => p.message).join('\n')}`);
  cached = loaded.model;
  return cached;
}

export interface MethodPlans {
  readonly params: Plan | 0;
  readonly result: Plan | 0;
}

const builders = new WeakMap<ServiceModel, PlanBuilder>();

/** Runtime plans of a method: params (object or tuple plan) and result. */
export function plansOf(service: ServiceModel, method: MethodModel): MethodPlans {
  let b = builders.get(service);
  if (!b) builders.set(service, (b = new PlanBuilder(service.document)));
  const params =
    method.positional ? b.tuple(method.params.map((p) => p.schema)) : b.object(method.params.map((p) => [p.name, p.schema] as const));
  return { params: materialize(params), result: materialize(b.tree(method.result?.schema)) };
}

/** Every method with its service, in spec order. */
export function allMethods(model: Model = projectModel()): { service: ServiceModel; method: MethodModel }[] {
  return model.services.flatMap((service) => service.methods.map((method) => ({ service, method })));
}
