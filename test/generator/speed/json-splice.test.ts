/**
 * A JSON document parsed again only where it changed (generator/load/json-splice.ts) must give exactly the
 * value JSON.parse gives for the whole new text, keep last value's objects wherever the value did not change,
 * and keep its layout right for the next edit. Random documents, random chains of edits: whole parts edited
 * as values (valid JSON), and characters typed anywhere (mostly invalid, which must not splice).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutOf, spliceJson, type JsonLayout } from '../../../generator/speed/json-splice.js';
import { reconcile } from '../../../generator/speed/incremental.js';

const leaf = fc.oneof(fc.string({ maxLength: 6, unit: fc.constantFrom('a', 'b', '"', '\\', '{', '}', ' ', 'é', '\n') }), fc.integer(), fc.boolean(), fc.constant(null));
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.constantFrom('a', 'name', 'b', '__proto__', 'k\\"', 'schema'), tie('value'), { maxKeys: 4 }),
})).value;
const method = fc.record({ name: fc.constantFrom('m1', 'm2', 'm3', 'x'), summary: fc.string({ maxLength: 8 }), params: fc.array(json, { maxLength: 3 }) });
const document = fc.record({
  openrpc: fc.constant('1.3.2'),
  info: fc.record({ title: fc.string({ maxLength: 5 }), version: fc.constant('1') }),
  methods: fc.array(method, { maxLength: 6 }),
  components: fc.record({ schemas: fc.dictionary(fc.constantFrom('A', 'B', 'C', 'D'), json, { maxKeys: 4 }), errors: json }),
});

type Edit = { kind: 'value'; part: number; value: unknown; indent: number } | { kind: 'text'; at: number; remove: number; insert: string };
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('value' as const), part: fc.nat(), value: fc.oneof(method, json), indent: fc.constantFrom(0, 2) }),
  fc.record({ kind: fc.constant('text' as const), at: fc.nat(), remove: fc.nat({ max: 4 }), insert: fc.string({ maxLength: 4, unit: fc.constantFrom('1', ' ', '"', ',', '{', '}', '[', ']', 'a', ':', '\n') }) }),
);

/** The text after an edit: a part's value replaced (and the document written again), or characters typed. */
function apply(text: string, value: Record<string, unknown>, e: Edit): string {
  if (e.kind === 'text') {
    const at = e.at % (text.length + 1);
    return text.slice(0, at) + e.insert + text.slice(at + e.remove);
  }
  // (Typing may have left a valid document of another shape.)
  if (value === null || typeof value !== 'object' || !Array.isArray(value.methods) || value.components === null || typeof value.components !== 'object') return `${text} `;
  const methods = value.methods as unknown[];
  const next = structuredClone(value);
  if (methods.length && e.part % 2 === 0) (next.methods as unknown[])[e.part % methods.length] = e.value;
  else (next.components as Record<string, unknown>).errors = e.value;
  return JSON.stringify(next, null, e.indent);
}

describe('a JSON document spliced', () => {
  it('is what JSON.parse makes of the whole text, with unchanged parts kept', () => {
    let spliced = 0;
    fc.assert(
      fc.property(document, fc.constantFrom(0, 2), fc.array(edit, { minLength: 1, maxLength: 6 }), (doc, indent, edits) => {
        let text = JSON.stringify(doc, null, indent);
        let value: unknown = JSON.parse(text);
        let layout: JsonLayout | undefined = layoutOf(text);
        for (const e of edits) {
          const next = apply(text, value as Record<string, unknown>, e);
          let want: unknown;
          let valid = true;
          try {
            want = JSON.parse(next);
          } catch {
            valid = false;
          }
          const got = layout ? spliceJson(text, value, layout, next) : undefined;
          if (!valid) {
            expect(got).toBeUndefined();
            continue;
          }
          if (got === undefined) {
            // Not spliced: the full parse, reconciled, as the workspace does; the layout is made again.
            value = reconcile(value, want);
            layout = layoutOf(next);
          } else {
            spliced++;
            expect(got).toEqual(want);
            // Parts that did not change are the objects they were.
            const before = (value as { methods?: unknown[] }).methods;
            const after = (got as { methods?: unknown[] }).methods;
            if (Array.isArray(before) && Array.isArray(after))
              after.forEach((m, i) => {
                if (i < before.length && JSON.stringify(before[i]) === JSON.stringify(m)) expect(m).toBe(before[i]);
              });
            value = got;
          }
          text = next;
        }
      }),
      { numRuns: 400 },
    );
    // Most edits are parts replaced as values: a splicer that never splices fails here.
    expect(spliced).toBeGreaterThan(200);
  });

  it('parses again only the part that changed', () => {
    const doc = { openrpc: '1.3.2', methods: [{ name: 'a', params: [{ name: 'p', schema: { type: 'string' } }] }, { name: 'b', params: [] }], components: { schemas: { S: { type: 'object' } } } };
    const text = JSON.stringify(doc, null, 2);
    const value = JSON.parse(text) as typeof doc;
    const layout = layoutOf(text)!;
    const next = text.replace('"name": "b"', '"name": "b2"');
    const got = spliceJson(text, value, layout, next) as typeof doc;
    expect(got).toEqual(JSON.parse(next));
    expect(got.methods[0]).toBe(value.methods[0]);
    expect(got.components).toBe(value.components);
    expect(got.methods[1]).not.toBe(value.methods[1]);
    // The layout follows the edit: a second edit after it splices too.
    const again = next.replace('"type": "object"', '"type": "array"');
    const second = spliceJson(next, got, layout, again) as typeof doc;
    expect(second).toEqual(JSON.parse(again));
    expect(second.methods).toBe(got.methods);
  });

  it('keeps a scalar part\'s place when characters are typed in front of it', () => {
    // `5` → `15` types a character at the very start of the part; the part still starts there.
    let text = '{"openrpc":"1.3.2","x-n": 5,"methods":[]}';
    let value: unknown = JSON.parse(text);
    const layout = layoutOf(text)!;
    for (const next of ['{"openrpc":"1.3.2","x-n": 15,"methods":[]}', '{"openrpc":"1.3.2","x-n": 153,"methods":[]}', '{"openrpc":"1.3.2","x-n": -153,"methods":[]}', '{"openrpc":"1.3.2","x-n":  -153,"methods":[]}', '{"openrpc":"1.3.2","x-n":  7-153,"methods":[]}']) {
      const got = spliceJson(text, value, layout, next);
      let want: unknown;
      try {
        want = JSON.parse(next);
      } catch {
        expect(got).toBeUndefined();
        continue;
      }
      expect(got).toEqual(want);
      value = got;
      text = next;
    }
    expect(value).toEqual({ openrpc: '1.3.2', 'x-n': -153, methods: [] });
  });
});
