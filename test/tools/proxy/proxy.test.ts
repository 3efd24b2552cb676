/**
 * The proxy between real clients (viem, avalanchejs, the generated client, a plain `ws` socket) and an
 * upstream that drifts on purpose, all on 127.0.0.1. The upstream is the generated mock node (node mode)
 * with a few methods made to answer off the spec, and, for WebSocket, a small server whose subscription
 * pushes a header without its hash and whose chain ID is a number.
 *
 * What must hold: every byte each client sent reached the upstream unchanged and every byte the upstream
 * sent reached the client unchanged (HTTP bodies and WebSocket frames, compared exchange by exchange), and
 * the proxy reported exactly the departures the upstream and one client made, each with its count.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as avalanchejs from '@avalabs/avalanchejs';
import { createPublicClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createNodeClient, createWebSocketTransport } from '../../../generated/client/index.js';
import { startNodeMock } from '../../../generated/client/mock/index.js';
import { createConformance } from '../../../generator/lifecycle/conform/index.js';
import { createInspector } from '../../../tools/proxy/inspect.js';
import { startProxy, type RunningProxy } from '../../../tools/proxy/index.js';
import { askMock, readBody } from '../../helpers/drifting.js';
import { projectModel } from '../../helpers/model.js';

const { pvm } = avalanchejs as unknown as { pvm: { PVMApi: new (baseURL?: string) => Record<'getHeight' | 'getFeeState' | 'getTimestamp', () => Promise<unknown>> } };

/** Methods the upstream answers off the spec over HTTP: result as it sends it. */
const drifting: Record<string, (example: unknown) => unknown> = {
  eth_blockNumber: () => '0x01',
  'platform.getHeight': (ex) => ({ ...(ex as object), blockHeight: '1' }),
  'platform.getFeeState': (ex) => ({ ...(ex as object), capacity: '20000' }),
};

/** What the upstream's WebSocket sends: a drifting header for newHeads, a number for the chain ID. */
const header = {
  parentHash: `0x${'11'.repeat(32)}`,
  sha3Uncles: `0x${'22'.repeat(32)}`,
  miner: `0x${'33'.repeat(20)}`,
  stateRoot: `0x${'44'.repeat(32)}`,
  transactionsRoot: `0x${'55'.repeat(32)}`,
  receiptsRoot: `0x${'66'.repeat(32)}`,
  logsBloom: `0x${'00'.repeat(256)}`,
  difficulty: '0x1',
  number: '0x10',
  gasLimit: '0x7a1200',
  gasUsed: '0x0',
  timestamp: '0x65f00000',
  extraData: '0x',
  mixHash: `0x${'00'.repeat(32)}`,
  nonce: '0x0000000000000000',
};

let mock: Awaited<ReturnType<typeof startNodeMock>>;
let upstream: Server;
let proxy: RunningProxy;
/** [what the upstream received, what it sent back], HTTP bodies and WebSocket frames. */
const atUpstream: [string, string][] = [];
/** [what a client sent, what it received], the same, seen from the clients' side. */
const atClients: [string, string][] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  mock = await startNodeMock({ mode: 'node' });
  upstream = createServer(async (req, res) => {
    const body = await readBody(req);
    const answer = await askMock(mock, req.url, body);
    let text = await answer.text();
    // Single calls and batches alike: each reply of a drifting method is rewritten.
    const calls = [JSON.parse(body)].flat() as { id?: unknown; method: string }[];
    const replies = [JSON.parse(text)].flat() as { id?: unknown; result?: unknown }[];
    const drifted = replies.map((r) => {
      const drift = drifting[calls.find((c) => c.id === r.id)?.method ?? ''];
      return drift ? { ...r, result: drift(r.result) } : r;
    });
    if (drifted.some((r, i) => r !== replies[i])) text = JSON.stringify(Array.isArray(JSON.parse(text)) ? drifted : drifted[0]);
    atUpstream.push([body, text]);
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(text);
  });
  const wss = new WebSocketServer({ noServer: true });
  upstream.on('upgrade', (req, socket, head) =>
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('message', (data) => {
        const text = data.toString();
        const call = JSON.parse(text) as { id: number; method: string };
        const send = (frame: unknown) => {
          const out = JSON.stringify(frame);
          atUpstream.push(['', out]);
          ws.send(out);
        };
        atUpstream.push([text, '']);
        if (call.method === 'eth_subscribe') {
          send({ jsonrpc: '2.0', id: call.id, result: '0x9ce59a13059e417087c02d3236a0b1cc' });
          send({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: '0x9ce59a13059e417087c02d3236a0b1cc', result: header } });
        } else if (call.method === 'eth_chainId') send({ jsonrpc: '2.0', id: call.id, result: 43114 });
        else send({ jsonrpc: '2.0', id: call.id, result: true });
      });
    }),
  );
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  proxy = await startProxy({ upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, inspector: createInspector(createConformance(projectModel().services)) });
  // Every client here fetches through the global fetch: tap it to see their side of each exchange.
  globalThis.fetch = async (input, init) => {
    const res = await realFetch(input, init);
    const text = await res.clone().text();
    atClients.push([String(init?.body ?? ''), text]);
    return res;
  };
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await proxy.close();
  await new Promise<void>((r) => upstream.close(() => r()));
  await mock.close();
});

