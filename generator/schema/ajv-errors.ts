/**
 * Reading ajv's errors, without ajv: the main thread reports the errors of validators precompiled beside the
 * bundle (load/check.ts), and must not load ajv's compiler to do it.
 */
import type { ErrorObject } from 'ajv';

/** Human text for one ajv error: the location inside the value and what was expected. */
export function describeAjvError(e: ErrorObject): string {
  const at = e.instancePath === '' ? 'the value' : e.instancePath;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `${at} is missing required field "${String(p.missingProperty)}"`;
    case 'additionalProperties':
      return `${at} has unknown field "${String(p.additionalProperty)}"`;
    case 'enum':
      return `${at} must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `${at} must be ${JSON.stringify(p.allowedValue)}`;
    case 'type':
      return `${at} must be of type ${String(p.type)}`;
    case 'pattern':
      return `${at} must match pattern ${String(p.pattern)}`;
    default:
      return `${at} ${e.message ?? 'is invalid'}`;
  }
}

/** The `null` branch the params envelope gives an optional positional param (schema/envelope.ts). */
const ENVELOPE_NULL = /^#(\/anyOf\/1)?\/items\/\d+\/anyOf\/0\/type$/;

/**
 * Drop the noise of `oneOf`/`anyOf` failures when a more specific error sits at or below them, and the
 * `must be null` of an optional positional param beside its real problem.
 */
export function simplifyErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  return errors.filter(
    (e) =>
      !ENVELOPE_NULL.test(e.schemaPath) &&
      !((e.keyword === 'oneOf' || e.keyword === 'anyOf' || e.keyword === 'if') &&
        errors.some((o) => o !== e && o.keyword !== e.keyword && (o.instancePath === e.instancePath || o.instancePath.startsWith(e.instancePath + '/')))),
  );
}
