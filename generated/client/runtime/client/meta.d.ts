/**
* What generated code tells the runtime about a method. Generated modules export one `MethodMeta` per
* method; the client, server and mock runtimes act on it and never on the spec.
*/
import type { Plan } from "./codec.js";
/** One problem found by a validator, as a value: where, what was expected, and the ajv keyword. */
export interface ValidationIssue {
	/** JSON pointer inside the validated value (`/addresses/0`), `''` for the value itself. */
	readonly path: string;
	/** What was expected, in words: `must match pattern ^0x[0-9a-f]*$`. */
	readonly message: string;
	readonly keyword: string;
	readonly params?: Readonly<Record<string, unknown>>;
	/** The method param the issue is about (a server's invalid-params reply says), and its position. */
	readonly param?: string;
	readonly position?: number;
}
/** A precompiled validator: the list of issues, or `null` when the value is valid. */
export type Validator = (value: unknown) => readonly ValidationIssue[] | null;
/** A validator module generated per method and direction (`<method>.params.js`, `<method>.result.js`). */
export interface ValidatorModule {
	readonly validate: Validator;
}
/**
* The validators of a package, for `validate`: each method's result validator by `"<service> <method>"`
* and each subscription kind's notification validator by `"<subscribe method> <kind>"`, loaded on first use.
* The package's `validators` module exports one; a program that never imports it never bundles a validator.
*/
export interface ValidatorTable {
	readonly results: Readonly<Record<string, () => Promise<ValidatorModule>>>;
	readonly notifications: Readonly<Record<string, () => Promise<ValidatorModule>>>;
}
/** The result validator of a method: its meta's own, else the table's. */
export declare function resultValidatorOf(meta: MethodMeta, table: ValidatorTable | undefined): (() => Promise<ValidatorModule>) | undefined;
/** The notification validator of a subscription kind: its meta's own, else the table's. */
export declare function notificationValidatorOf(meta: SubscriptionMeta, table: ValidatorTable | undefined): (() => Promise<ValidatorModule>) | undefined;
/**
* What a call does to the node, from the spec's `x-effects`: `read` changes nothing; `write` changes state;
* `idempotent` is a write that is harmless to repeat (re-sending the same signed transaction); `admin`
* operates the node. Retries and fallback act on it.
*/
export type Effect = "read" | "write" | "idempotent" | "admin";
export interface MethodMeta {
	/** The method name on the wire: `platform.getBalance`, `eth_getBalance`. */
	readonly name: string;
	/** The service (spec document) it belongs to. */
	readonly service: string;
	readonly structure: "by-name" | "by-position" | "either";
	/** Wire names of the params, in declaration order. */
	readonly params: readonly string[];
	/** How many leading params are required (by position), or which names are (by name). */
	readonly required: readonly string[];
	/** Params, value form → wire form: an object plan keyed by param name (by-name) or a tuple plan (by-position). */
	readonly encode?: Plan;
	/** Result, wire form → value form. */
	readonly decode?: Plan;
	/** Param names whose values are secrets: never logged, never echoed in an error. */
	readonly secrets?: readonly string[];
	/** Only callable over WebSocket. */
	readonly wsOnly?: boolean;
	/** What the call does to the node (`x-effects`); absent when the spec does not say (treated as a write). */
	readonly effects?: Effect;
	/** Loads the result validator on first use (a separate chunk for bundlers). */
	readonly resultValidator?: () => Promise<ValidatorModule>;
	/** Also served to plain HTTP GET requests (the spec's `x-http-get`). */
	readonly httpGet?: HttpGetMeta;
}
/**
* How a method is served to plain HTTP GET requests: its params from the query string, its result as the
* body, the status from the result by the first rule that matches (the last rule has no `when`).
*/
export interface HttpGetMeta {
	/** Paths after the service's endpoint path (`''`: that path itself); clients call the first. */
	readonly paths: readonly string[];
	/** Query parameter name → the param it carries; a `list` param repeats the query parameter. */
	readonly query: Readonly<Record<string, {
		readonly param: string;
		readonly list: boolean;
	}>>;
	readonly status: readonly {
		readonly code: number;
		readonly when?: {
			readonly pointer: string;
			readonly equals: unknown;
		};
	}[];
}
/** A subscription kind of a `*_subscribe` method, as the client needs it. */
export interface SubscriptionMeta {
	readonly subscribe: string;
	readonly unsubscribe?: string;
	readonly notification: string;
	readonly kind: string;
	/** Plan for the params after the kind (tuple plan). */
	readonly encode?: Plan;
	/** Plan for each notification's payload. */
	readonly decode?: Plan;
	/** Loads the notification validator on first use. */
	readonly notificationValidator?: () => Promise<ValidatorModule>;
}
export interface Availability {
	readonly enabledByDefault: boolean;
	readonly enableWith?: string;
	readonly publicNode: boolean;
	readonly served: boolean;
	readonly removedIn?: string;
}
/** What the server runtime needs per method, besides the client's meta. */
export interface ServerMethodMeta extends MethodMeta {
	/** Namespace and member: handlers are looked up as `handlers[namespace][member]`. */
	readonly namespace: string;
	readonly member: string;
	/** Params, wire form → value form (the reverse of `encode`). */
	readonly decodeParams?: Plan;
	/** Result, value form → wire form. */
	readonly encodeResult?: Plan;
	/**
	* The result's value form → the wire form's JSON text, written by the generator for this result's schema
	* (`JSON.stringify(encode(encodeResult, value))`, faster); may throw where that expression is to decide.
	*/
	readonly serializeResult?: (value: unknown) => string | undefined;
	readonly validateParams: Validator;
	readonly validateResult?: () => Promise<ValidatorModule>;
	readonly availability: Availability;
	/** For a `*_subscribe` method: its subscription kinds, by name. */
	readonly subscriptions?: {
		readonly notification: string;
		readonly unsubscribe?: string;
		readonly kinds: {
			readonly [kind: string]: {
				readonly decodeParams?: Plan;
				readonly encodeResult?: Plan;
				readonly availability: Availability;
			};
		};
	};
	/** Errors the spec lists for the method (the mock can answer with them). */
	readonly errors: readonly {
		readonly code: number;
		readonly message: string;
		readonly data?: unknown;
	}[];
}
export interface EndpointMeta {
	readonly name: string;
	readonly transport: "http" | "websocket";
	/** The server's URL where it names a host (`https://main.example/api`); absent for a path alone. */
	readonly url?: string;
	/** Path template with `{variable}` placeholders, e.g. `/ext/bc/{blockchainID}/rpc`. */
	readonly path: string;
	readonly variables: Readonly<Record<string, {
		readonly default: string;
		readonly enum?: readonly string[];
	}>>;
}
export type Dialect = "standard" | "geth" | "gorilla-json2";
/** A service (one spec document) as the runtime sees it. */
export interface ServiceMeta {
	readonly name: string;
	readonly endpoints: readonly EndpointMeta[];
	/** Whether the endpoint accepts JSON-RPC batch arrays. */
	readonly batch: boolean;
	readonly batchLimit?: number;
	readonly publicNodeBatchLimit?: number;
	/** The real server's error conventions (for the node-compatible mode). */
	readonly dialect: Dialect;
	/** A cheap read (no params) a fallback client probes nodes with to rank them. */
	readonly probe?: {
		readonly method: string;
		readonly params: unknown;
	};
}
