/**
 * Values made from a schema (what the mock answers and what a client sends where a document gives no
 * example): each must pass the schema. Cases are the constructs published documents use.
 */
import { describe, expect, it } from 'vitest';
import { SchemaCompiler } from '../../../generator/schema/ajv.js';
import { Sampler } from '../../../generator/schema/sample.js';

function sample(schema: Record<string, unknown>): { value: unknown } | undefined {
  const document = { openrpc: '1.3.2', info: { title: 'T', version: '1' }, methods: [], components: { schemas: { S: schema } } };
  return new Sampler(document, new SchemaCompiler('t', document, { strict: false, source: false })).sample('/components/schemas/S');
}

const CASES: readonly [string, Record<string, unknown>][] = [
  ['a hex pattern of an exact length (a 33-byte commitment)', { type: 'string', minLength: 68, maxLength: 68, pattern: '^0x[a-fA-F\\d]+$' }],
  ['a long exact length (a 96-byte signature)', { type: 'string', minLength: 194, maxLength: 194, pattern: '^0x[a-fA-F\\d]+$' }],
  ['a base32 pattern of an exact length (an onion address)', { type: 'string', minLength: 56, maxLength: 56, pattern: '^[a-z2-7]+$' }],
  ['a pattern with a minimum length only', { type: 'string', minLength: 40, pattern: '^[0-9]+$' }],
];

describe('made values', () => {
  for (const [name, schema] of CASES) {
    it(name, () => {
      const made = sample(schema);
      expect(made).toBeDefined();
      const value = made!.value as string;
      expect(value).toMatch(new RegExp(schema.pattern as string));
      expect(value.length).toBeGreaterThanOrEqual(schema.minLength as number);
      expect(value.length).toBeLessThanOrEqual((schema.maxLength as number | undefined) ?? Infinity);
    });
  }
});

/** Numeric bounds and `multipleOf` together, alone and as a tuple's item (where the first candidate is taken). */
const NUMBERS: readonly Record<string, unknown>[] = [
  { type: 'number', exclusiveMinimum: 0, multipleOf: 2 },
  { type: 'number', exclusiveMinimum: 0, multipleOf: 0.5 },
  { type: 'number', minimum: 3, maximum: 9, multipleOf: 4 },
  { type: 'integer', exclusiveMaximum: 0, multipleOf: 3 },
  { type: 'array', items: [{ type: 'number', exclusiveMinimum: 0, multipleOf: 2 }], minItems: 1, additionalItems: false },
];

describe('made numbers meet every bound and the step together', () => {
  for (const schema of NUMBERS) {
    it(JSON.stringify(schema), () => {
      const document = { openrpc: '1.3.2', info: { title: 'T', version: '1' }, methods: [], components: { schemas: { S: schema } } };
      const compiler = new SchemaCompiler('t', document, { strict: false, source: false });
      const made = new Sampler(document, compiler).sample('/components/schemas/S');
      expect(made).toBeDefined();
      const validate = compiler.compile('/components/schemas/S');
      if (validate instanceof Error) throw validate;
      expect(validate(made!.value), JSON.stringify(made!.value)).toBe(true);
    });
  }
});
