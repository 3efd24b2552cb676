/**
 * Every method of every service, called through the generated client against the generated mock node on
 * 127.0.0.1, once per spec example: the result (validated against the spec by the precompiled validators)
 * equals the example's result decoded to its value form. Subscriptions yield the example notifications.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../../runtime/client/codec.js';
import { allMethods, plansOf } from '../../helpers/model.js';

type AnyFn = (...args: unknown[]) => unknown;
type Client = Record<string, Record<string, AnyFn>> & { close(): Promise<void> };

let mock: { url: string; close(): Promise<void> };
let node: Client;

beforeAll(async () => {
  const { startNodeMock } = await import('../../../generated/client/mock/index.js');
  const { createNodeClient, createWebSocketTransport } = await import('../../../generated/client/index.js');
  const { validators } = await import('../../../generated/client/validators.js');
  mock = await startNodeMock();
  node = createNodeClient({ url: mock.url, validate: validators, ws: { transport: createWebSocketTransport, reconnect: false } }) as unknown as Client;
});

afterAll(async () => {
  await node?.close();
  await mock?.close();
});

function callArgs(method: ReturnType<typeof allMethods>[number]['method'], params: unknown, options: object): unknown[] {
  if (!method.positional) return [method.params.length ? params : undefined, options].slice(method.params.length ? 0 : 1);
  const args = [...(params as unknown[])];
  while (args.length < method.params.length) args.push(undefined);
  return [...args, options];
}

const methods = allMethods();
/** Methods the server runtime implements itself (ending a subscription), by the subscribe method they end. */
const unsubscribers = new Map(methods.flatMap(({ method }) => (method.subscriptions?.unsubscribe ? [[method.subscriptions.unsubscribe, method] as const] : [])));

describe('generated client against the generated mock node', () => {
  it('covers every method of the spec', () => {
    expect(methods.length).toBeGreaterThan(180);
  });

  for (const [name, subscribe] of unsubscribers) {
    it(`${name} ends a live subscription of ${subscribe.name}`, async () => {
      const target = methods.find((m) => m.method.name === name)!.method;
      const ns = node[subscribe.namespace]!;
      const kind = subscribe.subscriptions!.kinds[0]!;
      const service = methods.find((m) => m.method === subscribe)!.service;
      const { PlanBuilder, materialize } = await import('../../../generator/schema/codec.js');
      const args = kind.params.map((p) => kind.examples[0]!.params.find((e) => e.name === p.name)?.value);
      while (args.length && args[args.length - 1] === undefined) args.pop();
      const decoded = decode(materialize(new PlanBuilder(service.document).tuple(kind.params.map((p) => p.schema))), args) as unknown[];
      const sub = ns[subscribe.member]!(kind.name, ...decoded) as AsyncIterableIterator<unknown> & { ready: Promise<string> };
      const id = await sub.ready;
      expect(await node[target.namespace]![target.member]!(id)).toBe(true);
      expect(await node[target.namespace]![target.member]!(id)).toBe(false);
      await sub.return?.();
    });
  }

  for (const { service, method } of methods) {
    if (method.subscriptions || unsubscribers.has(method.name)) continue;
    for (const example of method.examples) {
      it(`${method.name} · ${example.name}`, async () => {
        const plans = plansOf(service, method);
        const wireParams =
          method.positional
            ? method.params.map((p) => example.params.find((e) => e.name === p.name)?.value)
            : Object.fromEntries(example.params.map((p) => [p.name, p.value]));
        if (Array.isArray(wireParams)) while (wireParams.length && wireParams[wireParams.length - 1] === undefined) wireParams.pop();
        const params = decode(plans.params, wireParams);
        const ns = node[method.namespace]!;
        const fn = ns[method.member]!;
        // Over HTTP a header picks the example exactly; over WebSocket the mock matches it by params.
        const options = method.websocketOnly ? {} : { headers: { 'x-mock-example': example.name } };
        const result = await fn(...callArgs(method, params, options));
        expect(result).toEqual(example.result ? decode(plans.result, example.result.value) : null);
      });
    }
  }

  for (const { service, method } of methods) {
    const subs = method.subscriptions;
    if (!subs) continue;
    for (const kind of subs.kinds) {
      for (const example of kind.examples) {
        it(`${method.name} ${kind.name} · ${example.name}`, async () => {
          const ns = node[method.namespace]!;
          const args = kind.params.map((p) => example.params.find((e) => e.name === p.name)?.value);
          while (args.length && args[args.length - 1] === undefined) args.pop();
          const { PlanBuilder, materialize } = await import('../../../generator/schema/codec.js');
          const b = new PlanBuilder(service.document);
          const decodeArgs = materialize(b.tuple(kind.params.map((p) => p.schema)));
          const payloadPlan = materialize(b.tree(kind.result.schema));
          const sub = ns[method.member]!(kind.name, ...(decode(decodeArgs, args) as unknown[])) as AsyncIterableIterator<unknown>;
          const got: unknown[] = [];
          for await (const item of sub) {
            got.push(item);
            if (got.length === example.notifications.length) break;
          }
          expect(got).toEqual(example.notifications.map((n) => decode(payloadPlan, n)));
        });
      }
    }
  }
});

describe('validation over the whole-node client', () => {
  it('`validate: true` alone says what to import', async () => {
    const { createNodeClient } = await import('../../../generated/client/index.js');
    expect(() => createNodeClient({ url: mock.url, validate: true })).toThrow(
      new TypeError("validate: true needs the validators, which load only when asked for: import { validators } from '@noderpc/client/validators' and pass validate: validators"),
    );
  });

  it('a result the validators reject fails the call; without them it is only decoded', async () => {
    const { createNodeClient, ResponseValidationError } = await import('../../../generated/client/index.js');
    const { validators } = await import('../../../generated/client/validators.js');
    // A node that answers every call with a height that is not a decimal string.
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: (JSON.parse(body) as { id: number }).id, result: { height: 'tall' } }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const checked = createNodeClient({ url, validate: validators, retry: false });
    const unchecked = createNodeClient({ url, retry: false });
    try {
      const e = await checked.platform.getHeight().catch((x: unknown) => x);
      expect(e).toBeInstanceOf(ResponseValidationError);
      expect(String((e as Error).message)).toContain('platform.getHeight');
      // Per call, off: the same client decodes without checking (and the decoder refuses 'tall' on its own).
      expect(await unchecked.platform.getHeight().catch((x: unknown) => (x as Error).constructor.name)).not.toBe('ResponseValidationError');
    } finally {
      await checked.close();
      await unchecked.close();
      server.close();
    }
  });
});

describe('the WebSocket transport is passed in', () => {
  it('subscribing without it says what to import; with it, notifications arrive', async () => {
    const { createNodeClient, createWebSocketTransport } = await import('../../../generated/client/index.js');
    const bare = createNodeClient({ url: mock.url });
    expect(() => bare.eth.subscribe('newHeads')).toThrow(
      new TypeError(
        "subscriptions and WebSocket-only methods need the WebSocket transport, which loads only when asked for: import { createWebSocketTransport } from '@noderpc/client/runtime' and pass ws: { transport: createWebSocketTransport }",
      ),
    );
    const withWs = createNodeClient({ url: mock.url, ws: { transport: createWebSocketTransport, reconnect: false } });
    try {
      const sub = withWs.eth.subscribe('newHeads');
      const first = await sub.next();
      expect(first.done).toBe(false);
      expect(typeof (first.value as { number: unknown }).number).toBe('bigint');
      await sub.return();
    } finally {
      await bare.close();
      await withWs.close();
    }
  });
});
