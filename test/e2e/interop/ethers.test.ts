/**
 * ethers v6's JsonRpcProvider, unchanged and with its default batching (calls made within 10 ms travel as
 * one JSON array), against the generated mock node's EVM endpoint on 127.0.0.1, in both mock modes
 * (`standard` and the node-compatible `node`). Every value must be the
 * spec example the mock answered with (read from generated/openrpc/evm.json), as ethers decodes it:
 * numbers for block numbers, indexes and timestamps, bigints for amounts, checksummed addresses. The
 * exchanges are recorded through ethers' own FetchRequest hooks to prove the arrays went out and came back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRequest, getAddress, JsonRpcProvider, Network } from 'ethers';
import { loadModel, valueResult, wireParam, wireResult } from './spec.js';

const CALL_TIMEOUT = 5_000;
const AVALANCHE = 43114;

/** Every HTTP exchange ethers made: the body it sent and the body it got back (parsed). */
const exchanges: { sent: unknown; received: unknown }[] = [];

beforeAll(() => {
  loadModel();
}, 60_000);

type Ours = Record<string, unknown>;
const num = (v: unknown): number => Number(v as bigint);
const addr = (v: unknown): string | null => (v == null ? null : getAddress(v as string));

/** What ethers' Block holds for a block of the project's value form (ethers' names and number types). */
function ethersBlock(b: Ours) {
  return {
    hash: b.hash,
    number: num(b.number),
    timestamp: num(b.timestamp),
    parentHash: b.parentHash,
    parentBeaconBlockRoot: b.parentBeaconBlockRoot,
    nonce: b.nonce,
    difficulty: b.difficulty,
    gasLimit: b.gasLimit,
    gasUsed: b.gasUsed,
    blobGasUsed: b.blobGasUsed,
    excessBlobGas: b.excessBlobGas,
    stateRoot: b.stateRoot,
    receiptsRoot: b.receiptsRoot,
    miner: addr(b.miner),
    prevRandao: b.mixHash,
    extraData: b.extraData,
    baseFeePerGas: b.baseFeePerGas,
    transactions: (b.transactions as (string | Ours)[]).map((t) => (typeof t === 'string' ? t : t.hash)),
  };
}

/** What ethers' TransactionResponse holds for a transaction of the project's value form. */
function ethersTx(t: Ours) {
  return {
    hash: t.hash,
    blockHash: t.blockHash,
    blockNumber: num(t.blockNumber),
    index: num(t.transactionIndex),
    type: num(BigInt(t.type as string)),
    from: addr(t.from),
    to: addr(t.to),
    nonce: num(t.nonce),
    gasLimit: t.gas,
    gasPrice: t.gasPrice,
    maxFeePerGas: t.maxFeePerGas ?? null,
    maxPriorityFeePerGas: t.maxPriorityFeePerGas ?? null,
    data: t.input,
    value: t.value,
    chainId: t.chainId,
  };
}

function pick(obj: object, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, (obj as Record<string, unknown>)[k]]));
}

