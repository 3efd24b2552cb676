/**
* Path routing: each service endpoint is a path template (`/ext/bc/{blockchainID}/rpc`) where a `{var}`
* matches one path segment. When two templates could claim a path, the one with a literal segment at the
* first place they differ wins (`/ext/bc/C/admin` over `/ext/bc/{blockchainID}/admin`).
*/
import type { EndpointMeta } from "../client/meta.js";
export interface RouteMatch<S> {
	readonly service: S;
	readonly endpoint: EndpointMeta;
	readonly path: string;
	readonly variables: Readonly<Record<string, string>>;
}
export declare class Router<S> {
	private readonly routes;
	private readonly cache;
	constructor(entries: readonly {
		readonly service: S;
		readonly endpoint: EndpointMeta;
	}[]);
	/** Every endpoint path template, for messages. */
	templates(): string[];
	/** The endpoint that serves `path` (no query string), or null. Results are cached per path. */
	match(path: string): RouteMatch<S> | null;
	private find;
}
