/**
 * Slow clients: a server started with `listen()` answers 408 and disconnects a client that trickles its
 * headers or its body past the limits, and closes connections beyond its cap as they arrive. The limits
 * are set small here; what is asserted is what the client sees, never how long it took.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket as open, untilClosed as until } from '../../helpers/sockets.js';
import { createRpcServer, type ListeningServer, type RpcServer } from '../../../runtime/server/index.js';
import { ALL_SERVICES, handlers } from './fixtures.js';

const BODY = '{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID"}';

describe('slow clients', () => {
  let server: RpcServer;
  let listening: ListeningServer;
  beforeAll(async () => {
    server = createRpcServer({ services: ALL_SERVICES, handlers, limits: { headersTimeoutMs: 150, requestTimeoutMs: 300, maxConnections: 2 } });
    listening = await server.listen(0);
  });
  afterAll(() => server.close());

  it('a client that trickles its headers gets a 408 and is disconnected', async () => {
    const socket = await open(listening.port);
    socket.write('POST /ext/info HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    let n = 0;
    const got = await until(socket, () => `X-Slow-${n++}: 1\r\n`);
    expect(got).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a client that trickles its body gets a 408 and is disconnected', async () => {
    const socket = await open(listening.port);
    socket.write(`POST /ext/info HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${BODY.length}\r\n\r\n`);
    let i = 0;
    const got = await until(socket, () => (i < BODY.length - 1 ? BODY[i++] : undefined));
    expect(got).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes connections beyond the cap as they arrive and serves those within it', async () => {
    const first = await open(listening.port);
    const second = await open(listening.port);
    const third = await open(listening.port);
    const closedThird = await until(third);
    expect(closedThird).toBe('');
    first.write(`POST /ext/info HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${BODY.length}\r\nConnection: close\r\n\r\n${BODY}`);
    const reply = await until(first);
    expect(reply).toMatch(/^HTTP\/1\.1 200 /);
    expect(reply).toContain('"networkID"');
    second.destroy();
  });
});
