/**
 * The generated EVM client against a real EVM node: anvil (foundry), spawned per suite on 127.0.0.1 with
 * `--port 0` and chain id 43114 (the C-Chain's). Every call validates the node's real reply against the
 * spec's precompiled result validators (`validate: true`) and returns the decoded value form (bigint
 * quantities).
 *
 * anvil serves its JSON-RPC at `/`, not at the node's `/ext/bc/C/rpc`, so most of the suite uses what a
 * user of a plain EVM endpoint would: the per-method standalone functions (`ethChainId(transport)`, ...) over
 * `createHttpTransport` / `createWebSocketTransport` pointed at anvil's root. The last block uses the
 * whole-node client (`createNodeClient`) through its public `fetch` and `ws.WebSocket` options, mapping the
 * C-Chain paths onto anvil's root: no private API, no proxy.
 *
 * Subscription notifications have no generated validator (only method results do), so the raw frames are
 * tapped through an injected WebSocket constructor and checked against the bundled spec's notification
 * schema with ajv here, in the test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keccak256, toHex } from 'viem';
import { WebSocket as WsWebSocket } from 'ws';
import { createNodeClient, type NodeClient } from '../../../generated/client/index.js';
import { validators } from '../../../generated/client/validators.js';
import { ethAccounts } from '../../../generated/client/methods/eth/accounts.js';
import { ethBlockNumber, ethBlockNumberMeta } from '../../../generated/client/methods/eth/blockNumber.js';
import { ethBaseFeeMeta } from '../../../generated/client/methods/eth/baseFee.js';
import { ethChainId, ethChainIdMeta } from '../../../generated/client/methods/eth/chainId.js';
import { ethGetBalance, ethGetBalanceMeta } from '../../../generated/client/methods/eth/getBalance.js';
import { ethGetBlockByHash } from '../../../generated/client/methods/eth/getBlockByHash.js';
import { ethGetBlockByNumber, ethGetBlockByNumberMeta } from '../../../generated/client/methods/eth/getBlockByNumber.js';
import { ethGetCode } from '../../../generated/client/methods/eth/getCode.js';
import { ethGetLogs } from '../../../generated/client/methods/eth/getLogs.js';
import { ethGetTransactionByHash } from '../../../generated/client/methods/eth/getTransactionByHash.js';
import { ethGetTransactionCount } from '../../../generated/client/methods/eth/getTransactionCount.js';
import { ethGetTransactionReceipt } from '../../../generated/client/methods/eth/getTransactionReceipt.js';
import { ethSendTransaction } from '../../../generated/client/methods/eth/sendTransaction.js';
import { ethSubscribeNewHeads } from '../../../generated/client/methods/eth/subscribe.js';
import { ethUnsubscribe } from '../../../generated/client/methods/eth/unsubscribe.js';
import { web3Sha3 } from '../../../generated/client/methods/web3/sha3.js';
import {
  ResponseValidationError,
  RpcError,
  batch,
  createHttpTransport,
  createWebSocketTransport,
  prepare,
  type FetchLike,
  type HttpTransport,
  type WebSocketConstructor,
  type WebSocketTransport,
} from '../../../generated/client/runtime/index.js';
import type { Block, EthSubscribeNewHeadsNotification, ReceiptInfo, TransactionInfo } from '../../../generated/client/types.js';
import { ANVIL_START_TIMEOUT as START_TIMEOUT, liveAnvils, startAnvil, type Anvil } from '../../helpers/anvil.js';
import { ROOT } from '../../helpers/paths.js';

const CHAIN_ID = 43114n;
/** Per-call bound for every transport of the suite. */
const CALL_TIMEOUT = 10_000;

type Hex = `0x${string}`;


/**
 * The receipt of a sent transaction, once it is mined. anvil mines each transaction as it arrives, but on a
 * busy machine the hash can come back before the block is sealed, and the node answers `null` until then;
 * a client waits, as this does (every 25 ms, for at most 10 s).
 */
