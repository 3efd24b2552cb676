/** Identifiers and module paths of the generated package, derived once from the model. */
import type { Diagnostic } from '../../diagnostics.js';
import type { MethodModel, Model, ServiceModel } from '../../model.js';
import { pascalCase } from '../../schema/typescript.js';

const RESERVED_WORDS = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await'.split(
    ' ',
  ),
);

export function camelCase(text: string): string {
  const p = pascalCase(text);
  const out = p[0]!.toLowerCase() + p.slice(1);
  return RESERVED_WORDS.has(out) ? `${out}_` : out;
}

/** Members the whole-node client defines itself; no namespace may take these names. */
export const CLIENT_MEMBERS = new Set(['batch', 'request', 'close', 'then']);

export interface MethodNames {
  /** Standalone function: `platformGetBalance`. */
  readonly fn: string;
  readonly meta: string;
  /** Module path inside the package, without extension: `methods/platform/getBalance`. */
  readonly module: string;
  /** Key of the method inside its namespace object. */
  readonly member: string;
  /** Namespace key on the client: the method's namespace, or the service name for names without one. */
  readonly namespace: string;
}

export interface NamespaceInfo {
  readonly key: string;
  readonly service: ServiceModel;
  readonly methods: MethodModel[];
  readonly iface: string;
  readonly factory: string;
  readonly module: string;
}

export class Names {
  readonly problems: Diagnostic[] = [];
  private readonly methods = new Map<MethodModel, MethodNames>();
  readonly namespaces: NamespaceInfo[] = [];

  constructor(model: Model, scopes: Readonly<Record<string, string>>) {
    const byKey = new Map<string, NamespaceInfo>();
    const fns = new Map<string, string>();
    for (const service of model.services) {
      for (const method of service.methods) {
        const namespace = method.namespace || service.name;
        const fn = camelCase(method.namespace ? `${method.namespace} ${method.member}` : method.member);
        const names: MethodNames = { fn, meta: `${fn}Meta`, module: `methods/${namespace}/${method.member}`, member: method.member, namespace };
        const clash = fns.get(fn);
        if (clash) this.problems.push({ code: 'name-collision', message: `Methods ${clash} and ${method.name} both become the function ${fn}; rename one.`, file: service.source });
        fns.set(fn, method.name);
        this.methods.set(method, names);
        let ns = byKey.get(namespace);
        if (!ns) {
          if (CLIENT_MEMBERS.has(namespace) || namespace in scopes)
            this.problems.push({ code: 'name-collision', message: `Namespace "${namespace}" would hide the client's own member of that name; rename the methods or the scope.`, file: service.source });
          ns = { key: namespace, service, methods: [], iface: `${pascalCase(namespace)}Namespace`, factory: `create${pascalCase(namespace)}Namespace`, module: `namespaces/${namespace}` };
          byKey.set(namespace, ns);
          this.namespaces.push(ns);
        } else if (ns.service !== service) {
          this.problems.push({ code: 'name-collision', message: `Namespace "${namespace}" appears in both ${ns.service.source} and ${service.source}; a namespace must belong to one service.`, file: service.source });
        }
        if (ns.methods.some((m) => m.member === method.member))
          this.problems.push({ code: 'name-collision', message: `Two methods of namespace "${namespace}" become the member "${method.member}"; rename one.`, file: service.source });
        ns.methods.push(method);
      }
    }
  }

  of(method: MethodModel): MethodNames {
    return this.methods.get(method)!;
  }

  serviceConst(service: ServiceModel): string {
    return `${camelCase(service.name)}Service`;
  }
}

/** `../` repeated to climb from a module path (without extension) to the package root. */
export function up(module: string): string {
  const depth = module.split('/').length - 1;
  return depth === 0 ? './' : '../'.repeat(depth);
}
