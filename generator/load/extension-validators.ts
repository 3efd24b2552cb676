/**
 * Validators of the `x-` fields (load/extensions.ts). Compiling them is the only use of ajv's compiler on the
 * main thread, and loading ajv and compiling its meta-schema to check them cost more than the checks: so the
 * generator's bundle carries them precompiled, as ajv's standalone code in `extension-validators.cjs` beside
 * the bundle (made at build time by `writeExtensionValidators`, like the OpenRPC meta-schema's validator).
 * Run from TypeScript sources (tests), or beside a file made by another ajv or from other schemas, each is
 * compiled on first use instead, with ajv loaded only then: the same validators either way.
 */
import type { ErrorObject } from 'ajv';
import { createHash } from 'node:crypto';
import { extensionSchemas, type ExtensionPlace } from './extensions.js';
import { AJV_PACKAGE_VERSION, newAjv, readPrecompiled, writePrecompiled, type AjvInstance } from './precompiled.js';

export const EXTENSION_VALIDATORS_FILE = 'extension-validators.cjs';

export interface ExtensionValidator {
  (value: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** Every extension as `place:key`, in the order the schemas list them. */
function extensionIds(): string[] {
  return Object.entries(extensionSchemas).flatMap(([place, schemas]) => Object.keys(schemas).map((key) => `${place}:${key}`));
}

function schemaOf(id: string): object {
  const colon = id.indexOf(':');
  return (extensionSchemas[id.slice(0, colon) as ExtensionPlace] as Record<string, object>)[id.slice(colon + 1)]!;
}

/** What the precompiled file must have been made with to be used: this ajv, these schemas. */
function madeWith(): string {
  const schemas = createHash('sha256').update(JSON.stringify(extensionSchemas)).digest('hex').slice(0, 16);
  return `ajv ${AJV_PACKAGE_VERSION}, extension schemas ${schemas}`;
}

const AJV_OPTIONS = { strict: false, allErrors: true, logger: false } as const;

let validators: Map<string, ExtensionValidator> | undefined;
let ajv: AjvInstance | undefined;

/** The bundle's precompiled validators by id, when they were made by this ajv from these schemas. */
function precompiled(): Map<string, ExtensionValidator> {
  const made = readPrecompiled<Record<string, unknown> & { ids?: unknown }>(EXTENSION_VALIDATORS_FILE, madeWith());
  if (!made || !Array.isArray(made.ids)) return new Map();
  return new Map((made.ids as string[]).map((id, i) => [id, made[`v${i}`] as ExtensionValidator]));
}

/** The validator of extension `key` at `place`. */
export function extensionValidator(place: ExtensionPlace, key: string): ExtensionValidator {
  validators ??= precompiled();
  const id = `${place}:${key}`;
  let v = validators.get(id);
  if (!v) {
    v = compileExtensionValidator(place, key);
    validators.set(id, v);
  }
  return v;
}

/** The validator compiled here, as a run from sources uses it. */
export function compileExtensionValidator(place: ExtensionPlace, key: string): ExtensionValidator {
  ajv ??= newAjv(AJV_OPTIONS);
  return ajv.compile(schemaOf(`${place}:${key}`)) as ExtensionValidator;
}

/** Write the precompiled validators into a bundle's folder (at build time). */
export function writeExtensionValidators(dir: string): void {
  const made = newAjv({ ...AJV_OPTIONS, code: { source: true } });
  const ids = extensionIds();
  // Registered under plain keys (`ext0`, ...), exported as `v0`, ...: `place:key` is no name for either.
  ids.forEach((id, i) => made.addSchema(schemaOf(id), `ext${i}`));
  const refs = Object.fromEntries(ids.map((_, i) => [`v${i}`, `ext${i}`]));
  writePrecompiled(dir, EXTENSION_VALIDATORS_FILE, madeWith(), made, refs, `module.exports.ids = ${JSON.stringify(ids)};\n`);
}
