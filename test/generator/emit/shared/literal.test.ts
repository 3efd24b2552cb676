/**
 * Values printed as TypeScript (docs snippets, the package README, the site config) are laid out as
 * Prettier lays them out, so no formatter runs at generation time: random values, printed as call
 * arguments and as properties, must come out exactly as Prettier prints the same code.
 */
import fc from 'fast-check';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { printArgs, printFlat, printProperty, printValue } from '../../../../generator/emit/shared/literal.js';
import { PRETTIER_OPTIONS } from '../../../helpers/prettier.js';

const format = (code: string, width: number) => prettier.format(code, { ...PRETTIER_OPTIONS, printWidth: width, parser: 'typescript' });

// Printable ASCII strings (Prettier keeps string contents as written) and identifier-ish or odd keys.
const text = fc.string({ unit: fc.constantFrom(...'abcdefxyz0123 -_\'"\\.:/<>'.split('')), maxLength: 30 });
const key = fc.oneof(fc.constantFrom('a', 'to', 'data', 'value', 'description', 'blockHash', 'x-y', '118', 'with space', '$ref'), text);
const leaf = fc.oneof(text, fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }), fc.boolean(), fc.constant(null), fc.bigInt({ min: 0n, max: 2n ** 70n }));
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 6 }),
  object: fc.dictionary(key, tie('value'), { maxKeys: 5 }),
}));
const numbers = fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 10, maxLength: 60 });
// Arrays of objects with several keys (navigation trees, lists of records) break by rule, not by width.
const records = fc.array(fc.dictionary(key, fc.oneof(leaf, fc.array(fc.dictionary(key, leaf, { minKeys: 1, maxKeys: 3 }), { maxLength: 3 })), { minKeys: 1, maxKeys: 3 }), { minLength: 1, maxLength: 3 });

describe('TypeScript literals', () => {
  it('lay out call arguments as Prettier does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(value, numbers, records, fc.dictionary(key, records, { maxKeys: 2 })), { minLength: 1, maxLength: 3 }), fc.constantFrom(60, 100, 120), async (args, width) => {
        const code = `f(${printArgs(args, { lead: 2, tail: 2, width })});\n`;
        expect(code).toBe(await format(code, width));
      }),
      { numRuns: 500 },
    );
  });

  it('lay out object properties as Prettier does', async () => {
    await fc.assert(
      fc.asyncProperty(key, fc.oneof(value, records, text.map((t) => t.repeat(5))), fc.constantFrom(60, 120), async (k, v, width) => {
        const code = `const o = {\n  ${printProperty(k, v, { indent: 2, tail: 1, width })},\n  z: 1,\n};\n`;
        expect(code).toBe(await format(code, width));
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ['bigints print as 123n', { balance: 123n, list: [1n] }, '{ balance: 123n, list: [1n] }'],
    ['strings take the quote that needs fewer escapes', ["it's", 'a\\b', `'"'`], `["it's", 'a\\\\b', "'\\"'"]`],
    ['keys that are not identifiers are quoted', { '118': true, 'a-b': null }, "{ '118': true, 'a-b': null }"],
  ])('%s', (_, given, want) => {
    expect(printFlat(given)).toBe(want);
  });

  it('breaks what does not fit, one entry per line', () => {
    expect(printValue({ a: 'x'.repeat(60), b: ['y'.repeat(60)] }, { indent: 0, width: 100 })).toBe(`{\n  a: '${'x'.repeat(60)}',\n  b: ['${'y'.repeat(60)}'],\n}`);
  });
});
