/**
 * The methods of a generated namespace, built from their metas. A namespace module lists its metas and this
 * makes each member, so that a method costs the client its meta and nothing else: the whole-node client has
 * some three hundred of them, and a browser program loads them all.
 *
 * A member's arguments follow from its meta, as the generated declarations print them:
 * - no params: `(options?)`;
 * - by name: `(params, options?)`;
 * - by position (or either way): one argument per param, then `(…, options?)`.
 */
import { setOwn } from '../guards.js';
import type { CallOptions } from './call.js';
import type { MethodMeta, ServiceMeta } from './meta.js';
import type { Transport } from '../transports/transport.js';

/** Where a namespace sends its calls: a service's HTTP transport, and its WebSocket one for subscriptions. */
export interface NamespaceTransports {
  http(service: ServiceMeta): Transport;
  ws(service: ServiceMeta): Transport;
}

/** How a namespace turns a method call into a result: `call` (the default) or `prepare` (for batches). */
export type Invoke = (transport: Transport, meta: MethodMeta, params: unknown, options?: CallOptions) => unknown;

/**
 * A member: its meta, whose wire name is the group's prefix and the member's name (`platform.` +
 * `getBalance`), or the member's name and its meta where the name is not made that way.
 */
export type Member = MethodMeta | readonly [name: string, meta: MethodMeta];

/** One service's methods in a namespace: the service, the prefix of their wire names, the members. */
export type MethodGroup = readonly [service: ServiceMeta, prefix: string, members: readonly Member[]];

type Bound = (...args: unknown[]) => unknown;

/** A member as `bindMethods` makes it: its name, its meta, its service. */
interface Entry {
  readonly name: string;
  readonly meta: MethodMeta;
  readonly service: ServiceMeta;
}

/** Each table's entries, worked out once per table (a client makes its namespaces again for every scope). */
const ENTRIES = new WeakMap<readonly MethodGroup[], readonly Entry[]>();

function entriesOf(groups: readonly MethodGroup[]): readonly Entry[] {
  let entries = ENTRIES.get(groups);
  if (entries) return entries;
  const made: Entry[] = [];
  for (const [service, prefix, members] of groups) {
    for (const m of members) {
      if (Array.isArray(m)) made.push({ name: m[0] as string, meta: m[1] as MethodMeta, service });
      else made.push({ name: (m as MethodMeta).name.slice(prefix.length), meta: m as MethodMeta, service });
    }
  }
  entries = made;
  ENTRIES.set(groups, entries);
  return entries;
}

/** A namespace's methods, as an object of functions. */
export function bindMethods(transports: NamespaceTransports, invoke: Invoke, groups: readonly MethodGroup[]): Record<string, Bound> {
  const out: Record<string, Bound> = {};
  for (const { name, meta, service } of entriesOf(groups)) {
    const fn = bound(transports, invoke, service, meta);
    // Assignment would take `__proto__` as the prototype: that member is defined as an own method.
    if (name === '__proto__') setOwn(out, name, fn);
    else out[name] = fn;
  }
  return out;
}

/** A client's methods by wire name, with their services, made once per client table. */
const BY_NAME = new WeakMap<readonly (readonly MethodGroup[])[], ReadonlyMap<unknown, { readonly service: ServiceMeta; readonly meta: MethodMeta }>>();

/** The method of a client's namespaces with this wire name, and its service (`request()` looks methods up by it). */
export function findMethod(namespaces: readonly (readonly MethodGroup[])[], name: unknown): { readonly service: ServiceMeta; readonly meta: MethodMeta } | undefined {
  let byName = BY_NAME.get(namespaces);
  if (!byName) {
    const made = new Map<unknown, { readonly service: ServiceMeta; readonly meta: MethodMeta }>();
    // The first of two methods with one wire name wins, as a search in order would find it.
    for (const groups of namespaces) for (const { service, meta } of entriesOf(groups)) if (!made.has(meta.name)) made.set(meta.name, { service, meta });
    BY_NAME.set(namespaces, (byName = made));
  }
  return byName.get(name);
}

/** The transport a method's calls go over: the service's WebSocket one for a WebSocket-only method, else HTTP. */
export function transportOf(transports: NamespaceTransports, service: ServiceMeta, meta: MethodMeta): Transport {
  return meta.wsOnly ? transports.ws(service) : transports.http(service);
}

function bound(transports: NamespaceTransports, invoke: Invoke, service: ServiceMeta, meta: MethodMeta): Bound {
  const count = meta.params.length;
  if (count === 0) return (options) => invoke(transportOf(transports, service, meta), meta, undefined, options as CallOptions | undefined);
  if (meta.structure === 'by-name') return (params, options) => invoke(transportOf(transports, service, meta), meta, params, options as CallOptions | undefined);
  return (...args) => {
    const params: unknown[] = [];
    for (let i = 0; i < count; i++) params.push(args[i]);
    return invoke(transportOf(transports, service, meta), meta, params, args[count] as CallOptions | undefined);
  };
}

/**
 * An object whose members are made on first use, each once, and are then plain own properties: a client's
 * namespaces, so that making a client (or a scope of one, or a batch) costs nothing for the namespaces a
 * program never touches.
 */
export function lazyMembers<T extends object>(make: Readonly<Record<string, () => unknown>>): T {
  const out = {};
  for (const key of Object.keys(make)) {
    Object.defineProperty(out, key, {
      enumerable: true,
      configurable: true,
      get() {
        const value = make[key]!();
        setOwn(out, key, value);
        return value;
      },
    });
  }
  return out as T;
}

/** How many scopes a client keeps per variable; past it, the kept ones are dropped and made again on use. */
const KEPT_SCOPES = 64;

/**
 * The scope of a client for one value of a server variable (`node.chain('C')`), made once and kept: a program
 * that scopes every call (`node.chain(id).eth.blockNumber()`) gets the same scope, its namespaces made once.
 */
export function keptScope<T>(kept: Map<string, Map<unknown, T>>, variable: string, value: unknown, make: () => T): T {
  let byValue = kept.get(variable);
  if (!byValue) kept.set(variable, (byValue = new Map()));
  let scope = byValue.get(value);
  if (scope === undefined) {
    if (byValue.size >= KEPT_SCOPES) byValue.clear();
    scope = make();
    byValue.set(value, scope);
  }
  return scope;
}
