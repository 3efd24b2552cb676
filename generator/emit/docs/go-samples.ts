/**
 * The docs' Go tab: each HTTP example as a program through the generated Go module, laid out once per run
 * as the Go emitter lays it out. `key` changes whenever a sample of any method could (a type renamed
 * elsewhere), so that the incremental docs views are kept only while it stays the same.
 */
import type { MethodModel, Model } from '../../model/index.js';
import { goLayout, type GoMethod } from '../shared/go-layout.js';
import { goGetSample, goSample } from '../shared/go-sample.js';
import { GoTypes } from '../shared/go-types.js';

export interface GoDocsSamples {
  readonly key: string;
  sample(method: MethodModel, request: string, baseUrl: string): string | undefined;
  /** The same call as a plain GET (`c.Health.HTTP.Health(...)`), for a method the module offers that way. */
  getSample(method: MethodModel, request: string, baseUrl: string): string | undefined;
}

export function goDocsSamples(model: Model, packageName: string): GoDocsSamples {
  const types = new GoTypes();
  const layout = goLayout(model, packageName, types);
  const byMethod = new Map<MethodModel, GoMethod>(layout.methods.map((m) => [m.method, m]));
  const key = JSON.stringify([layout.module, layout.methods.map((m) => [m.key, m.path, m.name, m.paramsType, m.params, m.get]), [...types.structs]]);
  return {
    key,
    sample(method, request, baseUrl) {
      const m = byMethod.get(method);
      return m && goSample({ layout, types, module: layout.module }, m, request, baseUrl);
    },
    getSample(method, request, baseUrl) {
      const m = byMethod.get(method);
      return m?.get && goGetSample({ layout, types, module: layout.module }, m, request, baseUrl);
    },
  };
}
