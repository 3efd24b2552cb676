import type { CallOptions } from "./call.js";
import type { MethodMeta, ServiceMeta } from "./meta.js";
import type { Transport } from "../transports/transport.js";
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
/** A namespace's methods, as an object of functions. */
export declare function bindMethods(transports: NamespaceTransports, invoke: Invoke, groups: readonly MethodGroup[]): Record<string, Bound>;
/** The method of a client's namespaces with this wire name, and its service (`request()` looks methods up by it). */
export declare function findMethod(namespaces: readonly (readonly MethodGroup[])[], name: unknown): {
	readonly service: ServiceMeta;
	readonly meta: MethodMeta;
} | undefined;
/** The transport a method's calls go over: the service's WebSocket one for a WebSocket-only method, else HTTP. */
export declare function transportOf(transports: NamespaceTransports, service: ServiceMeta, meta: MethodMeta): Transport;
/**
* An object whose members are made on first use, each once, and are then plain own properties: a client's
* namespaces, so that making a client (or a scope of one, or a batch) costs nothing for the namespaces a
* program never touches.
*/
export declare function lazyMembers<T extends object>(make: Readonly<Record<string, () => unknown>>): T;
/**
* The scope of a client for one value of a server variable (`node.chain('C')`), made once and kept: a program
* that scopes every call (`node.chain(id).eth.blockNumber()`) gets the same scope, its namespaces made once.
*/
export declare function keptScope<T>(kept: Map<string, Map<unknown, T>>, variable: string, value: unknown, make: () => T): T;
export {};
