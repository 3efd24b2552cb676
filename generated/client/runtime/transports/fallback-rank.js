export class Ranking {
	count;
	rank;
	/** The nodes' indexes, best first; re-sorted after every outcome when ranking. */
	order;
	samples;
	keep;
	probeTimer;
	/** `rank` undefined: no ranking, the nodes stay in the order given. */
	constructor(count, rank) {
		this.count = count;
		this.rank = rank;
		this.order = Array.from({ length: count }, (_, i) => i);
		this.samples = this.order.map(() => []);
		this.keep = rank?.samples ?? 10;
	}
	score(i) {
		const s = this.samples[i];
		if (s.length === 0) return [1, 0];
		const ok = s.filter((x) => x.ok);
		const rate = ok.length / s.length;
		const latency = ok.length ? ok.reduce((n, x) => n + x.ms, 0) / ok.length : Infinity;
		return [rate, latency];
	}
	/** An outcome of node `i`: `ok` or not, after `ms`. */
	record(i, ok, ms) {
		if (!this.rank) return;
		const s = this.samples[i];
		s.push({
			ok,
			ms
		});
		if (s.length > this.keep) s.shift();
		const scores = this.samples.map((_, k) => this.score(k));
		// Success rate first; between equal rates the faster node, by a margin of 20% so noise does not flap.
		// A stable sort keeps a node in its place until another does strictly better: the ranking is sticky.
		this.order = [...this.order].sort((a, b) => {
			const [ra, la] = scores[a];
			const [rb, lb] = scores[b];
			if (ra !== rb) return rb - ra;
			if (la === lb) return 0;
			return la < lb * .8 ? -1 : lb < la * .8 ? 1 : 0;
		});
	}
	/**
	* The probe: every node, every `interval` ms, in the background (the timer never keeps a process alive),
	* through `attempt`, which records each outcome. Runs only with a probe call, an interval and two nodes.
	*/
	startProbe(attempt, closed) {
		const probeCall = this.rank?.probe;
		const interval = this.rank?.interval ?? 1e4;
		const timeout = this.rank?.timeout ?? 2e3;
		const probe = () => {
			this.probeTimer = undefined;
			if (closed() || !probeCall) return;
			void Promise.all(this.samples.map((_, i) => attempt(i, probeCall, {
				timeout,
				retry: false
			}).catch(() => undefined))).then(() => {
				if (!closed()) {
					this.probeTimer = setTimeout(probe, interval);
					this.probeTimer.unref?.();
				}
			});
		};
		if (probeCall && interval > 0 && this.count > 1) probe();
	}
	stopProbe() {
		if (this.probeTimer !== undefined) clearTimeout(this.probeTimer);
		this.probeTimer = undefined;
	}
}
