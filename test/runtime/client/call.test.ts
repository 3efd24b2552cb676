import { Ajv } from 'ajv';
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { batch, prepare, subscribe } from '../../../runtime/client/call-api.js';
import { call } from '../../../runtime/client/call.js';
import {
  DecodeError,
  EncodeError,
  HttpError,
  ProtocolError,
  ResponseValidationError,
  RpcError,
  UnsupportedError,
} from '../../../runtime/errors/index.js';
import { createHttpTransport } from '../../../runtime/transports/http.js';
import type { MethodMeta, SubscriptionMeta, ValidatorModule } from '../../../runtime/client/meta.js';
import type { Settled } from '../../../runtime/transports/transport.js';
import { toIssues } from '../../../runtime/client/validate.js';
import { createWebSocketTransport } from '../../../runtime/transports/ws.js';
import { jsonReply, rpcHandler, startHttpServer, startWsServer, type RpcRequest, type TestHttpServer, type TestWsServer } from '../transports/servers.js';

// ---- metas as the generator emits them ----

const getBalance: MethodMeta = {
  name: 'platform.getBalance',
  service: 'platform',
  structure: 'by-name',
  params: ['addresses', 'minimum'],
  required: ['addresses'],
  encode: { o: { minimum: 'u64' } },
  decode: { o: { balance: 'u64', utxoIDs: { a: { o: { outputIndex: 'u32' } } } } },
};

const ethGetBalance: MethodMeta = {
  name: 'eth_getBalance',
  service: 'evm',
  structure: 'by-position',
  params: ['address', 'block', 'extra'],
  required: ['address'],
  encode: { t: [0, { u: [[{ ty: ['string'], p: '^(latest|pending|earliest|safe|finalized)$' }, 0], [{}, 'q']] }, 'q'] },
  decode: 'q',
};

function validatorFor(schema: object): () => Promise<ValidatorModule> {
  const check = new Ajv({ allErrors: true }).compile(schema);
  return async () => ({ validate: (value) => (check(value) ? null : toIssues(check.errors)) });
}

const getHeight: MethodMeta = {
  name: 'platform.getHeight',
  service: 'platform',
  structure: 'by-name',
  params: [],
  required: [],
  decode: { o: { height: 'u64' } },
  resultValidator: validatorFor({
    type: 'object',
    required: ['height'],
    properties: { height: { type: 'string', pattern: '^(0|[1-9][0-9]*)$' } },
  }),
};

const exportKey: MethodMeta = {
  name: 'native.exportKey',
  service: 'native',
  structure: 'by-name',
  params: ['username', 'password', 'address'],
  required: ['username', 'password', 'address'],
  secrets: ['password'],
};

const ethSubscribe: MethodMeta = {
  name: 'eth_subscribe',
  service: 'evm',
  structure: 'by-position',
  params: ['kind'],
  required: ['kind'],
  wsOnly: true,
};

const newHeads: SubscriptionMeta = {
  subscribe: 'eth_subscribe',
  unsubscribe: 'eth_unsubscribe',
  notification: 'eth_subscription',
  kind: 'newHeads',
  decode: { o: { number: 'q', timestamp: 'q' } },
};

const logs: SubscriptionMeta = {
  subscribe: 'eth_subscribe',
  unsubscribe: 'eth_unsubscribe',
  notification: 'eth_subscription',
  kind: 'logs',
  encode: { t: [{ o: { fromBlock: 'q' } }] },
  decode: { o: { logIndex: 'q' } },
};

let http: TestHttpServer;
let node: TestHttpServer;
let ws: TestWsServer;

/** The answers of a tiny node: by method name, from the request. */
function answers(req: RpcRequest): { result: unknown } | { error: { code: number; message: string; data?: unknown } } {
  switch (req.method) {
    case 'platform.getBalance':
      return { result: { balance: '18446744073709551615', utxoIDs: [{ txID: 'x', outputIndex: '7' }], extra: 'kept' } };
    case 'platform.getHeight':
      return { result: { height: '1234567' } };
    case 'eth_getBalance':
      return { result: '0xde0b6b3a7640000' };
    case 'native.exportKey':
      return {
        error: { code: -32700, message: `cannot decode ${JSON.stringify(req.params)}`, data: { jsonrpc: '2.0', method: req.method, params: req.params } },
      };
    default:
      return { error: { code: -32601, message: 'no such method' } };
  }
}

