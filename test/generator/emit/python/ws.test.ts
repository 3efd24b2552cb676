/**
 * The generated async Python client's subscriptions against the generated mock's WebSocket endpoint on
 * 127.0.0.1 (test/generator/emit/python/ws_driver.py, with Debian's python3 and its websockets package): two
 * subscriptions one after the other, then two at once on the one connection, each receiving the notifications
 * the spec's examples list, decoded by the kind's codec plan; closing one unsubscribes it at the node.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialize, PlanBuilder } from '../../../../generator/schema/codec.js';
import { decode } from '../../../../runtime/client/codec.js';
import { projectModel } from '../../../helpers/model.js';
import { ROOT } from '../../../helpers/paths.js';
import { canonical } from '../clients/cases.js';
import { run } from '../clients/run.js';

let mock: { url: string; close(): Promise<void> };
beforeAll(async () => {
  const { startNodeMock } = await import('../../../../generated/client/mock/index.js');
  mock = await startNodeMock();
});
afterAll(async () => {
  await mock?.close();
});

/** The first `n` notifications of a kind's first example, decoded as the client must decode them. */
function notifications(kind: string, n: number): unknown[] {
  const evm = projectModel().services.find((s) => s.name === 'evm')!;
  const k = evm.methods.find((m) => m.name === 'eth_subscribe')!.subscriptions!.kinds.find((x) => x.name === kind)!;
  const plan = materialize(new PlanBuilder(evm.document).tree(k.result.schema));
  return k.examples[0]!.notifications.slice(0, n).map((v) => canonical(decode(plan, v)));
}

describe('Python client subscriptions over WebSocket', () => {
  it('subscribes twice in a row and twice at once, each getting its notifications', async () => {
    const ran = await run('/usr/bin/python3', [resolve(ROOT, 'test/generator/emit/python/ws_driver.py'), mock.url], {
      env: { ...process.env, PYTHONPATH: resolve(ROOT, 'generated/python') },
      timeoutMs: 60_000,
    });
    expect(ran.stderr).toBe('');
    expect(ran.status).toBe(0);
    const steps = JSON.parse(ran.stdout) as { kind: string; id: string; first: unknown; after_close?: unknown[]; unsubscribe_again?: unknown; unsubscribe?: unknown }[];
    expect(steps.map((s) => s.kind)).toEqual(['newHeads', 'logs', 'newPendingTransactions', 'newHeads']);
    const [heads, logs, pending, heads2] = steps as [(typeof steps)[number], (typeof steps)[number], (typeof steps)[number], (typeof steps)[number]];
    expect(heads.first).toEqual(notifications('newHeads', 1)[0]);
    expect(heads.first).toMatchObject({ number: { $int: String(0x42c1d80) } });
    // Closed: the iteration ends, and the node no longer knows the id (a second unsubscribe finds nothing).
    expect(heads.after_close).toEqual([]);
    expect(heads.unsubscribe_again).toBe(false);
    expect(logs.first).toEqual(notifications('logs', 1)[0]);
    expect(pending.first).toEqual(notifications('newPendingTransactions', 2));
    expect(heads2.first).toEqual(notifications('newHeads', 1)[0]);
    expect(heads2.unsubscribe).toBe(true);
    expect(new Set(steps.map((s) => s.id)).size).toBe(4);
  }, 90_000);
});
