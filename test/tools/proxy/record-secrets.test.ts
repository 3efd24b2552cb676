/**
 * Recording never writes a secret where it does not belong: replies are paired with their calls by
 * connection and order when two calls in flight share an id, and secret params are redacted as the node
 * reads their keys (case-insensitively, as Go's encoding/json matches struct fields).
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createConformance } from '../../../generator/lifecycle/conform/index.js';
import { createRedactor } from '../../../tools/proxy/inspect.js';
import { startProxy, type ProxyExchange, type RunningProxy } from '../../../tools/proxy/index.js';
import { projectModel } from '../../helpers/model.js';

describe('pairing replies with calls', () => {
  let upstream: Server;
  let proxy: RunningProxy;
  const exchanges: ProxyExchange[] = [];
  beforeAll(async () => {
    upstream = createServer();
    const wss = new WebSocketServer({ server: upstream });
    // Answers every call in the order it came, after the next one arrived (both are in flight).
    wss.on('connection', (ws) => {
      const held: { id: unknown; method: string }[] = [];
      ws.on('message', (data) => {
        held.push(JSON.parse(data.toString()) as { id: unknown; method: string });
        if (held.length < 2) return;
        for (const c of held.splice(0)) ws.send(JSON.stringify({ jsonrpc: '2.0', id: c.id, result: c.method === 'web3_clientVersion' ? 'node/v1' : 'mnemonic words here' }));
      });
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    proxy = await startProxy({ upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, onExchange: (e) => exchanges.push(e) });
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise<void>((r) => upstream.close(() => r()));
  });

  it('two calls in flight with the same id on one connection get their own replies, in order', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${proxy.port}/ext/bc/C/ws`);
    await once(ws, 'open');
    const replies = new Promise<void>((resolve) => {
      let n = 0;
      ws.on('message', () => ++n === 2 && resolve());
    });
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'personal_initializeWallet', params: ['ledger://0'] }));
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'web3_clientVersion', params: [] }));
    await replies;
    ws.close();
    for (let i = 0; i < 50 && exchanges.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(exchanges.map((e) => [e.call.method, e.answer])).toEqual([
      ['personal_initializeWallet', { result: 'mnemonic words here' }],
      ['web3_clientVersion', { result: 'node/v1' }],
    ]);
  });
});

describe('redacting as the node reads keys', () => {
  const redact = createRedactor(createConformance(projectModel().services));
  it.each([
    ['Password', 'USERNAME'],
    ['PASSWORD', 'userName'],
    ['paſſword', 'username'],
  ])('native.exportKey with keys %s and %s: both secrets are ***', (passwordKey, userKey) => {
    const fixture = redact({
      call: { transport: 'http', path: '/ext/bc/C/native', method: 'native.exportKey', params: { [userKey]: 'alice', [passwordKey]: 'hunter2', address: '0xb1b8a1dbf97b438e7ddd19cf33aae2e62d89a4e7' } },
      answer: { result: { privateKey: 'PrivateKey-abc' } },
      findings: [],
    });
    const text = JSON.stringify(fixture);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('alice');
    expect(fixture.params).toEqual({ [userKey]: '***', [passwordKey]: '***', address: '0xb1b8a1dbf97b438e7ddd19cf33aae2e62d89a4e7' });
  });
});
