/**
* Automatic batching over HTTP: calls made in the same tick (or within `wait` ms) are queued and go out
* together as JSON-RPC arrays of at most `autoSize` calls. Each queued call keeps its own deadline and
* signal; the POST carrying calls is cancelled once all of them have settled.
*/
import { AbortError, TimeoutError } from "../errors/transport.js";
import { closedError, errorFor } from "./http-failures.js";
import { chunks, sendArray } from "./http-array.js";
/** Sends queued calls: one alone as a single call, more as one array. */
async function sendQueued(core, entries) {
	const controller = new AbortController();
	let open = entries.length;
	for (const e of entries) e.onSettled = () => --open === 0 && controller.abort();
	const limits = {
		timeout: Infinity,
		signal: controller.signal,
		onResponse: (r) => entries.forEach((e) => e.onResponse?.(r))
	};
	const outcomes = entries.length === 1 ? [await core.single(entries[0].call, limits).then((value) => ({
		ok: true,
		value
	}), (error) => ({
		ok: false,
		error: errorFor(error, entries[0].call, core.url)
	}))] : await sendArray(core, entries.map((e) => e.call), limits);
	entries.forEach((e, i) => e.settle(outcomes[i]));
}
export function createAutoBatch(core) {
	const { url, defaultTimeout, autoWait, autoSize } = core;
	let queue = [];
	let flushTimer;
	function flush() {
		if (flushTimer !== undefined) clearTimeout(flushTimer);
		flushTimer = undefined;
		const taken = queue;
		queue = [];
		for (const part of chunks(taken, autoSize)) void sendQueued(core, part);
	}
	return {
		enqueue: (call, opts) => new Promise((resolve, reject) => {
			const ctx = {
				method: call.method,
				url
			};
			if (core.closed()) return reject(closedError(call, url));
			const signal = opts?.signal;
			if (signal?.aborted) return reject(new AbortError(signal.reason, ctx));
			const timeout = opts?.timeout ?? defaultTimeout;
			const entry = {
				call,
				settled: false,
				onResponse: opts?.onResponse,
				settle(o) {
					if (entry.settled) return;
					entry.settled = true;
					if (timer !== undefined) clearTimeout(timer);
					signal?.removeEventListener("abort", onAbort);
					const at = queue.indexOf(entry);
					if (at >= 0) queue.splice(at, 1);
					entry.onSettled?.();
					if (o.ok) resolve(o.value);
					else reject(o.error);
				}
			};
			const onAbort = () => entry.settle({
				ok: false,
				error: new AbortError(signal?.reason, ctx)
			});
			signal?.addEventListener("abort", onAbort, { once: true });
			// Each queued call keeps its own deadline; the POST carrying it is cancelled when all its calls are done.
			const timer = timeout > 0 && Number.isFinite(timeout) ? setTimeout(() => entry.settle({
				ok: false,
				error: new TimeoutError(timeout, ctx)
			}), timeout) : undefined;
			queue.push(entry);
			if (queue.length >= autoSize) flush();
			else flushTimer ??= setTimeout(flush, autoWait);
		}),
		close() {
			if (flushTimer !== undefined) clearTimeout(flushTimer);
			flushTimer = undefined;
			for (const e of [...queue]) e.settle({
				ok: false,
				error: closedError(e.call, url)
			});
			queue = [];
		}
	};
}
