/**
* A transport layered over another (retries, logging): the same kind, URL, validation, batching and
* subscriptions, with its own request, batch and close. Whatever else the inner transport offers (a WebSocket
* transport's extras) stays reachable through the prototype.
*/
import type { Transport } from "./transport.js";
export declare function wrapTransport<T extends Transport>(transport: T, own: Pick<Transport, "request" | "batch" | "close">): T;
