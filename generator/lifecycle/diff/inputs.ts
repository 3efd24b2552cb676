/**
 * The edge of `noderpc diff`: what each side names, read into a model. A side is an OpenRPC document (JSON
 * or YAML, with its `$ref`s), a folder of documents (such as generated/openrpc/), a project folder (one with
 * noderpc.config.json), or the project's spec at a git ref (its files read with `git ls-tree`/`git show`
 * into a scratch folder and loaded with the config of that ref).
 *
 * Every side is loaded leniently (as `generate` loads a foreign document): a diff needs the model, not the
 * project's standards, so example and lint problems do not stop it; a document that cannot be read or
 * bundled does, with every problem listed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, posix, relative, resolve } from 'node:path';
import { CONFIG_FILE, readConfigFile, resolveConfig, type Config } from '../../config/index.js';
import { formatDiagnostic, InputError, isError, type Diagnostic } from '../../lib/diagnostics.js';
import { loadProject } from '../../load/index.js';
import type { Model } from '../../model/index.js';
import { documentsIn } from '../../lib/read-tree.js';

/** A side that could not be read: every problem, each with its place. */
export class DiffInputError extends InputError {
  readonly diagnostics: readonly Diagnostic[];
  constructor(message: string, diagnostics: readonly Diagnostic[] = []) {
    super(diagnostics.length ? `${message}\n${diagnostics.map((d) => `  ${formatDiagnostic(d)}`).join('\n')}` : message);
    this.name = 'DiffInputError';
    this.diagnostics = diagnostics;
  }
}

export interface Side {
  /** How the report names it: a path, `git:<ref>`, `release 0.3.0`. */
  readonly label: string;
  readonly model: Model;
}

function load(config: Config, label: string): Side {
  const loaded = loadProject(config);
  const errors = loaded.problems.filter(isError);
  if (!loaded.model || errors.length) throw new DiffInputError(`${label} cannot be read:`, errors);
  return { label, model: loaded.model };
}

/** A config reading `documents` leniently, with nothing to write. */
function lenient(root: string, raw: Parameters<typeof resolveConfig>[1]): Config {
  // The unused-schema check needs the whole project and says nothing about the interface.
  const { schemas: _schemas, ...rest } = raw as Record<string, unknown>;
  return resolveConfig(root, { ...(rest as Parameters<typeof resolveConfig>[1]), strict: false });
}

/** A document, a folder of documents, or a project folder. */
export function readPath(path: string, cwd: string): Side {
  const abs = resolve(cwd, path);
  const label = relative(cwd, abs) || '.';
  if (!existsSync(abs)) throw new DiffInputError(`${path} does not exist; give an OpenRPC document, a folder of documents, or a project folder.`);
  if (statSync(abs).isDirectory()) {
    if (existsSync(join(abs, CONFIG_FILE))) return readProject(abs, label);
    const docs = documentsIn(abs);
    if (!docs.length) throw new DiffInputError(`${path} holds no OpenRPC document (.json, .yaml or .yml) and no ${CONFIG_FILE}.`);
    return load(lenient(abs, { documents: docs }), `${label}/`);
  }
  return load(lenient(dirname(abs), { documents: [basename(abs)] }), label);
}

/** The project configured in `root`. */
export function readProject(root: string, label = '.'): Side {
  const raw = readConfigFile(root);
  if (!raw) throw new DiffInputError(`no ${CONFIG_FILE} in ${root}`);
  return load(lenient(root, raw as never), label);
}

function git(cwd: string, args: readonly string[], input?: string): Buffer {
  try {
    return execFileSync('git', args, { cwd, maxBuffer: 256 * 1024 * 1024, stdio: ['pipe', 'pipe', 'pipe'], ...(input !== undefined ? { input } : {}) });
  } catch (e) {
    const err = e as { stderr?: Buffer; code?: string };
    if (err.code === 'ENOENT') throw new DiffInputError('git is not installed; --base needs it to read the spec at a ref.');
    throw new DiffInputError(`git ${args.join(' ')} failed: ${String(err.stderr ?? e).trim()}`);
  }
}

