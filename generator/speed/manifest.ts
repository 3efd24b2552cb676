/**
 * The fast path of `generate` and `--check`: a manifest, kept in the cache, records what the last run read
 * (the config, the spec files, the generator's own sources, templates, runtime and locked dependencies, all
 * by content) and the hash of every file it produced. When nothing it read has changed, the outputs are
 * known without loading a parser or a compiler, and only the output folder needs comparing.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config/index.js';
import { GENERATOR_ROOT } from '../lib/root.js';
import { writeFileAtomic } from '../write/atomic.js';
import { flat } from '../lib/flat.js';

export interface Manifest {
  readonly key: string;
  /** Project-relative files the load read. */
  readonly inputs: readonly string[];
  /** Output path (relative to the output folder) → sha256 of its contents. */
  readonly outputs: Readonly<Record<string, string>>;
  /** What the run had to say beside its outputs (the release due), repeated when nothing changed. */
  readonly note?: string;
}

function sha(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function tree(dir: string, pattern: RegExp): string[] {
  const out: string[] = [];
  const walk = (abs: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const child = join(abs, e.name);
      if (e.isDirectory()) walk(child);
      else if (pattern.test(e.name)) out.push(child);
    }
  };
  walk(dir);
  return out;
}

function manifestFile(cacheRoot: string, config: Config): string {
  return join(cacheRoot, 'manifest', `${sha(`${config.root}\0${config.out}`)}.json`);
}

/**
 * The hash of everything a run with `config` reads, given the spec files the last run read. `read`: the
 * texts a run read, by path, hashed instead of what the files hold now. A run records the key of what it
 * was made from, so a file saved while it ran (or given as an override) makes a later key differ and a
 * later process run in full. A text hashes as its UTF-8 bytes, which are the file's when the file is UTF-8.
 */
export function inputKey(config: Config, inputs: readonly string[], read?: ReadonlyMap<string, string>): string {
  const h = createHash('sha256');
  h.update(JSON.stringify(config));
  for (const file of inputs) {
    h.update(file).update('\0');
    const text = read?.get(file);
    if (text !== undefined) {
      h.update(text);
      continue;
    }
    try {
      h.update(readFileSync(resolve(config.root, file)));
    } catch {
      h.update('\0missing');
    }
  }
  // A new file in the shared schema folder changes the unused-schema check.
  if (config.schemasDir) {
    try {
      h.update(readdirSync(resolve(config.root, config.schemasDir)).sort().join('\0'));
    } catch {
      h.update('\0no schemas');
    }
  }
  h.update(generatorFingerprint());
  return h.digest('hex');
}

const fingerprints = new Map<string, string>();

/**
 * The hash of the generator itself: its sources, runtime, templates and locked dependencies. Whatever a run
 * computes depends on it, so the cache keeps its parts under it (a changed generator starts afresh).
 */
export function generatorFingerprint(root: string = GENERATOR_ROOT): string {
  const known = fingerprints.get(root);
  if (known !== undefined) return known;
  const h = createHash('sha256');
  // From a checkout the generator is its sources; installed from npm, its prebuilt dist/ (and its version).
  const installed = !existsSync(join(root, 'generator'));
  if (installed) {
    try {
      h.update(readFileSync(join(root, 'package.json')));
    } catch {
      // no version to add
    }
  }
  for (const dir of installed ? ['dist', 'runtime', 'tools', 'templates'] : ['generator', 'runtime', 'tools', 'templates']) {
    for (const file of tree(join(root, dir), /./)) h.update(file.slice(root.length)).update('\0').update(readFileSync(file));
  }
  try {
    h.update(readFileSync(join(root, 'package-lock.json')));
  } catch {
    // A generator installed without a lock file: its dependency versions are not pinned here.
  }
  const fingerprint = h.digest('hex');
  fingerprints.set(root, fingerprint);
  return fingerprint;
}

export function readManifest(cacheRoot: string, config: Config): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(manifestFile(cacheRoot, config), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/**
 * The last hash of each output path with the contents it was taken of, and the path's entry in the
 * manifest's text: a watch loop hashes only what changed (a file whose text is the same string object as
 * last run's is not even compared).
 */
const outputHashes = new Map<string, { contents: string; entry: string }>();

function outputEntry(path: string, contents: string, bytes: Uint8Array | undefined): string {
  const known = outputHashes.get(path);
  if (known !== undefined && known.contents === contents) {
    // Holding the newest text lets the previous run's copy go.
    known.contents = contents;
    return known.entry;
  }
  // Hashed from the bytes written when there are some: encoding a large text again costs more than hashing.
  const entry = flat(`${JSON.stringify(path)}:"${sha(bytes ?? contents)}"`);
  outputHashes.set(path, { contents, entry });
  return entry;
}

/**
 * Record what a run read and produced. `key`: the inputs' key as the run read them (inputKey with its
 * texts); `written`: the bytes of the files this run wrote, by path (hashed instead of their text).
 */
export function writeManifest(
  cacheRoot: string,
  config: Config,
  key: string,
  inputs: readonly string[],
  outputs: readonly { path: string; contents: string }[],
  note?: string,
  written?: ReadonlyMap<string, Uint8Array>,
): void {
  // The manifest's JSON, put together from each output's kept entry (as JSON.stringify writes a Manifest).
  const entries = outputs.map((f) => outputEntry(f.path, f.contents, written?.get(f.path)));
  const text = `{"key":${JSON.stringify(key)},"inputs":${JSON.stringify(inputs)},"outputs":{${entries.join(',')}}${note ? `,"note":${JSON.stringify(note)}` : ''}}`;
  try {
    const file = manifestFile(cacheRoot, config);
    writeFileAtomic(file, text);
  } catch {
    // Only costs time.
  }
}

/**
 * `true` when the last run's inputs are unchanged and the output folder holds exactly what it produced;
 * `false` when the inputs are unchanged but the folder differs; `undefined` when a full run must decide.
 */
export function unchanged(cacheRoot: string, config: Config, listFiles: (dir: string) => string[]): boolean | undefined {
  const manifest = readManifest(cacheRoot, config);
  if (!manifest || manifest.key !== inputKey(config, manifest.inputs)) return undefined;
  const outDir = resolve(config.root, config.out);
  const present = listFiles(outDir);
  const expected = Object.keys(manifest.outputs);
  if (present.length !== expected.length) return false;
  for (const path of present) {
    const want = manifest.outputs[path];
    if (want === undefined) return false;
    let got: string;
    try {
      got = sha(readFileSync(join(outDir, ...path.split('/'))));
    } catch {
      return false;
    }
    if (got !== want) return false;
  }
  return true;
}
