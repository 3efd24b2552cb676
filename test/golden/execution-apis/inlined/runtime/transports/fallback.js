/**
* One transport over several nodes: a call goes to the first (or the best ranked) and moves to the next on a
* retryable failure, with the same safety as retries (a write moves on only when it surely never left).
* Optionally ranked by success rate and latency, measured on the calls themselves and by a light probe (a
* cheap read), and sticky to the best. Reads may be hedged: sent to a second node after a delay, the first
* answer winning.
*
* Its own module: a client with one URL carries none of this.
*/
import { maySendAgain } from "./resend.js";
import { retryReason } from "./retry.js";
function now() {
	return globalThis.performance?.now() ?? Date.now();
}
export function createFallbackTransport(transports, options = {}) {
	if (!Array.isArray(transports) || transports.length === 0) throw new TypeError("createFallbackTransport needs at least one transport");
	const rank = options.rank ? options.rank === true ? {} : options.rank : undefined;
	const keep = rank?.samples ?? 10;
	const hedge = options.hedge;
	if (hedge !== undefined && !(hedge >= 0)) throw new RangeError(`hedge must be a non-negative number of milliseconds, got ${hedge}`);
	const extra = options.retryCodes ?? [];
	const samples = transports.map(() => []);
	// The current order, best first; re-sorted after every outcome when ranking. A stable sort keeps a node
	// in its place until another does strictly better: the ranking is sticky.
	let order = transports.map((_, i) => i);
	let closed = false;
	function score(i) {
		const s = samples[i];
		if (s.length === 0) return [1, 0];
		const ok = s.filter((x) => x.ok);
		const rate = ok.length / s.length;
		const latency = ok.length ? ok.reduce((n, x) => n + x.ms, 0) / ok.length : Infinity;
		return [rate, latency];
	}
	function record(i, ok, ms) {
		if (!rank) return;
		const s = samples[i];
		s.push({
			ok,
			ms
		});
		if (s.length > keep) s.shift();
		const scores = transports.map((_, k) => score(k));
		// Success rate first; between equal rates the faster node, by a margin of 20% so noise does not flap.
		order = [...order].sort((a, b) => {
			const [ra, la] = scores[a];
			const [rb, lb] = scores[b];
			if (ra !== rb) return rb - ra;
			if (la === lb) return 0;
			return la < lb * .8 ? -1 : lb < la * .8 ? 1 : 0;
		});
	}
	/** Whether a failure on one node should send the call to the next. */
	const movesOn = (call, error, opts) => retryReason(error, extra) !== undefined && maySendAgain(call, { failed: error }, opts?.retry);
	async function attempt(i, call, opts, send = (t) => t.request(call, opts)) {
		const started = now();
		try {
			const value = await send(transports[i]);
			record(i, true, now() - started);
			return value;
		} catch (e) {
			// An error that says nothing about the node (an abort, a bad request) does not count against it.
			if (retryReason(e, extra) !== undefined) record(i, false, now() - started);
			throw e;
		}
	}
	async function sequential(call, opts, send) {
		const tried = [...order];
		for (let k = 0;; k++) {
			try {
				return await attempt(tried[k], call, opts, send);
			} catch (e) {
				if (k === tried.length - 1 || closed || !movesOn(call, e, opts)) throw e;
			}
		}
	}
	/** A read sent to the next node whenever `hedge` ms pass (or the current one fails); first answer wins. */
	function hedged(call, opts, delay) {
		const tried = [...order];
		return new Promise((resolve, reject) => {
			const controllers = [];
			let timer;
			let running = 0;
			let next = 0;
			let done = false;
			const outer = opts?.signal;
			const finish = (ok, value) => {
				if (done) return;
				done = true;
				if (timer !== undefined) clearTimeout(timer);
				outer?.removeEventListener("abort", onAbort);
				for (const c of controllers) c.abort(new Error("another node answered first"));
				if (ok) resolve(value);
				else reject(value);
			};
			const onAbort = () => {
				for (const c of controllers) c.abort(outer?.reason);
			};
			outer?.addEventListener("abort", onAbort, { once: true });
			const launch = () => {
				if (done || next >= tried.length) return;
				const i = tried[next++];
				const controller = new AbortController();
				controllers.push(controller);
				if (outer?.aborted) controller.abort(outer.reason);
				running++;
				if (timer !== undefined) clearTimeout(timer);
				timer = next < tried.length ? setTimeout(launch, delay) : undefined;
				attempt(i, call, {
					...opts,
					signal: controller.signal
				}).then((value) => finish(true, value), (e) => {
					running--;
					if (done) return;
					const onwards = movesOn(call, e, opts);
					// Move on at once; with no node left, wait for those still running unless this error is final.
					if (onwards && next < tried.length) launch();
					else if (!onwards || running === 0) finish(false, e);
				});
			};
			launch();
		});
	}
	async function batch(calls, opts) {
		const out = new Array(calls.length);
		let pending = calls.map((_, i) => i);
		const tried = [...order];
		for (let k = 0; k < tried.length && pending.length > 0; k++) {
			const i = tried[k];
			const started = now();
			const settled = await transports[i].batch(pending.map((p) => calls[p]), opts);
			const failed = settled.some((s) => s.status === "rejected" && retryReason(s.reason, extra) !== undefined);
			record(i, !failed, now() - started);
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
	// The probe: every node, every `interval` ms, in the background (the timer never keeps a process alive).
	let probeTimer;
	const probeCall = rank?.probe;
	const interval = rank?.interval ?? 1e4;
	function probe() {
		probeTimer = undefined;
		if (closed || !probeCall) return;
		void Promise.all(transports.map((_, i) => attempt(i, probeCall, {
			timeout: rank?.timeout ?? 2e3,
			retry: false
		}).catch(() => undefined))).then(() => {
			if (!closed) {
				probeTimer = setTimeout(probe, interval);
				probeTimer.unref?.();
			}
		});
	}
	if (probeCall && interval > 0 && transports.length > 1) probe();
	const first = transports[0];
	return {
		kind: first.kind,
		get url() {
			return transports[order[0]].url;
		},
		validate: first.validate,
		validators: first.validators,
		batching: transports.every((t) => t.batching),
		request(call, opts) {
			// Only a call the rule lets run twice at once is raced (a read, an idempotent write).
			if (hedge !== undefined && maySendAgain(call, { inFlight: true }, opts?.retry) && transports.length > 1) return hedged(call, opts, hedge);
			return sequential(call, opts);
		},
		batch,
		// A plain GET (a health probe) goes to the nodes in order, moving on as a read would.
		...transports.every((t) => t.httpGet) ? { httpGet: (path, opts) => sequential({
			method: `GET ${path || "/"}`,
			effects: "read"
		}, opts, (t) => t.httpGet(path, opts)) } : {},
		ranking: () => order.map((i) => transports[i].url),
		async close() {
			closed = true;
			if (probeTimer !== undefined) clearTimeout(probeTimer);
			probeTimer = undefined;
			await Promise.all(transports.map((t) => t.close()));
		}
	};
}
