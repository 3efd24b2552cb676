/**
* JSON-RPC over WebSocket (the `ws` package, `noServer`): requests and batches with the same semantics as
* over HTTP, and subscriptions. A subscription sends its notifications only after the reply carrying its
* id, lives until unsubscribed or until its connection closes, and is fed one payload at a time.
*
* Memory stays bounded: a connection whose send queue grows past `maxSendQueueBytes` (a client that does
* not read) is dropped, and a connection that misses a pong is dropped at the next ping.
*/
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { WebSocket } from "ws";
import type { Engine } from "./engine.js";
import type { HttpCore, Match } from "./http.js";
declare class Connection {
	private readonly hub;
	readonly ws: WebSocket;
	private readonly match;
	private readonly req;
	private readonly live;
	private readonly controller;
	private closed;
	alive: boolean;
	readonly done: Promise<void>;
	/** The node:http server the connection came through, if known. */
	readonly owner: object | undefined;
	constructor(hub: WsHub, ws: WebSocket, req: IncomingMessage, match: Match, owner: object | undefined);
	private onMessage;
	/** Queues a frame; false (and the connection dropped) when the client is not reading fast enough. */
	send(text: string): boolean;
	private pump;
	private end;
	private onClose;
	/** Closes the connection (going away), forcibly if the client does not answer within a second. */
	close(): Promise<void>;
}
export declare class WsHub {
	readonly engine: Engine;
	private readonly core;
	/** Created on the first upgrade: `ws` is loaded only by servers that get WebSocket traffic. */
	private wss;
	private readonly connections;
	private timer;
	private closed;
	constructor(core: HttpCore);
	private server;
	handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, owner?: object): void;
	forget(connection: Connection): void;
	private startPings;
	/** Closes the connections that came through one node:http server. */
	closeOwned(owner: object): Promise<void>;
	close(): Promise<void>;
}
export {};
