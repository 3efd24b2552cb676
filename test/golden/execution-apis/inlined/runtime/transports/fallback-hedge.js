/**
* Sends `call` to the nodes in `tried` (indexes) through `attempt`, one more every `delay` ms; `movesOn`
* says whether a failure sends it on to the next node.
*/
export function hedged(tried, call, opts, delay, attempt, movesOn) {
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
				const onwards = movesOn(e);
				// Move on at once; with no node left, wait for those still running unless this error is final.
				if (onwards && next < tried.length) launch();
				else if (!onwards || running === 0) finish(false, e);
			});
		};
		launch();
	});
}
