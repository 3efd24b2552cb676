/**
 * Where each method of the model sits in the generated Go module: its API value's path from the Client,
 * its Go name, its Params struct and result type. Shared by the Go emitter and the docs' Go samples.
 */
import { omittable, type MethodModel, type Model, type ServiceModel } from '../../model/index.js';
import { GoTypes, goPascal, nilable } from './go-types.js';
import { caseParamIndex } from './result-cases.js';
import { offersHttpGet } from './http-get.js';
import { NameTable } from './names.js';

export interface GoParam {
  readonly name: string;
  readonly field: string;
  readonly type: string;
  readonly omittable: boolean;
}

export interface GoMethod {
  readonly service: ServiceModel;
  readonly method: MethodModel;
  readonly key: string;
  /** Field path from the Client: `["Evm", "Eth"]`. */
  readonly path: readonly string[];
  readonly name: string;
  readonly paramsType?: string;
  readonly params: readonly GoParam[];
  readonly result: string;
  readonly apiType: string;
  /** The name of the page-after-page function, for a method with `x-pagination`. */
  readonly pages?: string;
  /** `x-result-by-param`: the Go type of each case's result, in the cases' order (absent without cases). */
  readonly cases?: readonly string[];
  /**
   * For a method also served to plain HTTP GETs (`x-http-get`): the field path from the Client to its
   * namespace's GET calls (`["Health", "HTTP"]`, where the GET has the method's `name`) and their type.
   */
  readonly get?: { readonly path: readonly string[]; readonly apiType: string };
}

export interface GoLayout {
  readonly module: string;
  readonly pkg: string;
  readonly methods: readonly GoMethod[];
}

export function goLayout(model: Model, npmName: string, types = new GoTypes()): GoLayout {
  const module = npmName.replace(/^@/, '').replace(/[^A-Za-z0-9/._-]+/g, '-') || 'client';
  const pkg = (module.split('/').pop() ?? 'client').replace(/[^A-Za-z0-9]/g, '').toLowerCase().replace(/^[0-9]+/, '') || 'client';
  const methods: GoMethod[] = [];
  for (const service of model.services) {
    const flat = service.namespaces.length === 1 && (service.namespaces[0] === service.name || service.namespaces[0] === '');
    const members = new Map<string, NameTable>();
    for (const method of service.methods) {
      const ns = method.namespace === '' || flat ? [] : [goPascal(method.namespace)];
      const path = [goPascal(service.name), ...ns];
      const apiType = `${path.join('')}API`;
      let table = members.get(apiType);
      if (!table) members.set(apiType, (table = new NameTable()));
      const stem = `${goPascal(method.namespace || service.name)}${goPascal(method.member)}`;
      const skip = method.positional ? omittable(method.params) : method.params.map((p) => !p.required);
      const fields = new NameTable();
      const params = method.params.map((p, i) => {
        const t = types.expr(p.schema, service, `${stem}${goPascal(p.ident)}`);
        return { name: p.name, field: fields.claim(goPascal(p.ident)), type: p.required || nilable(t) ? t : `*${t}`, omittable: skip[i]! };
      });
      const paramsType = params.length ? types.names.claim(`${stem}Params`) : undefined;
      const result = method.result ? types.expr(method.result.schema, service, `${stem}Result`) : 'json.RawMessage';
      const at = caseParamIndex(method, service.document);
      const cases = at < 0 || !method.result ? undefined : method.resultCases!.cases.map((c) => types.expr(c.schema, service, `${stem}Result${goPascal(method.params[at]!.ident)}${goPascal(String(c.values[0]))}`));
      const name = table.claim(goPascal(method.member));
      table.claim(`${name}Call`);
      const pages = method.pagination ? table.claim(`${name}Pages`) : undefined;
      methods.push({ service, method, key: `${service.name}:${method.name}`, path, name, ...(paramsType ? { paramsType } : {}), params, result, apiType, ...(pages ? { pages } : {}), ...(cases ? { cases } : {}) });
    }
  }
  return { module, pkg, methods: withGets(methods, types) };
}

/** Each API's GET calls sit in its `HTTP` field (`HTTPGet` where a method or namespace of its own takes that name). */
function withGets(methods: GoMethod[], types: GoTypes): GoMethod[] {
  const taken = new Map<string, Set<string>>();
  const claim = (apiType: string, name: string) => {
    if (!taken.has(apiType)) taken.set(apiType, new Set());
    taken.get(apiType)!.add(name);
  };
  for (const m of methods) {
    claim(m.apiType, m.name);
    if (m.path.length > 1) claim(`${m.path[0]}API`, m.path[1]!);
  }
  const apiTypes = new Map<string, string>();
  return methods.map((m) => {
    if (!offersHttpGet(m.method)) return m;
    const field = taken.get(m.apiType)!.has('HTTP') ? 'HTTPGet' : 'HTTP';
    let apiType = apiTypes.get(m.apiType);
    if (!apiType) apiTypes.set(m.apiType, (apiType = types.names.claim(`${m.apiType.replace(/API$/, '')}${field}Gets`)));
    return { ...m, get: { path: [...m.path, field], apiType } };
  });
}
