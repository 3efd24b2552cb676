/**
 * The Ethereum-shaped real documents (the execution APIs, MetaMask's `eth_` methods) called against anvil
 * through their generated clients. That every corpus document generates, type-checks and answers through its
 * own mock is test/e2e/corpus.test.ts.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../generator/config/index.js';
import { generate } from '../../../generator/generate.js';
import { startAnvil, type Anvil } from '../../helpers/anvil.js';
import { SHARED, scratch } from '../../helpers/paths.js';
import { callEveryMethod, type CallOutcome } from './corpus.js';

const CORPUS = [
  { name: 'metamask', root: join(SHARED, 'conformance/openrpc-real/metamask'), documents: ['openrpc.json'] },
  { name: 'execution-apis', root: join(SHARED, 'conformance/execution-apis'), documents: ['openrpc.json'] },
] as const;

const out = scratch('corpus');
const dir = (name: string) => join(out, name);

beforeAll(async () => {
  for (const c of CORPUS) {
    const config = resolveConfig(c.root, {
      documents: [...c.documents],
      out: dir(c.name),
      strict: false,
      emit: ['openrpc', 'client', 'validators', 'server', 'mock', 'package'],
      package: { name: `corpus-${c.name}` },
    });
    const r = await generate(config, { cacheDir: false });
    if (!r.ok) throw new Error(r.report);
  }
}, 240_000);

describe('Ethereum-shaped documents against anvil', () => {
  let anvil: Anvil;
  beforeAll(async () => {
    anvil = await startAnvil(31337n);
  }, 30_000);
  afterAll(async () => {
    await anvil?.stop();
  });

  /** Methods every EVM node serves: each must answer, with a reply the shipped validator accepts. */
  const CORE = ['eth_chainId', 'eth_blockNumber', 'eth_gasPrice', 'eth_getBalance', 'eth_getBlockByNumber', 'eth_getTransactionCount', 'eth_getCode', 'eth_accounts'];

  const summary = (list: readonly CallOutcome[]) => list.map((o) => `${o.method}: ${o.problem ?? `error ${o.rpcError}`}`);

  for (const name of ['execution-apis', 'metamask'] as const) {
    it(`${name}: every eth_ method reaches anvil in a form it accepts, and the everyday ones answer valid replies`, async () => {
      const outcomes = await callEveryMethod(join(dir(name), 'client'), { live: `http://127.0.0.1:${anvil.port}`, only: (m) => m.startsWith('eth_') });
      expect(outcomes.length).toBeGreaterThan(20);
      // No client-side failure, and every reply anvil sent passes the document's own result validator.
      expect(summary(outcomes.filter((o) => o.problem))).toEqual([]);
      // A method without params is sent in the positional form (no `"params": {}`, which geth-style servers refuse).
      expect(summary(outcomes.filter((o) => o.declared === 0 && o.rpcError === -32602))).toEqual([]);
      // Nothing anvil could not even read as JSON-RPC.
      expect(summary(outcomes.filter((o) => o.rpcError === -32700 || o.rpcError === -32600))).toEqual([]);
      const answered = new Set(outcomes.filter((o) => !o.problem && o.rpcError === undefined).map((o) => o.method));
      const core = CORE.filter((m) => outcomes.some((o) => o.method === m));
      expect(core.length).toBeGreaterThan(3);
      expect(core.filter((m) => !answered.has(m))).toEqual([]);
    }, 120_000);
  }
});
