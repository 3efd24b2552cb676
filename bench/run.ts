/**
 * `npm run bench`: every benchmark side by side in one run, written to bench/results.md with the command
 * behind each row. `npm run bench -- generation client` runs only those sections (and writes nothing unless
 * all run). Figures are measurements of this machine at this moment; targets are reported met or missed,
 * never asserted.
 */
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { clientSection } from './client.js';
import { corpusUnionSection } from './corpus-union.js';
import { generationSection } from './generation.js';
import { goSection } from './go.js';
import { ROOT, table, type Section } from './lib.js';
import { proxySection } from './proxy.js';
import { pythonSection } from './python.js';
import { scaleSection } from './scale.js';
import { serverSection } from './server.js';
import { validatorsSection } from './validators.js';

const SECTIONS: Record<string, () => Promise<Section>> = {
  generation: generationSection,
  scale: scaleSection,
  corpus: corpusUnionSection,
  client: clientSection,
  validators: validatorsSection,
  server: serverSection,
  proxy: proxySection,
  go: goSection,
  python: pythonSection,
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = wanted.length ? wanted : Object.keys(SECTIONS);
const unknown = names.filter((n) => !SECTIONS[n]);
if (unknown.length) {
  process.stderr.write(`unknown section ${unknown.join(', ')}; sections: ${Object.keys(SECTIONS).join(', ')}\n`);
  process.exit(2);
}

const sections: Section[] = [];
for (const name of names) {
  process.stdout.write(`bench: ${name} ...\n`);
  const t0 = performance.now();
  const section = await SECTIONS[name]!();
  sections.push(section);
  process.stdout.write(`${table(section.rows)}\n(${((performance.now() - t0) / 1000).toFixed(0)} s)\n\n`);
}

const missed = sections.flatMap((s) =>
  s.rows.filter((r) => r.met === false).map((r) => `${s.title}: ${r.name}: ${r.value}, target ${r.target}${r.by ? `, missed by ${r.by}` : ''}.${r.why ? ` Why: ${r.why}` : ''}`),
);
const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
const text = [
  '# Benchmarks',
  '',
  `Written by \`npm run bench\` on ${machine}. Every row names the command or code that produced it; targets are`,
  'those of the issues, reported as met or missed.',
  '',
  ...sections.flatMap((s) => [`## ${s.title}`, '', ...(s.intro ? [s.intro, ''] : []), table(s.rows), '', ...(s.extra ? [s.extra, ''] : [])]),
  '## Targets missed',
  '',
  ...(missed.length ? missed.map((m) => `- ${m}`) : ['None.']),
  '',
].join('\n');

if (!wanted.length) {
  writeFileSync(join(ROOT, 'bench/results.md'), text);
  process.stdout.write('bench/results.md written\n');
} else process.stdout.write('(partial run: bench/results.md left as it was)\n');
