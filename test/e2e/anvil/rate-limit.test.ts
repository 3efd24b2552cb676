/**
 * The whole-node client against anvil behind a rate-limiting proxy on 127.0.0.1, as a public endpoint
 * behaves: at most LIMIT requests per WINDOW ms pass, the others get HTTP 429 with `retry-after-ms`. A burst
 * of reads all complete (retried, honouring the header); a sent transaction whose reply the proxy loses
 * (it forwards the request, then answers 502) is sent exactly once: a write is not repeated after it may
 * have reached the node.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createNodeClient, type NodeClient } from '../../../generated/client/index.js';
import { HttpError } from '../../../generated/client/runtime/index.js';
import { ANVIL_START_TIMEOUT, startAnvil, type Anvil } from '../../helpers/anvil.js';

const LIMIT = 5;
const WINDOW = 100;
const BURST = 40;

let anvil: Anvil;
let proxy: Server;
let node: NodeClient;
const forwarded: string[] = [];
let refused = 0;

function startProxy(target: number): Promise<Server> {
  let windowStart = Date.now();
  let used = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const { method } = JSON.parse(body.toString('utf8')) as { method: string };
      const now = Date.now();
      if (now - windowStart >= WINDOW) {
        windowStart = now;
        used = 0;
      }
      // Transactions are not rate-limited here, so the test sees what the client does when a write's
      // reply is lost rather than a write refused up front.
      if (method !== 'eth_sendTransaction' && ++used > LIMIT) {
        refused++;
        res.writeHead(429, { 'content-type': 'text/plain', 'retry-after-ms': String(WINDOW - (now - windowStart)) });
        res.end('rate limited');
        return;
      }
      forwarded.push(method);
      // anvil serves its JSON-RPC at `/`: every path the client uses maps onto it.
      const upstream = request({ host: '127.0.0.1', port: target, path: '/', method: 'POST', headers: { 'content-type': 'application/json' } }, (up) => {
        const parts: Buffer[] = [];
        up.on('data', (c: Buffer) => parts.push(c));
        up.on('end', () => {
          if (method === 'eth_sendTransaction') {
            res.writeHead(502, { 'content-type': 'text/plain' });
            res.end('bad gateway: the upstream reply was lost');
            return;
          }
          res.writeHead(up.statusCode ?? 500, { 'content-type': 'application/json' });
          res.end(Buffer.concat(parts));
        });
      });
      upstream.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      upstream.end(body);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  anvil = await startAnvil(43114);
  proxy = await startProxy(anvil.port);
  node = createNodeClient({ url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, retryCount: 30, retryDelay: 20, timeout: 10_000 });
}, ANVIL_START_TIMEOUT + 5_000);

afterAll(async () => {
  await node?.close();
  proxy?.closeAllConnections();
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  await anvil?.stop();
});

it('a burst of reads through the rate limit all complete', async () => {
  const reads = await Promise.all(
    Array.from({ length: BURST }, (_, i) => (i % 2 === 0 ? node.eth.blockNumber() : node.eth.chainId())),
  );
  expect(reads.filter((_, i) => i % 2 === 1)).toEqual(Array(BURST / 2).fill(43114n));
  expect(reads.filter((_, i) => i % 2 === 0).every((n) => typeof n === 'bigint')).toBe(true);
  // The limit was hit (so retries happened) and every read reached anvil exactly once.
  expect(refused).toBeGreaterThan(0);
  expect(forwarded.filter((m) => m !== 'eth_sendTransaction')).toHaveLength(BURST);
});

it('a sent transaction whose reply is lost is sent once, not retried', async () => {
  const [from] = (await node.eth.accounts()) as `0x${string}`[];
  const before = await node.eth.getTransactionCount(from!, 'latest');
  const error = await node.eth.sendTransaction({ from: from!, to: '0x0000000000000000000000000000000000000002', value: 1n }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).status).toBe(502);
  expect(forwarded.filter((m) => m === 'eth_sendTransaction')).toHaveLength(1);
  // anvil executed it once: the sender's nonce moved by one.
  const deadline = Date.now() + 10_000;
  let after = await node.eth.getTransactionCount(from!, 'latest');
  while (after === before && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
    after = await node.eth.getTransactionCount(from!, 'latest');
  }
  expect(after - before).toBe(1n);
});