/** The contents of files at a ref, read by one `git cat-file --batch`. */
function blobs(root: string, ref: string, files: readonly string[]): Buffer[] {
  if (!files.length) return [];
  const out = git(root, ['cat-file', '--batch'], files.map((f) => `${ref}:${f}\n`).join(''));
  const result: Buffer[] = [];
  let at = 0;
  for (const file of files) {
    const eol = out.indexOf(10, at);
    const header = out.subarray(at, eol).toString('utf8');
    const m = /^[0-9a-f]+ blob (\d+)$/.exec(header);
    if (!m) throw new DiffInputError(`git cat-file could not read ${file} at ${ref}: ${header}`);
    const size = Number(m[1]);
    result.push(out.subarray(eol + 1, eol + 1 + size));
    at = eol + 1 + size + 1;
  }
  return result;
}

export interface RefOptions {
  /**
   * Documents the config of that ref names but the ref does not hold: an error (the default), or left out
   * (replaying a history in which documents were added one commit at a time).
   */
  readonly missing?: 'error' | 'skip';
}

/**
 * The project's spec at a git ref: its config and every file under the folders its documents and shared
 * schemas live in, written to a scratch folder (removed afterwards) and loaded from there.
 */
export function readRef(ref: string, root: string, options: RefOptions = {}): Side {
  const label = `git:${ref}`;
  let top: string;
  try {
    top = git(root, ['rev-parse', '--show-toplevel']).toString().trim();
  } catch (e) {
    if (e instanceof DiffInputError && /not a git repository/.test(e.message)) throw new DiffInputError(`${root} is not inside a git repository; a git ref (--base, --head) names a version of the project's spec in one.`);
    throw e;
  }
  const prefix = relative(top, resolve(root)).split('\\').join('/');
  const inRepo = (p: string) => (prefix ? posix.join(prefix, p) : p);
  git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  const configText = (() => {
    try {
      return git(root, ['show', `${ref}:${inRepo(CONFIG_FILE)}`]);
    } catch {
      throw new DiffInputError(`${ref} has no ${inRepo(CONFIG_FILE)}; --base reads the project's spec with the config of that ref.`);
    }
  })();
  let raw: { documents?: (string | { path: string; service?: string })[]; schemas?: string };
  try {
    raw = JSON.parse(configText.toString('utf8'));
  } catch (e) {
    throw new DiffInputError(`${CONFIG_FILE} at ${ref} is not valid JSON: ${(e as Error).message}`);
  }
  const docs = (raw.documents ?? []).map((d) => (typeof d === 'string' ? d : d.path));
  const folders = [...new Set([...docs.map((d) => posix.dirname(d)), ...(raw.schemas ? [raw.schemas] : [])])];
  const listed = git(root, ['ls-tree', '-r', '-z', '--name-only', ref, '--', ...folders.map(inRepo)])
    .toString('utf8')
    .split('\0')
    .filter(Boolean);
  const contents = blobs(root, ref, listed);
  const dir = mkdtempSync(join(tmpdir(), 'noderpc-ref-'));
  try {
    listed.forEach((file, i) => {
      const rel = prefix ? posix.relative(prefix, file) : file;
      mkdirSync(dirname(join(dir, rel)), { recursive: true });
      writeFileSync(join(dir, rel), contents[i]!);
    });
    const present = new Set(listed.map((f) => (prefix ? posix.relative(prefix, f) : f)));
    const documents = (raw.documents ?? []).filter((d) => options.missing !== 'skip' || present.has(posix.normalize(typeof d === 'string' ? d : d.path)));
    if (!documents.length) throw new DiffInputError(`${ref} holds none of the documents its ${CONFIG_FILE} names.`);
    return load(lenient(dir, { ...raw, documents } as never), label);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
