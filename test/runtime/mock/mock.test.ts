/**
 * The mock: `createMockRawHandler` called directly (example choice, errors, subscription streams) and
 * `startMock` used in-process the way a test suite of a user would: port 0, the URL, calls, stop.
 */
import { describe, expect, it } from 'vitest';
import type { ServerMethodMeta } from '../../../runtime/client/meta.js';
import { createMockRawHandler, jsonEqual, MockError, startMock } from '../../../runtime/mock/index.js';
import type { HandlerContext } from '../../../runtime/server/index.js';
import { openWs } from '../server/client.js';
import { ALL_SERVICES, evm, info, mockData, platform } from '../server/fixtures.js';
import type { MockServiceData } from '../../../runtime/mock/types.js';

const ctx = (service: string, headers: Record<string, string> = {}, signal?: AbortSignal): HandlerContext => ({
  service,
  method: 'x',
  transport: 'http',
  path: '/',
  variables: {},
  headers,
  ...(signal ? { signal } : {}),
});
const meta = (service: { methods: Readonly<Record<string, ServerMethodMeta>> }, name: string): ServerMethodMeta =>
  service.methods[name] as ServerMethodMeta;

describe('createMockRawHandler', () => {
  const mock = createMockRawHandler(mockData);

  it('answers with the example whose params match, the most specific first, else the first', () => {
    const utxos = meta(platform, 'platform.getUTXOs');
    expect(mock(utxos, { addresses: ['P-avax1a'] }, ctx('platform'))).toEqual({ numFetched: '1', page: 1 });
    expect(mock(utxos, { addresses: ['P-avax1a'], limit: 1, extra: true }, ctx('platform'))).toEqual({ numFetched: '1', page: 2 });
    expect(mock(utxos, { addresses: ['P-other'] }, ctx('platform'))).toEqual({ numFetched: '1', page: 1 });
    const balance = meta(evm, 'eth_getBalance');
    expect(mock(balance, ['0x1111111111111111111111111111111111111111', '0x10'], ctx('evm'))).toBe('0x2');
    expect(mock(balance, ['0x1111111111111111111111111111111111111111'], ctx('evm'))).toBe('0x1');
  });

  it('selects an example by name, or says which names exist', () => {
    const m = meta(info, 'info.isBootstrapped');
    expect(mock(m, { chain: 'X' }, ctx('info', { 'x-mock-example': 'p-chain' }))).toEqual({ isBootstrapped: false });
    expect(() => mock(m, {}, ctx('info', { 'x-mock-example': 'nope' }))).toThrow(
      new MockError(-32602, 'x-mock-example: info.isBootstrapped has no example "nope"; its examples: "x-chain", "p-chain"'),
    );
  });

  it('answers with a listed error by code, index or message', () => {
    const m = meta(info, 'info.isBootstrapped');
    const fail = (h: string): unknown => {
      try {
        mock(m, {}, ctx('info', { 'x-mock-error': h }));
      } catch (e) {
        return { code: (e as MockError).code, message: (e as MockError).message };
      }
      return undefined;
    };
    expect(fail('-32000')).toEqual({ code: -32000, message: "there is no chain with alias/ID 'Z'" });
    expect(fail('1')).toEqual({ code: -32000, message: "argument 'chain' not given" });
    expect(fail("argument 'chain' not given")).toEqual({ code: -32000, message: "argument 'chain' not given" });
    expect(fail('-1')).toMatchObject({ code: -32602 });
    const none = meta(info, 'info.getNodeID');
    expect(() => mock(none, {}, ctx('info', { 'x-mock-error': '0' }))).toThrow(
      'x-mock-error: info.getNodeID lists no error "0"; the spec lists no errors for it',
    );
  });

  it('streams subscription notifications in order, then stays open until returned', async () => {
    const sub = meta(evm, 'eth_subscribe');
    const stream = mock(sub, ['newHeads'], ctx('evm')) as AsyncIterable<unknown>;
    const it = stream[Symbol.asyncIterator]();
    expect(await it.next()).toEqual({ done: false, value: { number: '0x1' } });
    expect(await it.next()).toEqual({ done: false, value: { number: '0x2' } });
    const pending = it.next();
    await it.return?.();
    expect(await pending).toEqual({ done: true, value: undefined });
    expect(await it.next()).toEqual({ done: true, value: undefined });
  });

  it('ends a subscription stream when its signal aborts; a kind without examples stays open and empty', async () => {
    const controller = new AbortController();
    const sub = meta(evm, 'eth_subscribe');
    const it = (mock(sub, ['newPendingTransactions'], ctx('evm', {}, controller.signal)) as AsyncIterable<unknown>)[Symbol.asyncIterator]();
    const pending = it.next();
    controller.abort();
    expect(await pending).toEqual({ done: true, value: undefined });
  });

  it('compares JSON values deeply', () => {
    expect(jsonEqual({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
    expect(jsonEqual('1', 1)).toBe(false);
  });
});

describe('startMock', () => {
  const rpc = async (url: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<unknown> => {
    const res = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return res.json();
  };

  it('starts on a free port of 127.0.0.1 and answers every method from the examples, off-by-default ones included', async () => {
    const mock = await startMock({ services: ALL_SERVICES, data: mockData });
    try {
      expect(mock.url).toBe(`http://127.0.0.1:${mock.port}`);
      expect(await rpc(mock.url, '/ext/bc/C/rpc', { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).toEqual({
        jsonrpc: '2.0',
        id: 1,
        result: '0xa86a',
      });
      expect(await rpc(mock.url, '/ext/bc/C/rpc', { jsonrpc: '2.0', id: 2, method: 'eth_coinbase' })).toEqual({
        jsonrpc: '2.0',
        id: 2,
        result: '0x0000000000000000000000000000000000000000',
      });
      expect(
        await rpc(mock.url, '/ext/bc/P', { jsonrpc: '2.0', id: 3, method: 'platform.getHeight' }, { 'x-mock-example': 'current' }),
      ).toEqual({
        jsonrpc: '2.0',
        id: 3,
        result: { height: '1234567' },
      });
    } finally {
      await mock.close();
    }
    await expect(fetch(`${mock.url}/ext/info`)).rejects.toThrow();
  });

  it('takes the mode, profile and enable of a real node', async () => {
    const mock = await startMock({ services: ALL_SERVICES, data: mockData, mode: 'node', profile: 'public', enable: [] });
    try {
      expect(await rpc(mock.url, '/ext/bc/C/rpc', { jsonrpc: '2.0', id: 1, method: 'eth_coinbase' })).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32601, message: 'the method eth_coinbase does not exist/is not available' },
      });
      expect(await rpc(mock.url, '/ext/info', { jsonrpc: '2.0', id: 2, method: 'info.getNetworkID' })).toEqual({
        jsonrpc: '2.0',
        result: { networkID: '1' },
        id: 2,
      });
    } finally {
      await mock.close();
    }
  });

  it('lets typed handlers take over single methods', async () => {
    const mock = await startMock({ services: ALL_SERVICES, data: mockData, handlers: { evm: { eth: { chainId: () => 43113n } } } });
    try {
      expect(await rpc(mock.url, '/ext/bc/C/rpc', { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).toEqual({
        jsonrpc: '2.0',
        id: 1,
        result: '0xa869',
      });
      expect(
        await rpc(mock.url, '/ext/bc/C/rpc', {
          jsonrpc: '2.0',
          id: 2,
          method: 'eth_getBalance',
          params: ['0x1111111111111111111111111111111111111111'],
        }),
      ).toEqual({
        jsonrpc: '2.0',
        id: 2,
        result: '0x1',
      });
    } finally {
      await mock.close();
    }
  });

  it('serves subscriptions over WebSocket', async () => {
    const mock = await startMock({ services: ALL_SERVICES, data: mockData });
    try {
      const c = await openWs(`${mock.url.replace('http', 'ws')}/ext/bc/C/ws`);
      c.send({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['logs', {}] });
      const { result } = (await c.next()) as { result: string };
      expect(await c.next()).toEqual({
        jsonrpc: '2.0',
        method: 'eth_subscription',
        params: { subscription: result, result: { logIndex: '0x0' } },
      });
      await c.close();
    } finally {
      await mock.close();
    }
  });
});

describe('startMock: results sent as the example JSON made once', () => {
  const data: MockServiceData[] = [
    ...mockData,
    {
      service: 'info',
      examples: {
        'info.checked': [
          { name: 'good', params: [], result: { ok: true, note: 'a "quoted" <text>' } },
          { name: 'bad', params: [], result: { ok: 'yes' } },
        ],
      },
    },
  ];
  const post = async (url: string, example: string, id: number): Promise<string> => {
    const res = await fetch(`${url}/ext/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mock-example': example },
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'info.checked' }),
    });
    return res.text();
  };

  it('answers every call with the example exactly as JSON.stringify writes it', async () => {
    const mock = await startMock({ services: ALL_SERVICES, data: data.filter((d) => d.service !== 'info' || 'info.checked' in d.examples) });
    try {
      for (const id of [1, 2])
        expect(await post(mock.url, 'good', id)).toBe(`{"jsonrpc":"2.0","id":${id},"result":${JSON.stringify({ ok: true, note: 'a "quoted" <text>' })}}`);
    } finally {
      await mock.close();
    }
  });

  it('still checks each result against its schema when results are validated', async () => {
    const mock = await startMock({ services: ALL_SERVICES, data: data.filter((d) => d.service !== 'info' || 'info.checked' in d.examples), validateResults: true });
    try {
      expect(JSON.parse(await post(mock.url, 'good', 1))).toEqual({ jsonrpc: '2.0', id: 1, result: { ok: true, note: 'a "quoted" <text>' } });
      const bad = JSON.parse(await post(mock.url, 'bad', 2)) as { error: { code: number; message: string } };
      expect(bad.error.code).toBe(-32603);
      expect(bad.error.message).toMatch(/^Internal error: the result of info\.checked does not match its schema/);
    } finally {
      await mock.close();
    }
  });
});
