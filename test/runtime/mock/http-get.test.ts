/**
 * The plain HTTP GETs of the Health API (`x-http-get`) end to end: the generated mock node on 127.0.0.1 (a
 * free port) answers `GET /ext/health`, `/ext/health/health`, `/readiness` and `/liveness` from the spec's
 * examples, with 503 for an unhealthy report; the generated whole-node client's `node.health.http.*` sends
 * the GETs (tags as repeated `tag` query parameters, the client's headers) and resolves with the status
 * beside the decoded report.
 */
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../../runtime/transports/middleware.js';

const SUBNET = '29uVeLPJB1eQJkzRemU8g8wZDw5uJRqpab5U2mX9euieVwiEbL';
let mock: { url: string; close(): Promise<void> };

beforeAll(async () => {
  const { startNodeMock } = await import('../../../generated/client/mock/index.js');
  mock = await startNodeMock({});
});

afterAll(async () => {
  await mock?.close();
});

describe('the mock node answers plain GETs to the health endpoints', () => {
  it.each([
    ['/ext/health', 200, true],
    ['/ext/health/health', 200, true],
    ['/ext/health/readiness', 200, true],
    ['/ext/health/liveness', 200, true],
    [`/ext/health?tag=${SUBNET}`, 503, false],
    [`/ext/health/health?tag=${SUBNET}`, 503, false],
  ])('GET %s: %i', async (path, status, healthy) => {
    const res = await fetch(mock.url + path);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = (await res.json()) as { healthy: boolean; checks: Record<string, unknown> };
    expect(body.healthy).toBe(healthy);
    if (!healthy) expect(Object.keys(body.checks)).toEqual(['bootstrapped']);
  });

  it('a JSON-RPC POST to /ext/health still answers 200 with the unhealthy report', async () => {
    const res = await fetch(`${mock.url}/ext/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'health.health', params: { tags: [SUBNET] } }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { healthy: boolean } }).result.healthy).toBe(false);
  });

  it('a GET of a JSON-RPC-only path is still refused as the node refuses it', async () => {
    const res = await fetch(`${mock.url}/ext/info`);
    expect(res.status).toBe(405);
  });
});

describe('node.health.http: typed GET calls', () => {
  async function client(seen: HttpRequest[] = []) {
    const { createNodeClient } = await import('../../../generated/client/index.js');
    return createNodeClient({
      url: mock.url,
      headers: { 'x-api-key': 'k1' },
      use: [
        (request, next) => {
          seen.push(request);
          return next(request);
        },
      ],
    });
  }

  it('health(): 200 and the decoded report; the GET carries the client headers and no body', async () => {
    const seen: HttpRequest[] = [];
    const node = await client(seen);
    const reply = await node.health.http.health();
    expect(reply.status).toBe(200);
    expect(reply.ok).toBe(true);
    expect(reply.body.healthy).toBe(true);
    expect(Object.keys(reply.body.checks).sort()).toEqual(['C', 'database', 'network']);
    expect(seen.map((r) => [r.method, r.url, r.headers['x-api-key'], r.body])).toEqual([['GET', `${mock.url}/ext/health`, 'k1', '']]);
    await node.close();
  });

  it('health({ tags }): the tags as repeated query parameters; 503 resolves with the unhealthy report', async () => {
    const seen: HttpRequest[] = [];
    const node = await client(seen);
    const reply = await node.health.http.health({ tags: [SUBNET] });
    // Two tags: no example covers 'other', so the mock answers its first (healthy) example.
    const two = await node.health.http.health({ tags: [SUBNET, 'a b'] });
    expect(seen.map((r) => r.url)).toEqual([`${mock.url}/ext/health?tag=${SUBNET}`, `${mock.url}/ext/health?tag=${SUBNET}&tag=a%20b`]);
    expect(two.status).toBe(200);
    expect(reply.status).toBe(503);
    expect(reply.ok).toBe(false);
    expect(reply.body.healthy).toBe(false);
    expect(reply.body.checks.bootstrapped?.error).toBe('subnets not bootstrapped');
    await node.close();
  });

  it('readiness() and liveness() GET their own paths', async () => {
    const seen: HttpRequest[] = [];
    const node = await client(seen);
    const ready = await node.health.http.readiness();
    const live = await node.health.http.liveness();
    expect([ready.status, live.status]).toEqual([200, 200]);
    expect(Object.keys(ready.body.checks)).toEqual(['bootstrapped']);
    expect(live.body).toEqual({ checks: {}, healthy: true });
    expect(seen.map((r) => r.url)).toEqual([`${mock.url}/ext/health/readiness`, `${mock.url}/ext/health/liveness`]);
    await node.close();
  });

  it('a GET that got no answer is retried like a read; with retries off it fails', async () => {
    const { createNodeClient } = await import('../../../generated/client/index.js');
    const { TransportError } = await import('../../../generated/client/runtime/index.js');
    const flaky = (attempts: string[]) => (request: HttpRequest, next: (r: HttpRequest) => Promise<unknown>) => {
      attempts.push(request.method);
      if (attempts.length === 1) return Promise.reject(new Error('connection reset'));
      return next(request);
    };
    const tries: string[] = [];
    const node = createNodeClient({ url: mock.url, retryDelay: 1, use: [flaky(tries) as never] });
    const reply = await node.health.http.liveness();
    expect([reply.status, tries]).toEqual([200, ['GET', 'GET']]);
    await node.close();
    const once: string[] = [];
    const strict = createNodeClient({ url: mock.url, retry: false, use: [flaky(once) as never] });
    await expect(strict.health.http.liveness()).rejects.toBeInstanceOf(TransportError);
    expect(once).toEqual(['GET']);
    await strict.close();
  });

  it('with several nodes, a GET moves on from a node that does not answer', async () => {
    const { createNodeClient } = await import('../../../generated/client/index.js');
    const { createFallbackTransport } = await import('../../../generated/client/runtime/index.js');
    // A port on 127.0.0.1 that nothing listens on: taken from the system, then released.
    const dead = await new Promise<string>((done) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const port = (s.address() as AddressInfo).port;
        s.close(() => done(`http://127.0.0.1:${port}`));
      });
    });
    const seen: string[] = [];
    const node = createNodeClient({
      urls: [dead, mock.url],
      retry: false,
      fallback: { transport: createFallbackTransport },
      use: [(request, next) => (seen.push(request.url), next(request))],
    });
    const reply = await node.health.http.readiness({ tags: [SUBNET] });
    expect(reply.status).toBe(200);
    expect(seen).toEqual([`${dead}/ext/health/readiness?tag=${SUBNET}`, `${mock.url}/ext/health/readiness?tag=${SUBNET}`]);
    await node.close();
  });

  it('a status the spec does not list rejects with an HttpError', async () => {
    const { createNodeClient } = await import('../../../generated/client/index.js');
    const { HttpError } = await import('../../../generated/client/runtime/index.js');
    const node = createNodeClient({ url: mock.url, use: [(request, next) => next({ ...request, url: `${mock.url}/ext/nowhere` })] });
    const error = await node.health.http.liveness().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as InstanceType<typeof HttpError>).status).toBe(404);
    await node.close();
  });
});

