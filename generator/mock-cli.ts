/**
 * `npm run mock`: the generated mock node on a local port, until Ctrl-C. It serves what generated/ holds,
 * so run `npm run generate` after changing the spec.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config } from './config.js';

interface MockModule {
  default: (options: { port?: number; host?: string; mode?: 'standard' | 'node'; profile?: 'full' | 'public' }) => Promise<{ url: string; close(): Promise<void> }>;
}

export async function runMock(config: Config, flags: ReadonlyMap<string, string | true>): Promise<number> {
  const entry = resolve(config.root, config.out, 'client/mock/index.js');
  if (!existsSync(entry)) {
    process.stderr.write(`no mock at ${entry}: run \`npm run generate\` first\n`);
    return 1;
  }
  const portFlag = flags.get('--port');
  const port = portFlag === undefined ? 9650 : Number(portFlag);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port must be a port number (0-65535), got ${String(portFlag)}\n`);
    return 2;
  }
  const host = typeof flags.get('--host') === 'string' ? (flags.get('--host') as string) : '127.0.0.1';
  const mode = flags.get('--mode') ?? 'standard';
  const profile = flags.get('--profile') ?? 'full';
  if (mode !== 'standard' && mode !== 'node') {
    process.stderr.write(`--mode must be standard or node, got ${String(mode)}\n`);
    return 2;
  }
  if (profile !== 'full' && profile !== 'public') {
    process.stderr.write(`--profile must be full or public, got ${String(profile)}\n`);
    return 2;
  }
  const mod = (await import(pathToFileURL(entry).href)) as MockModule;
  const mock = await mod.default({ port, host, mode, profile });
  process.stdout.write(`mock node listening on ${mock.url} (${mode} mode, ${profile} profile); Ctrl-C to stop\n`);
  await new Promise<void>((done) => {
    const stop = () => void mock.close().then(done);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
