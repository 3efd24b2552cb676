import { type RankOptions } from "./fallback-rank.js";
import type { Transport } from "./transport.js";
export type { RankOptions } from "./fallback-rank.js";
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