describe('the GETs run through the server like a JSON-RPC call', () => {
  it('x-mock-example picks the unhealthy example: 503', async () => {
    const res = await fetch(`${mock.url}/ext/health`, { headers: { 'x-mock-example': 'failing-check' } });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { healthy: boolean }).healthy).toBe(false);
  });

  it('a typed handler answers the GET, and its result decides the status', async () => {
    const { startNodeMock } = await import('../../../generated/client/mock/index.js');
    const seen: unknown[] = [];
    const own = await startNodeMock({
      handlers: {
        health: {
          health: {
            readiness: (params: { tags?: string[] }) => {
              seen.push(params);
              return { healthy: !params.tags?.includes('down'), checks: {} };
            },
          },
        },
      },
    });
    try {
      const down = await fetch(`${own.url}/ext/health/readiness?tag=down&tag=x`);
      const up = await fetch(`${own.url}/ext/health/readiness`);
      expect([down.status, up.status]).toEqual([503, 200]);
      expect(await down.json()).toEqual({ healthy: false, checks: {} });
      expect(seen).toEqual([{ tags: ['down', 'x'] }, {}]);
    } finally {
      await own.close();
    }
  });

  it("in the node's mode too (the health service's gorilla dialect)", async () => {
    const { startNodeMock } = await import('../../../generated/client/mock/index.js');
    const own = await startNodeMock({ mode: 'node' });
    try {
      const [down, up] = await Promise.all([fetch(`${own.url}/ext/health?tag=${SUBNET}`), fetch(`${own.url}/ext/health/liveness`)]);
      expect([down.status, up.status]).toEqual([503, 200]);
      expect(((await down.json()) as { healthy: boolean }).healthy).toBe(false);
      expect(await up.json()).toEqual({ checks: {}, healthy: true });
    } finally {
      await own.close();
    }
  });

  it('a query the params validator refuses answers 400 with the JSON-RPC error', async () => {
    const res = await fetch(`${mock.url}/ext/health/liveness?tag=`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: number }).code).toBe(-32602);
  });
});
