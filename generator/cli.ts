/**
 * `noderpc` command line.
 *
 *   noderpc generate [--check] [--watch]                 the project in noderpc.config.json
 *   noderpc generate <document...> --out <dir> [...]     any OpenRPC 1.x document(s), JSON or YAML
 */
import { relative, resolve, sep } from 'node:path';
import { ConfigError, readConfigFile, resolveConfig, type Config } from './config.js';
import type { GenerateResult } from './generate.js';

const USAGE = `Usage:
  noderpc generate [--check] [--watch] [--times]
      Generate everything configured in noderpc.config.json into its output folder.
  noderpc generate <document...> --out <dir> [--name <package>] [--service <name>] [--strict]
      Generate a client package (and validators, server stubs, mock, docs) for any OpenRPC 1.x document.

  noderpc mock [--port <n>] [--host <addr>] [--mode standard|node] [--profile full|public]
      Start the generated mock node, answering every method from the spec's examples (default 127.0.0.1:9650).

Options:
  --check      write nothing; exit 1 with a diff when the output is stale
  --watch      regenerate on every change in spec/, templates/, generator/ or runtime/
  --times      print the time of each phase
  --out <dir>  output folder (for a document given on the command line, or instead of the config's)
  --emit <a,b> only these outputs (openrpc, validators, client, server, mock, package, docs)
  --no-cache   do not read or write the cache (node_modules/.cache/noderpc); --cache-dir <dir> moves it
`;

interface Args {
  command?: string;
  positional: string[];
  flags: Map<string, string | true>;
}

/** The flags each command takes: `true` for a flag with a value, `false` for a switch. */
const FLAGS: Readonly<Record<string, Readonly<Record<string, boolean>>>> = {
  generate: {
    '--check': false,
    '--watch': false,
    '--watch-worker': false,
    '--times': false,
    '--strict': false,
    '--no-cache': false,
    '--out': true,
    '--name': true,
    '--service': true,
    '--emit': true,
    '--cache-dir': true,
  },
  mock: { '--out': true, '--port': true, '--host': true, '--mode': true, '--profile': true },
};

export function parseArgs(argv: readonly string[]): Args {
  const args: Args = { positional: [], flags: new Map() };
  // The command comes first; flags are checked against it.
  const first = argv.findIndex((a) => !a.startsWith('-'));
  const command = first === -1 ? undefined : argv[first];
  const known = command === undefined ? undefined : FLAGS[command];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') {
      args.flags.set('--help', true);
    } else if (a.startsWith('-')) {
      const eq = a.indexOf('=');
      const name = eq === -1 ? a : a.slice(0, eq);
      if (known && !(name in known)) {
        const all = Object.keys(known).filter((f) => f !== '--watch-worker');
        throw new UsageError(`unknown option ${name} for "${command}" (it takes ${all.join(', ')})`);
      }
      const valued = known?.[name] === true;
      if (eq !== -1) {
        if (!valued) throw new UsageError(`${name} takes no value`);
        if (eq === a.length - 1) throw new UsageError(`${name} needs a value`);
        args.flags.set(name, a.slice(eq + 1));
      } else if (valued) {
        const v = argv[i + 1];
        if (v === undefined || v.startsWith('--')) throw new UsageError(`${a} needs a value`);
        args.flags.set(a, v);
        i++;
      } else args.flags.set(a, true);
    } else if (i === first) args.command = a;
    else args.positional.push(a);
  }
  return args;
}

class UsageError extends Error {}

/** `--emit a, b` as the config's `emit` list (checked by resolveConfig). */
function emitOverride(emit: string | true | undefined): { emit?: string[] } {
  return typeof emit === 'string' ? { emit: emit.split(',').map((o) => o.trim()).filter(Boolean) } : {};
}

