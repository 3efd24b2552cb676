/**
 * The one immutable context of a run, built once with every option resolved. Emitters receive it; nothing
 * downstream reads process.argv, the environment or a config file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, resolve } from 'node:path';
import { toIdent } from '../model/index.js';

export interface DocumentConfig {
  /** Project-relative path of the OpenRPC document (YAML or JSON). */
  readonly path: string;
  /** Service name: an identifier, defaults to the file name without extension. */
  readonly service: string;
}

export interface PackageConfig {
  readonly name: string;
  /** The version when the project keeps no release record; with one, the last recorded release's. */
  readonly version: string;
  readonly description: string;
  /** The project's repository (a git URL or `github:owner/name`), for package.json and the README. */
  readonly repository?: string;
  /** The project's home page. */
  readonly homepage?: string;
  /** An SPDX license expression for the published package; without one, package.json names none. */
  readonly license?: string;
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
  /** Folder of the release record (releases.json and the last release's documents), project-relative. */
  readonly releasesDir?: string;
  /** The base URL examples call (docs, README) and whose port the mock takes; absent: see `exampleBaseUrl`. */
  readonly url?: string;
  /** The methods the package README's first example calls, in order (absent: one simple read per service). */
  readonly firstCalls?: readonly string[];
  /** `$ref`s may read files outside the project folder and the documents' folders (default: only inside them). */
  readonly refsOutsideProject?: boolean;
}

/** The outputs made when a config names none: the TypeScript package and its docs. */
export const ALL_OUTPUTS = ['openrpc', 'client', 'validators', 'server', 'mock', 'docs', 'package'] as const;

/** Every output a config may name: the default ones and the clients in other languages. */
export const KNOWN_OUTPUTS = [...ALL_OUTPUTS, 'python', 'go'] as const;

export function serviceNameOf(path: string): string {
  return toIdent(basename(path, extname(path)));
}

export interface RawConfig {
  $schema?: string;
  documents?: (string | { path: string; service?: string })[];
  schemas?: string;
  out?: string;
  package?: Partial<PackageConfig>;
  strict?: boolean;
  emit?: string[];
  scopes?: Record<string, string>;
  clientName?: string;
  releases?: string;
  url?: string;
  firstCalls?: string[];
  refsOutsideProject?: boolean;
}

/** The fields a config may have: those its JSON Schema (noderpc.config.schema.json, for editors) lists. */
const FIELDS = ['$schema', 'documents', 'schemas', 'out', 'package', 'strict', 'emit', 'scopes', 'clientName', 'url', 'releases', 'firstCalls', 'refsOutsideProject'] as const;

/** A config that cannot be used: its message says which field and why. */
export class ConfigError extends Error {}

