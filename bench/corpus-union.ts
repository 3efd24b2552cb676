/**
 * Generation of the largest real-world content at hand: one document of every method of the corpus
 * (test/helpers/corpus-union.ts, the document test/e2e/corpus-scale.test.ts takes end to end). A cold run
 * as a user starts it: a new process, no cache, empty output.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS } from '../test/helpers/corpus.js';
import { corpusUnion } from '../test/helpers/corpus-union.js';
import { MEMORY_FS, medianProcess, ms, NODE, outputScratch, parsePhases, remove, ROOT, type Section } from './lib.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

export async function corpusUnionSection(): Promise<Section> {
  const union = corpusUnion(CORPUS);
  const methods = (union.document.methods as unknown[]).length;
  const dir = outputScratch('corpus-union');
  const file = join(dir, 'openrpc.json');
  const out = join(dir, 'out');
  try {
    const text = JSON.stringify(union.document, null, 2);
    writeFileSync(file, text);
    const cold = medianProcess([NODE, join(ROOT, 'bin/noderpc.js'), 'generate', file, '--out', out, '--no-cache', '--times'], RUNS, { warmup: 0, before: () => rmSync(out, { recursive: true, force: true }) });
    const phases = Object.entries(parsePhases(cold.stdout))
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    return {
      title: 'Corpus union',
      intro: `One document merged from ${union.sources.length} published documents of the corpus (${methods.toLocaleString('en-US')} methods, ${(Buffer.byteLength(text) / 2 ** 20).toFixed(1)} MB), each under its own namespace, generated with every output${MEMORY_FS ? ` into a folder on ${MEMORY_FS}` : ''}.`,
      rows: [
        {
          name: `corpus union (${methods.toLocaleString('en-US')} methods): cold generate`,
          value: ms(cold.ms),
          command: `node bin/noderpc.js generate <union.json> --out <tmp> --no-cache --times; whole process, empty output, median of ${RUNS} — phases (ms, last run): ${phases}`,
        },
      ],
    };
  } finally {
    remove(dir);
  }
}
