/**
 * Real OpenRPC documents of other projects (../shared/conformance/openrpc-real: MetaMask, Starknet's API
 * documents together as one package, Filecoin Lotus; and the Ethereum execution APIs), as a user would take
 * them: each generates; every declaration of every package type-checks (`strict`, `skipLibCheck: false`, one
 * tsc program over all of them); each package's own mock answers every method through its own client, typed
 * methods and `request()` alike, with the example's result where the document gives one and a value its
 * result validator accepts where it does not. The Ethereum-shaped ones (execution APIs, MetaMask's `eth_`
 * methods) also call anvil.
 */
import { existsSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../generator/config/index.js';
import { generate, type GenerateResult } from '../../generator/generate.js';
import { startAnvil, type Anvil } from '../helpers/anvil.js';
import { ROOT, SHARED, scratch } from '../helpers/paths.js';
import { declarations, typecheck } from '../helpers/typecheck.js';
import { callEveryMethod, type CallOutcome } from './corpus.js';

const REAL = join(SHARED, 'conformance/openrpc-real');

const CORPUS = [
  { name: 'metamask', root: join(REAL, 'metamask'), documents: ['openrpc.json'] },
  {
    name: 'starknet',
    root: join(REAL, 'starknet'),
    // The node API and the documents that reference it (the ABI document, starknet_metadata, is another subject).
    documents: ['api/starknet_api_openrpc.json', 'api/starknet_write_api.json', 'api/starknet_trace_api_openrpc.json', 'api/starknet_ws_api.json', 'api/starknet_executables.json'],
  },
  { name: 'filecoin-lotus', root: join(REAL, 'filecoin-lotus'), documents: ['lotus-v1.27.0.json'] },
  { name: 'execution-apis', root: join(SHARED, 'conformance/execution-apis'), documents: ['openrpc.json'] },
] as const;

const out = scratch('corpus');
const results = new Map<string, GenerateResult>();
const dir = (name: string) => join(out, name);

beforeAll(async () => {
  for (const c of CORPUS) {
    const config = resolveConfig(c.root, {
      documents: [...c.documents],
      out: dir(c.name),
      strict: false,
      // Everything a client developer runs; the docs are tested on their own.
      emit: ['openrpc', 'client', 'validators', 'server', 'mock', 'package'],
      package: { name: `corpus-${c.name}` },
    });
    results.set(c.name, await generate(config, { cacheDir: false }));
  }
}, 240_000);

describe('real OpenRPC documents', () => {
  for (const c of CORPUS) {
    it(`${c.name}: generates, with every problem a warning and every method answerable by the mock`, () => {
      const r = results.get(c.name)!;
      expect(r.ok, r.report).toBe(true);
      expect(r.problems.filter((p) => p.severity !== 'warning')).toEqual([]);
      expect(r.problems.filter((p) => p.code === 'mock-value-missing')).toEqual([]);
    });
  }

  it('every declaration of every package type-checks (strict, skipLibCheck false, one program)', () => {
    const files = declarations(...CORPUS.map((c) => join(dir(c.name), 'client')));
    expect(files.length).toBeGreaterThan(1000);
    // The server's declarations name ws's types, which a Node project using it has installed.
    if (!existsSync(join(out, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(out, 'node_modules'), 'dir');
    expect(typecheck(files, out)).toEqual([]);
  }, 180_000);

  for (const c of CORPUS) {
    it(`${c.name}: the mock answers every method through the client, typed and by request()`, async () => {
      const outcomes = await callEveryMethod(join(dir(c.name), 'client'));
      const methods = results.get(c.name)!.model!.services.flatMap((s) => s.methods.filter((m) => !m.subscriptions));
      expect(outcomes.length).toBe(methods.length * 2);
      expect(outcomes.filter((o) => o.problem)).toEqual([]);
      // Both kinds of answer occur where the document has methods of both kinds.
      const withExamples = methods.filter((m) => m.examples.length).length;
      expect(outcomes.filter((o) => o.answer === 'example').length).toBe(withExamples * 2);
    }, 120_000);
  }
});

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