beforeAll(async () => {
  [http, node, ws] = await Promise.all([startHttpServer(rpcHandler(answers)), startHttpServer(rpcHandler(answers, { batch: false })), startWsServer()]);
});
afterAll(async () => {
  await Promise.all([http.close(), node.close(), ws.close()]);
});
beforeEach(() => {
  http.handler = rpcHandler(answers);
  http.received.length = 0;
  node.received.length = 0;
  ws.received.length = 0;
});

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected the promise to reject');
}

describe('call', () => {
  it('encodes by-name params (undefined keys dropped, bigints as decimal strings) and decodes the result', async () => {
    const t = createHttpTransport({ url: http.url });
    const result = await call<{ balance: bigint; utxoIDs: { outputIndex: number }[]; extra: string }>(t, getBalance, {
      addresses: ['P-avax1abc'],
      minimum: 10n ** 18n,
      sourceChain: undefined,
    });
    expect((http.received[0]!.json as RpcRequest).params).toEqual({ addresses: ['P-avax1abc'], minimum: '1000000000000000000' });
    expect(result).toEqual({ balance: 2n ** 64n - 1n, utxoIDs: [{ txID: 'x', outputIndex: 7 }], extra: 'kept' });
  });

  it('sends `{}` for a by-name method called without params', async () => {
    await call(createHttpTransport({ url: http.url }), getHeight);
    expect((http.received[0]!.json as RpcRequest).params).toEqual({});
  });

  it('encodes by-position args: trailing undefined trimmed, an undefined before a value sent as null', async () => {
    const t = createHttpTransport({ url: http.url });
    expect(await call<bigint>(t, ethGetBalance, ['0xabc', 'latest'])).toBe(10n ** 18n);
    expect(await call(t, ethGetBalance, ['0xabc', 255n, undefined])).toBe(10n ** 18n);
    await call(t, ethGetBalance, ['0xabc', undefined, 16n]);
    expect(http.received.map((ex) => (ex.json as RpcRequest).params)).toEqual([
      ['0xabc', 'latest'],
      ['0xabc', '0xff'],
      ['0xabc', null, '0x10'],
    ]);
  });

  it('rejects params it cannot encode with EncodeError, sending nothing', async () => {
    const t = createHttpTransport({ url: http.url });
    const e = (await rejection(call(t, getBalance, { addresses: [], minimum: -1n }))) as EncodeError;
    expect(e).toBeInstanceOf(EncodeError);
    expect(e.message).toBe('platform.getBalance: params.minimum must be a non-negative integer, got -1n. Fix the argument.');
    expect(e.path).toBe('/minimum');
    expect(await rejection(call(t, ethGetBalance, { address: '0x1' }))).toBeInstanceOf(EncodeError);
    expect(await rejection(call(t, getBalance, ['P-avax1abc']))).toBeInstanceOf(EncodeError);
    expect(http.received).toHaveLength(0);
  });

  it('rejects a result it cannot decode with DecodeError naming the method and path', async () => {
    http.handler = (ex) => jsonReply({ jsonrpc: '2.0', id: (ex.json as RpcRequest).id, result: { balance: 'lots' } });
    const e = (await rejection(call(createHttpTransport({ url: http.url }), getBalance, { addresses: [] }))) as DecodeError;
    expect(e).toBeInstanceOf(DecodeError);
    expect(e.path).toBe('/balance');
    expect(e.message).toMatch(/^platform\.getBalance: the result cannot be decoded at \/balance: expected an unsigned 64-bit integer/);
  });

  it('validates results when asked (per call or per transport) with ResponseValidationError', async () => {
    http.handler = (ex) => jsonReply({ jsonrpc: '2.0', id: (ex.json as RpcRequest).id, result: { height: 12 } });
    const loose = createHttpTransport({ url: http.url });
    // Without validation the decoder copes with a number.
    expect(await call(loose, getHeight)).toEqual({ height: 12n });
    const e = (await rejection(call(loose, getHeight, undefined, { validate: true }))) as ResponseValidationError;
    expect(e).toBeInstanceOf(ResponseValidationError);
    expect(e.issues).toEqual([expect.objectContaining({ path: '/height', keyword: 'type', message: 'must be string' })]);
    expect(e.message).toMatch(/^platform\.getHeight: the result does not match the spec \(1 problem\):\n {2}- result\.height must be string/);
    const strict = createHttpTransport({ url: http.url, validate: true });
    expect(await rejection(call(strict, getHeight))).toBeInstanceOf(ResponseValidationError);
    expect(await call(strict, getHeight, undefined, { validate: false })).toEqual({ height: 12n });
    http.handler = rpcHandler(answers);
    expect(await call(strict, getHeight)).toEqual({ height: 1234567n });
  });

  it('refuses a WebSocket-only method over HTTP, sending nothing', async () => {
    const e = await rejection(call(createHttpTransport({ url: http.url }), ethSubscribe, ['newHeads']));
    expect(e).toBeInstanceOf(UnsupportedError);
    expect((e as Error).message).toMatch(/eth_subscribe is only available over WebSocket/);
    expect(http.received).toHaveLength(0);
  });

  it('lets calls made in the same tick share one auto-batch', async () => {
    const t = createHttpTransport({ url: http.url, batch: true, autoBatch: true });
    const [h, b] = await Promise.all([call(t, getHeight), call<bigint>(t, ethGetBalance, ['0xabc'])]);
    expect([h, b]).toEqual([{ height: 1234567n }, 10n ** 18n]);
    expect(http.received).toHaveLength(1);
    expect(http.received[0]!.json).toHaveLength(2);
  });
});

