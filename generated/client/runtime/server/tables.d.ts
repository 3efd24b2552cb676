/**
* What the engine works on, built once per server: per service its flavor, its methods (on or off, with
* their handler), its batch limit; and the shapes passed between the engine and the transports.
*/
import type { Plan } from "../client/codec.js";
import type { Availability, ServerMethodMeta, Validator } from "../client/meta.js";
import type { Serializer } from "./serialize.js";
import type { Flavor, Texts } from "./texts.js";
import type { Handler, Logger, RawHandler, RequestHeaders, ServerOptions, ServerServiceDef } from "./types.js";
/** One live subscription, as the engine hands it to the connection that carries it. */
export interface Subscription {
	readonly id: string;
	readonly service: string;
	readonly method: string;
	/** Method name of the notifications (`eth_subscription`). */
	readonly notification: string;
	readonly iterator: AsyncIterator<unknown>;
	/** Value form → wire form for each payload; `undefined` when the payloads are wire form already. */
	readonly encodeResult: Plan | undefined;
	/** Typed (value-form) payloads: encode them; raw ones are sent as they are. */
	readonly typed: boolean;
	readonly controller: AbortController;
}
/** Where subscriptions of one request live (a WebSocket connection). */
export interface SubscriptionHost {
	/** Registers a subscription; it starts sending after the reply carrying its id. */
	add(subscription: Subscription): void;
	/** Ends a subscription of this connection; false when it has none with that id. */
	remove(id: string): boolean;
}
/** Where a request body arrived. */
export interface Site {
	readonly service: ServiceTable;
	readonly transport: "http" | "websocket";
	readonly path: string;
	readonly variables: Readonly<Record<string, string>>;
	readonly headers: RequestHeaders;
	readonly signal?: AbortSignal;
	readonly host?: SubscriptionHost;
}
export interface KindEntry {
	readonly decodeParams: Plan | undefined;
	readonly encodeResult: Plan | undefined;
	readonly off: string | undefined;
}
export interface Entry {
	readonly meta: ServerMethodMeta;
	readonly role: "call" | "subscribe" | "unsubscribe";
	/** Why the method is off (for the standard message), `undefined` when it is on. */
	readonly off: string | undefined;
	readonly target: object | undefined;
	readonly fn: Handler | undefined;
	readonly implemented: boolean;
	readonly positional: boolean;
	/** By position: whether each declared param is required. */
	readonly required: readonly boolean[];
	readonly kinds: ReadonlyMap<string, KindEntry> | undefined;
	/** Loaded on first use when results are validated. */
	resultValidator: Validator | null | undefined;
	/** The result's value form → wire-form JSON text, compiled on first use. */
	serializer: Serializer | undefined;
}
export interface ServiceTable {
	readonly def: ServerServiceDef;
	readonly flavor: Flavor;
	readonly texts: Texts;
	readonly methods: ReadonlyMap<string, Entry>;
	/** gorilla: entries by the name gorilla looks up (`info.GetNodeID`). */
	readonly gorilla: ReadonlyMap<string, Entry>;
	/** gorilla: the service names (the part before the dot). */
	readonly namespaces: ReadonlySet<string>;
	readonly batchLimit: number;
	readonly discover: boolean;
	/** Every secret param name of the service (to mask echoed requests whose method is unknown). */
	readonly secretNames: readonly string[];
	/** The method looked up last, and its entry (see `lookup` in engine.ts). */
	last: {
		readonly name: string;
		readonly entry: Entry;
	} | undefined;
}
export interface ResolvedOptions {
	readonly mode: "standard" | "node";
	readonly profile: "full" | "public";
	readonly enable: readonly string[] | "all";
	/** Whether methods removed in an earlier release are off (node mode without `serveRemoved`). */
	readonly removedOff: boolean;
	readonly maxBodyBytes: number;
	readonly maxBatch: number | undefined;
	readonly maxDepth: number;
	readonly maxSendQueueBytes: number;
	readonly pingIntervalMs: number;
	readonly validateResults: boolean;
	readonly logger: Logger | undefined;
	readonly discover: boolean;
	/** The user's extra headers plus, with CORS on, the allowed origin (added to every HTTP reply). */
	readonly headers: Readonly<Record<string, string>> | undefined;
	readonly cors: ResolvedCors | undefined;
	readonly rawHandler: RawHandler | undefined;
	readonly handlers: object | undefined;
}
export interface ResolvedCors {
	/** Added to every HTTP reply. */
	readonly replyHeaders: Readonly<Record<string, string>>;
	/** The allowed request headers, or `undefined` to allow what the preflight asks for. */
	readonly allowHeaders: string | undefined;
	readonly maxAgeSeconds: number;
}
export declare function resolveOptions(options: ServerOptions): ResolvedOptions;
/**
* Why a method (or subscription kind) is off under these options; `undefined` when it is on. A method
* removed in an earlier release is off, when `removedOff`, whatever is enabled: no switch of today's node
* serves it.
*/
export declare function offReason(a: Availability | undefined, profile: "full" | "public", enable: readonly string[] | "all", removedOff?: boolean): string | undefined;
export declare function buildService(def: ServerServiceDef, opts: ResolvedOptions): ServiceTable;
/**
* Services with the same endpoints (several documents of one API, such as those without `servers`, all
* served at the base URL) become one service of the server: a request at that path may call a method of any
* of them, also within one batch. `rpc.discover` answers every method of the group. Services that share only
* some of their endpoints, or that disagree on how their endpoint behaves, cannot be told apart: an error.
*/
export declare function shareEndpoints(defs: readonly ServerServiceDef[]): ServerServiceDef[];
