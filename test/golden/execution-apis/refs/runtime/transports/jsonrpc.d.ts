/**
* JSON-RPC 2.0 framing: request objects, strict reply parsing, and replies mapped to results or errors.
* Replies are matched by id with its type: a reply with id `"1"` does not answer the request with id `1`.
*/
import { type NodeRpcError } from "../errors/index.js";
import type { RpcCall } from "./transport.js";
import type { JsonRpcId } from "./frame.js";
export { createIdSource, frame } from "./frame.js";
export type { JsonRpcId, JsonRpcRequest } from "./frame.js";
export interface JsonRpcErrorBody {
	readonly code: number;
	readonly message: string;
	readonly data?: unknown;
}
/** A well-formed reply: exactly one of `result` and `error`. */
export type JsonRpcReply = {
	readonly id: JsonRpcId | null;
	readonly result: unknown;
	readonly error?: undefined;
} | {
	readonly id: JsonRpcId | null;
	readonly error: JsonRpcErrorBody;
	readonly result?: undefined;
};
/** What a reply is checked against: the call it answers and where it came from. */
export interface ReplyContext {
	readonly url?: string;
	/** HTTP status of the response carrying the reply. */
	readonly status?: number;
}
export interface Expected {
	readonly id: JsonRpcId;
	readonly call: RpcCall;
}
/** Parse a body; a body that is not JSON is a ProtocolError. */
export declare function parseBody(text: string, call: RpcCall | undefined, ctx: ReplyContext): unknown;
/**
* Check one reply object's shape. Returns the reply, or a string saying what is wrong with it.
* `error: null` next to a result is tolerated (JSON-RPC 1.0 habits); a result next to an error is not.
*/
export declare function checkReply(value: unknown): JsonRpcReply | string;
/** A reply's outcome for its call: the raw result, or the error to reject with. */
export type Outcome = {
	readonly ok: true;
	readonly value: unknown;
} | {
	readonly ok: false;
	readonly error: NodeRpcError;
};
/** A checked reply → the call's outcome. */
export declare function outcome(reply: JsonRpcReply, call: RpcCall, ctx: ReplyContext): Outcome;
/** Says how a reply's id differs from the request's (naming a string id given for a number id). */
export declare function idMismatch(got: JsonRpcId | null, want: JsonRpcId): string;
/**
* The reply to one request. A reply with id `null` is accepted only when it is an error (the server could
* not read the request's id, as with a parse error).
*/
export declare function matchSingle(body: unknown, expected: Expected, ctx: ReplyContext, text?: string): Outcome;
/**
* The replies to a batch, one outcome per call, in call order. A single error object instead of an array
* (a parse error, `empty batch`, an endpoint that does not take arrays) is every call's error. A call the
* array does not answer gets a ProtocolError, caused by the first error the array holds if any (geth answers
* an oversized batch with one `batch too large` item).
*/
export declare function matchBatch(body: unknown, expected: readonly Expected[], ctx: ReplyContext, text?: string): Outcome[];
