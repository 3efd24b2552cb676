/**
 * Validators the generator's bundle carries precompiled (ajv's standalone code, made at build time) and the
 * ajv they are made with. ajv's compiler is required only when something is compiled: a run from the bundle
 * reads the precompiled modules, each used only when it records that it was made with what this run would
 * compile with.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Options } from 'ajv';
import { besideBundle } from '../lib/root.js';

const require = createRequire(import.meta.url);
export type AjvInstance = InstanceType<typeof import('ajv').default>;

export const AJV_PACKAGE_VERSION: string = (require('ajv/package.json') as { version: string }).version;

/** A new ajv; its module is loaded on the first call. */
export function newAjv(options: Options): AjvInstance {
  const module = require('ajv') as { default?: typeof import('ajv').default } & typeof import('ajv').default;
  return new (module.default ?? module)(options);
}

/**
 * Write ajv's standalone code into `dir/file` (at build time): of one function, or of schemas registered in
 * `ajv` under the keys `refs` maps export names to; then `extra` lines, and what made it.
 */
export function writePrecompiled(dir: string, file: string, madeWith: string, ajv: AjvInstance, refs: unknown, extra = ''): void {
  const module = require('ajv/dist/standalone/index.js') as { default?: unknown };
  const standaloneCode = (module.default ?? module) as (ajv: AjvInstance, refs: unknown) => string;
  writeFileSync(join(dir, file), `${standaloneCode(ajv, refs)}\n${extra}module.exports.madeWith = ${JSON.stringify(madeWith)};\n`);
}

/** The module `file` beside the bundle when it was made with `madeWith`; otherwise (or from sources) undefined. */
export function readPrecompiled<T>(file: string, madeWith: string): (T & { madeWith: string }) | undefined {
  const path = besideBundle(file);
  if (path === undefined) return undefined;
  const made = require(path) as T & { madeWith?: unknown };
  return made.madeWith === madeWith ? (made as T & { madeWith: string }) : undefined;
}
