/**
 * The one immutable context of a run, built once with every option resolved. Emitters receive it; nothing
 * downstream reads process.argv, the environment or a config file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { toIdent } from './model.js';

export interface DocumentConfig {
  /** Project-relative path of the OpenRPC document (YAML or JSON). */
  readonly path: string;
  /** Service name: an identifier, defaults to the file name without extension. */
  readonly service: string;
}

export interface PackageConfig {
  readonly name: string;
  readonly version: string;
  readonly description: string;
}

export interface Config {
  /** Absolute project root: every other path is relative to it. */
  readonly root: string;
  readonly documents: readonly DocumentConfig[];
  /** Folder of shared schema files whose every schema must be used (optional). */
  readonly schemasDir?: string;
  /** Output folder, project-relative. */
  readonly out: string;
  readonly package: PackageConfig;
  /** ajv strict mode for the spec's schemas. */
  readonly strict: boolean;
  /** Outputs to emit. */
  readonly emit: readonly string[];
  /**
   * Names for server-variable scopes on the whole-node client, e.g. `{ chain: 'blockchainID' }` gives
   * `node.chain(id)`, a client whose endpoints use that variable value.
   */
  readonly scopes: Readonly<Record<string, string>>;
  /** Name of the whole-node client factory (`createNodeClient`). */
  readonly clientName: string;
}

export const ALL_OUTPUTS = ['openrpc', 'client', 'validators', 'server', 'mock', 'docs', 'package'] as const;

export function serviceNameOf(path: string): string {
  return toIdent(basename(path, extname(path)));
}

interface RawConfig {
  documents?: (string | { path: string; service?: string })[];
  schemas?: string;
  out?: string;
  package?: Partial<PackageConfig>;
  strict?: boolean;
  emit?: string[];
  scopes?: Record<string, string>;
  clientName?: string;
}

/** A config that cannot be used: its message says which field and why. */
export class ConfigError extends Error {}

export function resolveConfig(root: string, raw: RawConfig, overrides: Partial<RawConfig> = {}): Config {
  const merged: RawConfig = { ...raw, ...overrides };
  if (merged.documents !== undefined && !Array.isArray(merged.documents)) throw new ConfigError('"documents" must be a list of paths or { path, service } objects');
  for (const d of merged.documents ?? []) {
    if (typeof d !== 'string' && (typeof d !== 'object' || d === null || typeof d.path !== 'string'))
      throw new ConfigError(`each of "documents" must be a path or { path, service }, got ${JSON.stringify(d)}`);
  }
  if (merged.emit !== undefined) {
    if (!Array.isArray(merged.emit) || merged.emit.length === 0) throw new ConfigError(`"emit" must name at least one of ${ALL_OUTPUTS.join(', ')}`);
    const unknown = merged.emit.filter((o) => !(ALL_OUTPUTS as readonly string[]).includes(o));
    if (unknown.length) throw new ConfigError(`unknown output${unknown.length === 1 ? '' : 's'} in "emit": ${unknown.join(', ')} (known: ${ALL_OUTPUTS.join(', ')})`);
  }
  for (const key of ['out', 'schemas', 'clientName'] as const) {
    if (merged[key] !== undefined && (typeof merged[key] !== 'string' || merged[key] === '')) throw new ConfigError(`"${key}" must be a non-empty string`);
  }
  const documents = (merged.documents ?? []).map((d) => {
    const path = typeof d === 'string' ? d : d.path;
    const service = typeof d === 'string' || !d.service ? serviceNameOf(path) : d.service;
    return { path: path.replace(/\\/g, '/'), service };
  });
  return {
    root: resolve(root),
    documents,
    ...(merged.schemas ? { schemasDir: merged.schemas.replace(/\\/g, '/') } : {}),
    out: (merged.out ?? 'generated').replace(/\\/g, '/'),
    package: {
      name: merged.package?.name ?? 'openrpc-client',
      version: merged.package?.version ?? '0.0.0',
      description: merged.package?.description ?? 'Typed JSON-RPC client generated from an OpenRPC document.',
    },
    strict: merged.strict ?? true,
    emit: merged.emit ?? [...ALL_OUTPUTS],
    scopes: merged.scopes ?? {},
    clientName: merged.clientName ?? 'createClient',
  };
}

export const CONFIG_FILE = 'noderpc.config.json';

/** Read `noderpc.config.json` at `root`. */
export function readConfigFile(root: string): RawConfig | undefined {
  const path = resolve(root, CONFIG_FILE);
  if (!existsSync(path)) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ConfigError(`${CONFIG_FILE} is not valid JSON: ${(e as Error).message}`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ConfigError(`${CONFIG_FILE} must hold a JSON object`);
  return raw as RawConfig;
}
