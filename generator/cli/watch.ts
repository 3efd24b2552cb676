/**
 * `npm run generate -- --watch`: regenerate on every save.
 *
 * A supervisor watches generator/ and restarts a worker process when the generator's own code changes (new
 * code needs a new process). The worker watches the inputs (spec, templates, runtime) and regenerates in
 * process, where module loading and the format cache are already warm.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { statSync, watch as fsWatch, type FSWatcher } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { Config } from '../config/index.js';
import { GENERATOR_ROOT } from '../lib/root.js';
import { generate, watchSession } from '../generate.js';
import { formatTimings } from './args.js';

const BIN = resolve(GENERATOR_ROOT, 'bin/noderpc.js');

function debounce(fn: () => void, ms: number): () => void {
  let timer: NodeJS.Timeout | undefined;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(fn, ms);
  };
}

function watchDirs(dirs: string[], onChange: (file: string) => void): FSWatcher[] {
  const watchers: FSWatcher[] = [];
  for (const dir of dirs) {
    try {
      watchers.push(fsWatch(dir, { recursive: true }, (_event, name) => name && onChange(resolve(dir, name.toString()))));
    } catch {
      // A folder that does not exist has nothing to watch.
    }
  }
  return watchers;
}

/** Supervisor: runs the worker and restarts it when generator/ changes. Resolves on SIGINT. */
export async function watch(config: Config): Promise<number> {
  let child: ChildProcess | undefined;
  const start = () => {
    child = spawn(process.execPath, [BIN, 'generate', '--watch-worker'], { cwd: config.root, stdio: 'inherit' });
  };
  start();
  const restart = debounce(() => {
    process.stdout.write('generator changed: restarting the watcher\n');
    const old = child;
    old?.once('exit', start);
    old?.kill();
  }, 100);
  const watchers = watchDirs([resolve(GENERATOR_ROOT, 'generator')], (file) => {
    if (/\.ts$/.test(file)) restart();
  });
  return new Promise((done) => {
    process.once('SIGINT', () => {
      watchers.forEach((w) => w.close());
      child?.kill();
      done(0);
    });
  });
}

/** Worker: regenerate on input changes, in process. */
export async function watchWorker(config: Config): Promise<number> {
  const outDir = resolve(config.root, config.out);
  const session = watchSession(config);
  // Anything that happens in the output folder (our own writes included) makes the session forget that
  // file, so it is read from disk on the next run; an event without a name, or a watcher that fails,
  // forgets everything.
  let outWatcher: { watcher: FSWatcher; ino: number } | undefined;
  const folderIno = () => {
    try {
      return statSync(outDir).ino;
    } catch {
      return undefined;
    }
  };
  const unwatchOutput = () => {
    session.output.clear();
    outWatcher?.watcher.close();
    outWatcher = undefined;
  };
  /** Whether the folder is the one being watched (a folder removed and made again is another one). */
  const outputWatched = () => outWatcher !== undefined && outWatcher.ino === folderIno();
  const watchOutput = () => {
    if (outputWatched()) return;
    unwatchOutput();
    const ino = folderIno();
    if (ino === undefined) return;
    try {
      const watcher = fsWatch(outDir, { recursive: true }, (_event, name) => {
        if (name) session.output.forget(name.toString().split(sep).join('/'));
        else session.output.clear();
      });
      watcher.on('error', unwatchOutput);
      outWatcher = { watcher, ino };
    } catch {
      outWatcher = undefined;
    }
  };
  let running = false;
  let again = false;
  const pending = new Set<string>();
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    const why = [...pending].map((f) => relative(config.root, f).split(sep).join('/'));
    pending.clear();
    const t0 = performance.now();
    try {
      // A folder the watcher could not see yet (or that was removed meanwhile) is not known at all.
      if (!outputWatched()) unwatchOutput();
      const result = await generate(config, { session });
      watchOutput();
      const ms = (performance.now() - t0).toFixed(0);
      if (why.length) process.stdout.write(`\nchanged: ${why.join(', ')}\n`);
      process.stdout.write(`${result.report}${result.ok ? ` in ${ms} ms` : ''}\n`);
      for (const c of result.changes.slice(0, 20)) process.stdout.write(`  ${c.kind.padEnd(7)} ${c.path}\n`);
      if (result.changes.length > 20) process.stdout.write(`  ... and ${result.changes.length - 20} more\n`);
      process.stdout.write(`${formatTimings(result.timings, result.background)}\n`);
    } catch (e) {
      process.stderr.write(`generate failed: ${(e as Error).stack ?? e}\n`);
    }
    running = false;
    if (again) {
      again = false;
      void run();
    }
  };
  const trigger = debounce(() => void run(), 50);
  const inputs = ['spec', 'templates', 'runtime', 'tools', ...config.documents.map((d) => d.path.split('/')[0]!)];
  const dirs = [...new Set([...inputs.map((d) => resolve(config.root, d)), resolve(GENERATOR_ROOT, 'templates'), resolve(GENERATOR_ROOT, 'runtime'), resolve(GENERATOR_ROOT, 'tools')])];
  watchDirs(dirs, (file) => {
    if (file.startsWith(outDir + sep) || file.includes('.noderpc-tmp-')) return;
    pending.add(file);
    trigger();
  });
  // Stopped, the loop records the manifest of its last run (see WatchSession.manifest) before it goes.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      session.manifest.flush();
      process.exit(0);
    });
  }
  process.stdout.write(`watching ${dirs.map((d) => relative(config.root, d) || '.').join(', ')} (Ctrl-C to stop)\n`);
  await run();
  return new Promise(() => {});
}
