/**
* Retries with exponential backoff and jitter, as a layer over any transport. It knows from the spec what a
* call does (`RpcCall.effects`): reads and idempotent writes are repeated freely, other writes only when the
* request surely never left (connection refused, DNS failure), admin calls never. A batch retries only the
* calls that failed with a retryable error, and is split in halves when the server finds it too large.
*
* Its own module: a client that does not wrap its transport with `withRetry` carries none of this.
*/
import { AbortError, HttpError, NodeRpcError, RpcError, TimeoutError, TransportError } from "../errors/index.js";
import { wrapTransport } from "./wrap.js";
import { sendSplitting } from "./batch-split.js";
import { codeIn, maySendAgain, surelyUnsent, tooLarge } from "./resend.js";
export { surelyUnsent, tooLarge };
/** JSON-RPC codes that say the request itself is wrong: repeating it cannot help. */
const NEVER = [
	-32700,
	-32600,
	-32601,
	-32602
];
function retryableStatus(status) {
	return status === 408 || status === 429 || status !== undefined && status >= 500 && status !== 501;
}
/**
* Why an error is worth another attempt, or undefined when it is not: network failures, timeouts, 408, 429,
* 5xx except 501, and JSON-RPC errors meaning "later" (-32005, 429, `extra`). Never an abort, a validation
* or encoding error, -32601 or -32602.
*/
export function retryReason(error, extra = []) {
	if (!(error instanceof NodeRpcError) || error instanceof AbortError) return undefined;
	if (error instanceof HttpError) return retryableStatus(error.status) ? `HTTP ${error.status}` : undefined;
	if (error instanceof RpcError) {
		if (NEVER.includes(error.code)) return undefined;
		if (error.code === -32005 || error.code === 429 || extra.includes(error.code)) return `JSON-RPC ${error.code}`;
		return retryableStatus(error.status) ? `HTTP ${error.status}` : undefined;
	}
	if (error instanceof TimeoutError) return `no reply within ${error.timeout} ms`;
	// A TransportError without a cause is the transport being closed: nothing to retry.
	if (error instanceof TransportError && error.cause !== undefined) {
		const code = codeIn(error.cause);
		return code === "ECONNREFUSED" ? "connection refused" : code ? `network error ${code}` : "network error";
	}
	return undefined;
}
/**
* Whether a call may be sent again after this retryable error (the one rule of resend.ts): forced by the
* caller (`retry`), or from the spec's effects. A call without effects is taken for a write.
*/
export function mayRepeat(call, error, force) {
	return maySendAgain(call, { failed: error }, force);
}
/**
* The wait a server asked for: `retry-after-ms` (milliseconds), else `Retry-After` (seconds or an HTTP
* date), in ms; undefined when there is none or it cannot be read.
*/
export function retryAfter(headers, now = Date.now()) {
	if (!headers || typeof headers.get !== "function") return undefined;
	const ms = headers.get("retry-after-ms");
	if (ms !== null && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Math.ceil(Number(ms));
	const value = headers.get("retry-after");
	if (value === null) return undefined;
	if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1e3;
	const at = Date.parse(value);
	return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
function headersOf(error) {
	return error instanceof HttpError || error instanceof RpcError ? error.headers : undefined;
}
/** `retryDelay * 2^retry`, capped at `max`, with equal jitter: between half of it and all of it. */
export function retryBackoff(retry, base, max, random = Math.random) {
	const full = Math.min(max, base * 2 ** retry);
	return Math.round(full / 2 + random() * full / 2);
}
function count(name, value, fallback) {
	if (value === undefined) return fallback;
	if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
	return value;
}
function millis(name, value, fallback) {
	if (value === undefined) return fallback;
	if (!(value >= 0) || !Number.isFinite(value)) throw new RangeError(`${name} must be a non-negative number of milliseconds, got ${value}`);
	return value;
}
/**
* Waits `ms` before a retry; ends early, with AbortError, when `signal` fires, or with the error `waits`
* hands it (the transport closed). Every wait in progress is in `waits` until it ends.
*/
function wait(ms, ctx, signal, waits) {
	return new Promise((resolve, reject) => {
		if (signal?.aborted) return reject(new AbortError(signal.reason, ctx));
		const end = (error) => {
			clearTimeout(timer);
			waits.delete(end);
			signal?.removeEventListener("abort", onAbort);
			if (error) reject(error);
			else resolve();
		};
		const onAbort = () => end(new AbortError(signal?.reason, ctx));
		const timer = setTimeout(end, ms);
		waits.add(end);
		signal?.addEventListener("abort", onAbort, { once: true });
		return undefined;
	});
}
/**
* `transport` with retries. Every option can be given per call too (`retryCount`, `retryDelay`, `retry`).
* A wait between attempts ends early, with AbortError, when the call's signal fires, and with a
* TransportError when the transport is closed: no timer outlives its call.
*/
export function withRetry(transport, options = {}) {
	const defaults = {
		count: count("retryCount", options.retryCount, 3),
		delay: millis("retryDelay", options.retryDelay, 150)
	};
	const maxDelay = millis("maxDelay", options.maxDelay, 1e4);
	const maxRetryAfter = millis("maxRetryAfter", options.maxRetryAfter, 3e4);
	const extra = options.retryCodes ?? [];
	const waits = new Set();
	let closed = false;
	/** Milliseconds before retry number `retry` (0-based) after `error`, or undefined: do not retry. */
	function plan(call, error, retry, opts) {
		if (closed || retry >= count("retryCount", opts?.retryCount, defaults.count)) return undefined;
		const reason = retryReason(error, extra);
		if (reason === undefined || !mayRepeat(call, error, opts?.retry)) return undefined;
		const asked = retryAfter(headersOf(error));
		const delay = asked !== undefined ? Math.min(asked, maxRetryAfter) : retryBackoff(retry, millis("retryDelay", opts?.retryDelay, defaults.delay), maxDelay);
		return {
			delay,
			reason
		};
	}
	function tell(call, attempt, step, error) {
		options.onRetry?.({
			method: call.method,
			url: transport.url,
			attempt,
			delay: step.delay,
			reason: step.reason,
			error
		});
	}
	async function request(call, opts, send = () => transport.request(call, opts)) {
		for (let retry = 0;; retry++) {
			try {
				return await send();
			} catch (error) {
				const step = plan(call, error, retry, opts);
				if (!step) throw error;
				tell(call, retry + 1, step, error);
				await wait(step.delay, {
					method: call.method,
					url: transport.url
				}, opts?.signal, waits);
			}
		}
	}
	async function batch(calls, opts) {
		const out = new Array(calls.length);
		let pending = calls.map((_, i) => i);
		for (let retry = 0; pending.length > 0; retry++) {
			const settled = await sendSplitting(transport, pending.map((i) => calls[i]), opts);
			const again = [];
			let next;
			pending.forEach((i, k) => {
				const s = settled[k];
				out[i] = s;
				if (s.status === "fulfilled") return;
				const step = plan(calls[i], s.reason, retry, opts);
				if (!step) return;
				again.push(i);
				if (!next || step.delay > next.delay) next = step;
				tell(calls[i], retry + 1, step, s.reason);
			});
			if (!next) break;
			try {
				await wait(next.delay, {
					method: calls[again[0]].method,
					url: transport.url
				}, opts?.signal, waits);
			} catch (reason) {
				// The batch never rejects: the calls still waiting end with the abort (or the close).
				for (const i of again) out[i] = {
					status: "rejected",
					reason
				};
				break;
			}
			pending = again;
		}
		return out;
	}
	const wrapped = wrapTransport(transport, {
		request,
		batch,
		async close() {
			closed = true;
			for (const end of [...waits]) end(new TransportError(`the transport for ${transport.url} was closed while a call waited to be retried`, { url: transport.url }));
			await transport.close();
		}
	});
	// A plain GET (a health probe) changes nothing: retried like a read when no answer came at all.
	const get = transport.httpGet?.bind(transport);
	if (get) wrapped.httpGet = (path, opts) => request({
		method: `GET ${path || "/"}`,
		effects: "read"
	}, opts, () => get(path, opts));
	return wrapped;
}
