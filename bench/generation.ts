/**
 * Generation: a full cold run, a warm run, `--check` with nothing changed, a one-method edit (as a new
 * process and as the watch loop does it, in process), and the incumbent @open-rpc/generator side by side on
 * the execution-API document.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readConfigFile, resolveConfig } from '../generator/config/index.js';
import { generate, watchSession } from '../generator/generate.js';
import { median, medianProcess, MEMORY_FS, ms, NODE, outputScratch, parsePhases, remove, ROOT, scratch, SHARED, type Section } from './lib.js';
import { yamlParseRow } from './yaml.js';

const BIN = join(ROOT, 'bin/noderpc.js');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

function phasesText(phases: Record<string, number>): string {
  return Object.entries(phases)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
}

/** Where a cold run's time goes, said when a cold target is missed. */
const COLD_WHY =
  'both cores are busy for the whole run: the schema thread compiles every params, result and notification schema with ajv (thread:checks in the phases) while the main thread loads each emitter when its phase starts (handlebars\' runtime with the package README and the docs; the value types are printed directly, json-schema-to-typescript is loaded only for a declaration the printer does not cover) and emits. A V8 code cache of the CommonJS dependencies (vm.Script cachedData, as Node 22\'s compile cache does) saved 0.1-0.15 s of loading, but on Node 20 a module run from cached code cannot call import() (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING), and v8-compile-cache fails the same way, so neither is used.';

