/**
 * viem's public client, unchanged, against the generated mock node's EVM endpoint on 127.0.0.1, in both mock
 * modes (`standard` and the node-compatible `node`). Every value must be the spec example the mock answered
 * with, as viem decodes it: the wire example is read from generated/openrpc/evm.json and run through viem's
 * own formatters (block, transaction), and viem's numbers are checked against the project's value form of
 * the same example. A batch test proves viem's `batch: true` transport sent one JSON array and got one back;
 * a WebSocket test follows new blocks through `eth_subscribe`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, formatBlock, getAddress, http, webSocket, type PublicClient, type RpcBlock } from 'viem';
import { avalanche } from 'viem/chains';
import { loadModel, show, valueResult, wireNotifications, wireParam, wireResult } from './spec.js';

const CALL_TIMEOUT = 5_000;

/** Every HTTP exchange viem made, as sent and as received (parsed JSON bodies). */
const exchanges: { sent: unknown; received: unknown }[] = [];

/** viem's own `fetchFn` hook: passes through, recording both bodies. */
const recordingFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const response = await fetch(input, init);
  const text = await response.clone().text();
  exchanges.push({ sent: JSON.parse(String(init?.body)), received: text ? JSON.parse(text) : undefined });
  return response;
};

/**
 * viem's decoded values agree with the project's value form of the same example: numbers (viem's bigint or
 * number, the project's bigint, either side's hex quantity) are equal as integers, and strings are equal.
 * Returns how many fields it compared.
 */
function expectSameValues(viemValue: Record<string, unknown>, ours: Record<string, unknown>, skip: readonly string[] = []): number {
  const numeric = (x: unknown): x is bigint | number => typeof x === 'bigint' || typeof x === 'number';
  let compared = 0;
  for (const [key, v] of Object.entries(viemValue)) {
    if (skip.includes(key) || !(key in ours)) continue;
    const o = ours[key];
    if (numeric(v) || numeric(o)) expect(BigInt(o as bigint), `${key}: viem ${show(v)}, ours ${show(o)}`).toBe(BigInt(v as bigint));
    else if (typeof v === 'string') expect(o, key).toBe(v);
    else continue;
    compared++;
  }
  return compared;
}

/** How many of the value's fields are scalars (what `expectSameValues` compares), less those skipped. */
function scalarFields(value: Record<string, unknown>, skip: readonly string[] = []): number {
  return Object.entries(value).filter(([k, v]) => !skip.includes(k) && v !== null && typeof v !== 'object').length;
}

beforeAll(() => {
  loadModel();
}, 60_000);

