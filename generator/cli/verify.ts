/**
 * `noderpc verify <base-url> [document...]`: the flags into options, the report out (a table, or `--json`),
 * and the exit status: 1 when the spec is wrong about the node (drift, or a method it says is served that is
 * not), 2 when a reply could not be read (the check is incomplete), 0 otherwise.
 */
import type { Config } from '../config/index.js';
import { formatDiagnostic, isError } from '../lib/diagnostics.js';
import { loadProject } from '../load/index.js';
import { exitStatus, formatReport, verify } from '../lifecycle/verify/index.js';
import { UsageError } from './args.js';


function count(flags: ReadonlyMap<string, string | true>, name: string, fallback: number, min: number): number {
  const raw = flags.get(name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (typeof raw !== 'string' || !Number.isFinite(n) || n < min) throw new UsageError(`${name} must be a number of at least ${min}, got ${String(raw)}`);
  return n;
}

function globs(flags: ReadonlyMap<string, string | true>, name: string): string[] | undefined {
  const raw = flags.get(name);
  return typeof raw === 'string' ? raw.split(',').map((g) => g.trim()).filter(Boolean) : undefined;
}

export async function runVerify(config: Config, url: string, flags: ReadonlyMap<string, string | true>): Promise<number> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`"${url}" is not a URL; give the node's base URL, e.g. http://127.0.0.1:9650`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UsageError(`verify calls over HTTP: give an http:// or https:// URL, not ${parsed.protocol}`);
  const profile = flags.get('--profile') ?? 'full';
  if (profile !== 'full' && profile !== 'public') throw new UsageError(`--profile must be full or public, got ${String(profile)}`);
  const options = {
    concurrency: count(flags, '--concurrency', 4, 1),
    rate: count(flags, '--rate', 20, 0.01),
    timeoutMs: count(flags, '--timeout', 10_000, 1),
    maxCalls: count(flags, '--max-calls', 1000, 1),
  };
  const loaded = loadProject(config);
  const errors = loaded.problems.filter(isError);
  if (!loaded.model || errors.length) {
    process.stderr.write(`${errors.length} problem${errors.length === 1 ? '' : 's'} in the spec; fix them before verifying:\n${errors.map(formatDiagnostic).join('\n')}\n`);
    // As generate and release: the command ran and the spec failed it (2 is for usage).
    return 1;
  }
  const methods = globs(flags, '--methods');
  const reads = globs(flags, '--reads');
  const report = await verify({
    url,
    services: loaded.model.services,
    profile,
    ...options,
    ...(methods ? { methods } : {}),
    ...(reads ? { reads } : {}),
    discover: !flags.has('--no-discover'),
  });
  process.stdout.write(flags.has('--json') ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report));
  return exitStatus(report);
}
