/**
 * The plain GET calls of the generated Python clients (`client.health.http.*`, blocking and asyncio) run by
 * Debian's python3 (test/generator/emit/python/http_get_driver.py): against the generated mock on 127.0.0.1,
 * each GET returns the status beside the report decoded as the spec's example (503 with `ok` false for the
 * unhealthy one, not an exception); against the driver's own small server, the tags go as repeated `tag`
 * query parameters with the client's headers, a status the spec does not list raises HttpError and a body
 * that is not JSON raises ProtocolError.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../../../runtime/client/codec.js';
import { plansOf, projectModel } from '../../../helpers/model.js';
import { ROOT } from '../../../helpers/paths.js';
import { canonical } from '../clients/cases.js';
import { run } from '../clients/run.js';

const SUBNET = '29uVeLPJB1eQJkzRemU8g8wZDw5uJRqpab5U2mX9euieVwiEbL';

type Got = { type?: string; status: number | null; ok?: boolean; body?: unknown; error?: string; message?: string };

let mock: { url: string; close(): Promise<void> };
beforeAll(async () => {
  const { startNodeMock } = await import('../../../../generated/client/mock/index.js');
  mock = await startNodeMock();
});
afterAll(async () => {
  await mock?.close();
});

/** The spec's example `name` of health method `member`, decoded and in the drivers' canonical form. */
function example(member: string, name: string): unknown {
  const service = projectModel().services.find((s) => s.name === 'health')!;
  const method = service.methods.find((m) => m.name === `health.${member}`)!;
  const ex = method.examples.find((e) => e.name === name)!;
  return canonical(decode(plansOf(service, method).result, ex.result!.value));
}

describe('Python client plain GETs', () => {
  let out: { sync: Record<string, Got>; async: Record<string, Got>; seen: { method: string; path: string; key: string | null; type: string | null }[] };

  beforeAll(async () => {
    const ran = await run('/usr/bin/python3', [resolve(ROOT, 'test/generator/emit/python/http_get_driver.py'), mock.url], {
      env: { ...process.env, PYTHONPATH: resolve(ROOT, 'generated/python') },
      timeoutMs: 100_000,
    });
    if (ran.status !== 0) throw new Error(`the driver failed (${ran.status}):\n${ran.stderr}`);
    out = JSON.parse(ran.stdout);
  }, 120_000);

  for (const mode of ['sync', 'async'] as const) {
    it(`${mode}: healthy, unhealthy (503) and the other paths against the mock`, () => {
      const got = out[mode];
      const result = (status: number, ok: boolean, body: unknown) => ({ type: 'HttpGetResult', status, ok, body });
      expect(got.healthy).toEqual(result(200, true, example('health', 'healthy')));
      expect(got.unhealthy).toEqual(result(503, false, example('health', 'failing-check')));
      expect(got.readiness).toEqual(result(200, true, example('readiness', 'ready')));
      expect(got.liveness).toEqual(result(200, true, example('liveness', 'alive')));
    });

    it(`${mode}: an undeclared status is an HttpError, a body that is not JSON a ProtocolError`, () => {
      const got = out[mode];
      expect(got.query).toEqual({ type: 'HttpGetResult', status: 200, ok: true, body: { checks: {}, healthy: true } });
      expect(got.undeclared).toMatchObject({ error: 'HttpError', status: 500 });
      expect(got.undeclared!.message).toMatch(/^GET health\.liveness: HTTP 500 from http:\/\/127\.0\.0\.1:\d+\/ext\/health\/liveness: /);
      expect(got['not-json']).toMatchObject({ error: 'ProtocolError', status: null });
      expect(got['not-json']!.message).toMatch(/^GET health\.readiness: the body of HTTP 200 from http:\/\/127\.0\.0\.1:\d+\/ext\/health\/readiness is not JSON/);
    });
  }

  it('sends GETs without a body type, the tags as repeated query parameters, with the client headers', () => {
    const paths = [`/ext/health?tag=${SUBNET}&tag=a%20b`, '/ext/health/readiness', '/ext/health/liveness'];
    // Retries are off for these clients: each call is one request.
    expect(out.seen).toEqual([...paths, ...paths].map((path) => ({ method: 'GET', path, key: 'k1', type: null })));
  });
});
