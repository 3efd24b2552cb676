/**
 * The release record: what the published package was, kept beside the spec (source, not output), so that
 * the package's version is derived rather than typed. The config's `releases` folder holds
 *
 *   releases.json          every release, oldest first: its version, and the changes that made it
 *   documents/<svc>.json   the bundled documents of the last release: what the next release is diffed with
 *
 * The documents are written byte for byte as generated/openrpc has them, so git stores them once.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serviceNameOf, type Config } from '../../config/index.js';
import { InputError } from '../../lib/diagnostics.js';
import type { Change } from '../diff/compare.js';
import { documentsIn } from '../../lib/read-tree.js';
import type { Bump } from '../diff/rules.js';
import { buildService, type Model } from '../../model/index.js';
import { writeFileAtomic } from '../../write/atomic.js';

export const RECORD_FILE = 'releases.json';
export const DOCUMENTS_DIR = 'documents';
export const RECORD_FORMAT = 'noderpc-releases/1';

export interface Release {
  readonly version: string;
  /** The first release: everything in it is new. */
  readonly first?: true;
  /** The bump its changes called for (absent on the first). */
  readonly bump?: Bump;
  /** The changes since the release before, as `noderpc diff` classified them. */
  readonly changes: readonly Change[];
}

export interface ReleaseRecord {
  readonly releases: readonly Release[];
}

/** A record that cannot be used; the message says which file and why. */
export class ReleaseError extends InputError {
  override name = 'ReleaseError';
}

export function releasesDir(config: Config): string | undefined {
  return config.releasesDir === undefined ? undefined : resolve(config.root, config.releasesDir);
}

/** The record's files, project-relative (what a generate run reads from it). */
export function recordFiles(config: Config): string[] {
  const dir = releasesDir(config);
  if (!dir || !existsSync(join(dir, RECORD_FILE))) return [];
  const docs = existsSync(join(dir, DOCUMENTS_DIR)) ? documentsIn(join(dir, DOCUMENTS_DIR)) : [];
  return [`${config.releasesDir}/${RECORD_FILE}`, ...docs.map((d) => `${config.releasesDir}/${DOCUMENTS_DIR}/${d}`)];
}

/** Checks the record's shape: versions in order, each release with its changes. */
export function parseRecord(text: string, file: string): ReleaseRecord {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new ReleaseError(`${file} is not valid JSON: ${(e as Error).message}`);
  }
  const r = raw as { format?: unknown; releases?: unknown };
  if (typeof raw !== 'object' || raw === null || r.format !== RECORD_FORMAT || !Array.isArray(r.releases))
    throw new ReleaseError(`${file} must be { "format": "${RECORD_FORMAT}", "releases": [...] }`);
  r.releases.forEach((rel: unknown, i: number) => {
    const x = rel as Partial<Release>;
    if (typeof x !== 'object' || x === null || typeof x.version !== 'string' || !/^\d+\.\d+\.\d+$/.test(x.version) || !Array.isArray(x.changes))
      throw new ReleaseError(`${file}: releases[${i}] needs a "version" (major.minor.patch) and "changes" (a list)`);
  });
  return { releases: r.releases as Release[] };
}

export interface LoadedRecord {
  readonly record: ReleaseRecord;
  /** The model of the last release's documents. */
  readonly released: Model;
  /** The last released version. */
  readonly version: string;
}

/** The record in the config's `releases` folder; undefined when the project keeps none (yet). */
export function readRecord(config: Config): LoadedRecord | undefined {
  const dir = releasesDir(config);
  if (!dir) return undefined;
  const file = join(dir, RECORD_FILE);
  if (!existsSync(file)) return undefined;
  const label = `${config.releasesDir}/${RECORD_FILE}`;
  const record = parseRecord(readFileSync(file, 'utf8'), label);
  const last = record.releases.at(-1);
  if (!last) throw new ReleaseError(`${label} lists no release; delete it, or record one with noderpc release`);
  return { record, released: releasedModel(config, last.version), version: last.version };
}

