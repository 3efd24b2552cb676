/**
 * CORS: a docs site's console in a browser calls the mock and the server from another origin. With `cors`
 * on, a preflight to an endpoint is answered 204 with the methods and headers a browser may send, and
 * every reply carries the allowed origin; off (the server's default) nothing changes. The mock has it on
 * unless told otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../../runtime/mock/index.js';
import { createRpcServer } from '../../../runtime/server/index.js';
import type { ListeningServer, RpcServer } from '../../../runtime/server/types.js';
import { ALL_SERVICES, mockData } from './fixtures.js';

const PREFLIGHT = { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-api-key' };
const CALL = { jsonrpc: '2.0', id: 1, method: 'info.getNetworkID', params: {} };

async function post(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/ext/info`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:5173', ...headers }, body: JSON.stringify(CALL) });
}

describe('CORS', () => {
  const started: { close(): Promise<void> }[] = [];
  const listen = async (server: RpcServer): Promise<ListeningServer> => {
    const l = await server.listen(0, '127.0.0.1');
    started.push(l);
    return l;
  };
  afterAll(async () => {
    for (const s of started) await s.close();
  });

  describe('the mock (on by default)', () => {
    let url: string;
    beforeAll(async () => {
      const mock = await startMock({ services: ALL_SERVICES, data: mockData });
      started.push(mock);
      url = mock.url;
    });

    it('answers a preflight with what a browser may send, echoing the headers it asks for', async () => {
      const r = await fetch(`${url}/ext/info`, { method: 'OPTIONS', headers: PREFLIGHT });
      expect(r.status).toBe(204);
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      expect(r.headers.get('access-control-allow-methods')).toBe('POST, GET, OPTIONS');
      expect(r.headers.get('access-control-allow-headers')).toBe('content-type, x-api-key');
      expect(r.headers.get('access-control-max-age')).toBe('600');
      expect(await r.text()).toBe('');
    });

    it('allows the origin on every reply: a call, and an error before the body is read', async () => {
      const r = await post(url, { 'x-api-key': 'k' });
      expect(r.status).toBe(200);
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      const body = (await r.json()) as { result?: unknown };
      expect(body.result).toBeDefined();
      const bad = await fetch(`${url}/ext/info`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
      expect(bad.status).toBe(415);
      expect(bad.headers.get('access-control-allow-origin')).toBe('*');
    });

    it('answers a preflight to a path no endpoint serves with the usual 404', async () => {
      const r = await fetch(`${url}/nowhere`, { method: 'OPTIONS', headers: PREFLIGHT });
      expect(r.status).toBe(404);
    });

    it('can be turned off', async () => {
      const mock = await startMock({ services: ALL_SERVICES, data: mockData, cors: false });
      started.push(mock);
      const r = await fetch(`${mock.url}/ext/info`, { method: 'OPTIONS', headers: PREFLIGHT });
      expect(r.status).toBe(405);
      expect(r.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('the server (off by default)', () => {
    it('changes nothing without the option', async () => {
      const { url } = await listen(createRpcServer({ services: ALL_SERVICES }));
      const r = await fetch(`${url}/ext/info`, { method: 'OPTIONS', headers: PREFLIGHT });
      expect(r.status).toBe(405);
      expect(r.headers.get('access-control-allow-origin')).toBeNull();
      expect((await post(url)).headers.get('access-control-allow-origin')).toBeNull();
    });

    it('takes one origin and a fixed header list, on node:http and the fetch handler alike', async () => {
      const server = createRpcServer({ services: ALL_SERVICES, cors: { origin: 'https://docs.example.org', allowHeaders: ['content-type', 'authorization'], maxAgeSeconds: 60 } });
      const { url } = await listen(server);
      const viaHttp = await fetch(`${url}/ext/info`, { method: 'OPTIONS', headers: PREFLIGHT });
      const viaFetch = await server.fetch(new Request(`${url}/ext/info`, { method: 'OPTIONS', headers: PREFLIGHT }));
      for (const r of [viaHttp, viaFetch]) {
        expect(r.status).toBe(204);
        expect(r.headers.get('access-control-allow-origin')).toBe('https://docs.example.org');
        expect(r.headers.get('vary')).toBe('Origin');
        expect(r.headers.get('access-control-allow-headers')).toBe('content-type, authorization');
        expect(r.headers.get('access-control-max-age')).toBe('60');
      }
      expect((await post(url)).headers.get('access-control-allow-origin')).toBe('https://docs.example.org');
    });
  });
});
