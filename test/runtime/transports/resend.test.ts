/**
 * What the client may send again, on every path that sends a call more than once (a retry, splitting a
 * batch the node found too large, moving on to the next node, hedging a slow node), for every method of
 * the spec that is not a read. One rule (runtime/resend.ts): a call that has an answer is never sent again;
 * a call that is unsafe to repeat (`write`, `admin`, or no `x-effects`) only where it surely never ran; a
 * read or an idempotent write after any retryable failure.
 *
 * Real HTTP on 127.0.0.1 (the fault server of test/helpers/faults.ts), real timers with tiny delays; what
 * is asserted is what each node received, never how long it took.
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as admin from '../../../generated/client/namespaces/admin.js';
import * as debug from '../../../generated/client/namespaces/debug.js';
import * as eth from '../../../generated/client/namespaces/eth.js';
import * as info from '../../../generated/client/namespaces/info.js';
import * as native from '../../../generated/client/namespaces/native.js';
import * as net from '../../../generated/client/namespaces/net.js';
import * as personal from '../../../generated/client/namespaces/personal.js';
import * as platform from '../../../generated/client/namespaces/platform.js';
import * as txpool from '../../../generated/client/namespaces/txpool.js';
import * as web3 from '../../../generated/client/namespaces/web3.js';
import { HttpError } from '../../../runtime/errors/index.js';
import { createFallbackTransport } from '../../../runtime/transports/fallback.js';
import { createHttpTransport } from '../../../runtime/transports/http.js';
import type { Effect } from '../../../runtime/client/meta.js';
import { maySendAgain } from '../../../runtime/transports/resend.js';
import { withRetry } from '../../../runtime/transports/retry.js';
import type { RpcCall } from '../../../runtime/transports/transport.js';
import { nodeFetch, startFaultServer, type FaultServer, type ItemStep, type Step } from '../../helpers/faults.js';

interface Meta {
  readonly name: string;
  readonly effects?: Effect;
}

const metas: Meta[] = [admin, debug, eth, info, native, net, personal, platform, txpool, web3]
  .flatMap((ns) => Object.values(ns as Record<string, unknown>))
  .filter((v): v is Meta => typeof v === 'object' && v !== null && typeof (v as Meta).name === 'string' && 'service' in v);
const unsafe = [...new Map(metas.filter((m) => m.effects !== 'read' && m.effects !== 'idempotent').map((m) => [m.name, m])).values()];
const idempotent = [...new Map(metas.filter((m) => m.effects === 'idempotent').map((m) => [m.name, m])).values()];
const READ: RpcCall = { method: 'eth_blockNumber', params: [], effects: 'read' };

const callOf = (m: Meta): RpcCall => ({ method: m.name, params: [], ...(m.effects ? { effects: m.effects } : {}) });

/** How many times each node received `method` (in single calls and batches). */
function received(server: FaultServer, method: string): number {
  return server.attempts.flatMap((a) => [a.body].flat() as { method?: string }[]).filter((c) => c?.method === method).length;
}

const servers: FaultServer[] = [];
async function node(...script: Step[]): Promise<FaultServer> {
  const s = await startFaultServer(script);
  servers.push(s);
  return s;
}
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

const http = (s: FaultServer) => createHttpTransport({ url: s.url, fetch: nodeFetch(), timeout: 0, batch: true });

it('the spec has write methods to test (and every one is either unsafe or idempotent)', () => {
  expect(unsafe.map((m) => m.name)).toEqual(expect.arrayContaining(['eth_sendTransaction', 'personal_sendTransaction', 'admin.setLogLevel']));
  expect(unsafe.length).toBeGreaterThan(40);
  expect(idempotent.map((m) => m.name)).toContain('eth_sendRawTransaction');
});

