/**
 * The generated Python package against the generated mock on 127.0.0.1: every method of the spec that
 * answers over HTTP, once per example, through the blocking and the asyncio client. The mock answers with
 * the named example (and checks the params the client encoded against the spec); the client's decoded
 * value must equal the example's result decoded by the spec's codec plans.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pythonLayout } from '../../../../generator/emit/python/index.js';
import { projectModel } from '../../../helpers/model.js';
import { ROOT } from '../../../helpers/paths.js';
import { clientCases } from '../clients/cases.js';
import { run } from '../clients/run.js';

const PYTHON = '/usr/bin/python3';
const PKG = resolve(ROOT, 'generated/python');

let mock: { url: string; close(): Promise<void> };

beforeAll(async () => {
  const { startNodeMock } = await import('../../../../generated/client/mock/index.js');
  mock = await startNodeMock();
});
afterAll(async () => {
  await mock?.close();
});

async function runDriver(mode: 'sync' | 'async'): Promise<Record<string, { value?: unknown; error?: string }>> {
  const layout = pythonLayout(projectModel(), 'x');
  const byKey = new Map(layout.methods.map((m) => [m.key, m]));
  const { cases } = clientCases();
  const job = {
    url: mock.url,
    module: 'noderpc_client',
    mode,
    cases: cases.map((c) => {
      const m = byKey.get(`${c.service.name}:${c.method.name}`)!;
      return {
        id: c.id,
        path: m.path,
        attr: m.attr,
        positional: c.method.positional,
        example: c.example,
        args: m.params.map((p) => [p.ident, c.params[p.name] ?? null, p.name in c.params]),
      };
    }),
  };
  const ran = await run(PYTHON, [resolve(ROOT, 'test/generator/emit/python/driver.py')], {
    input: JSON.stringify(job),
    env: { ...process.env, PYTHONPATH: PKG },
    timeoutMs: 100_000,
  });
  if (ran.status !== 0) throw new Error(`the Python driver failed (${ran.status}):\n${ran.stderr}`);
  return JSON.parse(ran.stdout);
}

describe('Python client end to end against the mock', () => {
  const { cases, skipped } = clientCases();

  it('covers every method but the WebSocket-only ones and subscriptions', () => {
    const covered = new Set(cases.map((c) => c.method.name));
    const all = projectModel().services.flatMap((s) => s.methods.map((m) => m.name));
    expect(all.filter((n) => !covered.has(n) && !skipped.includes(n))).toEqual([]);
    expect(skipped.length).toBeLessThan(10);
  });

  for (const mode of ['sync', 'async'] as const) {
    it(`decodes every example's result (${mode})`, async () => {
      const got = await runDriver(mode);
      const wrong = cases.flatMap((c) => {
        const g = got[c.id];
        if (g?.error !== undefined) return [`${c.id}: ${g.error}`];
        return JSON.stringify(g?.value) === JSON.stringify(c.expected) ? [] : [`${c.id}: got ${JSON.stringify(g?.value).slice(0, 300)}, want ${JSON.stringify(c.expected).slice(0, 300)}`];
      });
      expect(wrong).toEqual([]);
      expect(Object.keys(got).length).toBe(cases.length);
    }, 120_000);
  }
});
