import type { Logger, RawHandler } from "../server/types.js";
import type { Replay } from "./replay.js";
import type { MockServiceData } from "./types.js";
/** A JSON-RPC error the mock answers with (the server sends code, message and data as they are). */
export declare class MockError extends Error {
	readonly code: number;
	readonly data?: unknown;
	constructor(code: number, message: string, data?: unknown);
}
/**
* A raw handler answering every method of the given services from their examples, or first from recorded
* exchanges (`replay`) where one matches the call (headers naming an example or an error still win).
*/
export declare function createMockRawHandler(data: readonly MockServiceData[], replay?: Replay, options?: MockHandlerOptions): RawHandler;
/**
* The handler `startMock` serves with: the same answers, each example's result given with its JSON text,
* made once per example (examples do not change), so the server does not stringify it on every call.
*/
export declare function createServingMockHandler(data: readonly MockServiceData[], replay?: Replay, options?: MockHandlerOptions): RawHandler;
export interface MockHandlerOptions {
	/** Told (level `warn`, event `example-unmatched`) when no example's params match a call's. */
	readonly logger?: Logger;
	/**
	* A new block every so many milliseconds: subscriptions push their examples as each block's, and
	* `eth_blockNumber` and `eth_getBlockByNumber` follow the head. 0 or absent: the examples as they are.
	*/
	readonly blockTimeMs?: number;
}
