/**
 * verify against a real EVM node: anvil on 127.0.0.1, after one transaction so that the latest block has
 * one for the links to follow (block number, block, its first transaction and receipt).
 *
 * Our spec describes the C-Chain, not anvil, so anvil differs in places. Every difference must be explained
 * in the spec: a method reported as drifting must say in its description that anvil departs there (naming
 * the field), a method the spec says is served but anvil has not must say so in its availability note.
 * Nothing else may drift or be missing, and no read may fail.
 *
 * The same node is then checked against a document from elsewhere: the public execution-API specification,
 * which says nothing of what its methods do to a node, so verify calls only what `--reads` names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../../generator/config/index.js';
import { loadProject } from '../../../../generator/load/index.js';
import type { ServiceModel } from '../../../../generator/model/index.js';
import { failed, formatReport, verify, type VerifyReport } from '../../../../generator/lifecycle/verify/index.js';
import { ANVIL_START_TIMEOUT, startAnvil, type Anvil } from '../../../helpers/anvil.js';
import { projectModel } from '../../../helpers/model.js';
import { ROOT, SHARED } from '../../../helpers/paths.js';

let anvil: Anvil;
let url: string;

async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await res.json()) as { result?: unknown; error?: unknown };
  if (body.error) throw new Error(JSON.stringify(body.error));
  return body.result;
}

beforeAll(async () => {
  anvil = await startAnvil(43114);
  url = `http://127.0.0.1:${anvil.port}`;
  const [from, to] = (await rpc('eth_accounts', [])) as string[];
  const hash = (await rpc('eth_sendTransaction', [{ from, to, value: '0x1' }])) as string;
  // anvil mines each transaction as it comes; wait for the receipt as a client would.
  for (let i = 0; i < 400 && !(await rpc('eth_getTransactionReceipt', [hash])); i++) await new Promise((r) => setTimeout(r, 25));
}, ANVIL_START_TIMEOUT + 15_000);

afterAll(() => anvil?.stop());

/** anvil serves JSON-RPC at `/`; the C-Chain document's endpoint is `/ext/bc/C/rpc`. */
const atRoot: typeof fetch = (input, init) => fetch(String(input).replace('/ext/bc/C/rpc', ''), init);

describe('verify against anvil, with the project spec', () => {
  let report: VerifyReport;
  const evm = (): ServiceModel => projectModel().services.find((s) => s.name === 'evm')!;

  beforeAll(async () => {
    report = await verify({ url, services: [evm()], methods: ['eth_*', 'net_*', 'web3_*'], rate: 1000, concurrency: 4, fetch: atRoot, discover: false });
  }, 60_000);

  it('follows the links down to the transaction sent', () => {
    const byName = new Map(report.methods.map((m) => [m.method, m]));
    for (const name of ['eth_getBlockByNumber', 'eth_getBlockByHash', 'eth_getTransactionByHash', 'eth_getTransactionReceipt', 'eth_getRawTransactionByHash', 'eth_getLogs'])
      expect(byName.get(name)?.status, formatReport(report)).toMatch(/^(ok|extra-fields)$/);
    expect(report.node.version).toMatch(/^anvil\//);
  });

  it('drifts only where the spec says anvil departs from it', () => {
    const drift = report.methods.filter((m) => m.status === 'drift');
    for (const m of drift) {
      const description = evm().methods.find((x) => x.name === m.method)!.description ?? '';
      expect(description, `${m.method} drifts on anvil without a word in the spec:\n${formatReport(report)}`).toMatch(/anvil/);
      for (const p of m.problems) expect(description).toContain(`\`${p.pointer.split('/').pop()}\``);
    }
    expect(drift.map((m) => m.method)).toEqual(['eth_simulateV1']);
  });

  it('misses only methods whose availability note says anvil has none', () => {
    const missing = report.methods.filter((m) => m.status === 'not-served' && m.problems.length);
    expect(missing.length).toBeGreaterThan(0);
    for (const m of missing) expect(evm().methods.find((x) => x.name === m.method)!.availability.note ?? '', m.method).toMatch(/anvil\) ha(s|ve) no such method/);
    expect(failed(report)).toBe(true);
  });

  it('gets an answer from every read it calls', () => {
    expect(report.methods.filter((m) => m.status === 'error'), formatReport(report)).toEqual([]);
    // Only filters, whose IDs a write makes, and non-reads are skipped.
    for (const m of report.methods.filter((x) => x.status === 'skipped')) expect(m.reason).toMatch(/^(not a read|no params from the node .*eth_newFilter is not called)/);
  });
});

describe('verify against anvil, with a document from elsewhere', () => {
  const doc = `${SHARED}/conformance/execution-apis/openrpc.json`;
  let services: readonly ServiceModel[];

  beforeAll(() => {
    const loaded = loadProject(resolveConfig(ROOT, { documents: [doc], strict: false } as never));
    services = loaded.model!.services;
  });

  it('calls nothing that the document does not say is a read', async () => {
    const report = await verify({ url, services, discover: false });
    expect(report.summary.calls).toBe(0);
    expect(new Set(report.methods.map((m) => m.reason))).toEqual(new Set(['not known to be a read (the document has no x-effects; name it in --reads to call it)']));
  });

  it('checks the reads named with --reads, with params from the document\'s own examples', async () => {
    const reads = ['eth_blockNumber', 'eth_chainId', 'eth_gasPrice', 'eth_getBalance', 'eth_getBlockByNumber', 'eth_getBlockByHash', 'eth_getCode', 'eth_feeHistory', 'eth_syncing'];
    const report = await verify({ url, services, reads, methods: reads, rate: 1000, discover: true });
    expect(report.methods.map((m) => [m.method, m.status]), formatReport(report)).toEqual(
      services[0]!.methods.filter((m) => reads.includes(m.name)).map((m) => [m.name, 'ok']),
    );
    expect(failed(report)).toBe(false);
    // anvil has no rpc.discover: said, not fatal.
    expect(report.discover).toEqual([{ service: 'openrpc', url, served: false, notInSpec: [], notOnNode: [] }]);
  });
});