export function resolveConfig(root: string, raw: RawConfig, overrides: Partial<RawConfig> = {}): Config {
  const merged: RawConfig = { ...raw, ...overrides };
  if (merged.documents !== undefined && !Array.isArray(merged.documents)) throw new ConfigError('"documents" must be a list of paths or { path, service } objects');
  for (const d of merged.documents ?? []) {
    if (typeof d !== 'string' && (typeof d !== 'object' || d === null || typeof d.path !== 'string'))
      throw new ConfigError(`each of "documents" must be a path or { path, service }, got ${JSON.stringify(d)}`);
  }
  for (const key of ['name', 'version', 'description', 'repository', 'homepage', 'license'] as const) {
    const v = merged.package?.[key];
    if (v !== undefined && (typeof v !== 'string' || v === '')) throw new ConfigError(`"package.${key}" must be a non-empty string`);
  }
  if (merged.package?.version !== undefined && !/^\d+\.\d+\.\d+$/.test(merged.package.version))
    throw new ConfigError(`"package.version" must be a release version (major.minor.patch), got "${merged.package.version}"`);
  if (merged.emit !== undefined) {
    if (!Array.isArray(merged.emit) || merged.emit.length === 0) throw new ConfigError(`"emit" must name at least one of ${KNOWN_OUTPUTS.join(', ')}`);
    const unknown = merged.emit.filter((o) => !(KNOWN_OUTPUTS as readonly string[]).includes(o));
    if (unknown.length) throw new ConfigError(`unknown output${unknown.length === 1 ? '' : 's'} in "emit": ${unknown.join(', ')} (known: ${KNOWN_OUTPUTS.join(', ')})`);
  }
  const unknown = Object.keys(merged).filter((k) => !(FIELDS as readonly string[]).includes(k));
  if (unknown.length) throw new ConfigError(`unknown field${unknown.length === 1 ? '' : 's'} ${unknown.map((k) => `"${k}"`).join(', ')} (a config has ${FIELDS.filter((f) => f !== '$schema').join(', ')})`);
  if (merged.refsOutsideProject !== undefined && typeof merged.refsOutsideProject !== 'boolean') throw new ConfigError('"refsOutsideProject" must be true or false');
  if (merged.url !== undefined && (typeof merged.url !== 'string' || !/^(https?|wss?):\/\/[^/]/i.test(merged.url))) throw new ConfigError(`"url" must be an http(s) URL, like http://127.0.0.1:8545`);
  if (merged.clientName !== undefined && !/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(String(merged.clientName))) throw new ConfigError(`"clientName" must be an identifier, got ${JSON.stringify(merged.clientName)}`);
  if (merged.firstCalls !== undefined && (!Array.isArray(merged.firstCalls) || !merged.firstCalls.every((m) => typeof m === 'string' && m !== '')))
    throw new ConfigError(`"firstCalls" must be a list of method names, like ["eth_blockNumber"]`);
  for (const key of ['out', 'schemas', 'clientName', 'releases'] as const) {
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
      ...(merged.package?.repository ? { repository: merged.package.repository } : {}),
      ...(merged.package?.homepage ? { homepage: merged.package.homepage } : {}),
      ...(merged.package?.license ? { license: merged.package.license } : {}),
    },
    strict: merged.strict ?? true,
    emit: merged.emit ?? [...ALL_OUTPUTS],
    scopes: merged.scopes ?? {},
    clientName: merged.clientName ?? 'createClient',
    ...(merged.releases ? { releasesDir: merged.releases.replace(/\\/g, '/').replace(/\/$/, '') } : {}),
    ...(merged.url !== undefined ? { url: merged.url.replace(/\/+$/, '') } : {}),
    ...(merged.firstCalls !== undefined ? { firstCalls: [...merged.firstCalls] } : {}),
    ...(merged.refsOutsideProject === true ? { refsOutsideProject: true } : {}),
  };
}

export const CONFIG_FILE = 'noderpc.config.json';

/** The nearest `noderpc.config.json` at `from` or in a folder above it. */
export function findConfigFile(from: string): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const file = resolve(dir, CONFIG_FILE);
    if (existsSync(file)) return file;
    if (dirname(dir) === dir) return undefined;
  }
}

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

/** Where generic examples point when neither the config nor any document names a server. */
export const FALLBACK_URL = 'http://127.0.0.1:8545';

/**
 * The base URL examples call: the config's `url`, else the origin of the first server of the documents with an
 * absolute http(s) URL (variables at their defaults), else {@link FALLBACK_URL}.
 */
export function exampleBaseUrl(config: Pick<Config, 'url'>, servers: readonly { readonly url: string; readonly variables: Readonly<Record<string, { readonly default: string }>> }[]): string {
  if (config.url) return config.url;
  for (const s of servers) {
    const url = s.url.replace(/\{([^}]+)\}/g, (m, name: string) => s.variables[name]?.default ?? m);
    const origin = /^(https?:\/\/[^/{}]+)/i.exec(url)?.[1];
    if (origin) return origin;
  }
  return FALLBACK_URL;
}
