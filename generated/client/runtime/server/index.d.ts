/** The server runtime: `createRpcServer` and the types generated server code and handlers use. */
export { createRpcServer } from "./server.js";
export { newSubscriptionId } from "./subscribe.js";
export type { CorsOptions, Handler, HandlerContext, HandlerTree, ListeningServer, LogEntry, Logger, LogLevel, RawHandler, RequestHeaders, RpcServer, ServerLimits, ServerMode, ServerOptions, ServerProfile, ServerServiceDef, SubscriptionRequest, WireError } from "./types.js";
