/** A block's hash: 32 bytes made from its number, distinct per number, the same on every call. */
export declare function blockHash(n: number): string;
export declare class MockChain {
	#private;
	/** `start`: the first head's number; `blockTimeMs`: how often a block comes (> 0). */
	constructor(start: number, blockTimeMs: number, now?: () => number);
	/** The head's number now. */
	head(): number;
	/** Calls `listener` with each new block's number, in order, until the returned function is called. */
	onBlock(listener: (n: number) => void): () => void;
	/**
	* `template` as block `n`'s: a block or head (`number` and `parentHash`) gets the number, hash, parent hash
	* and a timestamp moved by the blocks between; a log or transaction (`blockNumber`) gets the block's number
	* and hash. Anything else is given as it is.
	*/
	stamp(template: unknown, n: number): unknown;
}
/** The first head: the number a `eth_blockNumber` example answers, else 0. */
export declare function startingHead(examples: readonly {
	readonly result?: unknown;
}[] | undefined): number;
