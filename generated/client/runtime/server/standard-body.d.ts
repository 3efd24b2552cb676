import { type Calls } from "./outcome.js";
import type { Site } from "./tables.js";
/** A standard-mode body's reply; synchronous when every handler it runs answers synchronously. */
export declare function standardBody(calls: Calls, site: Site, text: string): string | null | Promise<string | null>;
