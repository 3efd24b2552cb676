/**
* The call API beside the success path of one call: `encodeParams`; `prepare` and `batch`, which encode calls
* ahead and send them together; `subscribe`, for subscriptions. Each reports a failure at once (an
* unencodable call is its own outcome in a batch; a subscription over HTTP throws), so this module imports the
* errors that call.ts loads only on failure. It also names `call` and `secretValues`, so the runtime index
* re-exports the whole call API from here.
*/
import { type CallOptions } from "./call.js";
import type { BackfillOptions } from "./backfill.js";
import { NodeRpcError } from "../errors/base.js";
import { type MethodMeta, type SubscriptionMeta } from "./meta.js";
import type { RpcCall, Settled, SubscribeOptions, Subscription, Transport } from "../transports/transport.js";
export { call, secretValues } from "./call.js";
export type { CallOptions } from "./call.js";
/**
* Value-form params → the wire `params` member. By name: one object, keys whose value is undefined dropped
* (the node treats an absent key as "not given"; `""` would be an error). By position: an array of args.
* Throws EncodeError when the params cannot be encoded.
*/
export declare function encodeParams(meta: MethodMeta, params: unknown): unknown;
/** A call encoded and ready to go into a `batch`. */
export interface PreparedCall<R> {
	readonly transport: Transport;
	readonly meta: MethodMeta;
	/** The wire call, or undefined when the params could not be encoded (see `error`). */
	readonly call: RpcCall | undefined;
	/** Why the call cannot be sent; the batch reports it as this call's outcome. */
	readonly error: NodeRpcError | undefined;
	/** Turns the raw result into the value form (validating first when asked). */
	finish(raw: unknown, validate: boolean): Promise<R>;
}
/** The value type of a prepared call. */
export type ResultOf<P> = P extends PreparedCall<infer R> ? R : never;
/** The outcomes of a batch, one per call, typed per position. */
export type BatchResult<T extends readonly PreparedCall<unknown>[]> = { -readonly [K in keyof T]: Settled<ResultOf<T[K]>> };
/** Encodes a call for `batch` without sending it. A call that cannot be encoded fails alone, in the batch. */
export declare function prepare<R>(transport: Transport, meta: MethodMeta, params?: unknown): PreparedCall<R>;
/**
* Sends prepared calls together: one JSON-RPC array per transport that accepts arrays (split at its
* `maxBatchSize`), concurrent single requests otherwise. One outcome per call, in order, typed per position;
* one failing call never fails the others, and the returned promise never rejects.
*/
export declare function batch<const T extends readonly PreparedCall<unknown>[]>(calls: T, options?: CallOptions): Promise<BatchResult<T>>;
export interface SubscribeCallOptions extends Omit<SubscribeOptions, "map" | "redact"> {
	/** Validate every notification against the spec (default: the transport's `validate`). */
	readonly validate?: boolean;
	/**
	* `newHeads` and `logs`: after a reconnect, deliver what the subscription missed first (the blocks in
	* between, the logs of that range), in order and without duplicates.
	*/
	readonly backfill?: boolean | BackfillOptions;
}
/**
* Starts a subscription of one kind (`newHeads`, `logs`, ...): the params after the kind are encoded with
* the kind's plan, and each notification's payload is decoded (a payload that cannot be decoded ends the
* subscription with DecodeError). Throws UnsupportedError on a transport without subscriptions (HTTP).
*/
export declare function subscribe<T>(transport: Transport, meta: SubscriptionMeta, args?: readonly unknown[], options?: SubscribeCallOptions): Subscription<T>;
