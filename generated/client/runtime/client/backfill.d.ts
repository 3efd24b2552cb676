/**
* Backfill for `newHeads` and `logs` subscriptions: after a reconnect (the subscription's id changes), what
* the subscription missed while it was away is fetched and delivered first, in order and without
* duplicates: for `newHeads` the blocks between the last head seen and the first new one
* (`eth_getBlockByNumber`), for `logs` the logs of that range (`eth_getLogs` with the subscription's filter).
* Works on the wire form (before decoding). Its own module: subscriptions without `backfill` carry none of it.
*/
import type { Subscription, Transport } from "../transports/transport.js";
export interface BackfillOptions {
	/** At most this many blocks are fetched after one reconnect (default 1 000); older ones are skipped. */
	readonly maxBlocks?: number;
}
/**
* `inner` with what it missed across reconnects filled in. `filter` is the `logs` subscription's filter
* (its `fromBlock`/`toBlock` are replaced by the missed range).
*/
export declare function withBackfill(inner: Subscription<unknown>, transport: Transport, kind: "newHeads" | "logs", filter: unknown, options?: BackfillOptions): Subscription<unknown>;
