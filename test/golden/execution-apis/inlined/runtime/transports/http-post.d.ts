/**
* One HTTP POST for the HTTP transport (http.ts), on fetch: the headers every request carries, and the
* fetch and the body read raced against the timeout and the caller's signal, so even a fetch that ignores
* its AbortSignal cannot leave a call hanging.
*/
import { type PostLimits, type RawReply } from "./frame.js";
import type { HeadersLike } from "./transport.js";
/** The parts of a fetch Response the transport reads. */
export interface FetchResponseLike {
	readonly ok: boolean;
	readonly status: number;
	readonly statusText: string;
	readonly headers?: HeadersLike;
	text(): Promise<string>;
}
/** `globalThis.fetch` or anything shaped like it. */
export type FetchLike = (url: string, init: {
	method: string;
	headers: Record<string, string>;
	body: string;
	signal: AbortSignal;
}) => Promise<FetchResponseLike>;
/**
* The transport's POST: bounded by the timeout and the signal, it rejects with a PostFailed. Each POST in
* flight is in `inFlight` (closing the transport aborts them all); `closed` says whether it is closed.
* Without a body it is a plain GET of `target` (a health probe), with the same bounds.
*/
export declare function createPost(url: string, fetchImpl: FetchLike | undefined, headers: Readonly<Record<string, string>> | undefined, inFlight: Set<{
	abort(): void;
}>, closed: () => boolean): (body: string | undefined, limits: PostLimits, target?: string) => Promise<RawReply>;
