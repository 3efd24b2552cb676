/**
 * `noderpc generate`: one run (or `--watch`), its outcome printed for the user: what was written, every
 * error, the warnings by kind (each with `--verbose`), all of it as JSON with `--report <file>`; paths
 * relative to where the user ran the command.
 */
import { resolve } from 'node:path';
import { configFor, flag, formatTimings, type CommandContext } from './args.js';
import { cacheRootOf } from '../speed/cache-root.js';
import { displayPath, formatProblems, reportJson } from '../lib/report.js';
import { writeFileAtomic as writeAtomic } from '../write/atomic.js';

export async function runGenerate({ args, cwd, stdout, stderr }: CommandContext): Promise<number> {
  const config = configFor(args, cwd);
  if (args.flags.has('--watch') || args.flags.has('--watch-worker')) {
    const { watch, watchWorker } = await import('./watch.js');
    return await (args.flags.has('--watch-worker') ? watchWorker(config) : watch(config));
  }
  const cacheFlag = flag(args, '--cache-dir');
  const cacheDir = args.flags.has('--no-cache') ? false : cacheFlag !== undefined ? resolve(cwd, cacheFlag) : undefined;
  const check = args.flags.has('--check');
  const times = args.flags.has('--times');
  const reportFile = flag(args, '--report');
  const outDir = resolve(config.root, config.out);
  const shown = { root: config.root, from: cwd };
  const label = displayPath(outDir, cwd);
  // Nothing read by the last run has changed and the output is what it produced: done, without loading a
  // parser or a compiler. (A report asks for the problems, which only a run finds.)
  const t0 = performance.now();
  const cacheRoot = cacheRootOf(config.root, cacheDir);
  if (cacheRoot && reportFile === undefined) {
    const [{ unchanged, readManifest }, { listFiles }] = await Promise.all([import('../speed/manifest.js'), import('../write/index.js')]);
    if (unchanged(cacheRoot, config, listFiles) === true) {
      // The bump the release record calls for was worked out by the run that wrote the manifest.
      const note = readManifest(cacheRoot, config)?.note;
      stdout.write(`${label}/ is up to date (${listFiles(outDir).length} files; nothing it is made from has changed).\n${note ? `${note}\n` : ''}`);
      if (times) stdout.write(`${formatTimings({ manifest: Math.round(performance.now() - t0) })}\n`);
      return 0;
    }
  }
  const { generate } = await import('../generate.js');
  const result = await generate(config, { check, ...(cacheDir !== undefined ? { cacheDir } : {}) });
  // The headline names the output folder relative to the project root; the user sees it from where they are.
  const headline = result.headline.split(`${displayPath(outDir, config.root)}/`).join(`${label}/`);
  const problems = formatProblems(result.problems, { ...shown, verbose: args.flags.has('--verbose') });
  (result.ok ? stdout : stderr).write(`${headline}${problems ? `\n${problems}` : ''}\n`);
  if (times) stdout.write(`${formatTimings(result.timings, result.background)}\n`);
  if (reportFile !== undefined) {
    const path = resolve(cwd, reportFile);
    writeAtomic(path, reportJson(result, shown));
    stdout.write(`report: ${displayPath(path, cwd)}\n`);
  }
  return result.ok ? 0 : 1;
}
