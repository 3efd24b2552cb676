/**
 * verify's checks of the plain GETs a method is also served to (`x-http-get`: the node's health probes).
 * Against the generated mock on 127.0.0.1, healthy (its examples) and unhealthy (a handler's report): every
 * GET path answers with the status the rules give its body, so each is `ok`. Against a small server that
 * breaks one rule per row (a status the spec does not list, a status the rules do not give that body, a
 * body off the schema, a body that is not JSON, no such path): each row is reported as it says.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeMock } from '../../../../generated/client/mock/index.js';
import { exitStatus, formatReport, verify, type MethodReport } from '../../../../generator/lifecycle/verify/index.js';
import { projectModel } from '../../../helpers/model.js';

const services = () => projectModel().services.filter((s) => s.name === 'health');
const gets = (methods: readonly MethodReport[]) => methods.filter((m) => m.get !== undefined);
const unhealthy = { healthy: false, checks: { network: { error: 'no peers connected', duration: 1200 } } };

describe('verify: plain GETs against the generated mock', () => {
  it('healthy: every GET path of every method is ok with HTTP 200, the JSON-RPC calls too', async () => {
    const mock = await startNodeMock({ mode: 'node' });
    try {
      const report = await verify({ url: mock.url, services: services(), rate: 1000, discover: false });
      const paths = services()[0]!.methods.flatMap((m) => (m.httpGet?.paths ?? []).map((p) => `${m.name} /ext/health${p}`));
      expect(paths).toEqual(['health.health /ext/health', 'health.health /ext/health/health', 'health.readiness /ext/health/readiness', 'health.liveness /ext/health/liveness']);
      expect(gets(report.methods).map((m) => `${m.method} ${m.get}`)).toEqual(paths);
      for (const m of report.methods) expect([m.method, m.get, m.status, m.get && m.reason], formatReport(report)).toEqual([m.method, m.get, 'ok', m.get && 'HTTP 200']);
      expect(report.summary.calls).toBe(3 + 4);
      expect(formatReport(report)).toContain('health.health GET /ext/health, health.health GET /ext/health/health');
    } finally {
      await mock.close();
    }
  });

  it('unhealthy: the 503 the rules give a report that says so is ok too; the tags go in the query string', async () => {
    const seen: unknown[] = [];
    const report = (p: unknown) => (seen.push(p), unhealthy);
    const mock = await startNodeMock({ mode: 'node', handlers: { health: { health: { health: report, readiness: report, liveness: report } } } });
    try {
      const r = await verify({ url: mock.url, services: services(), rate: 1000, discover: false });
      expect(gets(r.methods).map((m) => [m.get, m.status, m.reason])).toEqual([
        ['/ext/health', 'ok', 'HTTP 503'],
        ['/ext/health/health', 'ok', 'HTTP 503'],
        ['/ext/health/readiness', 'ok', 'HTTP 503'],
        ['/ext/health/liveness', 'ok', 'HTTP 503'],
      ]);
      expect(exitStatus(r)).toBe(0);
      // Each GET was given the params of its method's call, read back from the query string by the server.
      const sent = gets(r.methods).map((m) => m.params);
      expect(seen.length).toBe(3 + 4);
      for (const params of sent) expect(seen).toContainEqual(params ?? {});
    } finally {
      await mock.close();
    }
  });
});

interface Row {
  readonly name: string;
  /** What the server answers to `GET /ext/health/readiness`. */
  readonly status: number;
  readonly body: string;
  readonly want: Pick<MethodReport, 'status' | 'reason' | 'problems'>;
}