async function minedReceipt(hash: Hex): Promise<ReceiptInfo> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const receipt = (await ethGetTransactionReceipt(http, hash)) as ReceiptInfo | null;
    if (receipt !== null) return receipt;
    if (Date.now() > deadline) throw new Error(`no receipt for ${hash} after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A fetch that records every request body it sends (to see batches travel as one JSON array). */
function recordingFetch(bodies: unknown[]): FetchLike {
  return async (url, init) => {
    bodies.push(JSON.parse(init.body));
    return fetch(url, init);
  };
}

/** A `ws` WebSocket that also hands every text frame it receives to `received` and sends to `sent` (wire form). */
function tappingWebSocket(received: unknown[], sent: unknown[] = [], rewrite: (url: string) => string = (u) => u): WebSocketConstructor {
  return class extends WsWebSocket {
    constructor(url: string, options?: unknown) {
      super(rewrite(url), options as ConstructorParameters<typeof WsWebSocket>[1]);
      this.addEventListener('message', (event) => {
        if (typeof event.data === 'string') received.push(JSON.parse(event.data));
      });
    }
    override send(data: string): void {
      sent.push(JSON.parse(data));
      super.send(data);
    }
  } as unknown as WebSocketConstructor;
}

/** The `eth_subscription` payloads among the frames of one subscription. */
function notificationsOf(frames: readonly unknown[], id: string): unknown[] {
  return frames.flatMap((f) => {
    const m = f as { method?: string; params?: { subscription?: string; result?: unknown } };
    return m.method === 'eth_subscription' && m.params?.subscription === id ? [m.params.result] : [];
  });
}

/** A validator for the wire form of one subscription kind's notifications, from the bundled spec. */
function notificationValidator(kind: string) {
  const doc = JSON.parse(readFileSync(join(ROOT, 'generated/openrpc/evm.json'), 'utf8')) as {
    methods: { name: string; 'x-subscriptions'?: { kinds: { name: string; result: { schema: object } }[] } }[];
    components: { schemas: Record<string, unknown> };
  };
  const method = doc.methods.find((m) => m.name === 'eth_subscribe')!;
  const schema = method['x-subscriptions']!.kinds.find((k) => k.name === kind)!.result.schema;
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addKeyword({ keyword: 'x-codec' });
  return ajv.compile({ ...schema, components: doc.components });
}

/**
 * Contract code, hand-assembled. Runtime: copy the calldata to memory and emit it as the data of a LOG1
 * whose topic is keccak256("Ping(bytes)"); nothing else.
 *   CALLDATASIZE PUSH1 0 PUSH1 0 CALLDATACOPY  PUSH32 topic  CALLDATASIZE PUSH1 0  LOG1  STOP
 * Init code: return the runtime (44 bytes, which starts at offset 11 of the init code).
 *   PUSH1 0x2c DUP1 PUSH1 0x0b PUSH1 0 CODECOPY PUSH1 0 RETURN
 */
function pingContract(topic: Hex): { initCode: Hex; runtime: Hex } {
  const runtime: Hex = `0x3660006000377f${topic.slice(2)}366000a100`;
  const initCode: Hex = `0x602c80600b6000396000f3${runtime.slice(2)}`;
  return { initCode, runtime };
}

/** Bounds a promise that could hang (a notification that never comes) with a clear error. */
async function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

let anvil: Anvil;
let http: HttpTransport;
let ws: WebSocketTransport;
const wsFrames: unknown[] = [];
const wsSent: unknown[] = [];
const httpBodies: unknown[] = [];
let accounts: Hex[];

beforeAll(async () => {
  anvil = await startAnvil(CHAIN_ID);
  const url = `http://127.0.0.1:${anvil.port}`;
  http = createHttpTransport({ url, batch: true, validate: validators, timeout: CALL_TIMEOUT, fetch: recordingFetch(httpBodies) });
  ws = createWebSocketTransport({
    url: `ws://127.0.0.1:${anvil.port}`,
    validate: validators,
    timeout: CALL_TIMEOUT,
    reconnect: false,
    WebSocket: tappingWebSocket(wsFrames, wsSent),
  });
  accounts = await ethAccounts(http);
}, START_TIMEOUT + CALL_TIMEOUT);

afterEach((context) => {
  if (context.task.result?.state === 'fail') console.error(`anvil's last output:\n${anvil?.log()}`);
});

afterAll(async () => {
  await ws?.close();
  await http?.close();
  await anvil?.stop();
  expect(liveAnvils()).toBe(0);
});

/** Mines one block through anvil's `evm_mine` cheat method (not in our spec: a raw transport call). */
async function mine(): Promise<void> {
  await http.request({ method: 'evm_mine', params: [] });
}

