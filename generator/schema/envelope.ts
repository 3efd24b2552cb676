/**
 * The params envelope: the schema of a method's `params` as a whole, by name (an object), by position (an
 * array with optional trailing items) or either. Its compiled form is both the validator a server and
 * client ship (validators emitter) and what every example's params are checked with (load/examples.ts):
 * one compile, and the examples pass exactly the code that ships.
 */
import type { ValidateFunction } from 'ajv';
import { omittable } from '../model/index.js';
import type { SchemaCompiler } from './ajv.js';

export interface EnvelopeParam {
  readonly name: string;
  readonly required: boolean;
  /** Pointer of the param's schema in the bundled document; absent: any value. */
  readonly schemaPointer?: string | undefined;
}

export type ParamStructure = 'by-name' | 'by-position' | 'either';

export function paramsEnvelope(compiler: SchemaCompiler, params: readonly EnvelopeParam[], structure: ParamStructure): Record<string, unknown> {
  const schemaOf = (p: EnvelopeParam) => (p.schemaPointer === undefined ? {} : compiler.ref(p.schemaPointer));
  const byName = {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, schemaOf(p)])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
  // Only a trailing run of optional params may be left out; an optional one before a required one holds
  // its place with `null` (what clients send for an `undefined` argument there). Any optional param may
  // be sent as `null` for "left out", as servers in the field take it and documents' own examples send it.
  const omit = omittable(params);
  const byPosition = params.length
    ? {
        type: 'array',
        items: params.map((p) => (p.required ? schemaOf(p) : { anyOf: [{ type: 'null' }, schemaOf(p)] })),
        minItems: omit.indexOf(true) === -1 ? params.length : omit.indexOf(true),
        maxItems: params.length,
        additionalItems: false,
      }
    : { type: 'array', maxItems: 0 };
  if (structure === 'by-name') return byName;
  if (structure === 'by-position') return byPosition;
  return { anyOf: [byName, byPosition] };
}

/**
 * The compiled envelope of the method at `methodPointer` (collecting every error: a -32602 reply lists them
 * all). Compiled once per method and compiler, whoever asks first.
 */
export function compileParams(compiler: SchemaCompiler, methodPointer: string, params: readonly EnvelopeParam[], structure: ParamStructure): ValidateFunction | Error {
  const blanks = params.flatMap((p, i) => (p.schemaPointer === undefined ? [i] : []));
  const key = `params:${methodPointer}${blanks.length ? ` without ${blanks.join(',')}` : ''}`;
  return compiler.compileSchema(key, paramsEnvelope(compiler, params, structure), 'all');
}
