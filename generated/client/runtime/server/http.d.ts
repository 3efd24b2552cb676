/**
* HTTP framing around the engine: one core that takes (method, url, headers) then the body text and returns
* (status, headers, body), and two thin adapters, node:http (no Request/Response objects on that path, it
* is the benchmarked one) and fetch.
*
* What each flavor answers before the body is read:
* - standard: unknown path 404, not POST 405 (`Allow: POST`), not `application/json` 415, body over the
*   limit 413; every reply is `application/json` with a JSON-RPC error body.
* - geth: an empty GET is a health check (200, empty); PUT/DELETE 405; over the limit 413; content type
*   `application/json`, `application/json-rpc` or `application/jsonrequest`, else 415; plain-text bodies
*   (Go's `http.Error`).
* - gorilla: not POST 405 `rpc: POST method required, received GET`; content type other than
*   `application/json` (also none) 415 `rpc: unrecognized Content-Type: <ct>`; plain text.
*/
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Engine } from "./engine.js";
import type { ServiceTable } from "./tables.js";
import type { RouteMatch, Router } from "./route.js";
import type { RequestHeaders } from "./types.js";
import { type GetMatch } from "./http-get.js";
export interface HttpReply {
	readonly status: number;
	readonly headers: Record<string, string>;
	readonly body: string;
}
export type Match = RouteMatch<ServiceTable>;
/** What `begin` routes a request to: an endpoint, or a plain GET of a method the spec serves that way (`x-http-get`). */
export type Begun = Match | GetMatch;
export declare class HttpCore {
	readonly engine: Engine;
	private readonly http;
	private readonly ws;
	private readonly gets;
	readonly maxBodyBytes: number;
	constructor(engine: Engine, http: Router<ServiceTable>, ws: Router<ServiceTable>);
	/** Routes and checks a request before its body is read: the endpoint, or the reply to send now. */
	begin(method: string, url: string, headers: RequestHeaders): Begun | HttpReply;
	/**
	* A CORS preflight to a JSON-RPC endpoint: 204 with what a browser may send (the allowed origin comes with
	* every reply's headers). A path no endpoint serves gets the usual 404.
	*/
	private preflight;
	/** The reply to a body over the limit (`size`: its declared length, or the bytes read so far). */
	tooLarge(match: Begun, size: number): HttpReply;
	/** Runs the body and frames the reply. */
	finish(match: Begun, headers: RequestHeaders, text: string, signal: AbortSignal | undefined): HttpReply | Promise<HttpReply>;
	private finishNode;
	/** A path no HTTP endpoint serves: a WebSocket-only endpoint, or nothing at all. */
	private unrouted;
	private endpoints;
	/** The WebSocket endpoint serving `path`, if any. */
	wsMatch(path: string): Match | null;
}
/** The node:http request listener. */
export declare function nodeListener(core: HttpCore): (req: IncomingMessage, res: ServerResponse) => void;
/** The fetch-style handler. */
export declare function fetchHandler(core: HttpCore): (request: Request) => Promise<Response>;
