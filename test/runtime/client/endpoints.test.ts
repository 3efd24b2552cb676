import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../runtime/client/call.js';
import { TransportPool, endpointUrl, toWebSocketUrl } from '../../../runtime/client/endpoints.js';
import type { MethodMeta, ServiceMeta } from '../../../runtime/client/meta.js';
import { createWebSocketTransport } from '../../../runtime/transports/ws.js';
import { startHttpServer, startWsServer, type TestHttpServer, type TestWsServer } from '../transports/servers.js';

const evm: ServiceMeta = {
  name: 'evm',
  endpoints: [
    { name: 'http', transport: 'http', path: '/ext/bc/{blockchainID}/rpc', variables: { blockchainID: { default: 'C' } } },
    { name: 'websocket', transport: 'websocket', path: '/ext/bc/{blockchainID}/ws', variables: { blockchainID: { default: 'C' } } },
  ],
  batch: true,
  batchLimit: 1000,
  publicNodeBatchLimit: 40,
  dialect: 'geth',
};
const info: ServiceMeta = {
  name: 'info',
  endpoints: [{ name: 'http', transport: 'http', path: '/ext/info', variables: {} }],
  batch: false,
  dialect: 'gorilla-json2',
};
const add: MethodMeta = { name: 'add', service: 'evm', structure: 'by-position', params: ['a', 'b'], required: ['a', 'b'] };

describe('endpointUrl', () => {
  it.each([
    ['http://127.0.0.1:9650', '/ext/bc/{blockchainID}/rpc', { blockchainID: 'C' }, 'http://127.0.0.1:9650/ext/bc/C/rpc'],
    ['http://127.0.0.1:9650/', '/ext/info', {}, 'http://127.0.0.1:9650/ext/info'],
    ['https://api.example.com/node/', '/ext/bc/P', {}, 'https://api.example.com/node/ext/bc/P'],
    ['http://h', '/ext/bc/{blockchainID}/rpc', { blockchainID: 'a b/c?' }, 'http://h/ext/bc/a%20b%2Fc%3F/rpc'],
    ['http://h?token=1', '/ext/info', {}, 'http://h/ext/info?token=1'],
    // No path (OpenRPC's default server): the base URL exactly as given.
    ['http://127.0.0.1:8545', '', {}, 'http://127.0.0.1:8545'],
    ['https://rpc.example.com/v0_8?key=1', '', {}, 'https://rpc.example.com/v0_8?key=1'],
  ])('%s + %s', (base, path, vars, want) => {
    expect(endpointUrl(base, path, vars)).toBe(want);
  });

  it('rejects unknown, missing and empty variables, and bad base URLs', () => {
    expect(() => endpointUrl('http://h', '/ext/info', { blockchainID: 'C' })).toThrow('endpoint /ext/info has no variable "blockchainID"; it takes none');
    expect(() => endpointUrl('http://h', '/ext/bc/{blockchainID}/rpc', {})).toThrow('endpoint /ext/bc/{blockchainID}/rpc needs a value for "blockchainID"');
    expect(() => endpointUrl('http://h', '/ext/bc/{blockchainID}/rpc', { blockchainID: '' })).toThrow(/non-empty string/);
    expect(() => endpointUrl('127.0.0.1:9650', '/ext/info')).toThrow(/expected something like http:\/\/127\.0\.0\.1:8545/);
  });
});

describe('toWebSocketUrl', () => {
  it.each([
    ['http://127.0.0.1:9650', 'ws://127.0.0.1:9650'],
    ['https://api.example.com/x', 'wss://api.example.com/x'],
    ['HTTPS://h', 'wss://h'],
    ['wss://h', 'wss://h'],
  ])('%s → %s', (from, to) => {
    expect(toWebSocketUrl(from)).toBe(to);
  });

  it('rejects other schemes', () => {
    expect(() => toWebSocketUrl('ftp://h')).toThrow(/not an http\(s\) or ws\(s\) URL/);
  });
});

describe('TransportPool', () => {
  let http: TestHttpServer;
  let ws: TestWsServer;
  beforeAll(async () => {
    [http, ws] = await Promise.all([startHttpServer(), startWsServer()]);
  });
  afterAll(async () => {
    await Promise.all([http.close(), ws.close()]);
  });

  it('creates one transport per endpoint on first use, with the service\'s batch support, and closes them all', async () => {
    const base = new URL(http.url).origin;
    const pool = new TransportPool({ url: base, ws: { transport: createWebSocketTransport, url: new URL(ws.url).origin.replace('http', 'ws') }, maxBatchSize: 5000 });
    const c = pool.http(evm);
    expect(pool.http(evm, { blockchainID: 'C' })).toBe(c);
    expect(pool.http(evm, { blockchainID: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5' })).not.toBe(c);
    expect(c).toMatchObject({ kind: 'http', url: `${base}/ext/bc/C/rpc`, batching: true });
    expect(pool.http(info)).toMatchObject({ url: `${base}/ext/info`, batching: false });
    // A chain scope applies only where the endpoint has the variable.
    expect(pool.http(info, { blockchainID: 'X' })).toBe(pool.http(info));
    expect(await call(c, add, [2, 3])).toBe(5);

    const socket = pool.ws(evm);
    expect(socket.url).toBe(ws.url);
    expect(await call(socket, add, [4, 5])).toBe(9);
    expect(socket.connected).toBe(true);

    await pool.close();
    expect(socket.connected).toBe(false);
    await expect(call(c, add, [1, 1])).rejects.toThrow(/closed/);
    expect(() => pool.http(evm)).toThrow(/closed/);
  });

  it('derives the WebSocket base from the HTTP one and refuses endpoints a service lacks', async () => {
    const pool = new TransportPool({ url: 'https://api.example.com' });
    expect(pool.url(evm, 'websocket')).toBe('wss://api.example.com/ext/bc/C/ws');
    expect(() => pool.ws(info)).toThrow('the info service has no WebSocket endpoint (it has: http)');
    await pool.close();
  });
});
