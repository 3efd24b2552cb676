/**
* One HTTP POST for the HTTP transport (http.ts), on fetch: the headers every request carries, and the
* fetch and the body read raced against the timeout and the caller's signal, so even a fetch that ignores
* its AbortSignal cannot leave a call hanging.
*/
import { PostFailed } from "./frame.js";
function headersFor(base, extra, get = false) {
	const out = {};
	for (const source of [base, extra]) {
		for (const [k, v] of Object.entries(source ?? {})) out[k.toLowerCase()] = v;
	}
	// The node answers 415 without it; no caller header may replace it. (A GET has no body to describe.)
	if (get) delete out["content-type"];
	else out["content-type"] = "application/json";
	out.accept ??= "application/json";
	return out;
}
/**
* The transport's POST: bounded by the timeout and the signal, it rejects with a PostFailed. Each POST in
* flight is in `inFlight` (closing the transport aborts them all); `closed` says whether it is closed.
* Without a body it is a plain GET of `target` (a health probe), with the same bounds.
*/
export function createPost(url, fetchImpl, headers, inFlight, closed) {
	return async (body, limits, target = url) => {
		if (closed()) throw new PostFailed({ kind: "closed" });
		if (!fetchImpl) throw new PostFailed({
			kind: "network",
			stage: "connect",
			cause: new Error("no fetch implementation: pass `fetch`")
		});
		const signal = limits.signal;
		if (signal?.aborted) throw new PostFailed({
			kind: "abort",
			reason: signal.reason
		});
		const controller = new AbortController();
		let stop;
		const stopped = new Promise((_, reject) => {
			stop = (f) => {
				reject(new PostFailed(f));
				controller.abort();
			};
		});
		stopped.catch(() => undefined);
		const onAbort = () => stop({
			kind: "abort",
			reason: signal?.reason
		});
		signal?.addEventListener("abort", onAbort, { once: true });
		const timer = limits.timeout > 0 && Number.isFinite(limits.timeout) ? setTimeout(() => stop({
			kind: "timeout",
			timeout: limits.timeout
		}), limits.timeout) : undefined;
		const closer = { abort: () => stop({ kind: "closed" }) };
		inFlight.add(closer);
		try {
			const attempt = (async () => {
				let res;
				try {
					res = body === undefined ? await fetchImpl(target, {
						method: "GET",
						headers: headersFor(headers, limits.headers, true),
						signal: controller.signal
					}) : await fetchImpl(target, {
						method: "POST",
						headers: headersFor(headers, limits.headers),
						body,
						signal: controller.signal
					});
				} catch (cause) {
					throw new PostFailed({
						kind: "network",
						stage: "connect",
						cause
					});
				}
				limits.onResponse?.({
					url: target,
					status: res.status,
					statusText: res.statusText,
					headers: res.headers
				});
				try {
					return {
						status: res.status,
						statusText: res.statusText,
						ok: res.ok,
						text: await res.text(),
						headers: res.headers
					};
				} catch (cause) {
					throw new PostFailed({
						kind: "network",
						stage: "read",
						cause
					});
				}
			})();
			attempt.catch(() => undefined);
			return await Promise.race([attempt, stopped]);
		} finally {
			if (timer !== undefined) clearTimeout(timer);
			signal?.removeEventListener("abort", onAbort);
			inFlight.delete(closer);
		}
	};
}