function configFor(args: Args, cwd: string): Config {
  if (args.positional.length) {
    const out = args.flags.get('--out');
    if (typeof out !== 'string') throw new UsageError('a document on the command line needs --out <dir>');
    const service = args.flags.get('--service');
    if (typeof service === 'string' && args.positional.length > 1) throw new UsageError('--service names one document; give one document or none');
    const name = args.flags.get('--name');
    const emit = args.flags.get('--emit');
    return resolveConfig(cwd, {
      ...emitOverride(emit),
      documents: args.positional.map((p) => (typeof service === 'string' ? { path: p, service } : p)),
      out,
      // A document from elsewhere: its examples and lint are its authors' business (warnings), unless --strict.
      strict: args.flags.has('--strict'),
      package: { ...(typeof name === 'string' ? { name } : {}) },
    } as never);
  }
  const raw = readConfigFile(cwd);
  if (!raw) throw new UsageError(`no noderpc.config.json in ${cwd}; give a document and --out, or create the config`);
  const out = args.flags.get('--out');
  const emit = args.flags.get('--emit');
  return resolveConfig(cwd, raw, { ...(typeof out === 'string' ? { out } : {}), ...emitOverride(emit) });
}

function printResult(result: GenerateResult, times: boolean): void {
  const stream = result.ok ? process.stdout : process.stderr;
  stream.write(`${result.report}\n`);
  if (times) process.stdout.write(`${formatTimings(result.timings, result.background)}\n`);
}

export function formatTimings(timings: Readonly<Record<string, number>>, background?: Readonly<Record<string, number>>): string {
  const total = Object.values(timings).reduce((a, b) => a + b, 0);
  const list = (t: Readonly<Record<string, number>>) =>
    Object.entries(t)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', ');
  return `phases (ms): ${list(timings)}; total ${total.toFixed(0)}${background ? `; on the schema thread: ${list(background)}` : ''}`;
}

export async function main(argv: readonly string[]): Promise<number> {
  let args: Args;
  try {
    args = parseArgs(argv);
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.flags.has('--help')) {
    process.stdout.write(USAGE);
    return 0;
  }
  const cwd = process.cwd();
  try {
    switch (args.command) {
      case 'generate': {
        const config = configFor(args, cwd);
        if (args.flags.has('--watch') || args.flags.has('--watch-worker')) {
          const { watch, watchWorker } = await import('./watch.js');
          return await (args.flags.has('--watch-worker') ? watchWorker(config) : watch(config));
        }
        const cacheDir = args.flags.has('--no-cache') ? false : typeof args.flags.get('--cache-dir') === 'string' ? resolve(cwd, args.flags.get('--cache-dir') as string) : undefined;
        const check = args.flags.has('--check');
        // Nothing read by the last run has changed and the output is what it produced: done, without
        // loading a parser or a compiler.
        const t0 = performance.now();
        const cacheRoot = cacheDir === false ? undefined : (cacheDir ?? resolve(config.root, 'node_modules/.cache/noderpc'));
        if (cacheRoot) {
          const [{ unchanged }, { listFiles }] = await Promise.all([import('./manifest.js'), import('./write.js')]);
          if (unchanged(cacheRoot, config, listFiles) === true) {
            const label = relative(config.root, resolve(config.root, config.out)).split(sep).join('/') || '.';
            process.stdout.write(`${label}/ is up to date (${listFiles(resolve(config.root, config.out)).length} files; nothing it is made from has changed).\n`);
            if (args.flags.has('--times')) process.stdout.write(`${formatTimings({ manifest: Math.round(performance.now() - t0) })}\n`);
            return 0;
          }
        }
        const { generate } = await import('./generate.js');
        const result = await generate(config, { check, ...(cacheDir !== undefined ? { cacheDir } : {}) });
        printResult(result, args.flags.has('--times'));
        return result.ok ? 0 : 1;
      }
      case 'mock': {
        const { runMock } = await import('./mock-cli.js');
        return await runMock(configFor({ ...args, positional: [] }, cwd), args.flags);
      }
      case undefined:
      case 'help':
        process.stdout.write(USAGE);
        return args.command ? 0 : 2;
      default:
        process.stderr.write(`unknown command "${args.command}"\n\n${USAGE}`);
        return 2;
    }
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    if (e instanceof UsageError) {
      process.stderr.write(`${e.message}\n\n${USAGE}`);
      return 2;
    }
    throw e;
  }
}
