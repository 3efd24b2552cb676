/**
 * Where each method lives in the generated Python package: its builder in calls.py, its attribute path from
 * the client, its argument names. The Python emitter and the docs' Python tab both read it, so a sample on a
 * page calls exactly what the package has.
 */
import type { MethodModel, Model, ServiceModel } from '../../model/index.js';
import { omittable } from '../../model/index.js';
import { offersHttpGet } from './http-get.js';
import { NameTable, pascal, plainPackageName, snake } from './names.js';

const KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case type'.split(' '),
);
/** Builtins the type expressions use: a method by one of these names would hide it from the annotations of its class. */
const TYPE_BUILTINS = new Set(['list', 'dict', 'str', 'int', 'float', 'bool', 'set', 'tuple', 'bytes', 'object']);
/** The builders' local `params` and the clients' `calls` module: an argument by either name would hide it. */
const SHADOWED = ['params', 'calls'];

export function isPyIdent(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !KEYWORDS.has(name);
}

/** A Python identifier for an attribute or argument (keywords get a trailing `_`). */
export function pyIdent(name: string): string {
  return KEYWORDS.has(name) ? `${name}_` : name;
}

/** A Python identifier for a method of a client class: also clear of the builtins its annotations name. */
function pyAttr(name: string): string {
  return TYPE_BUILTINS.has(name) ? `${name}_` : pyIdent(name);
}

function argIdent(name: string): string {
  return SHADOWED.includes(name) ? `${name}_` : pyIdent(name);
}

/** The sync client's class name (`NodeClient`); the async one is `Async` before it. */
export function pyClientName(clientName: string): string {
  return pascal(clientName.replace(/^create/, '')) || 'Client';
}

export interface PyParamName {
  readonly name: string;
  readonly ident: string;
  readonly required: boolean;
  /** May be left out (by name: not required; by position: it and every later param optional). */
  readonly omittable: boolean;
}

export interface PyMethodName {
  readonly service: ServiceModel;
  readonly method: MethodModel;
  /** `info_get_balance`: the builder in calls.py. */
  readonly builder: string;
  /** `get_balance`: the method on its namespace class. */
  readonly attr: string;
  /** The attribute path from the client: `["evm", "eth"]`. */
  readonly path: readonly string[];
  readonly params: readonly PyParamName[];
  readonly key: string;
  /** The kinds of a subscribing method (`eth_subscribe`), in the model's order. */
  readonly kinds: readonly PyKindName[];
  /**
   * For a method also served to plain HTTP GETs (`x-http-get`): the attribute path from the client to the
   * namespace's GET calls (`["health", "http"]`), where the GET has the method's `attr` and arguments.
   */
  readonly getPath?: readonly string[];
}

/** One subscription kind: its builder in calls.py and its params after the kind. */
export interface PyKindName {
  readonly name: string;
  readonly builder: string;
  readonly params: readonly PyParamName[];
  readonly key: string;
}

export interface PyNames {
  readonly distribution: string;
  readonly module: string;
  readonly methods: readonly PyMethodName[];
}

export function pythonNames(model: Model, npmName: string): PyNames {
  const distribution = plainPackageName(npmName);
  const module = distribution.replace(/-/g, '_');
  const methods: PyMethodName[] = [];
  const builders = new NameTable(['_encode', '_decode', 'Call']);
  for (const service of model.services) {
    const flat = service.namespaces.length === 1 && (service.namespaces[0] === service.name || service.namespaces[0] === '');
    for (const method of service.methods) {
      const skip = method.positional ? omittable(method.params) : method.params.map((p) => !p.required);
      const seen = new NameTable(['self', 'timeout', 'headers', ...SHADOWED]);
      const params = method.params.map((p, i) => ({ name: p.name, ident: seen.claim(argIdent(snake(p.ident))), required: p.required, omittable: skip[i]! }));
      const ns = method.namespace === '' || flat ? [] : [pyIdent(snake(method.namespace))];
      const builder = builders.claim(snake(`${service.name} ${method.namespace === service.name ? '' : method.namespace} ${method.member}`));
      const kinds = (method.subscriptions?.kinds ?? []).map((kind): PyKindName => {
        const kskip = omittable(kind.params);
        const kseen = new NameTable(['self', 'kind', 'timeout', ...SHADOWED]);
        return {
          name: kind.name,
          builder: builders.claim(`${builder}_${snake(kind.name)}`),
          params: kind.params.map((p, i) => ({ name: p.name, ident: kseen.claim(argIdent(snake(p.ident))), required: p.required, omittable: kskip[i]! })),
          key: `${service.name}:${method.name}:${kind.name}`,
        };
      });
      methods.push({
        service,
        method,
        builder,
        attr: pyAttr(snake(method.member)),
        path: [pyIdent(snake(service.name)), ...ns],
        params,
        key: `${service.name}:${method.name}`,
        kinds,
      });
    }
  }
  return { distribution, module, methods: withGetPaths(methods) };
}

/** Each namespace's GET calls sit under `http` (`http_get` where a method or namespace of its own takes that name). */
function withGetPaths(methods: PyMethodName[]): PyMethodName[] {
  const taken = new Map<string, Set<string>>();
  const claim = (path: readonly string[], name: string) => {
    const key = path.join('.');
    if (!taken.has(key)) taken.set(key, new Set());
    taken.get(key)!.add(name);
  };
  for (const m of methods) {
    claim(m.path, m.attr);
    for (let i = 1; i < m.path.length; i++) claim(m.path.slice(0, i), m.path[i]!);
  }
  return methods.map((m) => {
    if (!offersHttpGet(m.method)) return m;
    const names = taken.get(m.path.join('.'))!;
    return { ...m, getPath: [...m.path, names.has('http') ? 'http_get' : 'http'] };
  });
}
