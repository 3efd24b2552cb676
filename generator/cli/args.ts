/**
 * What every command shares: its parsed arguments, its context, the one error for a wrong command line
 * (the CLI prints it with the usage and exits 2), and the config a command works on.
 */
import { dirname, resolve } from 'node:path';
import { findConfigFile, readConfigFile, resolveConfig, type Config } from '../config/index.js';

export interface Args {
  command?: string;
  positional: string[];
  flags: Map<string, string | true>;
}

/** What a command gets: its arguments, where the user ran it, and where its output goes. */
export interface CommandContext {
  readonly args: Args;
  /** The folder the user ran the command in (npm scripts run in the package root; INIT_CWD says where the user was). */
  readonly cwd: string;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
}

export interface Command {
  /** `noderpc <name> ...`, as the usage lists it (one line or more). */
  readonly usage: string;
  readonly summary: string;
  /** Flags: `true` for one that takes a value, `false` for a switch, with a line of help each. */
  readonly flags: Readonly<Record<string, readonly [takesValue: boolean, help: string]>>;
  /** Flags that exist for the tool itself, not for users (not listed). */
  readonly hidden?: readonly string[];
  run(ctx: CommandContext): Promise<number>;
}

/** A command line that cannot be run as given: the CLI prints the message and the usage, and exits 2. */
export class UsageError extends Error {}

/** A flag's value, when it was given one. */
export function flag(args: Args, name: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

/** `--emit a, b` as the config's `emit` list (checked by resolveConfig). */
function emitOverride(emit: string | undefined): { emit?: string[] } {
  return emit !== undefined ? { emit: emit.split(',').map((o) => o.trim()).filter(Boolean) } : {};
}

/**
 * The config a command works on: documents given on the command line (paths relative to where the user is),
 * or the nearest noderpc.config.json at or above that folder (its paths relative to its own folder).
 */
export function configFor(args: Args, cwd: string, options: { documents?: boolean } = {}): Config {
  if (options.documents !== false && args.positional.length) {
    const out = flag(args, '--out');
    if (out === undefined) throw new UsageError('a document on the command line needs --out <dir>');
    const service = flag(args, '--service');
    if (service !== undefined && args.positional.length > 1) throw new UsageError('--service names one document; give one document or none');
    const name = flag(args, '--name');
    return resolveConfig(cwd, {
      ...emitOverride(flag(args, '--emit')),
      documents: args.positional.map((p) => (service !== undefined ? { path: p, service } : p)),
      out,
      // A document from elsewhere: its examples and lint are its authors' business (warnings), unless --strict.
      strict: args.flags.has('--strict'),
      package: { ...(name !== undefined ? { name } : {}) },
    });
  }
  const file = findConfigFile(cwd);
  if (!file) throw new UsageError(`no noderpc.config.json in ${cwd} or above; give a document and --out, or run \`noderpc init\``);
  const root = dirname(file);
  const out = flag(args, '--out');
  return resolveConfig(root, readConfigFile(root)!, { ...(out !== undefined ? { out: resolve(cwd, out) } : {}), ...emitOverride(flag(args, '--emit')) });
}

/**
 * The spec a checking command reads: documents given on the command line (any OpenRPC document, its own
 * standards its authors' business) or the project's config.
 */
export function specConfig(documents: readonly string[], cwd: string): Config {
  if (documents.length) return resolveConfig(cwd, { documents: [...documents], strict: false });
  const file = findConfigFile(cwd);
  if (!file) throw new UsageError(`no noderpc.config.json in ${cwd} or above; give the OpenRPC document(s) to check against`);
  return resolveConfig(dirname(file), readConfigFile(dirname(file))!);
}

export function formatTimings(timings: Readonly<Record<string, number>>, background?: Readonly<Record<string, number>>): string {
  const total = Object.values(timings).reduce((a, b) => a + b, 0);
  const list = (t: Readonly<Record<string, number>>) =>
    Object.entries(t)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', ');
  return `phases (ms): ${list(timings)}; total ${total.toFixed(0)}${background ? `; on the schema thread: ${list(background)}` : ''}`;
}

/**
 * Where the user ran the command. An npm script runs in its package's root; when that script is noderpc
 * itself (`npm run generate -- doc.json --out x` from a sub-folder), npm's INIT_CWD is where the user was.
 */
export function invocationDir(env: NodeJS.ProcessEnv = process.env): string {
  const init = env.INIT_CWD;
  return init && /\bnoderpc\b/.test(env.npm_lifecycle_script ?? '') ? resolve(init) : process.cwd();
}

