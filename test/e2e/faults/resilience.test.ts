/**
 * The whole-node client in production conditions, against fault-injecting servers on 127.0.0.1: fallback
 * across nodes (one dies mid-run; ranking moves to the healthy one), hedged reads, middleware that reaches
 * the server, a logger that never prints a secret, and the raw HTTP response beside the typed result.
 * Real timers with delays of a few ms; the exact delays are pinned in test/runtime/transports/retry.test.ts.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { createNodeClient, type NodeClient } from '../../../generated/client/index.js';
import { createFallbackTransport, createLogging, HttpError, RpcError, type LogRecord, type ResponseInfo } from '../../../generated/client/runtime/index.js';
import { startFaultServer, type FaultServer, type Step } from '../../helpers/faults.js';

const servers: FaultServer[] = [];
const clients: NodeClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function server(script: Step[] = ['ok']): Promise<FaultServer> {
  const s = await startFaultServer(script);
  servers.push(s);
  return s;
}
const base = (s: FaultServer) => s.url.replace(/\/rpc$/, '');
function client(options: Parameters<typeof createNodeClient>[0]): NodeClient {
  const c = createNodeClient(options);
  clients.push(c);
  return c;
}
const methods = (s: FaultServer) => s.attempts.map((a) => (a.body as { method: string }).method);

describe('fallback across nodes', () => {
  test('a node that dies mid-run: calls move to the healthy one, and the ranking puts it first', async () => {
    const a = await server();
    const b = await server();
    const node = client({ urls: [base(a), base(b)], fallback: { transport: createFallbackTransport, rank: { interval: 0 } }, retryDelay: 1 });
    expect(await node.eth.blockNumber()).toBe(1n);
    expect([a.attempts.length, b.attempts.length]).toEqual([1, 0]);

    await a.close();
    // A write too: a refused connection surely never reached the node.
    await expect(node.eth.sendTransaction({ from: '0x0000000000000000000000000000000000000001' })).resolves.toBe('0x1');
    expect(methods(b)).toEqual(['eth_sendTransaction']);
    // After the failure is recorded the healthy node ranks first: the next calls go straight to it.
    for (let i = 0; i < 3; i++) expect(await node.eth.blockNumber()).toBe(1n);
    expect(b.attempts.length).toBe(4);
  });

  test('the probe ranks nodes by latency: calls move from the slow node to the fast one', async () => {
    const slow = await server([{ after: 60, step: 'ok' }]);
    const fast = await server();
    const node = client({ urls: [base(slow), base(fast)], fallback: { transport: createFallbackTransport, rank: { interval: 20 } } });
    // The first call goes to the first node, and starts the probes of the service's endpoint.
    expect(await node.eth.blockNumber()).toBe(1n);
    expect(methods(slow)).toContain('eth_blockNumber');
    await waitFor(() => methods(slow).filter((m) => m === 'eth_chainId').length >= 3);
    // The probes are eth_chainId, the spec's cheap read for the EVM service.
    expect(methods(fast).every((m) => m === 'eth_chainId')).toBe(true);
    expect(await node.eth.blockNumber()).toBe(1n);
    expect(methods(fast)).toContain('eth_blockNumber');
    expect(methods(slow).filter((m) => m === 'eth_blockNumber')).toHaveLength(1);
  });

  test('a hedged read: the second node answers while the first hangs; writes are never hedged', async () => {
    const hung = await server(['hang']);
    const ok = await server();
    const node = client({ urls: [base(hung), base(ok)], fallback: { transport: createFallbackTransport, hedge: 20 }, timeout: 2_000, retry: false });
    expect(await node.eth.blockNumber()).toBe(1n);
    expect([methods(hung), methods(ok)]).toEqual([['eth_blockNumber'], ['eth_blockNumber']]);
    await expect(node.eth.sendTransaction({ from: '0x0000000000000000000000000000000000000001' }, { timeout: 100 })).rejects.toThrow('no reply');
    expect(methods(ok)).toEqual(['eth_blockNumber']);
  });
});

describe('middleware', () => {
  test('changes made by middleware reach the server, on every attempt, in order', async () => {
    const s = await server([{ status: 503 }, 'ok']);
    const seen: string[] = [];
    const node = client({
      url: base(s),
      retryDelay: 1,
      use: [
        async (request, next) => {
          seen.push('outer');
          return next({ ...request, headers: { ...request.headers, authorization: 'Bearer t0ken', 'x-trace': 'a' } });
        },
      ],
    });
    node.use(async (request, next) => {
      seen.push('inner');
      const response = await next({ ...request, headers: { ...request.headers, 'x-trace': `${request.headers['x-trace']}b` } });
      seen.push(`inner saw ${response.status}`);
      return response;
    });
    expect(await node.eth.chainId()).toBe(1n);
    expect(s.attempts.map((a) => [a.headers.authorization, a.headers['x-trace']])).toEqual([
      ['Bearer t0ken', 'ab'],
      ['Bearer t0ken', 'ab'],
    ]);
    expect(seen).toEqual(['outer', 'inner', 'inner saw 503', 'outer', 'inner', 'inner saw 200']);
  });

  test('a middleware can answer without sending, and its failure is the call’s failure', async () => {
    const s = await server();
    const node = client({
      url: base(s),
      retry: false,
      use: [async () => ({ ok: false, status: 418, statusText: "I'm a teapot", text: async () => 'no' })],
    });
    const error = await node.eth.chainId().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(418);
    expect(s.attempts).toEqual([]);
  });
});

describe('logging', () => {
  test('each attempt is logged with method, URL, status and duration, retries with their reason; a secret never appears', async () => {
    const password = 'hunter2-S3cret!';
    // The server echoes the request in its error body and data, as gorilla/rpc does.
    const s = await server([
      (attempt) => ({ status: 503, body: `upstream failed for ${JSON.stringify(attempt.body)}` }),
      (attempt) => ({ each: () => ({ error: { code: -32000, message: `bad password ${password}`, data: attempt.body } }) }),
    ]);
    const lines: string[] = [];
    const records: LogRecord[] = [];
    const sink = (level: string) => (message: string, record: LogRecord) => {
      lines.push(`${level} ${message}`);
      records.push(record);
    };
    const node = client({
      url: base(s),
      retryDelay: 1,
      log: createLogging({ level: 'debug', logger: { debug: sink('debug'), info: sink('info'), warn: sink('warn'), error: sink('error') } }),
    });
    // An admin call is never retried unless asked: this one is, to log a retry too.
    const error = await node.personal.unlockAccount('0x0000000000000000000000000000000000000001', password, 60n, { retry: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(s.attempts.length).toBe(2);
    expect(JSON.stringify(s.attempts[0]!.body)).toContain(password);

    const everything = JSON.stringify({ lines, records });
    expect(everything).not.toContain(password);
    expect(everything).toContain('***');
    const url = `${base(s)}/ext/bc/C/rpc`;
    expect(lines[0]).toMatch(new RegExp(`^warn personal_unlockAccount ${url} 503 failed in \\d+ ms: `));
    expect(lines[1]).toMatch(/^info personal_unlockAccount .* retrying in \d+ ms \(attempt 1 failed: HTTP 503\)$/);
    expect(lines[2]).toMatch(new RegExp(`^warn personal_unlockAccount ${url} 200 failed in \\d+ ms: bad password \\*\\*\\*`));
    expect(records[0]).toMatchObject({ method: 'personal_unlockAccount', url, status: 503, ok: false, params: ['0x0000000000000000000000000000000000000001', '***', 60] });
    expect(records[1]!.retry).toEqual({ attempt: 1, delay: expect.any(Number), reason: 'HTTP 503' });
  });

  test('the logger of earlier releases, without createLogging: an error that says what to import', () => {
    const old = { url: 'http://127.0.0.1:9', logger: console } as unknown as Parameters<typeof createNodeClient>[0];
    expect(() => createNodeClient(old)).toThrow(
      "logging loads only when asked for: import { createLogging } from '@noderpc/client/runtime' and pass log: createLogging({ logger, level })",
    );
  });

  test('at the default level successes are not logged', async () => {
    const s = await server();
    const lines: string[] = [];
    const node = client({ url: base(s), log: createLogging({ logger: { debug: (m) => lines.push(m), info: (m) => lines.push(m), warn: (m) => lines.push(m) } }) });
    await node.eth.chainId();
    expect(lines).toEqual([]);
  });
});

describe('the raw response beside the typed result', () => {
  test('onResponse sees the status and headers of every attempt; the call still returns the value form', async () => {
    const s = await server([{ status: 429, headers: { 'retry-after-ms': '5', 'x-ratelimit-remaining': '0' } }, 'ok']);
    const node = client({ url: base(s) });
    const responses: ResponseInfo[] = [];
    const value = await node.eth.blockNumber({ onResponse: (r) => responses.push(r) });
    expect(value).toBe(1n);
    expect(responses.map((r) => [r.status, r.headers?.get('x-ratelimit-remaining') ?? null])).toEqual([
      [429, '0'],
      [200, null],
    ]);
    expect(responses[1]!.headers?.get('content-type')).toBe('application/json');
  });
});

async function waitFor(test: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('the fallback transport is passed in', () => {
  test('several nodes without it: an error that says what to import', async () => {
    const a = await server();
    const node = client({ urls: [base(a), base(a)] });
    expect(() => node.eth.chainId()).toThrow(
      new TypeError(
        "several nodes need the fallback transport, which loads only when asked for: import { createFallbackTransport } from '@noderpc/client/runtime' and pass fallback: { transport: createFallbackTransport }",
      ),
    );
  });
});
