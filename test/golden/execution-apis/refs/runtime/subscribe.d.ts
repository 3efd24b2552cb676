import { type BackfillOptions } from "./backfill.js";
import type { SubscriptionMeta } from "./meta.js";
import type { SubscribeOptions, Subscription, Transport } from "./transport.js";
export interface SubscribeCallOptions extends Omit<SubscribeOptions, "map" | "redact"> {
	/** Validate every notification against the spec (default: the transport's `validate`). */
	readonly validate?: boolean;
	/**
	* `newHeads` and `logs`: after a reconnect, deliver what the subscription missed first (the blocks in
	* between, the logs of that range), in order and without duplicates.
	*/
	readonly backfill?: boolean | BackfillOptions;
}
/**
* Starts a subscription of one kind (`newHeads`, `logs`, ...): the params after the kind are encoded with
* the kind's plan, and each notification's payload is decoded (a payload that cannot be decoded ends the
* subscription with DecodeError). Throws UnsupportedError on a transport without subscriptions (HTTP).
*/
export declare function subscribe<T>(transport: Transport, meta: SubscriptionMeta, args?: readonly unknown[], options?: SubscribeCallOptions): Subscription<T>;
