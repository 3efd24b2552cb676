/**
* A batch the node refused for its size, sent again in smaller parts: the retry layer's (retry.ts) first
* step for every batch, before any retry of calls that failed for other reasons.
*/
import { hasAnswer, maySendAgain, tooLarge } from "./resend.js";
/**
* Sends a batch; when the server refuses some of it for its size, sends again only the calls without an
* answer that the rule lets go again (resend.ts: a call it refused surely never ran; a call that ran keeps
* its answer), as one smaller batch, or in halves when all of it was refused, recursively.
*/
export async function sendSplitting(transport, calls, opts) {
	const settled = await transport.batch(calls, opts);
	if (calls.length < 2 || !settled.some((s) => s.status === "rejected" && tooLarge(s.reason))) return settled;
	const again = calls.map((_, i) => i).filter((i) => {
		const s = settled[i];
		return s.status === "rejected" && !hasAnswer(s) && maySendAgain(calls[i], { failed: s.reason }, opts?.retry);
	});
	if (again.length === 0) return settled;
	if (again.length < calls.length) {
		const redone = await sendSplitting(transport, again.map((i) => calls[i]), opts);
		again.forEach((i, k) => settled[i] = redone[k]);
		return settled;
	}
	const half = Math.ceil(calls.length / 2);
	const parts = await Promise.all([sendSplitting(transport, calls.slice(0, half), opts), sendSplitting(transport, calls.slice(half), opts)]);
	return parts.flat();
}
