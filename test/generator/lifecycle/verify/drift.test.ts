/**
 * `noderpc verify`, the command, against a node that drifts on purpose. The server on 127.0.0.1 is the
 * generated mock in node mode with a scenario table in front: each row makes one method answer one way the
 * spec does not (a renamed field, a number where a decimal string is due, ...). Each row must be reported
 * exactly as it says, the control methods `ok`, and nothing else; the exit status is 1 (drift) and the JSON
 * has its documented shape.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeMock } from '../../../../generated/client/mock/index.js';
import { askMock, readBody } from '../../../helpers/drifting.js';
import { ROOT } from '../../../helpers/paths.js';

type Reply = { status?: number; body?: unknown; text?: string } | 'stall';

interface Row {
  readonly name: string;
  readonly method: string;
  /** What the drifting node answers (wrapped in a JSON-RPC response unless it is an HTTP answer). */
  readonly reply: (example: Record<string, unknown>) => Reply;
  readonly status: string;
  readonly reason?: string;
  readonly problems?: { pointer: string; message: string }[];
}

const result = (r: unknown): Reply => ({ body: { result: r } });
const error = (code: number, message: string, data?: unknown): Reply => ({ body: { error: { code, message, ...(data !== undefined ? { data } : {}) } } });

// Long enough for any honest reply on a busy machine; only the stalled row waits it out.
const TIMEOUT = 3000;

const rows: readonly Row[] = [
  {
    name: 'a renamed field',
    method: 'platform.getHeight',
    reply: () => result({ blockHeight: '5' }),
    status: 'drift',
    problems: [
      { pointer: '/height', message: 'required field "height" is missing' },
      { pointer: '/blockHeight', message: 'field "blockHeight" is not in the spec' },
    ],
  },
  {
    name: 'a number where a decimal string is due',
    method: 'net_version',
    reply: () => result(43114),
    status: 'drift',
    problems: [{ pointer: '', message: 'must be of type string' }],
  },
  {
    name: 'a required field missing',
    method: 'info.getNodeVersion',
    reply: (ex) => result(Object.fromEntries(Object.entries(ex).filter(([k]) => k !== 'databaseVersion'))),
    status: 'drift',
    problems: [{ pointer: '/databaseVersion', message: 'required field "databaseVersion" is missing' }],
  },
  {
    name: 'an extra field',
    method: 'info.getNetworkName',
    reply: () => result({ networkName: 'fuji', shard: 'x' }),
    status: 'extra-fields',
    problems: [{ pointer: '/shard', message: 'field "shard" is not in the spec' }],
  },
  {
    name: 'method not found (gorilla/rpc)',
    method: 'info.getNodeIP',
    reply: () => error(-32000, 'rpc: can\'t find method "info.GetNodeIP"', null),
    status: 'not-served',
    reason: 'error -32000 "rpc: can\'t find method \\"info.GetNodeIP\\""',
    problems: [{ pointer: '/x-availability', message: 'the spec says the node serves it, but the node has no such method' }],
  },
  {
    name: 'method not found (geth)',
    method: 'eth_gasPrice',
    reply: () => error(-32601, 'the method eth_gasPrice does not exist/is not available'),
    status: 'not-served',
    reason: 'error -32601 "the method eth_gasPrice does not exist/is not available"',
    problems: [{ pointer: '/x-availability', message: 'the spec says the node serves it (on by default with internal-eth), but the node has no such method' }],
  },
  {
    name: 'an endpoint not mounted (HTTP 404)',
    method: 'platform.getFeeState',
    reply: () => ({ status: 404, text: '404 page not found\n' }),
    status: 'not-served',
    reason: 'HTTP 404 "404 page not found"',
    problems: [{ pointer: '/x-availability', message: 'the spec says the node serves it, but the node has no such method' }],
  },
  {
    name: 'method disabled',
    method: 'txpool_status',
    reply: () => error(-32601, 'the method txpool_status does not exist/is not available'),
    status: 'disabled',
    reason: 'error -32601 "the method txpool_status does not exist/is not available"; the spec says it is off by default (turned on with internal-tx-pool)',
  },
  { name: 'HTTP 500', method: 'info.peers', reply: () => ({ status: 500, text: 'internal error' }), status: 'error', reason: 'HTTP 500 "internal error"' },
  { name: 'a reply slower than the timeout', method: 'eth_chainId', reply: () => 'stall', status: 'error', reason: `no reply within ${TIMEOUT} ms` },
  { name: 'a reply that is not JSON', method: 'info.getNodeID', reply: () => ({ text: '<html>gateway</html>' }), status: 'unreadable', reason: 'the reply is not JSON: "<html>gateway</html>"' },
];

/** Methods the drifting node answers as the mock does: each must be `ok`. */
const controls = ['info.getNetworkID', 'platform.getTimestamp', 'eth_blockNumber'];

let mock: Awaited<ReturnType<typeof startNodeMock>>;
let server: Server;
let url: string;
const stalled: ServerResponse[] = [];

