/**
 * The generated client against the generated server, every method of every service, once per spec example:
 * a full round trip value → wire → value in both directions.
 *
 * - The handlers are typed value-form handlers built from the spec's examples: each returns the decoded
 *   result of the example whose decoded params deep-equal the decoded params it received (the first such
 *   example, or the one the `x-example` header names among them), else the method's first example.
 *   Subscription handlers return an async iterable of the example's decoded notifications.
 * - The client calls each method with the example's decoded params. It encodes them, the server decodes
 *   them: the params the handler received must equal the decoded example params. The server encodes the
 *   handler's value-form result, the client validates it against the spec and decodes it: the result must
 *   equal the decoded example result.
 */
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode, type Plan } from '../../../runtime/client/codec.js';
import { materialize, PlanBuilder } from '../../../generator/schema/codec.js';
import type { MethodModel, ServiceModel } from '../../../generator/model/index.js';
import { allMethods, plansOf } from '../../helpers/model.js';
import { show } from './spec.js';

const CALL_TIMEOUT = 10_000;

type AnyFn = (...args: unknown[]) => unknown;
type Client = Record<string, Record<string, AnyFn>> & { close(): Promise<void> };
type Handler = (params: unknown, ctx: { headers: Record<string, unknown>; signal?: AbortSignal }) => unknown;

const methods = allMethods();
/** Methods the server runtime implements itself (ending a subscription), by the subscribe method they end. */
const unsubscribers = new Map(
  methods.flatMap(({ method }) => (method.subscriptions?.unsubscribe ? [[method.subscriptions.unsubscribe, method] as const] : [])),
);

/**
 * A canonical form for comparing decoded values: bigints tagged, object keys sorted, `undefined` members
 * and trailing `undefined` items (omitted optional params) dropped. Plain data only, so the prototype of
 * an object does not matter.
 */