describe('EVM client against anvil: chain state', () => {
  it('validation is on: a real reply altered to break the spec is refused with the field named', async () => {
    const corrupting: FetchLike = async (url, init) => {
      const res = await fetch(url, init);
      const text = (await res.text()).replace('"number":"0x0"', '"number":"0x00"');
      return { ok: res.ok, status: res.status, statusText: res.statusText, text: async () => text };
    };
    const t = createHttpTransport({ url: http.url, validate: true, timeout: CALL_TIMEOUT, fetch: corrupting });
    const e = await ethGetBlockByNumber(t, 0n, false).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(e).toBeInstanceOf(ResponseValidationError);
    expect((e as Error).message).toContain('.number');
    // The same call with validation off for the call decodes the leading zero without complaint.
    expect(((await ethGetBlockByNumber(t, 0n, false, { validate: false })) as Block).number).toBe(0n);
    await t.close();
  });

  it('eth_chainId is the C-Chain id, decoded to bigint', async () => {
    const id = await ethChainId(http);
    expect(id).toBe(CHAIN_ID);
    expect(typeof id).toBe('bigint');
  });

  it('eth_blockNumber is a bigint that grows with each mined block', async () => {
    const before = await ethBlockNumber(http);
    expect(typeof before).toBe('bigint');
    await mine();
    expect(await ethBlockNumber(http)).toBe(before + 1n);
  });

  it('eth_getBlockByNumber: genesis with transaction hashes, decoded quantities', async () => {
    const block = await ethGetBlockByNumber(http, 0n, false);
    expect(block).not.toBeNull();
    const b = block as Block;
    expect(b.number).toBe(0n);
    expect(b.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(typeof b.gasLimit).toBe('bigint');
    expect(typeof b.timestamp).toBe('bigint');
    expect(b.baseFeePerGas).toBeTypeOf('bigint');
    expect(b.transactions).toEqual([]);
    expect(await ethGetBlockByHash(http, b.hash, false)).toEqual(block);
  });

  it('eth_getBlockByNumber: a block that does not exist is null', async () => {
    expect(await ethGetBlockByNumber(http, 1_000_000n, false)).toBeNull();
  });

  it('eth_getBalance: every dev account starts with 10 000 ether (block param required)', async () => {
    expect(accounts).toHaveLength(10);
    for (const a of accounts) expect(a).toMatch(/^0x[0-9a-f]{40}$/);
    const untouched = accounts[9]!;
    expect(await ethGetBalance(http, untouched, 'latest')).toBe(10_000n * 10n ** 18n);
    expect(await ethGetBalance(http, untouched, 0n)).toBe(10_000n * 10n ** 18n);
    expect(await ethGetBalance(http, untouched, { blockNumber: 0n })).toBe(10_000n * 10n ** 18n);
  });
});

describe('EVM client against anvil: transactions, receipts and logs', () => {
  it('eth_sendTransaction from an unlocked dev account, then its receipt, the transaction and the hydrated block', async () => {
    const [from, to] = [accounts[0]!, accounts[1]!];
    const value = 123_456_789n;
    const [balanceBefore, nonce] = await Promise.all([ethGetBalance(http, to, 'latest'), ethGetTransactionCount(http, from, 'latest')]);
    const hash = await ethSendTransaction(http, { from, to, value });
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);

    const receipt = await minedReceipt(hash);
    expect(receipt).toMatchObject({ transactionHash: hash, from, to, status: '0x1', gasUsed: 21_000n, contractAddress: null, logs: [] });
    expect(typeof receipt.blockNumber).toBe('bigint');
    expect(typeof receipt.effectiveGasPrice).toBe('bigint');
    expect(await ethGetBalance(http, to, 'latest')).toBe(balanceBefore + value);
    expect(await ethGetTransactionCount(http, from, 'latest')).toBe(nonce + 1n);

    const tx = (await ethGetTransactionByHash(http, hash)) as TransactionInfo;
    expect(tx).toMatchObject({ hash, from, to, value, nonce, chainId: CHAIN_ID, blockNumber: receipt.blockNumber, blockHash: receipt.blockHash });

    // The same block, with hydrated transactions and without.
    const full = (await ethGetBlockByNumber(http, receipt.blockNumber, true)) as Block;
    const hashes = (await ethGetBlockByNumber(http, receipt.blockNumber, false)) as Block;
    expect(full.hash).toBe(receipt.blockHash);
    expect(hashes.transactions).toEqual([hash]);
    expect(full.transactions).toHaveLength(1);
    const hydrated = full.transactions[0] as TransactionInfo;
    expect(hydrated).toEqual(tx);
    expect(typeof hydrated.value).toBe('bigint');
    expect(full.gasUsed).toBe(21_000n);
  });

  it('a contract emitting an event: deploy (receipt.contractAddress), call, eth_getLogs with address and topic', async () => {
    const from = accounts[2]!;
    const topic = await web3Sha3(http, `0x${Buffer.from('Ping(bytes)').toString('hex')}`);
    expect(topic).toBe(keccak256(toHex('Ping(bytes)')));
    const { initCode, runtime } = pingContract(topic);

    const deployHash = await ethSendTransaction(http, { from, input: initCode, gas: 200_000n });
    const deployed = await minedReceipt(deployHash);
    expect(deployed.status).toBe('0x1');
    expect(deployed.to).toBeNull();
    const address = deployed.contractAddress!;
    expect(address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(await ethGetCode(http, address, 'latest')).toBe(runtime);

    const payloads: Hex[] = ['0xdeadbeef', '0x0102030405'];
    const receipts: ReceiptInfo[] = [];
    for (const input of payloads) {
      const h = await ethSendTransaction(http, { from, to: address, input, gas: 100_000n });
      receipts.push(await minedReceipt(h));
    }
    for (const [i, r] of receipts.entries()) {
      expect(r.status).toBe('0x1');
      expect(r.logs).toHaveLength(1);
      expect(r.logs[0]).toMatchObject({ address, topics: [topic], data: payloads[i], removed: false, blockNumber: r.blockNumber, transactionHash: r.transactionHash });
      expect(typeof r.logs[0]!.logIndex).toBe('bigint');
    }

    const logs = await ethGetLogs(http, { fromBlock: deployed.blockNumber, toBlock: 'latest', address, topics: [topic] });
    expect(logs.map((l) => l.data)).toEqual(payloads);
    expect(logs.map((l) => l.transactionHash)).toEqual(receipts.map((r) => r.transactionHash));
    expect(logs.map((l) => l.blockNumber)).toEqual(receipts.map((r) => r.blockNumber));
    for (const log of logs) expect(typeof log.transactionIndex).toBe('bigint');

    // By block hash, and a topic that matches nothing.
    const one = await ethGetLogs(http, { blockHash: receipts[1]!.blockHash, address });
    expect(one.map((l) => l.data)).toEqual([payloads[1]]);
    expect(await ethGetLogs(http, { fromBlock: 0n, toBlock: 'latest', topics: [`0x${'00'.repeat(32)}`] })).toEqual([]);
  });
});

describe('EVM client against anvil: JSON-RPC batch', () => {
  it('sends prepared calls as one JSON array; each outcome settles on its own, validated and decoded', async () => {
    const account = accounts[9]!;
    httpBodies.length = 0;
    const [chainId, height, balance, genesis, baseFee] = await batch([
      prepare<bigint>(http, ethChainIdMeta),
      prepare<bigint>(http, ethBlockNumberMeta),
      prepare<bigint>(http, ethGetBalanceMeta, [account, 'latest']),
      prepare<Block | null>(http, ethGetBlockByNumberMeta, [0n, false]),
      // Not served by anvil (-32601): fails alone, the other calls of the array still succeed.
      prepare<bigint>(http, ethBaseFeeMeta),
    ] as const);

    expect(httpBodies).toHaveLength(1);
    const sent = httpBodies[0] as { method: string; params: unknown }[];
    expect(Array.isArray(sent)).toBe(true);
    expect(sent.map((c) => c.method)).toEqual(['eth_chainId', 'eth_blockNumber', 'eth_getBalance', 'eth_getBlockByNumber', 'eth_baseFee']);
    expect(sent[3]!.params).toEqual(['0x0', false]);

    expect(chainId).toEqual({ status: 'fulfilled', value: CHAIN_ID });
    expect(height.status).toBe('fulfilled');
    expect(typeof (height as { value: unknown }).value).toBe('bigint');
    expect(balance).toEqual({ status: 'fulfilled', value: 10_000n * 10n ** 18n });
    expect(genesis.status === 'fulfilled' && genesis.value?.number).toBe(0n);
    expect(baseFee.status).toBe('rejected');
    const reason = (baseFee as { reason: unknown }).reason;
    expect(reason).toBeInstanceOf(RpcError);
    expect(reason).toMatchObject({ code: -32601 });
  });
});

describe('EVM client against anvil: WebSocket', () => {
  it('plain calls over WebSocket validate and decode as over HTTP', async () => {
    expect(await ethChainId(ws)).toBe(CHAIN_ID);
    expect(await ethBlockNumber(ws)).toBe(await ethBlockNumber(http));
  });

  it('newHeads as an async iterator: one header per evm_mine, break unsubscribes', async () => {
    const validHeader = notificationValidator('newHeads');
    const sub = ethSubscribeNewHeads(ws);
    const id = await within(CALL_TIMEOUT, 'eth_subscribe', sub.ready);
    expect(id).toMatch(/^0x[0-9a-f]+$/);
    const start = await ethBlockNumber(http);

    const heads: EthSubscribeNewHeadsNotification[] = [];
    const mined = (async () => {
      for (let i = 0; i < 3; i++) await mine();
    })();
    await within(CALL_TIMEOUT, 'three newHeads notifications', (async () => {
      for await (const head of sub) {
        heads.push(head);
        if (heads.length === 3) break;
      }
    })());
    await mined;

    expect(heads.map((h) => h.number)).toEqual([start + 1n, start + 2n, start + 3n]);
    for (const h of heads) {
      expect(h.hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(typeof h.timestamp).toBe('bigint');
      expect(typeof h.gasLimit).toBe('bigint');
    }
    expect(heads[1]!.parentHash).toBe(heads[0]!.hash);
    const block = (await ethGetBlockByNumber(http, start + 3n, false)) as Block;
    expect(block.hash).toBe(heads[2]!.hash);

    // The raw notifications (wire form) match the spec's Header schema.
    const raw = notificationsOf(wsFrames, id);
    expect(raw.length).toBeGreaterThanOrEqual(3);
    for (const payload of raw.slice(0, 3)) expect(validHeader(payload), JSON.stringify(validHeader.errors)).toBe(true);

    // `break` sent eth_unsubscribe for the id and waited for the node's `true`: the node no longer knows it.
    const unsubscribe = wsSent.find((m) => (m as { method?: string }).method === 'eth_unsubscribe') as { id: number; params: unknown[] } | undefined;
    expect(unsubscribe?.params).toEqual([id]);
    expect(wsFrames).toContainEqual({ jsonrpc: '2.0', id: unsubscribe!.id, result: true });
    expect(await ethUnsubscribe(ws, id)).toBe(false);
  });
});

describe('whole-node client against anvil (C-Chain paths mapped to anvil root via the fetch and ws.WebSocket options)', () => {
  let node: NodeClient;
  const requested: string[] = [];
  beforeAll(() => {
    const toRoot = (url: string) => {
      requested.push(new URL(url).pathname);
      return url.replace(/\/ext\/bc\/C\/(rpc|ws)$/, '/');
    };
    node = createNodeClient({
      url: `http://127.0.0.1:${anvil.port}`,
      validate: validators,
      timeout: CALL_TIMEOUT,
      fetch: (url, init) => fetch(toRoot(url), init),
      ws: { transport: createWebSocketTransport, reconnect: false, WebSocket: tappingWebSocket([], [], toRoot) },
    });
  });
  afterAll(async () => {
    await node?.close();
  });

  it('node.eth, node.net, node.web3 and node.request over the C-Chain endpoint', async () => {
    expect(await node.eth.chainId()).toBe(CHAIN_ID);
    // net_version is a decimal string on the wire; its codec (uint64) makes it a bigint.
    expect(await node.net.version()).toBe(CHAIN_ID);
    expect(await node.web3.clientVersion()).toMatch(/^anvil\//);
    expect(await node.eth.getBalance(accounts[9]!, 'latest')).toBe(10_000n * 10n ** 18n);
    expect(await node.request({ method: 'eth_chainId' })).toBe(CHAIN_ID);
    expect(requested).toContain('/ext/bc/C/rpc');
  });

  it('node.batch groups the calls of the batch builder', async () => {
    const [id, block] = await node.batch((b) => [b.eth.chainId(), b.eth.getBlockByNumber(0n, true)] as const);
    expect(id).toEqual({ status: 'fulfilled', value: CHAIN_ID });
    expect(block.status === 'fulfilled' && block.value?.number).toBe(0n);
  });

  it('node.eth.subscribe("newHeads") over the C-Chain WebSocket path', async () => {
    const sub = node.eth.subscribe('newHeads');
    await within(CALL_TIMEOUT, 'eth_subscribe', sub.ready);
    const next = sub.next();
    await mine();
    const first = await within(CALL_TIMEOUT, 'a newHeads notification', next);
    expect(first.done).toBe(false);
    expect(typeof (first.value as EthSubscribeNewHeadsNotification).number).toBe('bigint');
    await sub.return();
    expect(requested).toContain('/ext/bc/C/ws');
  });
});
