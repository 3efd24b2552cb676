/**
 * The integer codecs' ranges in the validators: `type: integer` lets a JSON number such as 1.2e29 through,
 * which no unsigned 64-bit integer is; `x-codec` bounds it (the document's schema stays as written).
 */
import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { SchemaCompiler } from '../../../generator/schema/ajv.js';

const document = {
  components: {
    schemas: {
      U64N: { type: 'integer', minimum: 0, 'x-codec': 'uint64-number' },
      U32: { type: 'integer', minimum: 0, 'x-codec': 'uint32' },
      U64String: { type: 'string', pattern: '^[0-9]+$', 'x-codec': 'uint64' },
      Other: { type: 'integer', 'x-codec': 'something-else' },
    },
  },
  methods: [],
};

function validator(name: string, strict: boolean): ValidateFunction {
  const fn = new SchemaCompiler('test:codec-range', document, { strict, source: true }).compile(`/components/schemas/${name}`);
  if (fn instanceof Error) throw fn;
  return fn;
}

describe('x-codec ranges', () => {
  for (const strict of [false, true]) {
    it(`uint64-number refuses what is above 2^64-1 and keeps the rest (strict: ${strict})`, () => {
      const v = validator('U64N', strict);
      expect(v(1.2e29)).toBe(false);
      expect(v.errors).toMatchObject([{ keyword: 'x-codec', message: 'must be an unsigned 64-bit integer (at most 18446744073709551615)' }]);
      expect(v(2 ** 64)).toBe(false);
      expect(v(2 ** 64 - 2048)).toBe(true); // the largest double below 2^64
      expect(v(Number.MAX_SAFE_INTEGER)).toBe(true);
      expect(v(0)).toBe(true);
    });
  }

  it('uint32 refuses 2^32', () => {
    const v = validator('U32', true);
    expect(v(2 ** 32)).toBe(false);
    expect(v(2 ** 32 - 1)).toBe(true);
  });

  it('leaves strings and unknown codecs to their own keywords', () => {
    expect(validator('U64String', true)('123456789012345678901234567890')).toBe(true);
    expect(validator('Other', true)(1.2e29)).toBe(true);
  });
});
