import { chunks, sendArray } from "./http-array.js";
import { createAutoBatch } from "./http-autobatch.js";
function settledOf(o) {
	return o.ok ? {
		status: "fulfilled",
		value: o.value
	} : {
		status: "rejected",
		reason: o.error
	};
}
function settleAll(promises) {
	return Promise.all(promises.map((p) => p.then((value) => ({
		status: "fulfilled",
		value
	}), (reason) => ({
		status: "rejected",
		reason
	}))));
}
export function createBatcher(core) {
	const { defaultTimeout, maxBatchSize, batching, single } = core;
	const auto = createAutoBatch(core);
	return {
		async batch(calls, opts) {
			if (calls.length === 0) return [];
			// Endpoints that do not take arrays answer one with a parse error: send the calls one by one instead.
			if (!batching) return settleAll(calls.map((c) => single(c, opts)));
			const limits = {
				timeout: opts?.timeout ?? defaultTimeout,
				signal: opts?.signal,
				headers: opts?.headers,
				onResponse: opts?.onResponse
			};
			const parts = await Promise.all(chunks(calls, maxBatchSize).map((part) => part.length === 1 ? settleAll([single(part[0], opts)]) : sendArray(core, part, limits).then((os) => os.map(settledOf))));
			return parts.flat();
		},
		enqueue: auto.enqueue,
		close: auto.close
	};
}
