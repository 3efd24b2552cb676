/**
* The fallback transport's ranking (fallback.ts): the nodes ordered by success rate, then latency, measured
* on the calls themselves and by a light probe in the background, and sticky to the best.
*/
import type { RequestOptions, RpcCall } from "./transport.js";
export interface RankOptions {
	/** Milliseconds between probes of every node (default 10 000; 0: no probe, rank from the calls alone). */
	readonly interval?: number;
	/** The probe: a cheap read (the node client uses the read the spec's service names for it). */
	readonly probe?: RpcCall;
	/** Milliseconds a probe may take before it counts as a failure (default 2 000). */
	readonly timeout?: number;
	/** Recent outcomes kept per node (default 10). */
	readonly samples?: number;
}
export declare class Ranking {
	private readonly count;
	private readonly rank;
	/** The nodes' indexes, best first; re-sorted after every outcome when ranking. */
	order: number[];
	private readonly samples;
	private readonly keep;
	private probeTimer;
	/** `rank` undefined: no ranking, the nodes stay in the order given. */
	constructor(count: number, rank: RankOptions | undefined);
	private score;
	/** An outcome of node `i`: `ok` or not, after `ms`. */
	record(i: number, ok: boolean, ms: number): void;
	/**
	* The probe: every node, every `interval` ms, in the background (the timer never keeps a process alive),
	* through `attempt`, which records each outcome. Runs only with a probe call, an interval and two nodes.
	*/
	startProbe(attempt: (i: number, call: RpcCall, opts: RequestOptions) => Promise<unknown>, closed: () => boolean): void;
	stopProbe(): void;
}