function canonical(value: unknown): unknown {
  if (typeof value === 'bigint') return { $bigint: value.toString() };
  if (Array.isArray(value)) {
    const items = [...value];
    while (items.length && items[items.length - 1] === undefined) items.pop();
    return items.map((v) => (v === undefined ? null : canonical(v)));
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}
const same = (a: unknown, b: unknown): boolean => isDeepStrictEqual(canonical(a), canonical(b));

/** The wire params of an example, shaped as the method takes them (array by position, object by name). */
function wireParamsOf(method: MethodModel, example: { params: readonly { name: string; value: unknown }[] }, params = method.params): unknown {
  if (method.paramStructure !== 'by-position') return Object.fromEntries(example.params.map((p) => [p.name, p.value]));
  const list = params.map((p) => example.params.find((e) => e.name === p.name)?.value);
  while (list.length && list[list.length - 1] === undefined) list.pop();
  return list;
}

interface DecodedExample {
  readonly name: string;
  readonly params: unknown;
  readonly result: unknown;
}

/** Every example of a method, decoded to the value form with the method's codec plans. */
function decodedExamples(service: ServiceModel, method: MethodModel): DecodedExample[] {
  const plans = plansOf(service, method);
  return method.examples.map((ex) => ({
    name: ex.name,
    params: decode(plans.params, wireParamsOf(method, ex)),
    result: ex.result ? decode(plans.result, ex.result.value) : null,
  }));
}

interface DecodedKindExample {
  readonly name: string;
  readonly params: unknown[];
  readonly notifications: unknown[];
}

/** Every example of every subscription kind of a subscribe method, decoded. */
function decodedKinds(service: ServiceModel, method: MethodModel): Map<string, DecodedKindExample[]> {
  const b = new PlanBuilder(service.document);
  return new Map(
    (method.subscriptions?.kinds ?? []).map((kind) => {
      const paramsPlan = materialize(b.tuple(kind.params.map((p) => p.schema))) as Plan;
      const payloadPlan = materialize(b.tree(kind.result.schema)) as Plan;
      return [
        kind.name,
        kind.examples.map((ex) => ({
          name: ex.name,
          params: decode(paramsPlan, wireParamsOf(method, ex, kind.params)) as unknown[],
          notifications: ex.notifications.map((n) => decode(payloadPlan, n)),
        })),
      ];
    }),
  );
}

/** What every handler received, by wire method name (the tests run one after another). */
const received = new Map<string, unknown[]>();

function record(method: string, params: unknown): void {
  const list = received.get(method) ?? [];
  list.push(params);
  received.set(method, list);
}

function header(ctx: { headers: Record<string, unknown> }, name: string): string | undefined {
  const v = ctx.headers?.[name];
  return typeof v === 'string' ? v : undefined;
}

/** Value-form handlers for every method of every service, by namespace and member. */
function buildHandlers(): Record<string, Record<string, Handler>> {
  const handlers: Record<string, Record<string, Handler>> = {};
  for (const { service, method } of methods) {
    if (unsubscribers.has(method.name)) continue; // the server runtime answers these itself
    const ns = (handlers[method.namespace] ??= {});
    if (method.subscriptions) {
      const kinds = decodedKinds(service, method);
      ns[method.member] = (request, ctx) => {
        const { kind, params } = request as { kind: string; params: unknown[] };
        record(method.name, { kind, params });
        const examples = kinds.get(kind) ?? [];
        const chosen = examples.find((e) => same(e.params, params)) ?? examples[0];
        return (async function* notifications() {
          for (const n of chosen?.notifications ?? []) yield n;
          // Stay subscribed until the client unsubscribes or the connection closes.
          if (ctx.signal && !ctx.signal.aborted) await new Promise((resolve) => ctx.signal!.addEventListener('abort', resolve, { once: true }));
        })();
      };
      continue;
    }
    const examples = decodedExamples(service, method);
    ns[method.member] = (params, ctx) => {
      record(method.name, params);
      const matching = examples.filter((e) => same(e.params, params));
      const named = header(ctx, 'x-example');
      const chosen = matching.find((e) => e.name === named) ?? matching[0] ?? examples[0];
      return chosen?.result ?? null;
    };
  }
  return handlers;
}

function callArgs(method: MethodModel, params: unknown, options: object): unknown[] {
  if (method.paramStructure !== 'by-position') return method.params.length ? [params, options] : [options];
  const args = [...(params as unknown[])];
  while (args.length < method.params.length) args.push(undefined);
  return [...args, options];
}

let server: { url: string; close(): Promise<void> };
let rpcServer: { close(): Promise<void> };
let node: Client;

beforeAll(async () => {
  const { createNodeServer } = await import('../../../generated/client/server/index.js');
  const { createNodeClient, createWebSocketTransport } = await import('../../../generated/client/index.js');
  const { validators } = await import('../../../generated/client/validators.js');
  const s = createNodeServer({ handlers: buildHandlers() as never, enable: 'all' });
  rpcServer = s;
  server = await s.listen(0);
  node = createNodeClient({ url: server.url, validate: validators, timeout: CALL_TIMEOUT, ws: { transport: createWebSocketTransport, reconnect: false } }) as unknown as Client;
}, 60_000);

afterAll(async () => {
  await node?.close();
  await server?.close();
  await rpcServer?.close();
}, 10_000);

describe('generated client ⇄ generated server, every method, typed value-form handlers', () => {
  it('covers every method of the spec', () => {
    expect(methods.length).toBeGreaterThan(180);
    const handled = Object.values(buildHandlers()).reduce((n, ns) => n + Object.keys(ns).length, 0);
    expect(handled).toBe(methods.length - unsubscribers.size);
  });

  for (const { service, method } of methods) {
    if (method.subscriptions || unsubscribers.has(method.name)) continue;
    for (const example of method.examples) {
      it(`${method.name} · ${example.name}`, { timeout: CALL_TIMEOUT }, async () => {
        const all = decodedExamples(service, method);
        const want = all.find((e) => e.name === example.name)!;
        received.delete(method.name);
        // Over HTTP a header names the example among those with the same params; over WebSocket the params decide.
        const options = method.websocketOnly ? {} : { headers: { 'x-example': example.name } };
        const expected = method.websocketOnly ? all.find((e) => same(e.params, want.params))! : want;
        const fn = node[method.namespace]![method.member]!;
        const result = await fn(...callArgs(method, want.params, options));

        const got = received.get(method.name) ?? [];
        expect(got, 'the handler ran once').toHaveLength(1);
        expect(same(got[0], want.params), `server received ${show(canonical(got[0]))}, sent ${show(canonical(want.params))}`).toBe(true);
        expect(result).toEqual(expected.result);
      });
    }
  }

  for (const { service, method } of methods) {
    if (!method.subscriptions) continue;
    const kinds = decodedKinds(service, method);
    for (const kind of method.subscriptions.kinds) {
      for (const example of kinds.get(kind.name)!) {
        it(`${method.name} ${kind.name} · ${example.name}`, { timeout: CALL_TIMEOUT }, async () => {
          const expected = kinds.get(kind.name)!.find((e) => same(e.params, example.params))!;
          received.delete(method.name);
          const sub = node[method.namespace]![method.member]!(kind.name, ...example.params) as AsyncIterableIterator<unknown> & { ready: Promise<string> };
          const got: unknown[] = [];
          try {
            if (expected.notifications.length > 0) {
              for await (const item of sub) {
                got.push(item);
                if (got.length === expected.notifications.length) break;
              }
            } else {
              await sub.ready;
            }
          } finally {
            await sub.return?.();
          }
          expect(got).toEqual(expected.notifications);
          const calls = received.get(method.name) ?? [];
          expect(calls).toHaveLength(1);
          expect(same(calls[0], { kind: kind.name, params: example.params }), `server received ${show(canonical(calls[0]))}`).toBe(true);
        });
      }
    }
  }

  for (const [name, subscribe] of unsubscribers) {
    it(`${name} ends a live subscription of ${subscribe.name} (answered by the server runtime)`, { timeout: CALL_TIMEOUT }, async () => {
      const target = methods.find((m) => m.method.name === name)!.method;
      const service = methods.find((m) => m.method === subscribe)!.service;
      const kind = subscribe.subscriptions!.kinds[0]!;
      const example = decodedKinds(service, subscribe).get(kind.name)![0]!;
      const sub = node[subscribe.namespace]![subscribe.member]!(kind.name, ...example.params) as AsyncIterableIterator<unknown> & { ready: Promise<string> };
      try {
        const id = await sub.ready;
        expect(await node[target.namespace]![target.member]!(id)).toBe(true);
        expect(await node[target.namespace]![target.member]!(id)).toBe(false);
      } finally {
        await sub.return?.();
      }
    });
  }
});
