/**
 * `noderpc mock`: the generated mock on a local port, until Ctrl-C. It serves what the output folder holds,
 * so run `noderpc generate` after changing a document. Its default port is the one the generated docs and
 * README call (the config's `url`, else the documents' first server, else 8545). `--replay <dir>` answers
 * from recorded exchanges first, each checked against the documents the mock serves before it starts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { configFor, flag, type CommandContext } from './args.js';
import { exampleBaseUrl, findConfigFile, resolveConfig } from '../config/index.js';
import { displayPath } from '../lib/report.js';
import type { Fixture, Recording } from '../../runtime/mock/replay.js';

interface MockModule {
  default: (options: { port?: number; host?: string; mode?: 'standard' | 'node'; profile?: 'full' | 'public'; recordings?: readonly Recording[]; cors?: boolean; blockTimeMs?: number; logger?: (entry: { level: string; message: string }) => void }) => Promise<{ url: string; close(): Promise<void> }>;
  loadRecordings: (dir: string, check: (fixture: Fixture) => readonly string[]) => Recording[];
}

interface Endpoint {
  path: string;
  transport: string;
  variables?: Record<string, { default?: string }>;
}

interface ServerModule {
  services: readonly { name: string; document: unknown; endpoints?: readonly Endpoint[]; methods?: Readonly<Record<string, { httpGet?: { paths: readonly string[] } }>> }[];
}

/**
 * The paths the mock serves, one line each: a URL to paste (a path variable at its default, and which
 * variables take any value), ws:// for WebSocket paths, then `GET <url> (<method>)` for each plain GET.
 */
export function servedPaths(url: string, services: ServerModule['services']): string[] {
  const base = url.replace(/\/$/, '');
  const lines = services.flatMap((s) =>
    (s.endpoints ?? []).map((e) => {
      const path = `${e.path.startsWith('/') ? '' : '/'}${e.path}`.replace(/\{(\w+)\}/g, (m, v: string) => e.variables?.[v]?.default ?? m);
      const vars = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => `{${m[1]}}`);
      const notes = [...(e.transport === 'websocket' ? ['WebSocket'] : []), ...(vars.length ? [`any ${vars.join(', ')}: ${e.path}`] : [])];
      return `  ${e.transport === 'websocket' ? base.replace(/^http/, 'ws') : base}${path}${notes.length ? ` (${notes.join('; ')})` : ''}`;
    }),
  );
  // The plain GETs of methods with x-http-get, under each HTTP path of their service.
  const gets = services.flatMap((s) =>
    Object.entries(s.methods ?? {}).flatMap(([name, m]) =>
      (m.httpGet?.paths ?? []).flatMap((suffix) =>
        (s.endpoints ?? []).filter((e) => e.transport === 'http').map((e) => {
          const path = `${e.path.startsWith('/') ? '' : '/'}${e.path}`.replace(/\{(\w+)\}/g, (m2, v: string) => e.variables?.[v]?.default ?? m2).replace(/\/+$/, '');
          return `  GET ${base}${path}${suffix} (${name})`;
        }),
      ),
    ),
  );
  return [...new Set([...lines, ...gets])];
}

/** The servers of the generated (bundled) documents in `out/openrpc`. */
function generatedServers(outDir: string): { url: string; variables: Record<string, { default: string }> }[] {
  const dir = resolve(outDir, 'openrpc');
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    try {
      const doc = JSON.parse(readFileSync(resolve(dir, name), 'utf8')) as { servers?: { url: string; variables?: Record<string, { default: string }> }[] };
      return (doc.servers ?? []).map((s) => ({ url: String(s.url), variables: s.variables ?? {} }));
    } catch {
      return [];
    }
  });
}

