/**
* `createRpcServer`: the engine, the routers, the HTTP core and its adapters, and WebSocket upgrades, put
* together from the generated service definitions and the user's handlers.
*/
import { type RequestListener, type Server } from "node:http";
import type { RpcServer, ServerLimits, ServerOptions } from "./types.js";
/**
* node:http's guards against slow clients, from the limits: a time for the headers, one for the whole
* request, checked often enough to hold them, and a cap on open connections.
*/
export declare function guardedServer(limits: Pick<ServerLimits, "headersTimeoutMs" | "requestTimeoutMs" | "maxConnections"> | undefined, listener: RequestListener): Server;
/**
* A JSON-RPC server for the given services. Handlers are looked up once, here: `handlers[service]
* [namespace][member]`; methods without one are answered by `rawHandler` when given, else as unknown.
*/
export declare function createRpcServer(options: ServerOptions): RpcServer;
