/**
 * The proxy holds slow clients to the same limits as the server: a trickled request gets a 408 and is
 * disconnected, and connections beyond the cap are closed as they arrive. Asserted on what the client sees.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket as open, untilClosed as until } from '../../helpers/sockets.js';
import { type RunningProxy, startProxy } from '../../../tools/proxy/index.js';

describe('the proxy and slow clients', () => {
  let upstream: Server;
  let proxy: RunningProxy;
  beforeAll(async () => {
    upstream = createServer((_req, res) => res.end('{"jsonrpc":"2.0","id":1,"result":"0x1"}'));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    proxy = await startProxy({ upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, headersTimeoutMs: 150, requestTimeoutMs: 300, maxConnections: 2 });
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  });

  it('answers 408 to a client that trickles its headers', async () => {
    const socket = await open(proxy.port);
    socket.write('POST /ext/bc/C/rpc HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    let n = 0;
    expect(await until(socket, () => `X-Slow-${n++}: 1\r\n`)).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection beyond the cap', async () => {
    const a = await open(proxy.port);
    const b = await open(proxy.port);
    const c = await open(proxy.port);
    expect(await until(c)).toBe('');
    a.destroy();
    b.destroy();
  });
});
