/**
 * The unit helpers the package exports: exact conversions between smallest units (bigint) and decimal
 * strings, for the native token (nNATIVE, 9 decimals) and the EVM units (wei, gwei, ether), and the errors
 * that say what is wrong with a bad amount. Imported from the generated package, the way users import them.
 */
import { describe, expect, it } from 'vitest';
import { formatEther, formatGwei, formatNative, formatUnits, parseEther, parseGwei, parseNative, parseUnits, UnitError } from '../../../generated/client/index.js';

describe('formatUnits / parseUnits', () => {
  const cases: [string, { value: bigint; decimals: number; text: string }][] = [
    ['a whole amount', { value: 2_000_000_000n, decimals: 9, text: '2' }],
    ['a fraction, trailing zeros dropped', { value: 1_500_000_000n, decimals: 9, text: '1.5' }],
    ['the smallest step', { value: 1n, decimals: 9, text: '0.000000001' }],
    ['zero', { value: 0n, decimals: 18, text: '0' }],
    ['negative', { value: -1_230_000_000_000_000_000n, decimals: 18, text: '-1.23' }],
    ['no decimals', { value: 42n, decimals: 0, text: '42' }],
    ['past 2^64', { value: 123456789012345678901234567890n, decimals: 18, text: '123456789012.34567890123456789' }],
  ];
  it.each(cases)('%s', (_name, { value, decimals, text }) => {
    expect(formatUnits(value, decimals)).toBe(text);
    expect(parseUnits(text, decimals)).toBe(value);
  });
  it('reads what people write: trailing zeros, no whole part digits lost', () => {
    expect(parseUnits('1.500', 9)).toBe(1_500_000_000n);
    expect(parseUnits(' 0.1 ', 18)).toBe(100_000_000_000_000_000n);
  });
  it('refuses what it cannot take exactly, saying why', () => {
    expect(() => parseUnits('0.0000000001', 9)).toThrow(new UnitError('"0.0000000001" has 10 digits after the point; this unit has 9, so the smallest step is 0.000000001'));
    expect(() => parseUnits('1e18', 18)).toThrow('"1e18" is not a decimal amount: write digits with at most one "." (such as "1.5"), no exponent, no separators');
    expect(() => parseUnits('1,000', 18)).toThrow(UnitError);
    expect(() => parseUnits('.5', 18)).toThrow(UnitError);
    expect(() => parseUnits(1.5 as unknown as string, 18)).toThrow('the amount must be a decimal string such as "1.5", got number 1.5');
    expect(() => formatUnits(15 as unknown as bigint, 9)).toThrow('the value must be a bigint (smallest units), got number 15');
    expect(() => formatUnits(1n, -1)).toThrow('decimals must be a whole number from 0 to 255, got -1');
  });
});

describe('native and EVM units', () => {
  it('nNATIVE and NATIVE', () => {
    expect(formatNative(25_000_000_000_000n)).toBe('25000');
    expect(parseNative('0.001')).toBe(1_000_000n);
  });
  it('wei, gwei and ether', () => {
    expect(formatEther(1_000_000_000_000_000_000n)).toBe('1');
    expect(parseEther('0.5')).toBe(500_000_000_000_000_000n);
    expect(formatGwei(25_000_000_000n)).toBe('25');
    expect(parseGwei('1.5')).toBe(1_500_000_000n);
  });
});