describe('keystore secrets', () => {
  const params = { username: 'alice', password: 'hunter2-"quoted"', address: '0xabc' };

  it('never puts a password in an RpcError message or data, even when the server echoes the request', async () => {
    const e = (await rejection(call(createHttpTransport({ url: node.url }), exportKey, params))) as RpcError;
    expect(e).toBeInstanceOf(RpcError);
    expect(node.received[0]!.body).toContain('hunter2'); // it was sent...
    const shown = `${e.message} ${JSON.stringify(e.data)} ${e.stack} ${JSON.stringify(e)}`;
    expect(shown).not.toContain('hunter2');
    expect(e.message).toContain('"password":"***"');
    expect(e.data).toEqual({ jsonrpc: '2.0', method: 'native.exportKey', params: { username: 'alice', password: '***', address: '0xabc' } });
  });

  it('redacts HTTP error bodies and protocol error bodies too', async () => {
    const t = createHttpTransport({ url: http.url });
    http.handler = (ex) => ({ status: 400, headers: { 'content-type': 'text/plain' }, body: `bad request: ${ex.body}` });
    const h = (await rejection(call(t, exportKey, params))) as HttpError;
    expect(h).toBeInstanceOf(HttpError);
    expect(`${h.message} ${h.body}`).not.toContain('hunter2');
    expect(h.body).toContain('***');
    http.handler = (ex) => ({ status: 200, body: `oops ${ex.body}` });
    const p = (await rejection(call(t, exportKey, params))) as ProtocolError;
    expect(p).toBeInstanceOf(ProtocolError);
    expect(`${p.message} ${p.body}`).not.toContain('hunter2');
  });

  it('redacts secrets in failed batch items', async () => {
    const t = createHttpTransport({ url: http.url, batch: true });
    const [a] = await batch([prepare(t, exportKey, params), prepare(t, getHeight)]);
    expect(JSON.stringify((a as { reason: RpcError }).reason.data)).not.toContain('hunter2');
  });
});

