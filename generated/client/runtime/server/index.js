/** The server runtime: `createRpcServer` and the types generated server code and handlers use. */
export { createRpcServer } from "./server.js";
export { newSubscriptionId } from "./subscribe.js";
