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

const entry = (member: Member, prefix: string): readonly [string, MethodMeta] =>
  Array.isArray(member) ? (member as readonly [string, MethodMeta]) : [(member as MethodMeta).name.slice(prefix.length), member as MethodMeta];

/** A namespace's methods, as an object of functions. */
export function bindMethods(transports: NamespaceTransports, invoke: Invoke, groups: readonly MethodGroup[]): Record<string, Bound> {
  const out: Record<string, Bound> = {};
  for (const [service, prefix, members] of groups) {
    for (const member of members) {
      const [name, meta] = entry(member, prefix);
      setOwn(out, name, bound(transports, invoke, service, meta));
    }
  }
  return out;
}

/** The method of a client's namespaces with this wire name, and its service (`request()` looks methods up by it). */
export function findMethod(namespaces: readonly (readonly MethodGroup[])[], name: unknown): { readonly service: ServiceMeta; readonly meta: MethodMeta } | undefined {
  for (const groups of namespaces) {
    for (const [service, prefix, members] of groups) {
      for (const member of members) {
        const meta = entry(member, prefix)[1];
        if (meta.name === name) return { service, meta };
      }
    }
  }
  return undefined;
}

function bound(transports: NamespaceTransports, invoke: Invoke, service: ServiceMeta, meta: MethodMeta): Bound {
  const transport = () => (meta.wsOnly ? transports.ws(service) : transports.http(service));
  const count = meta.params.length;
  if (count === 0) return (options) => invoke(transport(), meta, undefined, options as CallOptions | undefined);
  if (meta.structure === 'by-name') return (params, options) => invoke(transport(), meta, params, options as CallOptions | undefined);
  return (...args) => invoke(transport(), meta, Array.from({ length: count }, (_, i) => args[i]), args[count] as CallOptions | undefined);
}
