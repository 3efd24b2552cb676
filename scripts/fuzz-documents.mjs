// The random-document property at FUZZ_RUNS documents (2,000 by default), in batches of FUZZ_BATCH (250),
// each in a vitest process of its own, seeds FUZZ_SEED, FUZZ_SEED + 1, ...: one process importing every
// generated package's client and mock keeps them all in memory, and ran out of heap near 800 documents.
// Stops at the first batch that fails (fast-check prints the smallest document that fails) and prints
// the runs, batches and time. A batch takes about two to four minutes on two cores.
import { spawnSync } from 'node:child_process';

const runs = Number(process.env.FUZZ_RUNS ?? 2000);
const batch = Number(process.env.FUZZ_BATCH ?? 250);
const seed = Number(process.env.FUZZ_SEED ?? 11);
const started = Date.now();
let done = 0;
for (let i = 0; done < runs; i++) {
  const n = Math.min(batch, runs - done);
  const env = { ...process.env, FUZZ_RUNS: String(n), FUZZ_SEED: String(seed + i) };
  const run = spawnSync('npx', ['vitest', 'run', 'test/e2e/property/documents.test.ts'], { stdio: 'inherit', env });
  if (run.status !== 0) {
    console.error(`fuzz: the batch of seed ${seed + i} failed after ${done} documents passed (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    process.exit(run.status ?? 1);
  }
  done += n;
  console.log(`fuzz: ${done} of ${runs} documents pass (seed ${seed + i} done, ${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
console.log(`fuzz: ${done} documents, 0 failures, ${((Date.now() - started) / 1000).toFixed(0)} s`);
