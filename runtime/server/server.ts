/**
 * `createRpcServer`: the engine, the routers, the HTTP core and its adapters, and WebSocket upgrades, put
 * together from the generated service definitions and the user's handlers.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Engine } from './engine.js';
import { resolveOptions, type ServiceTable } from './tables.js';
import { fetchHandler, HttpCore, nodeListener } from './http.js';
import { Router } from './route.js';
import type { ListeningServer, RpcServer, ServerLimits, ServerOptions } from './types.js';
import { WsHub } from './websocket.js';

/**
 * node:http's guards against slow clients, from the limits: a time for the headers, one for the whole
 * request, checked often enough to hold them, and a cap on open connections.
 */
export function guardedServer(limits: Pick<ServerLimits, 'headersTimeoutMs' | 'requestTimeoutMs' | 'maxConnections'> | undefined, listener: RequestListener): Server {
  const requestTimeout = limits?.requestTimeoutMs ?? 30_000;
  // node:http wants the headers' time no longer than the request's.
  const headersTimeout = Math.min(limits?.headersTimeoutMs ?? 10_000, requestTimeout);
  const connectionsCheckingInterval = Math.min(30_000, Math.max(10, Math.floor(headersTimeout / 4)));
  const server = createServer({ headersTimeout, requestTimeout, connectionsCheckingInterval }, listener);
  server.maxConnections = limits?.maxConnections ?? 1024;
  return server;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function allRemoved(service: ServiceTable): boolean {
  const methods = Object.values(service.def.methods);
  return methods.length > 0 && methods.every((m) => m.availability.removedIn !== undefined);
}

/**
 * A JSON-RPC server for the given services. Handlers are looked up once, here: `handlers[service]
 * [namespace][member]`; methods without one are answered by `rawHandler` when given, else as unknown.
 */
export function createRpcServer(options: ServerOptions): RpcServer {
  const engine = new Engine(options.services, resolveOptions(options));
  // In node mode a service whose every method was removed is not mounted: the node answers its path with 404.
  const mounted = engine.services.filter((s) => !engine.options.removedOff || !allRemoved(s));
  const routes = (transport: 'http' | 'websocket'): { service: ServiceTable; endpoint: ServiceTable['def']['endpoints'][number] }[] =>
    mounted.flatMap((service) =>
      // One route per path: several servers at one path (a main and a test network) serve it once.
      service.def.endpoints.filter((e, i, all) => e.transport === transport && all.findIndex((o) => o.transport === transport && o.path === e.path) === i).map((endpoint) => ({ service, endpoint })),
    );
  const core = new HttpCore(engine, new Router(routes('http')), new Router(routes('websocket')));
  const hub = new WsHub(core);
  const listener = nodeListener(core);
  const handleUpgrade: RpcServer['handleUpgrade'] = (req, socket, head) => hub.handleUpgrade(req, socket, head);
  const servers = new Set<Server>();
  let closing: Promise<void> | undefined;

  return {
    fetch: fetchHandler(core),
    listener,
    handleUpgrade,
    async listen(port = 0, host = '127.0.0.1'): Promise<ListeningServer> {
      const server = guardedServer(options.limits, listener);
      server.on('upgrade', (req, socket, head) => hub.handleUpgrade(req, socket, head, server));
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      servers.add(server);
      const bound = (server.address() as AddressInfo).port;
      const shown = host.includes(':') ? `[${host}]` : host;
      let stopped: Promise<void> | undefined;
      return {
        url: `http://${shown}:${bound}`,
        port: bound,
        close: () => {
          stopped ??= (async () => {
            servers.delete(server);
            await hub.closeOwned(server);
            await closeServer(server);
          })();
          return stopped;
        },
      };
    },
    close(): Promise<void> {
      closing ??= (async () => {
        await hub.close();
        await Promise.all([...servers].map((s) => closeServer(s)));
        servers.clear();
      })();
      return closing;
    },
  };
}
