/** `startMock`: the server with every method answered from the spec's examples, on a local port. */
import { createRpcServer } from '../server/server.js';
import type { ListeningServer, RpcServer } from '../server/types.js';
import { createServingMockHandler } from './handler.js';
import { Replay } from './replay.js';
import type { MockOptions } from './types.js';

export interface RunningMock extends ListeningServer {
  /** The server, for its fetch handler or to close it. */
  readonly server: RpcServer;
}

function nodeBatchLimit(services: MockOptions['services'], profile: 'full' | 'public'): number | undefined {
  const limits = services.flatMap((s) => {
    const limit = (profile === 'public' ? s.publicNodeBatchLimit : undefined) ?? s.batchLimit;
    return s.batch && limit !== undefined ? [limit] : [];
  });
  return limits.length ? Math.max(...limits) : undefined;
}

/** Starts the mock on `host:port` (default `127.0.0.1`, any free port); `close()` stops it. */
export async function startMock(options: MockOptions): Promise<RunningMock> {
  const server = createRpcServer({
    services: options.services,
    rawHandler: createServingMockHandler(options.data, options.recordings?.length ? new Replay(options.recordings) : undefined, {
      ...(options.logger !== undefined ? { logger: options.logger } : {}),
      ...(options.blockTimeMs !== undefined ? { blockTimeMs: options.blockTimeMs } : {}),
    }),
    enable: options.enable ?? 'all',
    ...(options.serveRemoved !== undefined ? { serveRemoved: options.serveRemoved } : {}),
    ...(options.handlers !== undefined ? { handlers: options.handlers } : {}),
    ...(options.mode !== undefined ? { mode: options.mode } : {}),
    ...(options.profile !== undefined ? { profile: options.profile } : {}),
    // A mock stands in for the node, so a batch is as large as the node's endpoint takes (real clients batch
    // up to 100 or 1000 calls), not the generic server default.
    limits: { maxBatch: nodeBatchLimit(options.services, options.profile ?? 'full'), ...options.limits },
    ...(options.logger !== undefined ? { logger: options.logger } : {}),
    ...(options.validateResults !== undefined ? { validateResults: options.validateResults } : {}),
    cors: options.cors ?? true,
  });
  const listening = await server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  return { url: listening.url, port: listening.port, server, close: () => server.close() };
}
