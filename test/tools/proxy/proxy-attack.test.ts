/**
 * The proxy under hostile or broken traffic, on 127.0.0.1: no input stops it (request targets that are not
 * paths, malformed upgrades, random bytes and frames, fuzzed with a fixed seed), and what the upstream does
 * reaches the client as it happened: an abrupt WebSocket drop stays abrupt (1006), a 204 has no body
 * length, trailers are relayed, a large reply is streamed, an upstream that never answers gets a 504, and
 * messages queued while the upstream handshake is pending are bounded.
 */
import { once } from 'node:events';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { startProxy, type RunningProxy } from '../../../tools/proxy/index.js';

const SEED = 20260725;

/** What the upstream's HTTP side does for a path. */
let release: (() => void) | undefined;
let upstream: Server;
let wss: WebSocketServer;
let proxy: RunningProxy;
const upstreamErrors: string[] = [];

function portOf(s: Server | TcpServer): number {
  return (s.address() as AddressInfo).port;
}

beforeAll(async () => {
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/no-content') {
        res.writeHead(204);
        res.end();
      } else if (req.url === '/trailers') {
        res.writeHead(200, { 'content-type': 'application/json', trailer: 'x-checksum' });
        res.write('{"jsonrpc":"2.0","id":1,');
        res.addTrailers({ 'x-checksum': 'abc123' });
        res.end('"result":true}');
      } else if (req.url === '/large') {
        // The first part, then nothing until the test has seen it arrive through the proxy.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(`{"jsonrpc":"2.0","id":1,"result":"${'a'.repeat(64 * 1024)}`);
        release = () => res.end('"}');
      } else if (req.url === '/hang') {
        // Never answered.
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"jsonrpc":"2.0","id":1,"result":"0x1"}');
      }
    });
  });
  wss = new WebSocketServer({ noServer: true });
  upstream.on('upgrade', (req: IncomingMessage, socket, head) =>
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('message', (data) => {
        const text = data.toString();
        if (text === 'drop') ws.terminate();
        else ws.send(text);
      });
    }),
  );
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  proxy = await startProxy({ upstream: `http://127.0.0.1:${portOf(upstream)}`, upstreamTimeoutMs: 300, onUpstreamError: (e) => upstreamErrors.push(e.message) });
});

afterAll(async () => {
  release?.();
  await proxy.close();
  for (const c of wss.clients) c.terminate();
  upstream.closeAllConnections();
  await new Promise<void>((r) => upstream.close(() => r()));
});

/** Writes `bytes` on a fresh TCP connection and collects what comes back until the proxy closes it (or 2 s). */
async function raw(bytes: string | Buffer, port = proxy.port): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  socket.write(bytes);
  await Promise.race([once(socket, 'close'), new Promise((r) => setTimeout(r, 2_000))]);
  socket.destroy();
  return Buffer.concat(chunks).toString('latin1');
}

/** A normal call through the proxy: it must still answer. */
async function stillUp(): Promise<void> {
  const res = await fetch(`${proxy.url}/ext/bc/C/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}' });
  expect(await res.text()).toBe('{"jsonrpc":"2.0","id":1,"result":"0x1"}');
}

const UPGRADE = 'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n';

describe('no request stops the proxy', () => {
  it('refuses request targets that are not paths, on an upgrade and on a plain request', async () => {
    for (const target of ['*', 'http://127.0.0.1:1/ext/bc/C/ws', 'ws://evil.example/x', '//evil.example/x', 'ext/bc/C/ws', '/a b']) {
      const upgrade = await raw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${UPGRADE}\r\n`);
      expect(upgrade).not.toMatch(/^HTTP\/1\.1 101/);
      const plain = await raw(`POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`);
      expect(plain).not.toMatch(/^HTTP\/1\.1 2/);
      await stillUp();
    }
  });

  it('stays up under random upgrade requests and frames (fuzz)', async () => {
    const target = fc.oneof(
      fc.constantFrom('*', '/', '/ext/bc/C/ws', 'http://x/y', '//x', '%', '/%zz', '/\u00e9', '?a', '/' + 'a'.repeat(5000)),
      fc.string({ maxLength: 40 }).map((s) => s.replace(/[\r\n ]/g, '')),
    );
    const header = fc.constantFrom(
      'Connection: Upgrade\r\n',
      'Upgrade: websocket\r\n',
      'Upgrade: h2c\r\n',
      'Sec-WebSocket-Version: 13\r\n',
      'Sec-WebSocket-Version: 99\r\n',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n',
      'Sec-WebSocket-Key: short\r\n',
      'Sec-WebSocket-Protocol: a, , b\r\n',
      'Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits=99\r\n',
      'Content-Length: 5\r\n',
      'Transfer-Encoding: chunked\r\n',
      'Host: \r\n',
    );
    const frame = fc.oneof(
      fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
      // A masked text frame with a lying length, a close frame with a bad code, a fragment never finished.
      fc.constantFrom(
        Buffer.from([0x81, 0xfe, 0xff, 0xff, 1, 2, 3, 4, 0x61]),
        Buffer.from([0x88, 0x82, 0, 0, 0, 0, 0x00, 0x05]),
        Buffer.from([0x01, 0x81, 0, 0, 0, 0, 0x61]),
        Buffer.from([0x81, 0xff, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0]),
        Buffer.from([0x89, 0xfe, 0x01, 0x00, 0, 0, 0, 0]),
      ),
    );
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(target, fc.array(header, { maxLength: 6 }), fc.boolean(), fc.array(frame, { maxLength: 3 }), async (t, headers, full, frames) => {
        runs++;
        const head = `GET ${t} HTTP/1.1\r\nHost: 127.0.0.1\r\n${full ? UPGRADE : ''}${headers.join('')}\r\n`;
        await raw(Buffer.concat([Buffer.from(head, 'latin1'), ...frames]));
        await stillUp();
      }),
      { seed: SEED, numRuns: 60 },
    );
    expect(runs).toBe(60);
  }, 120_000);
});

