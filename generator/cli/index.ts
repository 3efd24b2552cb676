/**
 * `noderpc` command line. Every command is one entry of {@link COMMANDS}: its usage, its flags and what it
 * runs (loaded when it runs, so that starting the CLI loads nothing a command does not need).
 *
 *   noderpc generate [--check] [--watch]                 the project in noderpc.config.json
 *   noderpc generate <document...> --out <dir> [...]     any OpenRPC 1.x document(s), JSON or YAML
 *   noderpc mock                                         the generated mock on 127.0.0.1
 *   noderpc init                                         a new project: config, a one-method spec, npm scripts
 *   noderpc diff [<old> [<new>]] [--base <ref>]          what changed and whom it breaks
 *   noderpc release [--dry-run]                          record a release of the generated package
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { GENERATOR_ROOT } from '../lib/root.js';
import { ConfigError } from '../config/index.js';
import { InputError } from '../lib/diagnostics.js';
import { configFor, flag, invocationDir, specConfig, UsageError, type Args, type Command } from './args.js';

export { formatTimings, UsageError } from './args.js';

const GENERATE_FLAGS = {
  '--check': [false, 'write nothing; exit 1 with a diff when the output is stale'],
  '--watch': [false, 'regenerate on every change of the inputs (and, in the noderpc repository, of the generator)'],
  '--watch-worker': [false, ''],
  '--times': [false, 'print the time of each phase'],
  '--verbose': [false, 'list every warning with its place (by default they are counted by kind)'],
  '--report': [true, 'write every problem, counted by kind, and what changed as JSON to <file>'],
  '--strict': [false, "hold a document given on the command line to the project's standards (its warnings become errors)"],
  '--no-cache': [false, 'do not read or write the cache'],
  '--cache-dir': [true, 'where the cache lives (default: node_modules/.cache/noderpc of the project, else the user cache folder)'],
  '--out': [true, 'output folder (for documents given on the command line, or instead of the config\'s)'],
  '--name': [true, 'package name (for documents given on the command line)'],
  '--service': [true, 'service name of the one document given on the command line'],
  '--emit': [true, 'only these outputs: openrpc, validators, client, server, mock, package, docs, python, go (comma-separated)'],
} as const;

/** The commands, by name. Adding a command is adding an entry here. */
export const COMMANDS: Readonly<Record<string, Command>> = {
  generate: {
    usage: 'noderpc generate [--check] [--watch] [--verbose] [--report <file>]\n  noderpc generate <document...> --out <dir> [--name <package>] [--service <name>] [--strict]',
    summary: 'Generate what noderpc.config.json describes, or a package for the OpenRPC documents given (JSON or YAML; several documents of one API make one package).',
    flags: GENERATE_FLAGS,
    hidden: ['--watch-worker'],
    run: async (ctx) => (await import('./generate.js')).runGenerate(ctx),
  },
  mock: {
    usage: 'noderpc mock [--out <dir>] [--port <n>] [--host <addr>] [--mode standard|node] [--profile full|public] [--replay <dir>] [--no-cors] [--block-time <t>]',
    summary:
      "Start the generated mock: every method answered from the documents' examples (or a value made from its result schema); with --replay, from the exchanges recorded in <dir> first.",
    flags: {
      '--replay': [true, 'answer from the exchanges recorded in <dir> (noderpc proxy --record) first'],
      '--out': [true, 'the output folder holding the generated package (default: the config\'s)'],
      '--port': [true, "port (default: the port of the config's url, else 8545); 0 picks a free one"],
      '--host': [true, 'address to listen on (default 127.0.0.1)'],
      '--mode': [true, 'standard (JSON-RPC 2.0) or node (the dialects the documents name)'],
      '--profile': [true, 'full, or public (methods a public server does not serve are off)'],
      '--no-cors': [false, 'do not answer CORS preflights (on by default, so docs consoles in a browser can call the mock)'],
      '--block-time': [true, 'a new block every <t> (2s, 500ms; a bare number is seconds; default 2s; 0: the examples as they are): subscriptions push each block, eth_blockNumber follows the head'],
    },
    run: async (ctx) => (await import('./mock.js')).runMock(ctx),
  },
  proxy: {
    usage: 'noderpc proxy --upstream <url> [document...] [--port <n>] [--host <addr>] [--record <dir>]',
    summary:
      'Forward JSON-RPC traffic (HTTP and WebSocket) to the node unchanged, log every call, reply and notification that departs from the spec, and with --record write each exchange as a fixture (secrets redacted) for mock --replay (default 127.0.0.1:8650).',
    flags: {
      '--upstream': [true, 'the node to forward to'],
      '--port': [true, 'port'],
      '--host': [true, 'address to listen on'],
      '--record': [true, 'write each conforming exchange as a fixture into <dir>'],
    },
    run: async ({ args, cwd }) => {
      const { runProxy } = await import('./proxy.js');
      return runProxy(specConfig(args.positional, cwd), args.flags, cwd);
    },
  },
  verify: {
    usage:
      'noderpc verify <base-url> [document...] [--methods <glob,...>] [--profile full|public] [--json]\n               [--concurrency <n>] [--rate <per-second>] [--timeout <ms>] [--max-calls <n>] [--reads <glob,...>]',
    summary:
      'Call every read the spec describes on a live node and report where its replies differ from the spec. Exit 1 on drift or on a method the spec says is served that the node does not have.',
    flags: {
      '--methods': [true, 'only the methods matching these globs'],
      '--profile': [true, 'full, or public (methods a public server does not serve are left out)'],
      '--json': [false, 'the report as JSON'],
      '--concurrency': [true, 'calls at once'],
      '--rate': [true, 'calls per second at most'],
      '--timeout': [true, 'milliseconds per call'],
      '--max-calls': [true, 'calls in all at most'],
      '--reads': [true, 'methods of a foreign document to treat as reads (globs)'],
      '--no-discover': [false, 'do not ask the node for its document'],
    },
    run: async ({ args, cwd }) => {
      const [url, ...documents] = args.positional;
      if (url === undefined) throw new UsageError('verify needs the node\'s base URL, e.g. noderpc verify http://127.0.0.1:9650');
      const { runVerify } = await import('./verify.js');
      return runVerify(specConfig(documents, cwd), url, args.flags);
    },
  },
  init: {
    usage: 'noderpc init [--force]',
    summary: 'Start a project here: noderpc.config.json, a one-method OpenRPC document (openrpc.yaml) and npm scripts.',
    flags: { '--force': [false, 'replace an existing noderpc.config.json or openrpc.yaml'] },
    run: async (ctx) => (await import('./init.js')).runInit(ctx),
  },
  diff: {
    usage: 'noderpc diff [<old> [<new>]] [--base <ref>] [--head <ref>] [--json] [--fail-on breaking|non-breaking|info]',
    summary:
      "Every change between two versions of an interface, with its rule and whom it breaks (callers of the client, implementers of the server, the wire), and the semver bump it implies. A side is an OpenRPC document, a folder of documents (generated/openrpc/), a project folder, or the project's spec at a git ref; <new> defaults to the project here, <old> to its last release.",
    flags: {
      '--base': [true, 'the old side: the project\'s spec at this git ref'],
      '--head': [true, 'the new side: the project\'s spec at this git ref'],
      '--json': [false, 'the report as JSON'],
      '--fail-on': [true, 'exit 1 when a change of this severity or worse is found: breaking, non-breaking or info'],
    },
    run: async ({ args, cwd, stdout }) => {
      const { runDiff, parseFailOn } = await import('./diff.js');
      const [base, head, failOn] = [flag(args, '--base'), flag(args, '--head'), flag(args, '--fail-on')];
      const outcome = runDiff(
        {
          positional: args.positional,
          json: args.flags.has('--json'),
          ...(base !== undefined ? { base } : {}),
          ...(head !== undefined ? { head } : {}),
          ...(failOn !== undefined ? { failOn: parseFailOn(failOn) } : {}),
        },
        cwd,
      );
      stdout.write(outcome.text);
      return outcome.exitCode;
    },
  },
  release: {
    usage: 'noderpc release [--dry-run]',
    summary:
      "Record a release: the version the spec's changes since the last release call for, the changelog entry and the released documents (in the config's \"releases\" folder); then regenerate.",
    flags: {
      '--dry-run': [false, 'say what would be recorded, and record nothing'],
      '--no-cache': [false, 'do not read or write the cache'],
    },
    run: async ({ args, cwd, stdout, stderr }) => {
      const [{ runRelease }, { generate }] = await Promise.all([import('./release.js'), import('../generate.js')]);
      const outcome = await runRelease(configFor({ ...args, positional: [] }, cwd), { dryRun: args.flags.has('--dry-run'), ...(args.flags.has('--no-cache') ? { cacheDir: false } : {}) }, generate);
      (outcome.exitCode === 0 ? stdout : stderr).write(`${outcome.text}\n`);
      return outcome.exitCode;
    },
  },
};

