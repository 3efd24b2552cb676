/**
 * RFC 6901 pointers as the loader, the bundler and the schema code resolve them: plain pointers take a
 * shortcut (no decoding), so the escaped, percent-encoded and malformed ones must still come out right.
 */
import { describe, expect, it } from 'vitest';
import { getAtPointer, joinPointer, splitPointer, unescapeSegment } from '../../../generator/lib/pointer.js';

describe('JSON pointers', () => {
  it('splits plain, escaped and percent-encoded pointers', () => {
    expect(splitPointer('')).toEqual([]);
    expect(splitPointer('#')).toEqual([]);
    expect(splitPointer('#/components/schemas/Block')).toEqual(['components', 'schemas', 'Block']);
    expect(splitPointer('/methods/0/params/10')).toEqual(['methods', '0', 'params', '10']);
    expect(splitPointer('/a~1b/c~0d/~01')).toEqual(['a/b', 'c~d', '~1']);
    expect(splitPointer('#/paths/%7Bid%7D/a%20b')).toEqual(['paths', '{id}', 'a b']);
    // Decoded first, then unescaped: an encoded tilde escape is an escape.
    expect(splitPointer('#/x%7E1y')).toEqual(['x/y']);
    // A malformed escape is kept as written.
    expect(splitPointer('#/100%/%E0%A4%A')).toEqual(['100%', '%E0%A4%A']);
    expect(splitPointer('/')).toEqual(['']);
    expect(splitPointer('//a')).toEqual(['', 'a']);
    expect(() => splitPointer('a/b')).toThrow(/not a JSON pointer/);
  });

  it('round-trips segments through joinPointer', () => {
    const segments = ['components', 'a/b', '~x', 'plain', '0'];
    expect(splitPointer(joinPointer('', ...segments))).toEqual(segments);
    expect(unescapeSegment('plain')).toBe('plain');
    expect(unescapeSegment('~01')).toBe('~1');
  });

  it('reads array items only at indexes written as RFC 6901 writes them', () => {
    const doc = { list: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'], map: { '01': 'x', '': 'empty' } };
    expect(getAtPointer(doc, '/list/0')).toBe('a');
    expect(getAtPointer(doc, '/list/10')).toBe('k');
    for (const bad of ['01', '-1', '1e1', '', ' 1', '1 ', '+1', '0x1', '11', 'length']) expect(getAtPointer(doc, ['list', bad]), bad).toBeUndefined();
    expect(getAtPointer(doc, '/map/01')).toBe('x');
    expect(getAtPointer(doc, '/map/')).toBe('empty');
    expect(getAtPointer(doc, '/map/toString')).toBeUndefined();
    expect(getAtPointer(doc, '#')).toBe(doc);
  });
});