const json = (v: unknown) => JSON.stringify(v);
const rows: readonly Row[] = [
  { name: 'healthy with 200 (the control)', status: 200, body: json({ healthy: true, checks: {} }), want: { status: 'ok', reason: 'HTTP 200', problems: [] } },
  {
    name: 'a status the spec does not list',
    status: 500,
    body: json({ healthy: true, checks: {} }),
    want: {
      status: 'drift',
      reason: 'HTTP 500',
      problems: [{ pointer: '/x-http-get/status', message: 'the node answered HTTP 500, a status the spec does not list for this GET', expected: '503 or 200', received: 500 }],
    },
  },
  {
    name: 'unhealthy but 200',
    status: 200,
    body: json(unhealthy),
    want: {
      status: 'drift',
      reason: 'HTTP 200',
      problems: [{ pointer: '/x-http-get/status', message: 'the status rules give this body 503 (503 when /healthy is false), but the node answered 200', expected: '503', received: 200 }],
    },
  },
  {
    name: 'healthy but 503',
    status: 503,
    body: json({ healthy: true, checks: {} }),
    want: {
      status: 'drift',
      reason: 'HTTP 503',
      problems: [{ pointer: '/x-http-get/status', message: 'the status rules give this body 200 (200 otherwise), but the node answered 503', expected: '200', received: 503 }],
    },
  },
  {
    name: 'a body off the result schema',
    status: 200,
    body: json({ healthy: true }),
    want: { status: 'drift', reason: 'HTTP 200', problems: [{ pointer: '/checks', message: 'required field "checks" is missing', expected: 'object' }] },
  },
  {
    name: 'a field the spec does not name',
    status: 200,
    body: json({ healthy: true, checks: {}, uptime: 5 }),
    want: { status: 'extra-fields', reason: 'HTTP 200', problems: [{ pointer: '/uptime', message: 'field "uptime" is not in the spec', received: 5 }] },
  },
  { name: 'a body that is not JSON', status: 200, body: 'OK', want: { status: 'unreadable', reason: 'the body of HTTP 200 is not JSON: "OK"', problems: [] } },
  {
    name: 'no such path',
    status: 404,
    body: '404 page not found\n',
    want: {
      status: 'not-served',
      reason: 'HTTP 404 "404 page not found"',
      problems: [{ pointer: '/x-availability', message: 'the spec says the node serves it, but the node has no such method', expected: 'served', received: 'HTTP 404 "404 page not found"' }],
    },
  },
];

describe('verify: plain GETs against a server that breaks the rules', () => {
  let server: Server;
  let url: string;
  let row: Row = rows[0]!;
  const asked: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.method === 'POST') {
          // The JSON-RPC side answers as the spec says; only the GET breaks its row's rule.
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(json({ jsonrpc: '2.0', id: 1, result: { healthy: true, checks: {} } }));
          return;
        }
        asked.push(`${req.method} ${req.url}`);
        res.writeHead(row.status, { 'content-type': 'application/json' });
        res.end(row.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each(rows.map((r) => [r.name, r] as const))('%s', async (_name, r) => {
    row = r;
    asked.length = 0;
    const report = await verify({ url, services: services(), methods: ['health.readiness'], rate: 1000, discover: false });
    expect(asked).toEqual(['GET /ext/health/readiness']);
    const [rpc, get] = report.methods;
    expect(rpc).toMatchObject({ method: 'health.readiness', status: 'ok' });
    expect(get).toEqual({ method: 'health.readiness', service: 'health', get: '/ext/health/readiness', params: {}, ...r.want });
    expect(exitStatus(report)).toBe(r.want.status === 'drift' || r.want.status === 'not-served' ? 1 : r.want.status === 'unreadable' ? 2 : 0);
    // In the table: passed in the compact list, anything else on its own line with why.
    const line = r.want.status === 'ok' ? '  health: health.readiness, health.readiness GET /ext/health/readiness\n' : `    health.readiness GET /ext/health/readiness: ${r.want.reason}\n`;
    expect(formatReport(report)).toContain(line);
  });

  it('a method verify does not call has its GETs skipped too, for the same reason, with nothing sent', async () => {
    asked.length = 0;
    const model = services();
    const readiness = model[0]!.methods.find((m) => m.name === 'health.readiness')!;
    const admin = { ...readiness, effects: { ...readiness.effects, kind: 'admin' as const } };
    const health = { ...model[0]!, methods: model[0]!.methods.map((m) => (m === readiness ? admin : m)) };
    const report = await verify({ url, services: [health], methods: ['health.readiness'], rate: 1000, discover: false });
    expect(asked).toEqual([]);
    expect(report.methods.map((m) => [m.get, m.status, m.reason])).toEqual([
      [undefined, 'skipped', 'not a read (x-effects: admin)'],
      ['/ext/health/readiness', 'skipped', 'not a read (x-effects: admin)'],
    ]);
  });

  it('sends the tags of the params in the query string, one per item', async () => {
    row = rows[0]!;
    asked.length = 0;
    const model = services();
    const readiness = model[0]!.methods.find((m) => m.name === 'health.readiness')!;
    const withTags = { ...readiness, examples: [{ ...readiness.examples[0]!, params: [{ name: 'tags', value: ['C', 'a b'] }] }] };
    const health = { ...model[0]!, methods: model[0]!.methods.map((m) => (m === readiness ? withTags : m)) };
    const report = await verify({ url, services: [health], methods: ['health.readiness'], rate: 1000, discover: false });
    expect(asked).toEqual(['GET /ext/health/readiness?tag=C&tag=a%20b']);
    expect(gets(report.methods)[0]).toMatchObject({ status: 'ok', params: { tags: ['C', 'a b'] } });
  });
});
