/**
 * The mock as a chain: with a block time, new heads come one block after another through the generated
 * client's `for await`, their numbers rising one by one, and `eth_blockNumber` and `eth_getBlockByNumber`
 * tell the same story; `logs` and pending transactions come block after block as well. Mock and client run
 * in-process on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockChain } from '../../../runtime/mock/chain.js';

interface Head {
  number: bigint;
  hash: string;
  parentHash: string;
}
type Sub<T> = AsyncIterable<T>;
interface Client {
  eth: {
    subscribe(kind: 'newHeads'): Sub<Head>;
    subscribe(kind: 'logs', options: object): Sub<{ blockNumber: bigint; blockHash: string }>;
    subscribe(kind: 'newPendingTransactions'): Sub<unknown>;
    blockNumber(): Promise<bigint>;
    getBlockByNumber(block: bigint | string, full: boolean): Promise<Head | null>;
  };
  close(): Promise<void>;
}

let mock: { url: string; close(): Promise<void> };
let node: Client;

beforeAll(async () => {
  const { startNodeMock } = await import('../../../generated/client/mock/index.js');
  const { createNodeClient, createWebSocketTransport } = await import('../../../generated/client/index.js');
  mock = await startNodeMock({ blockTimeMs: 20 });
  node = createNodeClient({ url: mock.url, ws: { transport: createWebSocketTransport, reconnect: false } }) as unknown as Client;
});

afterAll(async () => {
  await node?.close();
  await mock?.close();
});

async function take<T>(stream: AsyncIterable<T>, count: number): Promise<T[]> {
  const out: T[] = [];
  for await (const item of stream) {
    out.push(item);
    if (out.length === count) break;
  }
  return out;
}

describe('the mock node makes blocks', () => {
  it('newHeads: three heads, numbers rising one by one, each its parent’s child; eth_blockNumber and eth_getBlockByNumber agree', async () => {
    const heads = await take(node.eth.subscribe('newHeads'), 3);
    const [a, b, c] = heads.map((h) => h.number) as [bigint, bigint, bigint];
    expect([b - a, c - b]).toEqual([1n, 1n]);
    expect(heads[1]!.parentHash).toBe(heads[0]!.hash);
    expect(heads[2]!.parentHash).toBe(heads[1]!.hash);
    expect(new Set(heads.map((h) => h.hash)).size).toBe(3);
    const height = await node.eth.blockNumber();
    expect(height).toBeGreaterThanOrEqual(c);
    const block = await node.eth.getBlockByNumber(c, false);
    expect(block).toMatchObject({ number: c, hash: heads[2]!.hash, parentHash: heads[1]!.hash });
    const latest = await node.eth.getBlockByNumber('latest', false);
    expect(latest!.number).toBeGreaterThanOrEqual(height);
    // Past the head there is no block yet.
    expect(await node.eth.getBlockByNumber(latest!.number + 1000n, false)).toBeNull();
  });

  it('logs and pending transactions come block after block', async () => {
    const logs = await take(node.eth.subscribe('logs', { address: '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e' }), 3);
    const numbers = logs.map((l) => l.blockNumber);
    expect(numbers.every((n, i) => i === 0 || n >= numbers[i - 1]!)).toBe(true);
    expect(new Set(numbers).size).toBeGreaterThan(1);
    expect((await take(node.eth.subscribe('newPendingTransactions'), 3)).length).toBe(3);
  });
});

describe('MockChain', () => {
  it('derives the head from the clock and stamps examples as a block’s', () => {
    let now = 1000;
    const chain = new MockChain(100, 2000, () => now);
    expect(chain.head()).toBe(100);
    now += 4100;
    expect(chain.head()).toBe(102);
    const head = chain.stamp({ number: '0x64', parentHash: '0x0', hash: '0x1', timestamp: '0x10', miner: '0xabc' }, 102) as Record<string, string>;
    expect(head).toMatchObject({ number: '0x66', timestamp: '0x14', miner: '0xabc' });
    expect((chain.stamp({ number: '0x64', parentHash: '0x0' }, 103) as Record<string, string>).parentHash).toBe(head.hash);
    expect(chain.stamp({ blockNumber: '0x1', blockHash: '0x2', logIndex: '0x0' }, 102)).toEqual({ blockNumber: '0x66', blockHash: head.hash, logIndex: '0x0' });
    expect(chain.stamp('0xabc', 102)).toBe('0xabc');
  });
});