export async function generationSection(): Promise<Section> {
  const rows: Section['rows'] = [];
  const cache = scratch('cache');
  const out = outputScratch('out');
  const cleanOut = () => {
    rmSync(out, { recursive: true, force: true });
  };

  // A copy of the project as a fresh clone has it: the spec, the release record and generated/ up to date.
  const project = scratch('project');
  for (const item of ['spec', 'releases', 'generated', 'noderpc.config.json']) cpSync(join(ROOT, item), join(project, item), { recursive: true });

  // The issue's figure: `npm run generate -- --no-cache` on a fresh clone. Everything is generated from
  // nothing (no cache) and compared with generated/, which is up to date, so nothing is written.
  const fresh = medianProcess([NODE, BIN, 'generate', '--no-cache', '--times'], RUNS, { cwd: project, warmup: 1 });
  rows.push({
    name: 'full generate, cold, on a fresh clone (`npm run generate -- --no-cache`, generated/ up to date)',
    value: ms(fresh.ms),
    target: '< 2 s',
    met: fresh.ms < 2000,
    by: `${ms(fresh.ms - 2000)} (${((fresh.ms / 2000 - 1) * 100).toFixed(0)}%)`,
    why: COLD_WHY,
    command: 'node bin/noderpc.js generate --no-cache --times (in a copy of the project)',
    note: `phases (ms, last run): ${phasesText(parsePhases(fresh.stdout))}`,
  });

  // Cold into an empty folder: every one of the ~1,300 files is new and written.
  const cold = medianProcess([NODE, BIN, 'generate', '--no-cache', '--out', out, '--times'], RUNS, { warmup: 1, before: cleanOut });
  rows.push({
    name: `full generate, cold (no cache, empty output${MEMORY_FS ? ' on tmpfs' : ''})`,
    value: ms(cold.ms),
    target: '< 2 s',
    met: cold.ms < 2000,
    by: `${ms(cold.ms - 2000)} (${((cold.ms / 2000 - 1) * 100).toFixed(0)}%)`,
    why: COLD_WHY,
    command: `node bin/noderpc.js generate --no-cache --out <tmp${MEMORY_FS ? ` on ${MEMORY_FS}` : ''}> --times`,
    note: `phases (ms, last run): ${phasesText(parsePhases(cold.stdout))}`,
  });
  if (MEMORY_FS) {
    // The same onto this machine's disk, for the record: see outputScratch for why it is not the figure.
    const diskOut = scratch('out-disk');
    const onDisk = medianProcess([NODE, BIN, 'generate', '--no-cache', '--out', diskOut, '--times'], RUNS, { warmup: 1, before: () => rmSync(diskOut, { recursive: true, force: true }) });
    rows.push({
      name: "full generate, cold (no cache, empty output on this VM's disk)",
      value: `${ms(onDisk.ms)} (write phase ${parsePhases(onDisk.stdout).write ?? '?'} ms, last run)`,
      command: 'node bin/noderpc.js generate --no-cache --out <tmp on disk> --times',
      note: `phases (ms, last run): ${phasesText(parsePhases(onDisk.stdout))}`,
    });
    remove(diskOut);
  }

  // The same with the schema job in the main thread: what the second thread buys.
  const coldOneThread = medianProcess([NODE, BIN, 'generate', '--no-cache', '--out', out, '--times'], RUNS, { warmup: 1, before: cleanOut, env: { NODERPC_THREADS: '0' } });
  rows.push({
    name: 'full generate, cold, schema job in the main thread',
    value: `${ms(coldOneThread.ms)} (${coldOneThread.ms >= cold.ms ? `the thread saves ${ms(coldOneThread.ms - cold.ms)}` : `${ms(cold.ms - coldOneThread.ms)} faster than with the thread: on 2 cores the thread's start-up can outweigh the overlap`})`,
    command: `NODERPC_THREADS=0 node bin/noderpc.js generate --no-cache --out <tmp> --times`,
    note: `phases (ms, last run): ${phasesText(parsePhases(coldOneThread.stdout))}`,
  });

  // Warm cache, empty output folder: every file is rebuilt from cached parts and written.
  const warm = medianProcess([NODE, BIN, 'generate', '--cache-dir', cache, '--out', out, '--times'], RUNS, { warmup: 1, before: cleanOut });
  rows.push({
    name: 'full generate, warm cache, empty output',
    value: ms(warm.ms),
    command: `node bin/noderpc.js generate --cache-dir <cache> --out <tmp> --times`,
    note: `phases (ms): ${phasesText(parsePhases(warm.stdout))}`,
  });

  // --check with nothing changed, on the project's own generated/.
  const check = medianProcess([NODE, BIN, 'generate', '--check', '--cache-dir', cache, '--times'], RUNS, { warmup: 1 });
  rows.push({
    name: '`--check` with nothing changed',
    value: ms(check.ms),
    target: '< 1 s',
    met: check.ms < 1000,
    command: 'node bin/noderpc.js generate --check --cache-dir <cache> --times',
    note: `phases (ms): ${phasesText(parsePhases(check.stdout))}`,
  });

  // A one-method edit, in the copy of the project (generated/ up to date).
  const specFile = join(project, 'spec/platform.yaml');
  const original = readFileSync(specFile, 'utf8');
  const marker = 'summary: Height of the last accepted block';
  let edits = 0;
  const edit = () => {
    edits++;
    writeFileSync(specFile, original.replace(/( {2}- name: platform\.getHeight\n {4}summary: )([^\n]*)/, `$1$2 (edit ${edits})`));
  };
  if (!/ {2}- name: platform\.getHeight\n {4}summary: /.test(original)) throw new Error(`cannot find platform.getHeight's summary to edit (${marker})`);
  const editProcess = medianProcess([NODE, BIN, 'generate', '--cache-dir', cache, '--times'], RUNS, { cwd: project, warmup: 1, before: edit });
  rows.push({
    name: 'one-method edit, new process (`npm run generate`)',
    value: ms(editProcess.ms),
    command: 'edit platform.getHeight summary; node bin/noderpc.js generate --cache-dir <cache> --times',
    note: `phases (ms): ${phasesText(parsePhases(editProcess.stdout))}`,
  });

  // The watch loop regenerates in process (modules loaded, caches warm): the developer-loop figure.
  const config = resolveConfig(project, readConfigFile(project)!);
  const session = watchSession(config);
  await generate(config, { cacheDir: cache, session });
  const inProcess: number[] = [];
  let lastPhases: Record<string, number> = {};
  for (let i = 0; i < RUNS + 1; i++) {
    edit();
    const t0 = performance.now();
    const r = await generate(config, { cacheDir: cache, session });
    if (!r.ok) throw new Error(r.report);
    if (i > 0) inProcess.push(performance.now() - t0);
    lastPhases = r.timings as Record<string, number>;
  }
  const loop = median(inProcess);
  rows.push({
    name: 'one-method edit, in the watch loop (`generate -- --watch`)',
    value: ms(loop),
    target: '< 0.5 s',
    met: loop < 500,
    by: `${ms(loop - 500)}`,
    why: 'a save parses again only the part of the edited file that changed, and every method, schema and component that did not change is the same object as in the last run (generator/speed/incremental.ts), so checks, models, type declarations, method modules, docs sections and validators are computed for the edited method only and the schema job is sent only what changed; what is left is each emitter walking every method to look its pieces up, joining the whole-service files (namespace module, whole-node client, server, docs page, console data) and the release record (read and compared with the spec on every run).',
    command: 'edit platform.getHeight summary; regenerate in process with a watch session (what --watch does)',
    note: `phases (ms): ${phasesText(Object.fromEntries(Object.entries(lastPhases).map(([k, v]) => [k, Math.round(v)])))}`,
  });
  writeFileSync(specFile, original);
  remove(project);

  // Side by side with @open-rpc/generator on the execution-API document.
  const document = join(SHARED, 'conformance/execution-apis/openrpc.json');
  const theirsDir = outputScratch('open-rpc');
  const cfg = join(theirsDir, 'config.json');
  writeFileSync(cfg, JSON.stringify({ openrpcDocument: document, outDir: join(theirsDir, 'out'), components: [{ type: 'client', name: 'eaClient', language: 'typescript' }] }));
  const theirs = medianProcess([NODE, join(ROOT, 'node_modules/@open-rpc/generator/build/cli.js'), 'generate', '-c', cfg], RUNS, {
    warmup: 1,
    before: () => rmSync(join(theirsDir, 'out'), { recursive: true, force: true }),
  });
  const oursOut = outputScratch('ea');
  const oursClient = medianProcess([NODE, BIN, 'generate', document, '--out', oursOut, '--no-cache', '--emit', 'client,package', '--times'], RUNS, {
    warmup: 1,
    before: () => rmSync(oursOut, { recursive: true, force: true }),
  });
  const oursAll = medianProcess([NODE, BIN, 'generate', document, '--out', oursOut, '--no-cache', '--times'], RUNS, {
    warmup: 1,
    before: () => rmSync(oursOut, { recursive: true, force: true }),
  });
  rows.push({
    name: '@open-rpc/generator: TypeScript client for execution-apis openrpc.json',
    value: ms(theirs.ms),
    command: 'open-rpc-generator generate -c <config: client, typescript>',
  });
  rows.push({
    name: 'noderpc: client package for the same document (cold, no cache)',
    value: `${ms(oursClient.ms)} (${(oursClient.ms / theirs.ms).toFixed(2)}x theirs)`,
    target: 'no slower than @open-rpc/generator',
    met: oursClient.ms <= theirs.ms,
    by: `${ms(oursClient.ms - theirs.ms)} (${(oursClient.ms / theirs.ms).toFixed(2)}x)`,
    why: 'no TypeScript compiler is loaded (our printer on code-block-writer), and only the client and package emitters are; the value types are printed directly (schema/ts-decl.ts, held byte for byte to json-schema-to-typescript, which is loaded only for a declaration the printer does not cover: none here), handlebars\' runtime runs the README\'s precompiled template, and the runtime\'s transpiled modules come precompiled with the bundle; what is left is node\'s start-up and module loading, the load (a 2.7 MB document), naming the types, and printing the modules. It emits more: value-form types and codecs, JSDoc, per-method modules, typed errors, the runtime.',
    command: 'node bin/noderpc.js generate openrpc.json --out <tmp> --no-cache --emit client,package --times',
    note: `phases (ms): ${phasesText(parsePhases(oursClient.stdout))}`,
  });
  rows.push({
    name: 'noderpc: everything for the same document (client, validators, server, mock, docs; cold)',
    value: `${ms(oursAll.ms)} (${(oursAll.ms / theirs.ms).toFixed(2)}x theirs)`,
    command: 'node bin/noderpc.js generate openrpc.json --out <tmp> --no-cache --times',
    note: `phases (ms): ${phasesText(parsePhases(oursAll.stdout))}`,
  });
  remove(theirsDir);
  remove(oursOut);
  remove(out);
  remove(cache);
  rows.push(yamlParseRow());
  return {
    title: 'Generation',
    intro: `Median of ${RUNS} runs after one warm-up, whole processes (node start-up and module loading included), on this 2-core machine.`,
    rows,
  };
}
