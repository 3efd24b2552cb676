import type { RpcCall, Settled } from "./transport.js";
/** What is known of a call sent before. */
export type Earlier = {
	readonly answered: true;
} | {
	readonly failed: unknown;
} | {
	readonly inFlight: true;
};
/** The `code` of an error or of anything in its cause chain (undici wraps the socket's error). */
export declare function codeIn(e: unknown): string | undefined;
/** Whether a failed request surely never reached the server. */
export declare function surelyUnsent(error: unknown): boolean;
/** A batch (or an item of one) the server refused for its size: HTTP 413 or a "batch too large" error. */
export declare function tooLarge(error: unknown): boolean;
/** Whether a failure proves the call never ran on the node. */
export declare function surelyNeverRan(error: unknown): boolean;
/** Whether what a call does makes it harmless to run twice. */
export declare function safeToRepeat(call: RpcCall): boolean;
/**
* Whether a settled call has its answer: a result, or an error the node gave it (other than refusing it
* for size). A call with no answer failed on the way: a transport error, a reply that left it out.
*/
export declare function hasAnswer(settled: Settled<unknown>): boolean;
/** Whether `call` may be sent (again, or to a second node) given what is known of its earlier sending. */
export declare function maySendAgain(call: RpcCall, earlier: Earlier, force?: boolean): boolean;