for (const mode of ['standard', 'node'] as const) {
  describe(`viem public client against the mock node (mode: ${mode})`, () => {
    let mock: { url: string; close(): Promise<void> };
    let rpc: string;

    beforeAll(async () => {
      const { startNodeMock } = await import('../../../generated/client/mock/index.js');
      mock = await startNodeMock({ port: 0, mode });
      rpc = `${mock.url}/ext/bc/C/rpc`;
    }, 60_000);

    afterAll(async () => {
      await mock?.close();
    }, 10_000);

    function client(options: { batch?: boolean } = {}): PublicClient {
      return createPublicClient({
        chain: { ...avalanche, rpcUrls: { default: { http: [rpc] } } },
        cacheTime: 0,
        transport: http(rpc, { batch: options.batch ?? false, fetchFn: recordingFetch, timeout: CALL_TIMEOUT, retryCount: 0 }),
      }) as PublicClient;
    }

    it("getChainId is the chain object's id and the spec example", { timeout: CALL_TIMEOUT }, async () => {
      const id = await client().getChainId();
      expect(id).toBe(Number(valueResult('evm', 'eth_chainId')));
      expect(id).toBe(avalanche.id);
    });

    it('getBlockNumber', { timeout: CALL_TIMEOUT }, async () => {
      const n = await client().getBlockNumber();
      expect(typeof n).toBe('bigint');
      expect(n).toBe(valueResult('evm', 'eth_blockNumber'));
    });

    it('getBlock by number (transaction hashes)', { timeout: CALL_TIMEOUT }, async () => {
      const number = BigInt(wireParam('evm', 'eth_getBlockByNumber', 'c-chain-block', 'block') as string);
      const block = await client().getBlock({ blockNumber: number });
      const wire = wireResult('evm', 'eth_getBlockByNumber', 'c-chain-block') as RpcBlock;
      expect(block).toEqual(formatBlock(wire));
      expect(block.number).toBe(number);
      expect(block.transactions).toEqual(wire.transactions);
      const ours = valueResult('evm', 'eth_getBlockByNumber', 'c-chain-block') as Record<string, unknown>;
      expect(expectSameValues(block as unknown as Record<string, unknown>, ours)).toBe(scalarFields(ours));
    });

    it("getBlock of a block that does not exist: viem raises BlockNotFoundError on the example's null", { timeout: CALL_TIMEOUT }, async () => {
      expect(wireResult('evm', 'eth_getBlockByNumber', 'not-found')).toBeNull();
      const number = BigInt(wireParam('evm', 'eth_getBlockByNumber', 'not-found', 'block') as string);
      await expect(client().getBlock({ blockNumber: number })).rejects.toMatchObject({ name: 'BlockNotFoundError' });
    });

    it('getBlock by hash with includeTransactions (full transaction objects)', { timeout: CALL_TIMEOUT }, async () => {
      const hash = wireParam('evm', 'eth_getBlockByHash', 'full-transactions', 'blockHash') as `0x${string}`;
      const block = await client().getBlock({ blockHash: hash, includeTransactions: true });
      const wire = wireResult('evm', 'eth_getBlockByHash', 'full-transactions') as RpcBlock;
      expect(wire.transactions.length).toBeGreaterThan(0);
      expect(block).toEqual(formatBlock(wire));
      expect(block.hash).toBe(hash);
      const ours = valueResult('evm', 'eth_getBlockByHash', 'full-transactions') as Record<string, unknown> & { transactions: Record<string, unknown>[] };
      expect(expectSameValues(block as unknown as Record<string, unknown>, ours)).toBe(scalarFields(ours));
      block.transactions.forEach((tx, i) => {
        const ourTx = ours.transactions[i]!;
        expect(tx.hash).toBe(ourTx.hash);
        // viem names the type ('eip1559') and keeps the wire's in typeHex.
        expect(tx.typeHex).toBe(ourTx.type);
        expect(expectSameValues(tx as unknown as Record<string, unknown>, ourTx, ['type'])).toBe(scalarFields(ourTx, ['type']));
      });
    });

    it('getBalance', { timeout: CALL_TIMEOUT }, async () => {
      const address = wireParam('evm', 'eth_getBalance', 'latest', 'address') as `0x${string}`;
      const balance = await client().getBalance({ address, blockTag: 'latest' });
      expect(balance).toBe(valueResult('evm', 'eth_getBalance', 'latest'));
    });

    it('batch: calls made in the same tick travel as one JSON array and come back as one', { timeout: CALL_TIMEOUT }, async () => {
      const c = client({ batch: true });
      const address = wireParam('evm', 'eth_getBalance', 'latest', 'address') as `0x${string}`;
      const number = BigInt(wireParam('evm', 'eth_getBlockByNumber', 'c-chain-block', 'block') as string);
      const before = exchanges.length;
      const [chainId, blockNumber, balance, block] = await Promise.all([
        c.getChainId(),
        c.getBlockNumber(),
        c.getBalance({ address, blockTag: 'latest' }),
        c.getBlock({ blockNumber: number }),
      ]);
      const made = exchanges.slice(before);
      expect(made).toHaveLength(1);
      const { sent, received } = made[0]!;
      expect(Array.isArray(sent)).toBe(true);
      expect((sent as { method: string }[]).map((r) => r.method).sort()).toEqual(['eth_blockNumber', 'eth_chainId', 'eth_getBalance', 'eth_getBlockByNumber']);
      expect(Array.isArray(received)).toBe(true);
      const answers = received as { id: unknown; result?: unknown; error?: unknown }[];
      expect(answers.map((a) => a.id)).toEqual((sent as { id: unknown }[]).map((r) => r.id));
      expect(answers.every((a) => 'result' in a && !('error' in a))).toBe(true);
      expect(chainId).toBe(Number(valueResult('evm', 'eth_chainId')));
      expect(blockNumber).toBe(valueResult('evm', 'eth_blockNumber'));
      expect(balance).toBe(valueResult('evm', 'eth_getBalance', 'latest'));
      expect(block).toEqual(formatBlock(wireResult('evm', 'eth_getBlockByNumber', 'c-chain-block') as RpcBlock));
    });

    it('without batching every call is a single JSON object', { timeout: CALL_TIMEOUT }, async () => {
      const before = exchanges.length;
      await client().getBlockNumber();
      const made = exchanges.slice(before);
      expect(made).toHaveLength(1);
      expect(Array.isArray(made[0]!.sent)).toBe(false);
      expect(made[0]!.received).toMatchObject({ jsonrpc: '2.0', result: wireResult('evm', 'eth_blockNumber') });
    });

    // viem's watchBlocks subscribes to newHeads, then fetches each announced block by its number
    // (eth_getBlockByNumber over the same socket): the example header announces the example block.
    it('WebSocket transport: a call, then watchBlocks over eth_subscribe("newHeads") yields the announced block', { timeout: CALL_TIMEOUT }, async () => {
      const ws = createPublicClient({
        chain: avalanche,
        transport: webSocket(`${mock.url.replace(/^http/, 'ws')}/ext/bc/C/ws`, { reconnect: false, keepAlive: false, timeout: CALL_TIMEOUT, retryCount: 0 }),
      });
      try {
        expect(await ws.getBlockNumber({ cacheTime: 0 })).toBe(valueResult('evm', 'eth_blockNumber'));
        const header = wireNotifications('evm', 'eth_subscribe', 'newHeads')[0] as RpcBlock;
        expect(header.number).toBe(wireParam('evm', 'eth_getBlockByNumber', 'c-chain-block', 'block'));
        const block = await new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no block within 3 s')), 3_000);
          const unwatch = ws.watchBlocks({
            poll: false,
            onBlock: (b) => {
              clearTimeout(timer);
              unwatch();
              resolve(b);
            },
            onError: (e) => {
              clearTimeout(timer);
              unwatch();
              reject(e);
            },
          });
        });
        expect(block).toEqual(formatBlock(wireResult('evm', 'eth_getBlockByNumber', 'c-chain-block') as RpcBlock));
        expect((block as { hash: string }).hash).toBe(header.hash);
      } finally {
        (await ws.transport.getRpcClient()).close();
      }
    });

    // The mock takes batches as large as the node's endpoint does (the spec's batchLimit), in both modes.
    it(
      "a batch of 100 calls (under viem's default batchSize of 1000) is answered in full",
      { timeout: CALL_TIMEOUT },
      async () => {
        const c = client({ batch: true });
        const address = wireParam('evm', 'eth_getBalance', 'latest', 'address') as `0x${string}`;
        const before = exchanges.length;
        // Distinct block numbers, so viem cannot merge the calls; no example pins them: the mock answers the first.
        const balances = await Promise.all(Array.from({ length: 100 }, (_, i) => c.getBalance({ address, blockNumber: BigInt(i + 1) })));
        expect(balances).toEqual(Array.from({ length: 100 }, () => valueResult('evm', 'eth_getBalance')));
        const made = exchanges.slice(before);
        expect(made).toHaveLength(1);
        expect(made[0]!.sent).toHaveLength(100);
        expect(made[0]!.received).toHaveLength(100);
      },
    );

    // Hex is compared case-insensitively when the mock matches params, as the node reads it.
    it('getCode of a checksummed address answers the example of that address (hex compared case-insensitively)', { timeout: CALL_TIMEOUT }, async () => {
      const address = getAddress(wireParam('evm', 'eth_getCode', 'proxy-contract', 'address') as string);
      const blockNumber = BigInt(wireParam('evm', 'eth_getCode', 'proxy-contract', 'block') as string);
      expect(await client().getCode({ address, blockNumber })).toBe(wireResult('evm', 'eth_getCode', 'proxy-contract'));
    });
  });
}
