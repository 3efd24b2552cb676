import { type MethodMeta } from "./meta.js";
import type { RequestOptions, Transport } from "../transports/transport.js";
export interface CallOptions extends RequestOptions {
	/** Validate the result against the method's result schema before decoding (default: the transport's `validate`). */
	readonly validate?: boolean;
}
export declare function isPlainObject(value: unknown): value is Record<string, unknown>;
/** Positional args on the wire: trailing `undefined`s dropped, any other `undefined` sent as `null`. */
export declare function positional(args: readonly unknown[]): unknown[];
/** The secret values of a call's params (keystore passwords), to keep out of every error. */
export declare function secretValues(meta: Pick<MethodMeta, "secrets" | "params" | "structure">, params: unknown): string[];
/**
* Value-form params → the wire `params` member, or an Unencodable saying why not. By name: one object, keys
* whose value is undefined dropped (the node treats an absent key as "not given"; `""` would be an error).
* By position: an array of args.
*/
export declare function encodeWire(meta: MethodMeta, params: unknown): unknown;
/** Whether the transport cannot carry the method (a WebSocket-only method over HTTP). */
export declare function refuses(transport: Transport, meta: MethodMeta): boolean;
/** A raw result → the value form: validated first when asked, then decoded. */
export declare function finish<R>(meta: MethodMeta, transport: Transport, raw: unknown, validate: boolean): Promise<R>;
/**
* One call: encode, send, validate (optional), decode. Rejects with a NodeRpcError: RpcError for the
* server's JSON-RPC error, EncodeError/DecodeError/ResponseValidationError for the forms, the transport's
* errors for the rest. The request is made synchronously, so calls made in the same tick can be auto-batched.
*/
export declare function call<R>(transport: Transport, meta: MethodMeta, params?: unknown, options?: CallOptions): Promise<R>;