/** One command's usage, summary and flags: what `noderpc <command> --help` prints. */
export function commandUsage(name: string): string {
  const c = COMMANDS[name]!;
  const lines = ['Usage:', `  ${c.usage}`, '', ...wrap(c.summary, 100).map((l) => `  ${l}`)];
  const flags = Object.entries(c.flags).filter(([f]) => !c.hidden?.includes(f));
  if (flags.length) lines.push('', 'Options:', ...flags.map(([f, [valued, help]]) => `  ${`${f}${valued ? ' <value>' : ''}`.padEnd(20)} ${help}`));
  lines.push('', EXIT_CODES);
  return `${lines.join('\n')}\n`;
}

export const EXIT_CODES = 'Exit codes: 0 success; 1 the command ran and failed (stale output, a problem in the spec, drift, a port taken); 2 a usage or config error, or, for `verify`, a reply it could not read.';

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) (out.push(line), (line = word));
    else line = line ? `${line} ${word}` : word;
  }
  return line ? [...out, line] : out;
}

/** The version of the noderpc package running. */
export function version(): string {
  return (JSON.parse(readFileSync(resolve(GENERATOR_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

export function usage(): string {
  const lines = ['Usage:'];
  for (const c of Object.values(COMMANDS)) {
    lines.push(`  ${c.usage}`, `      ${c.summary}`);
  }
  lines.push('', 'Options:');
  const seen = new Set<string>();
  for (const c of Object.values(COMMANDS)) {
    for (const [flag, [valued, help]] of Object.entries(c.flags)) {
      if (seen.has(flag) || c.hidden?.includes(flag)) continue;
      seen.add(flag);
      lines.push(`  ${`${flag}${valued ? ' <value>' : ''}`.padEnd(20)} ${help}`);
    }
  }
  lines.push('  --help, -h           this text; `noderpc <command> --help` for one command', '  --version, -v        the version of noderpc');
  lines.push('', EXIT_CODES, 'Docs: the README of the noderpc package.');
  return `${lines.join('\n')}\n`;
}

export function parseArgs(argv: readonly string[]): Args {
  const args: Args = { positional: [], flags: new Map() };
  // The command comes first; flags are checked against it.
  const first = argv.findIndex((a) => !a.startsWith('-'));
  const command = first === -1 ? undefined : argv[first];
  const known = command === undefined ? undefined : COMMANDS[command]?.flags;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') {
      args.flags.set('--help', true);
    } else if ((a === '--version' || a === '-v') && command === undefined) {
      args.flags.set('--version', true);
    } else if (a.startsWith('-')) {
      const eq = a.indexOf('=');
      const name = eq === -1 ? a : a.slice(0, eq);
      if (known && !Object.prototype.hasOwnProperty.call(known, name)) {
        const all = Object.keys(known).filter((f) => !COMMANDS[command!]!.hidden?.includes(f));
        throw new UsageError(`unknown option ${name} for "${command}" (it takes ${all.join(', ') || 'none'})`);
      }
      const valued = known?.[name]?.[0] === true;
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

export async function main(argv: readonly string[]): Promise<number> {
  let args: Args;
  try {
    args = parseArgs(argv);
  } catch (e) {
    const named = argv.find((a) => !a.startsWith('-'));
    process.stderr.write(`${(e as Error).message}\n\n${named !== undefined && COMMANDS[named] ? commandUsage(named) : usage()}`);
    return 2;
  }
  if (args.flags.has('--version')) {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  // `noderpc <command> --help` and `noderpc help <command>`: that command only.
  const about = args.command === 'help' ? args.positional[0] : args.command;
  if (args.flags.has('--help') || args.command === 'help') {
    process.stdout.write(about !== undefined && COMMANDS[about] ? commandUsage(about) : usage());
    return 0;
  }
  if (args.command === undefined) {
    process.stderr.write(usage());
    return 2;
  }
  const command = COMMANDS[args.command];
  if (!command) {
    process.stderr.write(`unknown command "${args.command}" (commands: ${Object.keys(COMMANDS).join(', ')})\n\n${usage()}`);
    return 2;
  }
  try {
    return await command.run({ args, cwd: invocationDir(), stdout: process.stdout, stderr: process.stderr });
  } catch (e) {
    if (e instanceof ConfigError || e instanceof InputError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    if (e instanceof UsageError) {
      process.stderr.write(`${e.message}\n\n${commandUsage(args.command)}`);
      return 2;
    }
    throw e;
  }
}
