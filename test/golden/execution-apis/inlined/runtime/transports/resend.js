/**
* The one rule for sending a call again, shared by every path that may do it: retries (retry.ts),
* splitting a batch the node found too large (batch-split.ts), moving on to the next node (fallback.ts) and
* hedging a slow node (fallback.ts).
*
* - A call that has an answer (a result, or an error the node gave it) is never sent again: not even when
*   the caller forces retries, since the answer would be replaced by another one's.
* - A call that is safe to repeat (`read`, or a write the spec says is `idempotent`) may be sent again
*   after a failure, and raced while the first is in flight.
* - Any other call (a `write`, an `admin` call, or one whose effects the spec does not say) is sent again
*   only where it surely never ran: the connection was refused or the name did not resolve (it never left),
*   or the node refused it for size (HTTP 413, or its item of a batch answered "batch too large" and so on).
*   It is never raced.
*
* `force` is the caller's `retry` option: `false` never sends again; `true` sends again after any failure.
*/
import { RpcError } from "../errors/base.js";
import { HttpError, ProtocolError, TransportError } from "../errors/transport.js";
/** `ECONNREFUSED`, DNS failures: the request never reached the server. */
const UNSENT = /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EAI_NONAME|ENETUNREACH|EHOSTUNREACH)$/;
/** The `code` of an error or of anything in its cause chain (undici wraps the socket's error). */
export function codeIn(e) {
	for (let c = e, depth = 0; c && typeof c === "object" && depth < 5; c = c.cause, depth++) {
		const code = c.code;
		if (typeof code === "string") return code;
	}
	return undefined;
}
/** Whether a failed request surely never reached the server. */
export function surelyUnsent(error) {
	const code = error instanceof TransportError ? codeIn(error.cause) : undefined;
	return code !== undefined && UNSENT.test(code);
}
/** A batch (or an item of one) the server refused for its size: HTTP 413 or a "batch too large" error. */
export function tooLarge(error) {
	if (error instanceof HttpError) return error.status === 413;
	const texts = [error, error instanceof ProtocolError ? error.cause : undefined].map((e) => e instanceof Error ? e.message : "");
	return texts.some((t) => /batch/i.test(t) && /(too large|too big|too many|exceed|limit|size)/i.test(t));
}
/** Whether a failure proves the call never ran on the node. */
export function surelyNeverRan(error) {
	return surelyUnsent(error) || tooLarge(error);
}
/** Whether what a call does makes it harmless to run twice. */
export function safeToRepeat(call) {
	return call.effects === "read" || call.effects === "idempotent";
}
/**
* Whether a settled call has its answer: a result, or an error the node gave it (other than refusing it
* for size). A call with no answer failed on the way: a transport error, a reply that left it out.
*/
export function hasAnswer(settled) {
	return settled.status === "fulfilled" || settled.reason instanceof RpcError && !tooLarge(settled.reason);
}
/** Whether `call` may be sent (again, or to a second node) given what is known of its earlier sending. */
export function maySendAgain(call, earlier, force) {
	if ("answered" in earlier || force === false) return false;
	if ("inFlight" in earlier) return safeToRepeat(call);
	if (force === true) return true;
	return safeToRepeat(call) || surelyNeverRan(earlier.failed);
}
