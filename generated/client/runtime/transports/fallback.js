/**
* One transport over several nodes: a call goes to the first (or the best ranked) and moves to the next on a
* retryable failure, with the same safety as retries (a write moves on only when it surely never left).
* Optionally ranked by success rate and latency, measured on the calls themselves and by a light probe (a
* cheap read), and sticky to the best (fallback-rank.ts). Reads may be hedged: sent to a second node after a
* delay, the first answer winning (fallback-hedge.ts).
*
* Its own module: a client with one URL carries none of this.
*/
import { hedged } from "./fallback-hedge.js";
import { Ranking } from "./fallback-rank.js";
import { maySendAgain } from "./resend.js";
import { retryReason } from "./retry.js";
function now() {
	return globalThis.performance?.now() ?? Date.now();
}
export function createFallbackTransport(transports, options = {}) {
	if (!Array.isArray(transports) || transports.length === 0) throw new TypeError("createFallbackTransport needs at least one transport");
	const rank = options.rank ? options.rank === true ? {} : options.rank : undefined;
	const hedge = options.hedge;
	if (hedge !== undefined && !(hedge >= 0)) throw new RangeError(`hedge must be a non-negative number of milliseconds, got ${hedge}`);
	const extra = options.retryCodes ?? [];
	const ranking = new Ranking(transports.length, rank);
	let closed = false;
	/** Whether a failure on one node should send the call to the next. */
	const movesOn = (call, error, opts) => retryReason(error, extra) !== undefined && maySendAgain(call, { failed: error }, opts?.retry);
	async function attempt(i, call, opts, send = (t) => t.request(call, opts)) {
		const started = now();
		try {
			const value = await send(transports[i]);
			ranking.record(i, true, now() - started);
			return value;
		} catch (e) {
			// An error that says nothing about the node (an abort, a bad request) does not count against it.
			if (retryReason(e, extra) !== undefined) ranking.record(i, false, now() - started);
			throw e;
		}
	}
	async function sequential(call, opts, send) {
		const tried = [...ranking.order];
		for (let k = 0;; k++) {
			try {
				return await attempt(tried[k], call, opts, send);
			} catch (e) {
				if (k === tried.length - 1 || closed || !movesOn(call, e, opts)) throw e;
			}
		}
	}
	async function batch(calls, opts) {
		const out = new Array(calls.length);
		let pending = calls.map((_, i) => i);
		const tried = [...ranking.order];
		for (let k = 0; k < tried.length && pending.length > 0; k++) {
			const i = tried[k];
			const started = now();
			const settled = await transports[i].batch(pending.map((p) => calls[p]), opts);
			const failed = settled.some((s) => s.status === "rejected" && retryReason(s.reason, extra) !== undefined);
			ranking.record(i, !failed, now() - started);
			const again = [];
			pending.forEach((p, n) => {
				const s = settled[n];
				out[p] = s;
				if (s.status === "rejected" && k < tried.length - 1 && !closed && movesOn(calls[p], s.reason, opts)) again.push(p);
			});
			pending = again;
		}
		return out;
	}
	ranking.startProbe(attempt, () => closed);
	const first = transports[0];
	return {
		kind: first.kind,
		get url() {
			return transports[ranking.order[0]].url;
		},
		validate: first.validate,
		validators: first.validators,
		batching: transports.every((t) => t.batching),
		request(call, opts) {
			// Only a call the rule lets run twice at once is raced (a read, an idempotent write).
			if (hedge !== undefined && maySendAgain(call, { inFlight: true }, opts?.retry) && transports.length > 1) {
				return hedged([...ranking.order], call, opts, hedge, attempt, (e) => movesOn(call, e, opts));
			}
			return sequential(call, opts);
		},
		batch,
		// A plain GET (a health probe) goes to the nodes in order, moving on as a read would.
		...transports.every((t) => t.httpGet) ? { httpGet: (path, opts) => sequential({
			method: `GET ${path || "/"}`,
			effects: "read"
		}, opts, (t) => t.httpGet(path, opts)) } : {},
		ranking: () => ranking.order.map((i) => transports[i].url),
		async close() {
			closed = true;
			ranking.stopProbe();
			await Promise.all(transports.map((t) => t.close()));
		}
	};
}
