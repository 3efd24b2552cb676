import { type Calls, type Outcome } from "./outcome.js";
import type { Entry, Site } from "./tables.js";
/** `0x` + 16 random bytes in hex, leading zeros trimmed (go-ethereum's subscription ids). */
export declare function newSubscriptionId(): string;
export declare function subscribe(calls: Calls, site: Site, method: string, entry: Entry, params: unknown[], needles: readonly string[]): Promise<Outcome>;
