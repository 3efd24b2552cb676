/**
* Calls prepared ahead and sent together: `prepare` encodes a call without sending it, `batch` sends
* prepared calls in JSON-RPC arrays. Both report failures at once (an unencodable call is its own outcome
* in the batch), so this module imports the call errors that call.ts loads only on failure.
*/
import { type CallOptions } from "./call.js";
import { NodeRpcError } from "./error-base.js";
import type { MethodMeta } from "./meta.js";
import type { RpcCall, Settled, Transport } from "./transport.js";
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
