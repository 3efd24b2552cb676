import type { RpcCall, Transport } from "./transport.js";
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
export interface FallbackOptions {
	/** Rank the nodes by success rate, then latency; `true` for the defaults. */
	readonly rank?: boolean | RankOptions;
	/** Hedge reads: after this many ms without an answer, send the read to the next node too; first answer wins. */
	readonly hedge?: number;
	/** JSON-RPC error codes that mean "try elsewhere", besides -32005 and 429 (as for retries). */
	readonly retryCodes?: readonly number[];
}
export interface FallbackTransport extends Transport {
	/** The nodes' URLs, best first (the order the next call tries them in). */
	ranking(): string[];
}
export declare function createFallbackTransport(transports: readonly Transport[], options?: FallbackOptions): FallbackTransport;
