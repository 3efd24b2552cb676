/**
* Plain HTTP GET requests to methods the spec also serves that way (`x-http-get` → `MethodMeta.httpGet`, as
* the node's health probes): the query string becomes the params, the call runs through the engine like a
* JSON-RPC request (the same handlers, examples, validation and availability), and the result is the body,
* with the status of the first rule it matches. A call that fails answers 400 (bad params) or 500 with the
* JSON-RPC error object as the body.
*/
import type { HttpGetMeta, ServerMethodMeta } from "../client/meta.js";
import type { Engine } from "./engine.js";
import { Router, type RouteMatch } from "./route.js";
import type { ServiceTable } from "./tables.js";
import type { RequestHeaders } from "./types.js";
export interface GetTarget {
	readonly service: ServiceTable;
	readonly meta: ServerMethodMeta & {
		readonly httpGet: HttpGetMeta;
	};
}
export type GetMatch = RouteMatch<GetTarget> & {
	readonly query: string;
};
export interface GetReply {
	readonly status: number;
	readonly headers: Record<string, string>;
	readonly body: string;
}
/** Every GET path of every service's HTTP endpoints, routed like the endpoints themselves. */
export declare function getRouter(services: readonly ServiceTable[]): Router<GetTarget> | undefined;
/** The wire-form params from the query string: a list param takes every value of its query parameter, another the first. */
export declare function paramsFromQuery(get: HttpGetMeta, query: string): Record<string, unknown>;
/** The status of a result: the first rule whose `when` holds (the last has none). */
export declare function statusOf(get: HttpGetMeta, result: unknown): number;
/** Runs the GET's method through the engine and frames its reply. */
export declare function answerGet(engine: Engine, match: GetMatch, headers: RequestHeaders, signal: AbortSignal | undefined): Promise<GetReply>;
