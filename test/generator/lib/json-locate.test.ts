/**
 * The JSON locator must put every pointer exactly where the YAML parser's node positions put it (the
 * locator replaced it for JSON files): on random documents, pretty and minified, for pointers that exist
 * and pointers that lead nowhere.
 */
import fc from 'fast-check';
import { LineCounter, parseDocument, isMap, isSeq, isPair, isScalar, type Node } from 'yaml';
import { describe, expect, it } from 'vitest';
import { JsonLocator } from '../../../generator/lib/json-locate.js';

/** The reference: positions from `yaml`'s syntax tree (what the loader used for JSON before). */
function reference(text: string, segments: readonly string[]) {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  let node: unknown = doc.contents;
  let offset = (doc.contents as Node).range![0];
  for (const seg of segments) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === seg);
      if (!pair) break;
      offset = (pair.key as Node).range![0];
      node = pair.value;
    } else if (isSeq(node)) {
      const item = node.items[Number(seg)];
      if (item === undefined) break;
      node = item;
      offset = (item as Node).range![0];
    } else break;
  }
  return lines.linePos(offset);
}

/** Every pointer into a value, plus one that leads nowhere below each container. */
function pointersOf(value: unknown, prefix: string[] = [], out: string[][] = []): string[][] {
  out.push(prefix);
  if (Array.isArray(value)) {
    value.forEach((v, i) => pointersOf(v, [...prefix, String(i)], out));
    out.push([...prefix, String(value.length)]);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) pointersOf(v, [...prefix, k], out);
    out.push([...prefix, 'no such key']);
  }
  return out;
}

const json = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);

describe('JSON positions', () => {
  it('match the YAML parser on random documents, pretty and minified', () => {
    fc.assert(
      fc.property(json, fc.constantFrom(0, 2, '\t'), (value, indent) => {
        const text = JSON.stringify({ doc: value, 'with "quotes" \\ and /': [value] }, null, indent);
        const locator = new JsonLocator(text);
        for (const segments of pointersOf(JSON.parse(text))) expect(locator.locate(segments), segments.join('/')).toEqual(reference(text, segments));
      }),
      { numRuns: 150 },
    );
  });

  it('match it whatever order the lookups come in (skipping a container notes where the ones inside it end)', () => {
    fc.assert(
      fc.property(json, fc.constantFrom(0, 2), fc.integer({ min: 0, max: 1000 }), (value, indent, seed) => {
        const text = JSON.stringify({ a: [value, { b: value }], c: value }, null, indent);
        const pointers = pointersOf(JSON.parse(text));
        // A fixed shuffle per case: deep pointers before their ancestors, siblings out of order.
        const order = pointers.map((p, i) => ({ p, k: (i * 7919 + seed) % (pointers.length + 1) })).sort((x, y) => x.k - y.k || y.p.length - x.p.length);
        const locator = new JsonLocator(text);
        for (const { p } of order) expect(locator.locate(p), p.join('/')).toEqual(reference(text, p));
      }),
      { numRuns: 150 },
    );
  });

  it('handle escapes, odd whitespace and CRLF line ends', () => {
    const text = '\r\n { "a\\"b" :\r\n [ 1 , "x\\\\" ,\t{"c": [ ] } ],\r\n"d\\\\": "e\\"" }\r\n';
    const locator = new JsonLocator(text);
    for (const segments of pointersOf(JSON.parse(text))) expect(locator.locate(segments)).toEqual(reference(text, segments));
  });
});