describe('prepare + batch', () => {
  it('sends a typed batch as one array and settles each item, decoded, with per-item errors', async () => {
    const t = createHttpTransport({ url: http.url, batch: true });
    const out = await batch([
      prepare<{ height: bigint }>(t, getHeight),
      prepare<bigint>(t, ethGetBalance, ['0xabc', 'latest']),
      prepare<never>(t, { ...getHeight, name: 'platform.nope', resultValidator: undefined }),
      prepare<{ balance: bigint }>(t, getBalance, { addresses: [], minimum: -5n }),
    ] as const);
    expectTypeOf(out[0]).toEqualTypeOf<Settled<{ height: bigint }>>();
    expectTypeOf(out[1]).toEqualTypeOf<Settled<bigint>>();
    expect(out[0]).toEqual({ status: 'fulfilled', value: { height: 1234567n } });
    expect(out[1]).toEqual({ status: 'fulfilled', value: 10n ** 18n });
    expect((out[2] as { reason: unknown }).reason).toMatchObject({ name: 'RpcError', code: -32601, method: 'platform.nope' });
    expect((out[3] as { reason: unknown }).reason).toBeInstanceOf(EncodeError);
    expect(http.received).toHaveLength(1);
    expect(http.received[0]!.json).toHaveLength(3);
  });

  it('groups by transport: an array where the endpoint takes one, single requests elsewhere', async () => {
    const evm = createHttpTransport({ url: http.url, batch: true });
    const platform = createHttpTransport({ url: node.url });
    const out = await batch([
      prepare<bigint>(evm, ethGetBalance, ['0x1']),
      prepare<{ height: bigint }>(platform, getHeight),
      prepare<bigint>(evm, ethGetBalance, ['0x2']),
      prepare<{ height: bigint }>(platform, getHeight),
    ]);
    expect(out.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(http.received).toHaveLength(1);
    expect(http.received[0]!.json).toHaveLength(2);
    expect(node.received).toHaveLength(2);
    expect(node.received.some((ex) => Array.isArray(ex.json))).toBe(false);
  });

  it('validates and decodes each item, failing only the bad one', async () => {
    http.handler = (ex) =>
      jsonReply((ex.json as RpcRequest[]).map((r, i) => ({ jsonrpc: '2.0', id: r.id, result: i === 0 ? { height: 5 } : { height: '6' } })));
    const t = createHttpTransport({ url: http.url, batch: true });
    const out = await batch([prepare<{ height: bigint }>(t, getHeight), prepare<{ height: bigint }>(t, getHeight)], { validate: true });
    expect((out[0] as { reason: unknown }).reason).toBeInstanceOf(ResponseValidationError);
    expect(out[1]).toEqual({ status: 'fulfilled', value: { height: 6n } });
  });

  it('reports a WebSocket-only method in an HTTP batch as that item\'s error', async () => {
    const t = createHttpTransport({ url: http.url, batch: true });
    const [a, b] = await batch([prepare(t, ethSubscribe, ['newHeads']), prepare<{ height: bigint }>(t, getHeight)]);
    expect((a as { reason: unknown }).reason).toBeInstanceOf(UnsupportedError);
    expect(b).toEqual({ status: 'fulfilled', value: { height: 1234567n } });
  });
});

describe('subscribe', () => {
  it('sends the kind then the encoded params, and decodes each notification', async () => {
    const t = createWebSocketTransport({ url: ws.url });
    try {
      const sub = subscribe<{ logIndex: bigint }>(t, logs, [{ fromBlock: 16n, address: '0xabc' }]);
      expectTypeOf(sub).toExtend<AsyncIterableIterator<{ logIndex: bigint }>>();
      const id = await sub.ready;
      expect(ws.subscriptions.get(id)!.params).toEqual(['logs', { fromBlock: '0x10', address: '0xabc' }]);
      ws.notify(id, { logIndex: '0x2', data: '0x' });
      const { value } = await sub.next();
      expectTypeOf(value).toEqualTypeOf<{ logIndex: bigint } | undefined>();
      expect(value).toEqual({ logIndex: 2n, data: '0x' });
      await sub.return();
    } finally {
      await t.close();
    }
  });

  it('ends with DecodeError on a notification it cannot decode', async () => {
    const t = createWebSocketTransport({ url: ws.url });
    try {
      const sub = subscribe<{ number: bigint }>(t, newHeads);
      const id = await sub.ready;
      expect(ws.subscriptions.get(id)!.params).toEqual(['newHeads']);
      ws.notify(id, { number: '0x1', timestamp: '0x2' });
      ws.notify(id, { number: 'soon' });
      expect((await sub.next()).value).toEqual({ number: 1n, timestamp: 2n });
      const e = await rejection(sub.next());
      expect(e).toBeInstanceOf(DecodeError);
      expect((e as Error).message).toMatch(/^eth_subscribe\("newHeads"\): the result cannot be decoded at \/number/);
    } finally {
      await t.close();
    }
  });

  it('validates notifications when asked: a payload off the spec ends the subscription with ResponseValidationError', async () => {
    const t = createWebSocketTransport({ url: ws.url });
    let loads = 0;
    const checked = {
      ...newHeads,
      notificationValidator: async () => {
        loads++;
        return {
          validate: (v: unknown) =>
            typeof (v as { number?: unknown }).number === 'string' ? null : [{ path: '/number', message: 'must be string', keyword: 'type' }],
        };
      },
    };
    try {
      const sub = subscribe<{ number: bigint }>(t, checked, [], { validate: true });
      const id = await sub.ready;
      ws.notify(id, { number: '0x1' });
      ws.notify(id, { number: 7 });
      expect((await sub.next()).value).toEqual({ number: 1n });
      const e = await rejection(sub.next());
      expect(e).toBeInstanceOf(ResponseValidationError);
      expect((e as ResponseValidationError).issues).toEqual([{ path: '/number', message: 'must be string', keyword: 'type' }]);
      expect(loads).toBe(1);
      // The subscription was ended on the server too.
      await expect.poll(() => ws.subscriptions.has(id)).toBe(false);
      // Without `validate`, the validator is never loaded.
      const plain = subscribe<{ number: bigint }>(t, checked);
      await plain.ready;
      await plain.return();
      expect(loads).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('throws UnsupportedError on an HTTP transport', () => {
    expect(() => subscribe(createHttpTransport({ url: http.url }), newHeads)).toThrow(UnsupportedError);
  });
});
