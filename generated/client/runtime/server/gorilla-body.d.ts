import { type Calls } from "./outcome.js";
import type { Site } from "./tables.js";
/** Reply of a gorilla endpoint: the body (or none) and whether the method ran (gorilla then adds `nosniff`). */
export interface GorillaReply {
	readonly body: string | null;
	readonly ran: boolean;
}
export declare function gorillaBody(calls: Calls, site: Site, text: string): Promise<GorillaReply>;
