/**
 * The OpenRPC meta-schema validator. Compiling it with ajv costs about a fifth of a second, on the main
 * thread, before any document is checked; so the generator's bundle (bin/noderpc.js in a checkout, `npm run
 * build` for the package) carries it precompiled, as ajv's standalone code in `openrpc-meta.cjs` beside the
 * bundle, made by `writeMetaValidator` at build time. Run from TypeScript sources (tests), or beside a file made
 * by another ajv or meta-schema, it is compiled here instead: the same validator either way.
 */
import type { ErrorObject } from 'ajv';
import { createRequire } from 'node:module';
import { AJV_PACKAGE_VERSION, newAjv, readPrecompiled, writePrecompiled, type AjvInstance } from './precompiled.js';

const require = createRequire(import.meta.url);
export const META_VERSION: string = (require('@open-rpc/meta-schema/package.json') as { version: string }).version;
/** What the precompiled file must have been made with to be used. */
const MADE_WITH = `ajv ${AJV_PACKAGE_VERSION}, @open-rpc/meta-schema ${META_VERSION}`;
export const META_VALIDATOR_FILE = 'openrpc-meta.cjs';

export interface MetaValidator {
  (document: unknown): boolean;
  errors?: ErrorObject[] | null;
}

function compileMeta(source: boolean): { ajv: AjvInstance; validate: MetaValidator } {
  // verbose: errors carry their parent schema, which tells the reference branch of a oneOf from the other.
  const ajv = newAjv({ strict: false, allErrors: true, validateFormats: false, logger: false, verbose: true, ...(source ? { code: { source: true } } : {}) });
  // Schemas inside the document are checked by compiling them (with precise messages), so the meta-schema's
  // JSON Schema definition is left open here; and any OpenRPC 1.x version is accepted.
  ajv.addSchema(
    { $id: 'https://meta.json-schema.tools/', definitions: { JSONSchemaObject: { properties: { $ref: { type: 'string', minLength: 1 } } } } },
    'https://meta.json-schema.tools',
  );
  const metaSchemaModule = require('@open-rpc/meta-schema') as { default?: unknown };
  const metaSchema = (metaSchemaModule.default ?? metaSchemaModule) as Record<string, unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: a deep patch of the published meta-schema's known shape
  const patched = structuredClone(metaSchema) as Record<string, any>;
  delete patched.$schema;
  patched.properties.openrpc = { type: 'string', pattern: '^1\\.[0-9]+\\.[0-9]+(-[0-9A-Za-z.-]+)?$' };
  return { ajv, validate: ajv.compile(patched) as MetaValidator };
}

let loaded: MetaValidator | undefined;

/** The meta-schema validator: the bundle's precompiled one when it was made with this ajv and meta-schema. */
export function metaValidator(): MetaValidator {
  if (loaded) return loaded;
  // ajv's standalone module of one function exports that function.
  const made = readPrecompiled<MetaValidator>(META_VALIDATOR_FILE, MADE_WITH);
  return (loaded = typeof made === 'function' ? made : compileMetaValidator());
}

/** The validator compiled here, as a run from sources uses it. */
export function compileMetaValidator(): MetaValidator {
  return compileMeta(false).validate;
}

/** Write the precompiled validator into a bundle's folder (at build time). */
export function writeMetaValidator(dir: string): void {
  const { ajv, validate } = compileMeta(true);
  writePrecompiled(dir, META_VALIDATOR_FILE, MADE_WITH, ajv, validate);
}
