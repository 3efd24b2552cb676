/**
 * `noderpc proxy --upstream <url> [document...]`: the proxy on a local port until Ctrl-C, checking traffic
 * against the spec. Each finding is logged when first seen and again at 10, 100, 1000... occurrences (a busy
 * client repeats itself); on exit, every finding with its count. `--record <dir>` writes each exchange as a
 * fixture for `noderpc mock --replay <dir>`.
 */
import { resolve } from 'node:path';
import { createConformance } from '../lifecycle/conform/index.js';
import type { Config } from '../config/index.js';
import { formatDiagnostic, isError } from '../lib/diagnostics.js';
import { loadProject } from '../load/index.js';
import { startProxy, type ProxyReport } from '../../tools/proxy/index.js';
import { createRecorder } from '../../tools/proxy/record.js';
import { createInspector, createRedactor } from '../../tools/proxy/inspect.js';
import { UsageError } from './args.js';


export function formatProxyReport(r: ProxyReport): string {
  const what = r.severity === 'violation' ? 'violation' : 'not in the spec';
  return `${what} [${r.count}] ${r.direction} ${r.method} ${r.pointer || '/'}: ${r.message}`;
}

function loggable(count: number): boolean {
  return count === 1 || /^10+$/.test(String(count));
}

export async function runProxy(config: Config, flags: ReadonlyMap<string, string | true>, cwd: string): Promise<number> {
  const upstream = flags.get('--upstream');
  if (typeof upstream !== 'string') throw new UsageError('proxy needs --upstream <url>, the node to forward to (e.g. http://127.0.0.1:9650)');
  let parsed: URL;
  try {
    parsed = new URL(upstream);
  } catch {
    throw new UsageError(`--upstream "${upstream}" is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UsageError(`--upstream must be an http:// or https:// URL (WebSocket traffic goes to the same host), not ${parsed.protocol}`);
  const portFlag = flags.get('--port');
  const port = portFlag === undefined ? 8650 : Number(portFlag);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number (0-65535), got ${String(portFlag)}`);
  const host = typeof flags.get('--host') === 'string' ? (flags.get('--host') as string) : '127.0.0.1';
  const recordDir = flags.get('--record');
  if (recordDir === true) throw new UsageError('--record needs a folder');

  const loaded = loadProject(config);
  const errors = loaded.problems.filter(isError);
  if (!loaded.model || errors.length) {
    process.stderr.write(`${errors.length} problem${errors.length === 1 ? '' : 's'} in the spec; fix them first:\n${errors.map(formatDiagnostic).join('\n')}\n`);
    return 2;
  }
  const conformance = createConformance(loaded.model.services);
  const recorder = typeof recordDir === 'string' ? createRecorder(resolve(cwd, recordDir), createRedactor(conformance)) : undefined;
  const proxy = await startProxy({
    upstream,
    port,
    host,
    inspector: createInspector(conformance),
    onReport: (r) => {
      if (loggable(r.count)) process.stdout.write(`${formatProxyReport(r)}\n`);
    },
    // A fixture stands for the spec (replay checks it): an exchange that departs from it is not written.
    ...(recorder
      ? {
          onExchange: (e) => {
            if (!e.findings.some((f) => f.severity === 'violation')) recorder.record(e);
            else process.stdout.write(`not recorded: ${e.call.method} on ${e.call.path} departs from the spec (see above)\n`);
          },
        }
      : {}),
    onUpstreamError: (e, path) => process.stderr.write(`upstream error on ${path}: ${e.message}\n`),
  });
  process.stdout.write(`noderpc proxy listening on ${proxy.url}, forwarding to ${upstream}${recorder ? `, recording to ${recordDir}` : ''}; Ctrl-C to stop\n`);
  await new Promise<void>((done) => {
    const stop = () => void proxy.close().then(done);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  try {
    await recorder?.flush();
  } catch (e) {
    process.stderr.write(`recording to ${recordDir as string} failed: ${(e as Error).message}\n`);
    return 1;
  }
  const all = proxy.reports();
  process.stdout.write(all.length ? `${all.length} finding${all.length === 1 ? '' : 's'}:\n${all.map((r) => `  ${formatProxyReport(r)}`).join('\n')}\n` : 'no findings: every call and reply matched the spec\n');
  return 0;
}