describe.each(unsafe.map((m) => [m.name, m] as const))('%s (unsafe to repeat)', (_name, meta) => {
  const call = callOf(meta);

  it('split: a batch the node partly ran and partly refused as too large resends only what it refused', async () => {
    const refuseSecond = { each: (_c: unknown, i: number): ItemStep => (i === 0 ? { result: '0xaa' } : { error: { code: -32000, message: 'batch size limit exceeded' } }) };
    const s = await node(refuseSecond, 'ok');
    const settled = await withRetry(http(s), { retryDelay: 1 }).batch([call, READ]);
    expect(received(s, meta.name)).toBe(1);
    expect(settled[0]).toEqual({ status: 'fulfilled', value: '0xaa' });
    expect(settled[1]).toEqual({ status: 'fulfilled', value: '0x1' });
  });

  it('split: a batch refused whole (HTTP 413) never ran, so it is sent again in halves', async () => {
    const s = await node({ status: 413 }, 'ok');
    const settled = await withRetry(http(s), { retryDelay: 1 }).batch([call, READ]);
    expect(received(s, meta.name)).toBe(2);
    expect(settled[0]).toEqual({ status: 'fulfilled', value: '0x1' });
  });

  it('retry: a failure after the call left is not retried; a refused connection is', async () => {
    const s = await node({ status: 503 }, 'ok');
    await expect(withRetry(http(s), { retryDelay: 1 }).request(call)).rejects.toBeInstanceOf(HttpError);
    expect(received(s, meta.name)).toBe(1);
    const gone = await node();
    const url = gone.url;
    await gone.close();
    servers.splice(servers.indexOf(gone), 1);
    const later = await node();
    // The first attempt goes to a closed port; a fallback to a live node may follow, as the call never left.
    const t = createFallbackTransport([createHttpTransport({ url, fetch: nodeFetch(), timeout: 0 }), http(later)]);
    await expect(t.request(call)).resolves.toBe('0x1');
    expect(received(later, meta.name)).toBe(1);
  });

  it('fallback: a failure after the call left does not move it to the next node, alone or in a batch', async () => {
    const first = await node({ status: 503 }, { each: (c: { method: string }) => (c.method === meta.name ? { result: '0xaa' } : { error: { code: -32005, message: 'rate limited' } }) });
    const second = await node();
    const t = createFallbackTransport([http(first), http(second)]);
    await expect(t.request(call)).rejects.toBeInstanceOf(HttpError);
    const settled = await t.batch([call, READ]);
    expect(settled).toEqual([
      { status: 'fulfilled', value: '0xaa' },
      { status: 'fulfilled', value: '0x1' },
    ]);
    expect(received(second, meta.name)).toBe(0);
    expect(received(second, READ.method)).toBe(1);
  });

  it('hedge: a slow node is not raced with a second one', async () => {
    const slow = await node({ after: 30, step: 'ok' });
    const other = await node();
    const t = createFallbackTransport([http(slow), http(other)], { hedge: 1 });
    await expect(t.request(call)).resolves.toBe('0x1');
    expect(received(other, meta.name)).toBe(0);
  });
});

describe.each(idempotent.map((m) => [m.name, m] as const))('%s (idempotent)', (_name, meta) => {
  it('is retried after a failure that may have followed its arrival', async () => {
    const s = await node({ status: 503 }, 'ok');
    await expect(withRetry(http(s), { retryDelay: 1 }).request(callOf(meta))).resolves.toBe('0x1');
    expect(received(s, meta.name)).toBe(2);
  });
});

describe('the rule', () => {
  const write: RpcCall = { method: 'eth_sendTransaction', effects: 'write' };
  it('never sends again a call that has an answer, even when asked to retry', () => {
    for (const force of [undefined, true, false]) expect(maySendAgain(write, { answered: true }, force)).toBe(false);
    expect(maySendAgain(READ, { answered: true }, true)).toBe(false);
  });
  it('sends an unsafe call again only where it surely never ran; a safe one after any failure', () => {
    expect(maySendAgain(write, { failed: new HttpError(503, '', '', { method: 'm', url: 'u' }) })).toBe(false);
    expect(maySendAgain(write, { failed: new HttpError(413, '', '', { method: 'm', url: 'u' }) })).toBe(true);
    expect(maySendAgain(READ, { failed: new HttpError(503, '', '', { method: 'm', url: 'u' }) })).toBe(true);
    expect(maySendAgain(write, { inFlight: true })).toBe(false);
    expect(maySendAgain(READ, { inFlight: true })).toBe(true);
    expect(maySendAgain(READ, { inFlight: true }, false)).toBe(false);
  });
});
