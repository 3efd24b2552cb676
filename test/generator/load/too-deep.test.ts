/**
 * A document nested thousands of levels deep (an example or a schema: 10 KB is enough) is refused with a
 * located message, not a stack overflow; one just within the limit loads.
 */
import { describe, expect, it } from 'vitest';
import { deeperThan, MAX_DEPTH } from '../../../generator/lib/depth.js';
import { parseSource } from '../../../generator/load/source.js';

const nested = (n: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = [v];
  return v;
};
const schema = (n: number): unknown => {
  let v: unknown = { type: 'integer' };
  for (let i = 0; i < n; i++) v = { type: 'array', items: v };
  return v;
};
const doc = (example: unknown, result: unknown) =>
  JSON.stringify({ openrpc: '1.3.2', info: { title: 'd', version: '1' }, methods: [{ name: 'm', params: [], result: { name: 'r', schema: result }, examples: [{ name: 'e', params: [], result: { name: 'r', value: example } }] }] });

describe('nesting depth', () => {
  it('refuses an example nested 2,000 deep, at its place', () => {
    const { file, problems } = parseSource('spec/deep.json', doc(nested(2000), {}));
    expect(file).toBeUndefined();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: 'too-deep', file: 'spec/deep.json', line: 1 });
    expect(problems[0]!.pointer).toMatch(/^\/methods\/0\/examples\/0\/result\/value(\/0)+$/);
    expect(problems[0]!.col).toBeGreaterThan(100);
  });

  it('refuses a schema nested 2,000 deep, at its place', () => {
    const { problems } = parseSource('spec/deep.json', doc(1, schema(2000)));
    expect(problems[0]).toMatchObject({ code: 'too-deep' });
    expect(problems[0]!.pointer).toMatch(/^\/methods\/0\/result\/schema(\/items)+$/);
  });

  it('refuses the same in YAML', () => {
    const text = `openrpc: 1.3.2\ninfo: { title: d, version: "1" }\nmethods: []\nx-deep: ${'['.repeat(300)}1${']'.repeat(300)}\n`;
    const { problems } = parseSource('spec/deep.yaml', text);
    expect(problems[0]).toMatchObject({ code: 'too-deep', line: 4 });
  });

  it('loads a document just within the limit', () => {
    // The example sits 5 levels down in the document: 5 + n values deep in all.
    const { file, problems } = parseSource('spec/ok.json', doc(nested(MAX_DEPTH - 6), {}));
    expect(problems).toEqual([]);
    expect(file).toBeDefined();
  });

  it('finds the first pointer past the limit without recursing past it', () => {
    expect(deeperThan({ a: [{ b: 1 }] }, 2)).toBe('/a/0');
    expect(deeperThan({ a: [{ b: 1 }] }, 3)).toBeUndefined();
    expect(deeperThan({ 'x/y~': { z: {} } }, 2)).toBe('/x~1y~0/z');
    expect(deeperThan(nested(100_000), 10)).toBe('/0/0/0/0/0/0/0/0/0/0');
  });
});