/**
 * The model of the released documents. They are bundled documents this generator wrote and checked when
 * they were released, so they are read as they are (no bundling, no checks), which keeps every generate run
 * that compares with them fast.
 */
function releasedModel(config: Config, version: string): Model {
  const dir = join(releasesDir(config)!, DOCUMENTS_DIR);
  const where = `${config.releasesDir}/${DOCUMENTS_DIR}`;
  if (!existsSync(dir)) throw new ReleaseError(`the documents of release ${version} are missing: ${where}/ does not exist`);
  const services = documentsIn(dir).map((file) => {
    let doc: unknown;
    try {
      doc = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (e) {
      throw new ReleaseError(`${where}/${file} (a document of release ${version}) is not valid JSON: ${(e as Error).message}`);
    }
    if (typeof doc !== 'object' || doc === null || !Array.isArray((doc as { methods?: unknown }).methods))
      throw new ReleaseError(`${where}/${file} (a document of release ${version}) is not an OpenRPC document`);
    return buildService(serviceNameOf(file), `${where}/${file}`, doc as Record<string, unknown>);
  });
  if (!services.length) throw new ReleaseError(`the documents of release ${version} are missing: ${where}/ holds none`);
  return { services };
}

export function recordText(record: ReleaseRecord): string {
  return `${JSON.stringify({ format: RECORD_FORMAT, releases: record.releases }, null, 2)}\n`;
}

/** The record's files as they are (absent ones as `undefined`), to put back with {@link restoreRecord}. */
export function saveRecord(config: Config): Map<string, string | undefined> {
  const dir = releasesDir(config)!;
  const saved = new Map<string, string | undefined>();
  const file = join(dir, RECORD_FILE);
  saved.set(RECORD_FILE, existsSync(file) ? readFileSync(file, 'utf8') : undefined);
  const docs = join(dir, DOCUMENTS_DIR);
  if (existsSync(docs)) for (const d of documentsIn(docs)) saved.set(`${DOCUMENTS_DIR}/${d}`, readFileSync(join(docs, d), 'utf8'));
  return saved;
}

/** Puts the record back as {@link saveRecord} found it. */
export function restoreRecord(config: Config, saved: ReadonlyMap<string, string | undefined>): void {
  const dir = releasesDir(config)!;
  rmSync(join(dir, DOCUMENTS_DIR), { recursive: true, force: true });
  for (const [path, text] of saved) {
    if (text === undefined) {
      rmSync(join(dir, path), { force: true });
      continue;
    }
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/**
 * Writes a release: the record and the documents it was made from. The new documents go to a folder beside
 * the old ones and are swapped in by renames, the record last, so an interrupted write leaves the last
 * release whole.
 */
export function writeRecord(config: Config, record: ReleaseRecord, model: Model): void {
  const dir = releasesDir(config);
  if (!dir) throw new ReleaseError('the config names no "releases" folder; add "releases": "releases" to noderpc.config.json');
  mkdirSync(dir, { recursive: true });
  const fresh = join(dir, `.${DOCUMENTS_DIR}.${process.pid}.tmp`);
  const old = join(dir, `.${DOCUMENTS_DIR}.${process.pid}.old`);
  rmSync(fresh, { recursive: true, force: true });
  mkdirSync(fresh);
  for (const s of model.services) writeFileSync(join(fresh, `${s.name}.json`), `${JSON.stringify(s.document, null, 2)}\n`);
  const docs = join(dir, DOCUMENTS_DIR);
  const had = existsSync(docs);
  if (had) renameSync(docs, old);
  renameSync(fresh, docs);
  const file = join(dir, RECORD_FILE);
  try {
    writeFileAtomic(file, recordText(record));
  } catch (e) {
    rmSync(docs, { recursive: true, force: true });
    if (had) renameSync(old, docs);
    throw e;
  }
  rmSync(old, { recursive: true, force: true });
}
