/**
 * verify against the generated mock node in node mode (the real node's wire conventions), on 127.0.0.1:
 * every read the spec describes answers, and answers what the spec says, so every read is `ok` (those
 * removed in an earlier release `not-served`, as on the node); everything else is skipped as not a read. Links are followed: the P-Chain block by ID comes from the block at the
 * reported height, the L1 validator from an L1's validator listing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeMock } from '../../../../generated/client/mock/index.js';
import { failed, formatReport, verify, type VerifyReport } from '../../../../generator/lifecycle/verify/index.js';
import { projectModel } from '../../../helpers/model.js';

let mock: Awaited<ReturnType<typeof startNodeMock>>;
let report: VerifyReport;

beforeAll(async () => {
  mock = await startNodeMock({ mode: 'node' });
  report = await verify({ url: mock.url, services: projectModel().services, rate: 1000, concurrency: 8, timeoutMs: 10_000 });
});
afterAll(() => mock.close());

describe('verify against the generated mock (node mode)', () => {
  it('finds every read ok and skips every other method as not a read', () => {
    const methods = projectModel().services.flatMap((s) => s.methods);
    const isRead = (name: string) => methods.find((m) => m.name === name)!.effects.kind === 'read';
    // A read whose params only a write's result can give (a filter's ID from eth_newFilter) is not called.
    const fedByWrites = new Set(methods.flatMap((m) => (isRead(m.name) ? [] : m.links.filter((l) => isRead(l.method)).map((l) => l.method))));
    for (const name of fedByWrites) expect(methods.some((m) => isRead(m.name) && m.links.some((l) => l.method === name))).toBe(false);
    expect([...fedByWrites]).toEqual(['eth_getFilterLogs']);
    const called = methods.filter((m) => m.effects.kind === 'read' && !m.websocketOnly && !fedByWrites.has(m.name));
    const reads = called.filter((m) => m.availability.removedIn === undefined).map((m) => m.name);
    // Reads removed in an earlier release: the mock, as the node, answers them as unknown (or, for a service
    // removed whole, with a 404), which verify reports as not served, and not as a problem.
    const removed = called.filter((m) => m.availability.removedIn !== undefined).map((m) => m.name);
    expect(removed).toEqual(expect.arrayContaining(['avm.getAddressTxs', 'keystore.listUsers']));
    for (const m of report.methods.filter((x) => removed.includes(x.method))) {
      expect(m.status, m.method).toBe('not-served');
      expect(m.reason, m.method).toMatch(/; the spec says it was removed in v1\.\d+\.\d+$/);
    }
    const notOk = report.methods.filter((m) => m.status !== 'ok' && reads.includes(m.method));
    expect(notOk, formatReport(report)).toEqual([]);
    expect(report.methods.filter((m) => m.status === 'ok' && m.get === undefined).map((m) => m.method)).toEqual(reads);
    expect(report.methods.find((m) => m.method === 'eth_getFilterLogs')).toEqual({
      method: 'eth_getFilterLogs',
      service: 'evm',
      status: 'skipped',
      problems: [],
      reason: "no params from the node (the examples' values name things of another network): eth_newFilter is not called, not a read (x-effects: write, idempotent)",
    });
    for (const m of report.methods.filter((x) => !reads.includes(x.method) && !removed.includes(x.method) && !fedByWrites.has(x.method))) {
      expect(m.status).toBe('skipped');
      expect(m.reason).toMatch(/^not a read \(x-effects: (write|admin)(, idempotent)?\)$/);
    }
    // One entry per method, and one more per plain GET path of a method served to plain GETs.
    const getPaths = methods.reduce((n, m) => n + (m.httpGet?.paths.length ?? 0), 0);
    expect(getPaths).toBeGreaterThan(0);
    expect(report.methods.length).toBe(methods.length + getPaths);
    expect(failed(report)).toBe(false);
  });

  it('follows links: a method fed by one is called with the value from its source', () => {
    const byName = new Map(report.methods.map((m) => [m.method, m]));
    const height = projectModel().services.find((s) => s.name === 'platform')!.methods.find((m) => m.name === 'platform.getHeight')!.examples[0]!.result!.value as { height: string };
    expect(byName.get('platform.getBlockByHeight')?.params).toEqual({ height: height.height, encoding: 'json' });
    // The block at that height (the mock's json example) gives its ID to getBlock.
    expect(byName.get('platform.getBlock')?.params).toEqual({ blockID: 'ZNm3Abmo8Zyp8iw1QJrd7rvFo9cnYEbVXhB7as9dkTQGAa12s', encoding: 'json' });
    // The Primary Network's validators are never L1 validators: the validation ID comes from the listing of
    // an L1 (the second example of getCurrentValidators), where it follows the legacy stakers.
    expect(byName.get('platform.getL1Validator')?.params).toEqual({ validationID: '23Pr1XNMv65sGuEjbc8qZvcSKbTfsAsAAEKMfVGRC4xZVAYQR' });
    expect(byName.get('eth_getBlockByNumber')?.params).toEqual([
      (projectModel().services.find((s) => s.name === 'evm')!.methods.find((m) => m.name === 'eth_blockNumber')!.examples[0]!.result!.value as string),
      false,
    ]);
  });

  it('reads the node version from the method that states it, and counts its calls', () => {
    expect(report.node).toEqual({ url: mock.url, version: 'avalanchego/1.14.3' });
    const notServed = report.methods.filter((m) => m.status === 'not-served').length;
    expect(report.summary.ok + report.summary.skipped + notServed).toBe(report.methods.length);
    // Each read once (removed ones too), each plain GET path once, two more listings of validators for the
    // L1 validator, rpc.discover once per endpoint.
    expect(report.summary.calls).toBe(report.summary.ok + notServed + 2 + report.discover.length);
    // The node has no rpc.discover; the mock in node mode neither.
    expect(report.discover.every((d) => !d.served)).toBe(true);
  });

  it('skips what a public node does not serve with --profile public', async () => {
    const publicMock = await startNodeMock({ mode: 'node', profile: 'public' });
    try {
      const pub = await verify({ url: publicMock.url, services: projectModel().services, profile: 'public', rate: 1000, concurrency: 8, methods: ['info.*', 'debug_get*'], discover: false });
      const skipped = pub.methods.filter((m) => m.status === 'skipped').map((m) => m.method);
      const hidden = projectModel()
        .services.flatMap((s) => s.methods)
        .filter((m) => /^(info\.|debug_get)/.test(m.name) && !m.availability.publicNode)
        .map((m) => m.name);
      expect(hidden.length).toBeGreaterThan(3);
      expect(skipped).toEqual(hidden);
      for (const m of pub.methods.filter((x) => x.status === 'skipped')) expect(m.reason).toBe('not served by a public node (--profile public)');
      expect(pub.methods.filter((m) => m.status !== 'skipped').every((m) => m.status === 'ok')).toBe(true);
    } finally {
      await publicMock.close();
    }
  });
});
