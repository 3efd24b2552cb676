import type { RpcServer, ServerOptions } from "./types.js";
/**
* A JSON-RPC server for the given services. Handlers are looked up once, here: `handlers[service]
* [namespace][member]`; methods without one are answered by `rawHandler` when given, else as unknown.
*/
export declare function createRpcServer(options: ServerOptions): RpcServer;