export async function runMock({ args, cwd, stdout, stderr }: CommandContext): Promise<number> {
  // The mock needs only a generated folder: `--out` names one, with or without a project config.
  const out = flag(args, '--out');
  const config = out !== undefined && !findConfigFile(cwd) ? resolveConfig(cwd, { documents: [], out }) : configFor(args, cwd, { documents: false });
  const outDir = resolve(config.root, config.out);
  const entry = resolve(outDir, 'client/mock/index.js');
  if (!existsSync(entry)) {
    stderr.write(`no generated mock in ${displayPath(outDir, cwd)}/: run \`noderpc generate\` first\n`);
    return 1;
  }
  const portFlag = flag(args, '--port');
  const base = new URL(exampleBaseUrl(config, generatedServers(outDir)));
  const port = portFlag === undefined ? Number(base.port || (base.protocol === 'https:' ? 443 : 80)) : Number(portFlag);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    stderr.write(`--port must be a port number (0-65535), got ${String(portFlag)}\n`);
    return 2;
  }
  const host = flag(args, '--host') ?? '127.0.0.1';
  const mode = flag(args, '--mode') ?? 'standard';
  const profile = flag(args, '--profile') ?? 'full';
  if (mode !== 'standard' && mode !== 'node') {
    stderr.write(`--mode must be standard or node, got ${mode}\n`);
    return 2;
  }
  if (profile !== 'full' && profile !== 'public') {
    stderr.write(`--profile must be full or public, got ${profile}\n`);
    return 2;
  }
  const blockTime = flag(args, '--block-time') ?? '2s';
  const time = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(blockTime.trim());
  if (!time) {
    stderr.write(`--block-time must be a duration such as 2s or 500ms (a bare number is seconds), got ${blockTime}\n`);
    return 2;
  }
  const blockTimeMs = Math.round(Number(time[1]) * (time[2] === 'ms' ? 1 : 1000));
  const mod = (await import(pathToFileURL(entry).href)) as MockModule;
  const replay = flag(args, '--replay');
  let recordings: Recording[] | undefined;
  if (replay !== undefined) {
    // Checked against the very documents the mock serves (bundled into the generated server).
    const server = (await import(pathToFileURL(resolve(outDir, 'client/server/index.js')).href)) as ServerModule;
    // Only a replay checks fixtures: the checker (and ajv with it) is loaded for it alone.
    const [{ createConformance }, { buildService }, { checkFixture }] = await Promise.all([import('../lifecycle/conform/index.js'), import('../model/index.js'), import('../../tools/proxy/inspect.js')]);
    const conformance = createConformance(server.services.map((s) => buildService(s.name, `${s.name}.json`, s.document as Record<string, unknown>)));
    try {
      recordings = mod.loadRecordings(resolve(cwd, replay), (fixture) => checkFixture(conformance, fixture));
    } catch (e) {
      if ((e as Error).name !== 'FixtureError') throw e;
      stderr.write(`cannot replay: ${(e as Error).message}\n`);
      return 1;
    }
  }
  const cors = !args.flags.has('--no-cors');
  // The log shows what a user must know (a call no example matched, a handler that failed), not every call.
  const logger = (entry: { level: string; message: string }): void => {
    if (entry.level !== 'debug') stdout.write(`${entry.level}: ${entry.message}\n`);
  };
  let mock: Awaited<ReturnType<MockModule['default']>>;
  try {
    mock = await mod.default({ port, host, mode, profile, cors, logger, blockTimeMs, ...(recordings ? { recordings } : {}) });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES' && code !== 'EADDRNOTAVAIL') throw e;
    const why = code === 'EADDRINUSE' ? 'is taken (a node or another mock may be running there)' : code === 'EACCES' ? 'needs privileges this user does not have' : 'is not an address of this machine';
    stderr.write(`cannot listen on ${host}:${port}: ${code === 'EADDRNOTAVAIL' ? `${host} ${why}; pick another with --host` : `port ${port} ${why}`}. Pick another port with --port <n>, or --port 0 for a free one (the mock prints its URL).\n`);
    return 1;
  }
  const replaying = recordings ? `, replaying ${recordings.length} recorded exchange${recordings.length === 1 ? '' : 's'} from ${replay as string}` : '';
  const { services } = (await import(pathToFileURL(resolve(outDir, 'client/server/index.js')).href)) as ServerModule;
  stdout.write(`mock listening on ${mock.url} (${mode} mode, ${profile} profile${cors ? '' : ', CORS off'}${replaying}); Ctrl-C to stop. Serving:\n${servedPaths(mock.url, services).join('\n')}\n`);
  await new Promise<void>((done) => {
    const stop = () => void mock.close().then(done);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