describe('what the upstream does reaches the client as it happened', () => {
  it('keeps an abrupt WebSocket drop abrupt (1006), not a clean close', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${proxy.port}/ext/bc/C/ws`);
    await once(ws, 'open');
    ws.send('drop');
    const [code] = (await once(ws, 'close')) as [number];
    expect(code).toBe(1006);
    await stillUp();
  });

  it('relays a 204 without a body length', async () => {
    const res = await rawHttp('/no-content');
    expect(res.status).toBe(204);
    expect(res.headers['content-length']).toBeUndefined();
  });

  it('relays trailers', async () => {
    const res = await rawHttp('/trailers');
    expect(res.body).toBe('{"jsonrpc":"2.0","id":1,"result":true}');
    expect(res.trailers['x-checksum']).toBe('abc123');
  });

  it('streams a large reply: the first part arrives before the upstream has finished', async () => {
    const req = request({ host: '127.0.0.1', port: proxy.port, path: '/large', method: 'POST', headers: { 'content-type': 'application/json' } });
    req.end('{}');
    const [res] = (await once(req, 'response')) as [IncomingMessage];
    let got = 0;
    await new Promise<void>((resolve) => {
      res.on('data', (c: Buffer) => {
        got += c.length;
        if (got >= 64 * 1024) resolve();
      });
    });
    // The upstream has not ended its reply yet: what arrived was passed on as it came.
    expect(release).toBeDefined();
    release!();
    await once(res, 'end');
    expect(got).toBe('{"jsonrpc":"2.0","id":1,"result":"'.length + 64 * 1024 + '"}'.length);
  });

  it('answers 504 when the upstream does not answer in time', async () => {
    const res = await rawHttp('/hang');
    expect(res.status).toBe(504);
    await stillUp();
  });
});

describe('an upstream whose WebSocket handshake never completes', () => {
  let silent: TcpServer;
  let stalled: RunningProxy;
  const held: Socket[] = [];
  beforeAll(async () => {
    // Accepts connections, reads, never answers.
    silent = createTcpServer((s) => {
      held.push(s);
      s.on('error', () => undefined);
      s.resume();
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    stalled = await startProxy({ upstream: `http://127.0.0.1:${portOf(silent)}`, upstreamTimeoutMs: 60_000, maxQueuedBytes: 1024 * 1024 });
  });
  afterAll(async () => {
    await stalled.close();
    for (const s of held) s.destroy();
    await new Promise<void>((r) => silent.close(() => r()));
  });

  it('closes a client that queues more than the limit, instead of holding it all', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${stalled.port}/ext/bc/C/ws`);
    await once(ws, 'open');
    const closed = once(ws, 'close');
    const chunk = 'x'.repeat(256 * 1024);
    let sent = 0;
    // 64 MB would be queued without a bound; the proxy closes the connection after about 1 MB.
    for (let i = 0; i < 256 && ws.readyState === ws.OPEN; i++) {
      ws.send(chunk);
      sent++;
      await new Promise((r) => setImmediate(r));
    }
    const [code] = (await closed) as [number];
    expect(code).toBe(1013);
    expect(sent).toBeLessThan(256);
  }, 30_000);
});

/** One request through the proxy with node:http, reading status, headers, body and trailers. */
async function rawHttp(path: string): Promise<{ status: number; headers: IncomingMessage['headers']; body: string; trailers: Record<string, string | undefined> }> {
  const req = request({ host: '127.0.0.1', port: proxy.port, path, method: 'POST', headers: { 'content-type': 'application/json' } });
  req.end('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}');
  const [res] = (await once(req, 'response')) as [IncomingMessage];
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  await once(res, 'end');
  return { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), trailers: res.trailers };
}
