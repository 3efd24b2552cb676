/**
 * anvil (foundry's EVM node, from npm) on 127.0.0.1: spawned with `--port 0`, ready once it prints its
 * `Listening on` line, stopped by the test that started it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './paths.js';

const ANVIL = join(ROOT, 'node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil');
/** How long anvil may take to print its `Listening on` line (it takes well under a second). */
export const ANVIL_START_TIMEOUT = 20_000;

export interface Anvil {
  readonly port: number;
  /** The last lines anvil wrote (it logs every request), for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();
// Last resort if the worker exits without running afterAll: never leave an anvil behind.
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** Spawns anvil on a free port and resolves once it prints `Listening on 127.0.0.1:PORT`. */
export function startAnvil(chainId: bigint | number): Promise<Anvil> {
  const child = spawn(ANVIL, ['--host', '127.0.0.1', '--port', '0', '--chain-id', String(chainId)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  // anvil logs every request to stdout; keep reading (a full pipe would block it) but keep only the tail.
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-8_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(() => live.delete(child));

  const stop = async () => {
    if (child.pid === undefined) {
      live.delete(child); // never started (spawn failed): nothing to stop
      return;
    }
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    await exited;
    clearTimeout(timer);
  };

  return new Promise<Anvil>((resolve, reject) => {
    const fail = (why: string) => {
      cleanup();
      void stop().then(() => reject(new Error(`anvil did not start: ${why}\n${tail}`)));
    };
    const timer = setTimeout(() => fail(`no "Listening on" line within ${ANVIL_START_TIMEOUT} ms`), ANVIL_START_TIMEOUT);
    const onData = () => {
      const m = /Listening on 127\.0\.0\.1:(\d+)/.exec(tail);
      if (!m) return;
      cleanup();
      resolve({ port: Number(m[1]), log: () => tail, stop });
    };
    const onExit = (code: number | null, signal: string | null) => fail(`exited with ${code ?? signal}`);
    const onError = (e: Error) => fail(e.message);
    function cleanup() {
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.off('exit', onExit);
      child.off('error', onError);
    }
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
    child.once('error', onError);
  });
}


/** How many anvils started here are still running. */
export function liveAnvils(): number {
  return live.size;
}