describe('the proxy between clients and a drifting node', () => {
  beforeAll(async () => {
    // viem, as its docs show, on the C-Chain endpoint: a call, a drifting call, and a batch.
    const viem = createPublicClient({ transport: http(`${proxy.url}/ext/bc/C/rpc`, { batch: true }) });
    const [chainId, blockNumber] = await Promise.all([viem.getChainId(), viem.getBlockNumber({ cacheTime: 0 })]);
    expect([chainId, blockNumber]).toEqual([43114, 1n]);
    // avalanchejs, as its README shows, at the node's base URL.
    const p = new pvm.PVMApi(proxy.url);
    await p.getHeight();
    await p.getFeeState();
    await p.getTimestamp();
    // The generated client: HTTP calls on two endpoints, a batch, and a subscription over WebSocket.
    const node = createNodeClient({ url: proxy.url, ws: { transport: createWebSocketTransport } });
    await node.info.getNetworkID();
    await node.batch((b) => [b.eth.chainId(), b.eth.gasPrice()]);
    for await (const head of node.eth.subscribe('newHeads')) {
      expect(head.number).toBe(16n);
      break;
    }
    // A plain socket: a call whose reply drifts.
    const ws = new WebSocket(`${proxy.url.replace('http', 'ws')}/ext/bc/C/ws`);
    await new Promise((r) => ws.once('open', r));
    const frame = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] });
    const reply = await new Promise<string>((resolve) => {
      ws.once('message', (d) => resolve(d.toString()));
      ws.send(frame);
    });
    atClients.push([frame, reply]);
    ws.close();
    // A client that gets a param wrong, twice.
    for (let i = 0; i < 2; i++)
      await fetch(`${proxy.url}/ext/bc/C/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'eth_getBalance', params: ['0x12', 'latest'] }) });
    // Findings are made after the traffic has moved on; let them land.
    await new Promise((r) => setTimeout(r, 50));
  }, 60_000);

  it('passes every HTTP body through unchanged, both ways', () => {
    const http = atUpstream.filter(([sent, back]) => sent && back);
    // viem: one batch; avalanchejs: three calls; the generated client: a call and a batch; two bad calls.
    expect(http.length).toBe(8);
    expect([...atClients.filter(([s]) => !s.includes('"id":7,'))].map((x) => JSON.stringify(x)).sort()).toEqual(http.map((x) => JSON.stringify(x)).sort());
    // The batches travelled as arrays, as the clients sent them.
    expect(http.filter(([s]) => s.startsWith('[')).length).toBe(2);
  });

  it('passes every WebSocket frame through unchanged, both ways', () => {
    const frames = atUpstream.filter(([sent, back]) => !sent || !back);
    const subscribe = frames.find(([s]) => s.includes('eth_subscribe'));
    expect(subscribe).toBeDefined();
    const chainFrame = atClients.find(([s]) => s.includes('"id":7,'))!;
    expect(frames.map(([s]) => s)).toContain(chainFrame[0]);
    expect(frames.map(([, b]) => b)).toContain(chainFrame[1]);
  });

  it('reports exactly the departures, with counts', () => {
    const found = proxy.reports().map((r) => [r.direction, r.method, r.pointer, r.severity, r.count]);
    expect(found.sort()).toEqual(
      [
        ['notification', 'eth_subscribe', '/params/result/hash', 'violation', 1],
        ['reply', 'eth_blockNumber', '/result', 'violation', 1],
        ['reply', 'eth_chainId', '/result', 'violation', 1],
        ['reply', 'platform.getFeeState', '/result/capacity', 'violation', 1],
        ['reply', 'platform.getHeight', '/result/blockHeight', 'extra', 1],
        ['request', 'eth_getBalance', '/params/0', 'violation', 2],
      ].sort(),
    );
    const capacity = proxy.reports().find((r) => r.method === 'platform.getFeeState')!;
    expect(capacity.message).toBe('must be of type integer (spec: Uint64Number: integer)');
    expect(capacity.path).toBe('/ext/bc/P');
  });
});
