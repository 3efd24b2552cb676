/** Identifiers and module paths of the generated package, derived once from the model. */
import type { Diagnostic } from '../../lib/diagnostics.js';
import type { MethodModel, Model, ServiceModel } from '../../model/index.js';
import { camelCase, pascalCase } from '../../schema/ts-names.js';
import { slot, type Memory } from '../../lib/memory.js';

export { camelCase };

/**
 * The variable examples hold the client in, named after its factory: `createNodeClient` → `node`,
 * `createClient` → `client`.
 */
export function clientVariable(clientName: string): string {
  const stem = clientName.replace(/^create/, '').replace(/Client$/, '');
  return stem ? camelCase(stem) : 'client';
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
  /** The services (documents) with methods in the namespace, in model order: several documents of one API may share it. */
  readonly services: ServiceModel[];
  readonly methods: MethodModel[];
  readonly iface: string;
  readonly factory: string;
  /** The exported constant of the namespace module that lists its methods by service (`platformMethods`). */
  readonly table: string;
  readonly module: string;
}

/** A method's names, by its model and service: the same object while they are (see incremental.ts). */
const METHOD_NAMES = slot<MethodModel, MethodNames>('client method names', true);

export class Names {
  readonly problems: Diagnostic[] = [];
  private readonly methods = new Map<MethodModel, MethodNames>();
  readonly namespaces: NamespaceInfo[] = [];

  constructor(model: Model, scopes: Readonly<Record<string, string>>, memory: Memory) {
    const methodNames = memory.memo(METHOD_NAMES);
    const byKey = new Map<string, NamespaceInfo>();
    const fns = new Map<string, string>();
    // The members each namespace has so far, looked up by name (a scan per method grows with the square).
    const members = new Map<NamespaceInfo, Set<string>>();
    for (const service of model.services) {
      for (const method of service.methods) {
        const namespace = method.namespace || service.name;
        const names = methodNames.get(method, [service.name], () => {
          const fn = camelCase(method.namespace ? `${method.namespace} ${method.member}` : method.member);
          return { fn, meta: `${fn}Meta`, module: `methods/${namespace}/${method.member}`, member: method.member, namespace };
        });
        const fn = names.fn;
        const clash = fns.get(fn);
        if (clash) this.problems.push({ code: 'name-collision', message: `Methods ${clash} and ${method.name} both become the function ${fn}; rename one.`, file: service.source });
        fns.set(fn, method.name);
        this.methods.set(method, names);
        let ns = byKey.get(namespace);
        if (!ns) {
          if (CLIENT_MEMBERS.has(namespace) || namespace in scopes)
            this.problems.push({ code: 'name-collision', message: `Namespace "${namespace}" would hide the client's own member of that name; rename the methods or the scope.`, file: service.source });
          ns = { key: namespace, services: [service], methods: [], iface: `${pascalCase(namespace)}Namespace`, factory: `create${pascalCase(namespace)}Namespace`, table: `${pascalCase(namespace).replace(/^./, (c) => c.toLowerCase())}Methods`, module: `namespaces/${namespace}` };
          byKey.set(namespace, ns);
          this.namespaces.push(ns);
        } else if (!ns.services.includes(service)) ns.services.push(service);
        let taken = members.get(ns);
        if (!taken) members.set(ns, (taken = new Set()));
        if (taken.has(method.member))
          this.problems.push({ code: 'name-collision', message: `Two methods of namespace "${namespace}" become the member "${method.member}"; rename one.`, file: service.source });
        taken.add(method.member);
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

  /** What a namespace is part of, for its docs: the titles of its services. */
  titleOf(ns: NamespaceInfo): string {
    return ns.services.map((s) => s.title).join(', ');
  }
}

/** `../` repeated to climb from a module path (without extension) to the package root. */
export function up(module: string): string {
  const depth = module.split('/').length - 1;
  return depth === 0 ? './' : '../'.repeat(depth);
}

/** `createNodeClient` → `Node`: the stem the server and mock factories are named after. */
export function factoryStem(clientName: string): string {
  return clientName.replace(/^create/, '').replace(/Client$/, '');
}
