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
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { besideBundle } from '../root.js';
import { extensionSchemas, type ExtensionPlace } from './extensions.js';

const require = createRequire(import.meta.url);
export const EXTENSION_VALIDATORS_FILE = 'extension-validators.cjs';

export interface ExtensionValidator {
  (value: unknown): boolean;
  errors?: ErrorObject[] | null;
}

type AjvClass = typeof import('ajv').default;
type AjvInstance = InstanceType<AjvClass>;

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
  const ajvVersion = (require('ajv/package.json') as { version: string }).version;
  const schemas = createHash('sha256').update(JSON.stringify(extensionSchemas)).digest('hex').slice(0, 16);
  return `ajv ${ajvVersion}, extension schemas ${schemas}`;
}

function newAjv(source: boolean): AjvInstance {
  // Required only when a validator is compiled here: a run from the bundle never loads ajv's compiler.
  const module = require('ajv') as { default?: AjvClass } & AjvClass;
  const Ajv = module.default ?? module;
  return new Ajv({ strict: false, allErrors: true, logger: false, ...(source ? { code: { source: true } } : {}) });
}

let validators: Map<string, ExtensionValidator> | undefined;
let ajv: AjvInstance | undefined;

/** The bundle's precompiled validators by id, when they were made by this ajv from these schemas. */
function precompiled(): Map<string, ExtensionValidator> {
  const file = besideBundle(EXTENSION_VALIDATORS_FILE);
  if (file === undefined) return new Map();
  const made = require(file) as Record<string, unknown> & { ids?: unknown; madeWith?: unknown };
  if (made.madeWith !== madeWith() || !Array.isArray(made.ids)) return new Map();
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
  ajv ??= newAjv(false);
  return ajv.compile(schemaOf(`${place}:${key}`)) as ExtensionValidator;
}

/** Write the precompiled validators into a bundle's folder (at build time). */
export function writeExtensionValidators(dir: string): void {
  const standaloneModule = require('ajv/dist/standalone/index.js') as { default?: unknown };
  const standaloneCode = (standaloneModule.default ?? standaloneModule) as (ajv: AjvInstance, refs: Record<string, string>) => string;
  const made = newAjv(true);
  const ids = extensionIds();
  // Registered under plain keys (`ext0`, ...), exported as `v0`, ...: `place:key` is no name for either.
  ids.forEach((id, i) => made.addSchema(schemaOf(id), `ext${i}`));
  const code = standaloneCode(made, Object.fromEntries(ids.map((_, i) => [`v${i}`, `ext${i}`])));
  writeFileSync(join(dir, EXTENSION_VALIDATORS_FILE), `${code}\nmodule.exports.ids = ${JSON.stringify(ids)};\nmodule.exports.madeWith = ${JSON.stringify(madeWith())};\n`);
}