beforeAll(async () => {
  mock = await startNodeMock({ mode: 'node' });
  server = createServer(async (req, res) => {
    const text = await readBody(req);
    const call = JSON.parse(text) as { id: unknown; method: string };
    const row = rows.find((r) => r.method === call.method);
    if (!row) {
      const answer = await askMock(mock, req.url, text);
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(await answer.text());
      return;
    }
    const example = (await (await askMock(mock, req.url, text)).json()) as { result?: Record<string, unknown> };
    const reply = row.reply(example.result ?? {});
    if (reply === 'stall') {
      stalled.push(res);
      return;
    }
    res.writeHead(reply.status ?? 200, { 'content-type': reply.text !== undefined ? 'text/plain' : 'application/json' });
    res.end(reply.text ?? JSON.stringify({ jsonrpc: '2.0', id: call.id, ...(reply.body as object) }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of stalled) res.destroy();
  await new Promise<void>((r) => server.close(() => r()));
  await mock.close();
});

function runCli(args: readonly string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/noderpc.js'), ...args], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('noderpc verify against a node that drifts on purpose', () => {
  let out: { status: number | null; stdout: string; stderr: string };
  let report: { node: { url: string; version?: string }; methods: { method: string; service: string; status: string; reason?: string; problems: { pointer: string; message: string }[] }[]; summary: Record<string, number> };

  beforeAll(async () => {
    const methods = [...rows.map((r) => r.method), ...controls].join(',');
    out = await runCli(['verify', url, '--methods', methods, '--timeout', String(TIMEOUT), '--rate', '1000', '--concurrency', '4', '--no-discover', '--json']);
    report = JSON.parse(out.stdout);
  }, 60_000);

  for (const row of rows) {
    it(`${row.name}: ${row.method} is ${row.status}`, () => {
      const m = report.methods.find((x) => x.method === row.method)!;
      expect(m.status, JSON.stringify(m)).toBe(row.status);
      expect(m.problems.map((p) => ({ pointer: p.pointer, message: p.message }))).toEqual(row.problems ?? []);
      if (row.reason !== undefined) expect(m.reason).toBe(row.reason);
    });
  }

  it('reports the controls ok and nothing else', () => {
    expect(report.methods.filter((m) => controls.includes(m.method)).map((m) => [m.method, m.status])).toEqual(controls.map((c) => [c, 'ok']));
    const wanted = new Set([...rows.map((r) => r.method), ...controls]);
    expect(report.methods.map((m) => m.method).sort()).toEqual([...wanted].sort());
    expect(report.summary).toEqual({ drift: 3, 'not-served': 3, unreadable: 1, 'extra-fields': 1, error: 2, disabled: 1, ok: 3, skipped: 0, calls: rows.length + controls.length + 1 });
  });

  it('has the documented shape and exits 1 on drift, unreadable replies or not', () => {
    expect(out.stderr).toBe('');
    expect(out.status).toBe(1);
    expect(Object.keys(report).sort()).toEqual(['discover', 'methods', 'node', 'summary']);
    expect(report.node.url).toBe(url);
    for (const m of report.methods) {
      expect(Object.keys(m).filter((k) => !['method', 'service', 'status', 'problems', 'reason', 'params'].includes(k))).toEqual([]);
      for (const p of m.problems) expect(Object.keys(p).filter((k) => !['pointer', 'message', 'expected', 'received'].includes(k))).toEqual([]);
    }
    // What the spec says and what came, where there is one.
    const drifted = report.methods.find((m) => m.method === 'net_version')!.problems[0] as unknown as { expected: string; received: unknown };
    expect(drifted).toMatchObject({ expected: 'string matching ^(0|[1-9][0-9]{0,19})$', received: 43114 });
  });

  it('prints a table with drift first, grouped by service', async () => {
    const methods = [...rows.map((r) => r.method), ...controls].join(',');
    const table = await runCli(['verify', url, '--methods', methods, '--timeout', String(TIMEOUT), '--rate', '1000', '--no-discover']);
    expect(table.status).toBe(1);
    const headings = table.stdout.split('\n').filter((l) => /^[a-z-]+ \(\d+\)$/.test(l));
    expect(headings).toEqual(['drift (3)', 'not-served (3)', 'unreadable (1)', 'extra-fields (1)', 'error (2)', 'disabled (1)', 'ok (3)']);
    const drift = table.stdout.slice(table.stdout.indexOf('drift (3)'), table.stdout.indexOf('not-served (3)'));
    expect(drift.split('\n').filter((l) => /^ {2}\S/.test(l))).toEqual(['  info', '  platform', '  evm']);
    expect(table.stdout).toContain('      /blockHeight: field "blockHeight" is not in the spec; received: "5"');
  }, 60_000);

  it('exits 0 when nothing drifts, and 2 with a clear message on a bad flag', async () => {
    const fine = await runCli(['verify', url, '--methods', controls.join(','), '--no-discover']);
    expect(fine.status, fine.stdout + fine.stderr).toBe(0);
    const bad = await runCli(['verify', url, '--profile', 'everything']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^--profile must be full or public, got everything/);
    const noUrl = await runCli(['verify', 'not a url']);
    expect(noUrl.status).toBe(2);
    expect(noUrl.stderr).toMatch(/^"not a url" is not a URL; give the node's base URL/);
  }, 60_000);
});
