/**
 * The proxy and plain HTTP GETs of methods the spec also serves that way (`x-http-get`: the node's health
 * probes), all on 127.0.0.1. Through the proxy to the generated mock (node mode, health.health made
 * unhealthy): each GET and its reply pass unchanged, nothing is reported, and each is recorded as a fixture
 * of its method (params as read from the query string) that the mock then replays, status and all. Through
 * the proxy to a server that breaks one rule per path: each break is reported as it is, and only a reply
 * that is the method's result is handed on for recording. A GET of no method passes unchecked.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeMock } from '../../../generated/client/mock/index.js';
import { createConformance } from '../../../generator/lifecycle/conform/index.js';
import { loadRecordings } from '../../../runtime/mock/replay.js';
import { checkFixture, createInspector, createRedactor } from '../../../tools/proxy/inspect.js';
import { startProxy, type ProxyExchange, type RunningProxy } from '../../../tools/proxy/index.js';
import { createRecorder } from '../../../tools/proxy/record.js';
import { projectModel } from '../../helpers/model.js';
import { scratch } from '../../helpers/paths.js';

const conformance = createConformance(projectModel().services);
const unhealthy = { healthy: false, checks: { network: { error: 'no peers connected', duration: 1200 } } };

async function get(url: string): Promise<{ status: number; type: string | null; body: string }> {
  const r = await fetch(url);
  return { status: r.status, type: r.headers.get('content-type'), body: await r.text() };
}

describe('plain GETs through the proxy to the mock', () => {
  let mock: Awaited<ReturnType<typeof startNodeMock>>;
  let proxy: RunningProxy;
  const dir = scratch('proxy-get-recording');
  const recorder = createRecorder(dir, createRedactor(conformance));
  const exchanges: ProxyExchange[] = [];

  beforeAll(async () => {
    mock = await startNodeMock({ mode: 'node', handlers: { health: { health: { health: () => unhealthy } } } });
    proxy = await startProxy({
      upstream: mock.url,
      inspector: createInspector(conformance),
      onExchange: (e) => {
        exchanges.push(e);
        if (!e.findings.some((f) => f.severity === 'violation')) recorder.record(e);
      },
    });
  });
  afterAll(async () => {
    await proxy?.close();
    await mock?.close();
  });

  it('passes each GET on unchanged, reports nothing, and records each as its method; the mock replays them', async () => {
    const targets = ['/ext/health/readiness', '/ext/health/health?tag=C&tag=a%20b', '/ext/health'];
    for (const t of targets) expect(await get(`${proxy.url}${t}`), t).toEqual(await get(`${mock.url}${t}`));
    const statuses = await Promise.all(targets.map(async (t) => (await get(`${proxy.url}${t}`)).status));
    expect(statuses).toEqual([200, 503, 503]);
    // A GET that stands for no call (the info endpoint serves none) passes unchecked and unrecorded.
    expect((await get(`${proxy.url}/ext/info`)).status).toBe((await get(`${mock.url}/ext/info`)).status);
    await expect.poll(() => exchanges.length).toBe(2 * targets.length);
    expect(proxy.reports()).toEqual([]);
    expect(exchanges.slice(0, 3).map((e) => [e.call, e.answer])).toEqual([
      [{ transport: 'http', path: '/ext/health/readiness', method: 'health.readiness', params: {} }, { result: JSON.parse((await get(`${mock.url}/ext/health/readiness`)).body) }],
      [{ transport: 'http', path: '/ext/health/health', method: 'health.health', params: { tags: ['C', 'a b'] } }, { result: unhealthy }],
      [{ transport: 'http', path: '/ext/health', method: 'health.health', params: {} }, { result: unhealthy }],
    ]);
    await recorder.flush();
    const files = readdirSync(dir).sort();
    expect(files.map((f) => f.replace(/\.[0-9a-f]{12}\.json$/, ''))).toEqual(['health.health', 'health.health', 'health.readiness']);
    const fixtures = files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { path: string; params: unknown });
    expect(fixtures.map((f) => [f.path, f.params]).sort()).toEqual([
      ['/ext/health', {}],
      ['/ext/health/health', { tags: ['C', 'a b'] }],
      ['/ext/health/readiness', {}],
    ]);

    // The mock replaying the recording answers those GETs as the node did: the same status and body.
    const replaying = await startNodeMock({ mode: 'node', recordings: loadRecordings(dir, (f) => checkFixture(conformance, f)) });
    try {
      const got = await get(`${replaying.url}/ext/health/health?tag=C&tag=a%20b`);
      expect([got.status, JSON.parse(got.body)]).toEqual([503, unhealthy]);
    } finally {
      await replaying.close();
    }
  });
});

describe('plain GETs through the proxy to a server that breaks the rules', () => {
  let upstream: Server;
  let proxy: RunningProxy;
  const exchanges: ProxyExchange[] = [];
  /** Path → [status, body] the server answers. */
  const answers: Record<string, [number, string]> = {
    '/ext/health/readiness': [200, JSON.stringify({ healthy: false, checks: {} })],
    '/ext/health/liveness': [200, 'OK'],
    '/ext/health/health': [500, JSON.stringify({ code: -32000, message: 'boom' })],
    '/ext/health': [503, JSON.stringify({ healthy: false })],
    '/ext/info': [405, 'method not allowed'],
  };

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      const [status, body] = answers[new URL(req.url!, 'http://x').pathname] ?? [404, ''];
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    proxy = await startProxy({ upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, inspector: createInspector(conformance), onExchange: (e) => exchanges.push(e) });
  });
  afterAll(async () => {
    await proxy?.close();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  });

  it('reports each break, and hands on only the replies that are the method\'s result', async () => {
    for (const [path, [status, body]] of Object.entries(answers)) expect(await get(`${proxy.url}${path}`)).toEqual({ status, type: 'application/json', body });
    await expect.poll(() => proxy.reports().length).toBe(4);
    const reports = proxy.reports().map(({ direction, method, path, pointer, message, severity, count }) => ({ direction, method, path, pointer, message, severity, count }));
    const reply = { direction: 'reply', severity: 'violation', count: 1 } as const;
    expect(reports).toEqual(
      expect.arrayContaining([
        { ...reply, method: 'health.readiness', path: '/ext/health/readiness', pointer: '/status', message: 'the status rules give this body 503, but the node answered 200 (spec: 503)' },
        { ...reply, method: 'health.liveness', path: '/ext/health/liveness', pointer: '/result', message: "the body of HTTP 200 is not JSON (spec: the method's result)" },
        { ...reply, method: 'health.health', path: '/ext/health/health', pointer: '/status', message: 'HTTP 500 is not a status the spec lists for this GET (spec: 503 or 200)' },
        { ...reply, method: 'health.health', path: '/ext/health', pointer: '/result/checks', message: 'required field "checks" is missing (spec: object)' },
      ]),
    );
    // A reply with a status the rules list and a JSON body is the method's result, findings and all (the
    // command records none with a violation); the others are not results at all.
    expect(exchanges.map((e) => [e.call.path, e.findings.map((f) => f.pointer)]).sort()).toEqual([
      ['/ext/health', ['/result/checks']],
      ['/ext/health/readiness', ['/status']],
    ]);
  });
});
