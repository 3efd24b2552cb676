import type { ListeningServer, RpcServer } from "../server/types.js";
import type { MockOptions } from "./types.js";
export interface RunningMock extends ListeningServer {
	/** The server, for its fetch handler or to close it. */
	readonly server: RpcServer;
}
/** Starts the mock on `host:port` (default `127.0.0.1`, any free port); `close()` stops it. */
export declare function startMock(options: MockOptions): Promise<RunningMock>;