for (const mode of ['standard', 'node'] as const) {
  describe(`ethers v6 JsonRpcProvider against the mock node (mode: ${mode}, default batching)`, () => {
    let mock: { url: string; close(): Promise<void> };
    const providers: JsonRpcProvider[] = [];

    function connection(): FetchRequest {
      const req = new FetchRequest(`${mock.url}/ext/bc/C/rpc`);
      req.timeout = CALL_TIMEOUT;
      req.processFunc = async (request, response) => {
        exchanges.push({
          sent: JSON.parse(request.body ? Buffer.from(request.body).toString('utf8') : 'null'),
          received: response.bodyJson,
        });
        return response;
      };
      return req;
    }

    /** A provider fixed to chain 43114 (`staticNetwork`: it never asks for the chain ID by itself). */
    function provider(): JsonRpcProvider {
      const p = new JsonRpcProvider(connection(), Network.from(AVALANCHE), {
        staticNetwork: true,
      });
      providers.push(p);
      return p;
    }

    beforeAll(async () => {
      const { startNodeMock } = await import('../../../generated/client/mock/index.js');
      mock = await startNodeMock({ port: 0, mode });
    }, 60_000);

    afterAll(async () => {
      for (const p of providers) p.destroy();
      await mock?.close();
    }, 10_000);

    it('getBlockNumber', { timeout: CALL_TIMEOUT }, async () => {
      expect(await provider().getBlockNumber()).toBe(num(valueResult('evm', 'eth_blockNumber')));
    });

    it("getNetwork is the static 43114, and the node's eth_chainId (the spec example) agrees", { timeout: CALL_TIMEOUT }, async () => {
      const p = provider();
      const network = await p.getNetwork();
      expect(network.chainId).toBe(BigInt(AVALANCHE));
      const raw = await p.send('eth_chainId', []);
      expect(raw).toBe(wireResult('evm', 'eth_chainId'));
      expect(BigInt(raw as string)).toBe(valueResult('evm', 'eth_chainId'));
      expect(BigInt(raw as string)).toBe(network.chainId);
    });

    it('without staticNetwork ethers detects the network from the mock and accepts it as 43114', { timeout: CALL_TIMEOUT }, async () => {
      const before = exchanges.length;
      const p = new JsonRpcProvider(connection(), AVALANCHE);
      providers.push(p);
      expect((await p.getNetwork()).chainId).toBe(valueResult('evm', 'eth_chainId'));
      const methods = exchanges.slice(before).flatMap(({ sent }) => (Array.isArray(sent) ? sent : [sent]).map((r: { method: string }) => r.method));
      expect(methods).toContain('eth_chainId');
    });

    it('getBalance', { timeout: CALL_TIMEOUT }, async () => {
      const address = wireParam('evm', 'eth_getBalance', 'latest', 'address') as string;
      expect(await provider().getBalance(address, 'latest')).toBe(valueResult('evm', 'eth_getBalance', 'latest'));
    });

    it('getBlock by number (transaction hashes)', { timeout: CALL_TIMEOUT }, async () => {
      const number = num(BigInt(wireParam('evm', 'eth_getBlockByNumber', 'c-chain-block', 'block') as string));
      const block = await provider().getBlock(number);
      expect(block).not.toBeNull();
      const want = ethersBlock(valueResult('evm', 'eth_getBlockByNumber', 'c-chain-block') as Ours);
      expect(pick(block!, Object.keys(want))).toEqual(want);
    });

    it("getBlock of a block that does not exist is null (the example's null)", { timeout: CALL_TIMEOUT }, async () => {
      expect(wireResult('evm', 'eth_getBlockByNumber', 'not-found')).toBeNull();
      const number = num(BigInt(wireParam('evm', 'eth_getBlockByNumber', 'not-found', 'block') as string));
      expect(await provider().getBlock(number)).toBeNull();
    });

    it('getBlock by hash with prefetched transactions', { timeout: CALL_TIMEOUT }, async () => {
      const hash = wireParam('evm', 'eth_getBlockByHash', 'full-transactions', 'blockHash') as string;
      const block = await provider().getBlock(hash, true);
      const ours = valueResult('evm', 'eth_getBlockByHash', 'full-transactions') as Ours & { transactions: Ours[] };
      const want = ethersBlock(ours);
      expect(pick(block!, Object.keys(want))).toEqual(want);
      expect(block!.prefetchedTransactions).toHaveLength(ours.transactions.length);
      block!.prefetchedTransactions.forEach((tx, i) => {
        const wantTx = ethersTx(ours.transactions[i]!);
        expect(pick(tx, Object.keys(wantTx))).toEqual(wantTx);
        expect(BigInt(tx.signature.r)).toBe(ours.transactions[i]!.r);
        expect(BigInt(tx.signature.s)).toBe(ours.transactions[i]!.s);
      });
    });

    it('getCode of a checksummed address: ethers lowers its case on the wire, so the mock finds the example', { timeout: CALL_TIMEOUT }, async () => {
      const address = getAddress(wireParam('evm', 'eth_getCode', 'proxy-contract', 'address') as string);
      const block = num(BigInt(wireParam('evm', 'eth_getCode', 'proxy-contract', 'block') as string));
      const before = exchanges.length;
      expect(await provider().getCode(address, block)).toBe(wireResult('evm', 'eth_getCode', 'proxy-contract'));
      const sent = exchanges.slice(before).map((e) => e.sent as { params: unknown[] });
      expect(sent[0]!.params[0]).toBe(address.toLowerCase());
    });

    // The mock takes batches as large as the node's endpoint does (the spec's batchLimit), in both modes.
    it("100 concurrent calls (ethers' default batchMaxCount) are answered in full", { timeout: CALL_TIMEOUT }, async () => {
      const p = provider();
      const address = wireParam('evm', 'eth_getBalance', 'latest', 'address') as string;
      // No example pins these block numbers: the mock answers the method's first example.
      const balances = await Promise.all(Array.from({ length: 100 }, (_, i) => p.getBalance(address, i + 1)));
      expect(balances).toEqual(Array.from({ length: 100 }, () => valueResult('evm', 'eth_getBalance')));
    });

    it('concurrent calls travel as one JSON array and the mock answers with one array', { timeout: CALL_TIMEOUT }, async () => {
      const p = provider();
      const address = wireParam('evm', 'eth_getBalance', 'latest', 'address') as string;
      const number = num(BigInt(wireParam('evm', 'eth_getBlockByNumber', 'c-chain-block', 'block') as string));
      const before = exchanges.length;
      const [blockNumber, balance, block, chainId] = await Promise.all([
        p.getBlockNumber(),
        p.getBalance(address, 'latest'),
        p.getBlock(number),
        p.send('eth_chainId', []),
      ]);
      const made = exchanges.slice(before);
      expect(made).toHaveLength(1);
      const { sent, received } = made[0]!;
      expect(Array.isArray(sent)).toBe(true);
      expect((sent as { method: string }[]).map((r) => r.method).sort()).toEqual(['eth_blockNumber', 'eth_chainId', 'eth_getBalance', 'eth_getBlockByNumber']);
      expect(Array.isArray(received)).toBe(true);
      const answers = received as {
        id: unknown;
        result?: unknown;
        error?: unknown;
      }[];
      expect(answers.map((a) => a.id)).toEqual((sent as { id: unknown }[]).map((r) => r.id));
      expect(answers.every((a) => 'result' in a && !('error' in a))).toBe(true);
      expect(blockNumber).toBe(num(valueResult('evm', 'eth_blockNumber')));
      expect(balance).toBe(valueResult('evm', 'eth_getBalance', 'latest'));
      expect(block!.hash).toBe((valueResult('evm', 'eth_getBlockByNumber', 'c-chain-block') as Ours).hash);
      expect(chainId).toBe(wireResult('evm', 'eth_chainId'));
    });
  });
}
