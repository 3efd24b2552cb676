/** Validators: how fast the largest result validator runs, and what loading it costs. */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { median, medianProcess, ms, NODE, ROOT, type Section } from './lib.js';

interface Doc {
  methods: { name: string; examples: { name: string; result?: { value: unknown } }[] }[];
}

export async function validatorsSection(): Promise<Section> {
  const rows: Section['rows'] = [];
  const doc = JSON.parse(readFileSync(join(ROOT, 'generated/openrpc/platform.json'), 'utf8')) as Doc;
  const method = doc.methods.find((m) => m.name === 'platform.getCurrentValidators')!;
  const example = method.examples.map((e) => e.result?.value).sort((a, b) => JSON.stringify(b).length - JSON.stringify(a).length)[0];
  const file = join(ROOT, 'generated/client/validators/platform/platform.getCurrentValidators.result.js');
  const { validate } = (await import(file)) as { validate: (v: unknown) => unknown };
  if (validate(example) !== null) throw new Error('the example does not validate');
  const N = 200_000;
  const rounds: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    for (let i = 0; i < N; i++) validate(example);
    rounds.push(N / ((performance.now() - t0) / 1000));
  }
  const perSec = median(rounds);
  rows.push({
    name: 'validate platform.getCurrentValidators result (largest example)',
    value: `${Math.round(perSec).toLocaleString('en-US')} validations/s (${((1e6 / perSec)).toFixed(2)} µs each, ${JSON.stringify(example).length} bytes of JSON)`,
    command: `${N} validate() calls x5, median`,
  });
  const base = medianProcess([NODE, '--input-type=module', '-e', "await import('node:path')"], 7, { warmup: 2 }).ms;
  const load = medianProcess([NODE, '--input-type=module', '-e', `await import(${JSON.stringify(file)})`], 7, { warmup: 2 }).ms;
  rows.push({
    name: 'load that validator module',
    value: `${ms(load - base)} over a bare node process (${(statSync(file).size / 1024).toFixed(1)} KB)`,
    command: "node -e \"await import('validators/platform/platform.getCurrentValidators.result.js')\"",
  });
  return { title: 'Validators', rows };
}
