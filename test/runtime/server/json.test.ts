/**
 * The JSON text helpers: Go's decoder messages (a table of Go's own wording), agreement with JSON.parse on
 * what is valid (property-based), depth checks that neither recurse nor slow down on hostile input, raw id
 * texts, Go's output escaping and quoting, and avalanchego's method-name rewrite.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactJson, depthExceeds, goEscape, goQuote, goScan, rawIds } from '../../../runtime/server/json.js';
import { gorillaName } from '../../../runtime/server/texts.js';
import { idText, type IdSource } from '../../../runtime/server/wire.js';

describe('goScan', () => {
  const errors: [string, { given: string; want: string }][] = [
    ['empty', { given: '', want: 'EOF' }],
    ['blank', { given: ' \n\t', want: 'EOF' }],
    ['truncated object', { given: '{"a":1', want: 'unexpected EOF' }],
    ['truncated string', { given: '"abc', want: 'unexpected EOF' }],
    ['truncated literal', { given: 'tru', want: 'unexpected EOF' }],
    ['bad start', { given: 'x', want: "invalid character 'x' looking for beginning of value" }],
    ['key not a string', { given: '{a:1}', want: "invalid character 'a' looking for beginning of object key string" }],
    ['trailing comma in object', { given: '{"a":1,}', want: "invalid character '}' looking for beginning of object key string" }],
    ['missing colon', { given: '{"a" 1}', want: "invalid character '1' after object key" }],
    ['missing comma in object', { given: '{"a":1 "b":2}', want: "invalid character '\"' after object key:value pair" }],
    ['missing comma in array', { given: '[1 2]', want: "invalid character '2' after array element" }],
    ['trailing comma in array', { given: '[1,]', want: "invalid character ']' looking for beginning of value" }],
    ['control character in string', { given: '"a\nb"', want: "invalid character '\\n' in string literal" }],
    ['bad escape', { given: '"\\x"', want: "invalid character 'x' in string escape code" }],
    ['bad unicode escape', { given: '"\\u12g4"', want: "invalid character 'g' in \\u hexadecimal character escape" }],
    ['minus alone', { given: '[-]', want: "invalid character ']' in numeric literal" }],
    ['leading zero', { given: '[01]', want: "invalid character '1' after array element" }],
    ['bad fraction', { given: '1.x', want: "invalid character 'x' after decimal point in numeric literal" }],
    ['bad exponent', { given: '1e+x', want: "invalid character 'x' in exponent of numeric literal" }],
    ['bad literal', { given: 'nul!', want: "invalid character '!' in literal null (expecting 'l')" }],
    ['single quote', { given: "['a']", want: "invalid character '\\'' looking for beginning of value" }],
    ['non-ASCII start', { given: 'é', want: "invalid character 'Ã' looking for beginning of value" }],
    ['too deep', { given: '[[[[', want: 'exceeded max depth' }],
  ];
  it.each(errors)('%s', (_, { given, want }) => {
    const r = goScan(given, 3);
    expect(r.ok ? 'ok' : r.message).toBe(want);
  });

  it('reads one value and ignores what follows, like json.Decoder', () => {
    expect(goScan('  {"a":[1,2]} garbage', 64)).toEqual({ ok: true, start: 2, end: 13 });
    expect(goScan('01', 64)).toEqual({ ok: true, start: 0, end: 1 });
    expect(goScan('123', 64)).toEqual({ ok: true, start: 0, end: 3 });
  });

  it('agrees with JSON.parse on every JSON text (property)', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 6 }), fc.constantFrom('', ' ', '\n'), (text, pad) => {
        const r = goScan(pad + text + pad, 64);
        expect(r.ok).toBe(true);
        if (r.ok) expect(JSON.parse((pad + text).slice(r.start, r.end))).toEqual(JSON.parse(text));
      }),
    );
  });

  it('accepts only what JSON.parse accepts (property over mangled JSON)', () => {
    fc.assert(
      fc.property(
        fc.json({ maxDepth: 4 }),
        fc.nat(),
        fc.constantFrom('', ',', '}', ']', '"', ':', '\\', 'x', '-', '.', 'e'),
        (text, at, junk) => {
          const cut = at % (text.length + 1);
          const mangled = text.slice(0, cut) + junk + text.slice(cut + 1);
          let valid = true;
          try {
            JSON.parse(mangled);
          } catch {
            valid = false;
          }
          const r = goScan(mangled, 1000);
          const whole = r.ok && mangled.slice(r.end).trim() === '';
          if (valid) expect(whole).toBe(true);
          if (whole) expect(valid).toBe(true);
        },
      ),
    );
  });

  it('stays linear on hostile input', () => {
    const started = performance.now();
    expect(goScan('['.repeat(2_000_000), 10_000)).toEqual({ ok: false, message: 'exceeded max depth', eof: false });
    expect(goScan(`"${'a'.repeat(2_000_000)}`, 64)).toEqual({ ok: false, message: 'unexpected EOF', eof: false });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('depthExceeds', () => {
  it('counts nesting, skipping brackets inside strings', () => {
    expect(depthExceeds('[[[]]]', 3)).toBe(false);
    expect(depthExceeds('[[[[]]]]', 3)).toBe(true);
    expect(depthExceeds('["[[[[[[", {"a":"\\"[[[["}]', 2)).toBe(false);
    expect(depthExceeds('{"a":{"b":{"c":{}}}}', 3)).toBe(true);
  });

  it('agrees with the real depth of any JSON value (property)', () => {
    const depth = (v: unknown): number => (typeof v === 'object' && v !== null ? 1 + Math.max(0, ...Object.values(v).map(depth)) : 0);
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 10 }), (value, max) => {
        expect(depthExceeds(JSON.stringify(value), max)).toBe(depth(value) > max);
      }),
    );
  });

  it('returns quickly on a million open brackets', () => {
    const started = performance.now();
    expect(depthExceeds('['.repeat(1_000_000), 64)).toBe(true);
    expect(depthExceeds(`[${'1,'.repeat(1_000_000)}1]`, 64)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('rawIds', () => {
  it('finds the exact id text of a message or of each batch element', () => {
    expect(rawIds('{"id": 12345678901234567890, "x":{"id":1}}', 0, false)).toEqual(['12345678901234567890']);
    expect(rawIds(' [{"id":1.50},2,{"method":"x"},{"ID":{ "a" : [1, 2] }}]', 1, true)).toEqual([
      '1.50',
      undefined,
      undefined,
      '{"a":[1,2]}',
    ]);
    expect(rawIds('{"id":1,"id":2}', 0, false)).toEqual(['2']);
  });
});

describe('idText', () => {
  // A batch as the engine reads it: every message's id, in order, from one IdSource.
  const blank = fc.constantFrom('', ' ', '\n  ');
  const idForm = fc.oneof(
    fc.integer({ min: -1e6, max: 1e6 }).map(String),
    fc.constantFrom('1.0', '1e2', '10E-1', '-0', '0', '12345678901234567890', '9007199254740993', '2.50', '"id"', '"x\\"id\\""', 'null'),
  );
  const noise = fc.constantFrom('"uid":7', '"paid":"id\\""', '"x":"id"', '"params":{"ids":["id\\"",1]}', '"method":"getId"', '"jsonrpc":"2.0"');
  const message = fc.tuple(idForm, fc.array(noise, { maxLength: 3 }), fc.nat(3), blank, blank).map(([id, others, at, b1, b2]) => {
    const members: string[] = [...others];
    members.splice(Math.min(at, members.length), 0, `"id"${b1}:${b2}${id}`);
    return { text: `{${members.join(',')}}`, id };
  });

  it('echoes each id of a batch exactly as written, read in one pass or by the full scan', () => {
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 6 }), blank, (messages, b) => {
        const text = `${b}[${messages.map((m) => m.text).join(`,${b}`)}]`;
        const parsed = JSON.parse(text) as { id: unknown }[];
        const ids: IdSource = { text, start: -1, caseInsensitive: false, raw: undefined, cursor: 0 };
        parsed.forEach((m, i) => expect(idText(m.id, ids, i)).toBe(messages[i]!.id));
      }),
      { numRuns: 500 },
    );
  });
});

describe('Go output', () => {
  it('escapes <, >, & and the line separators inside strings', () => {
    expect(goEscape('{"a":"<b>&\u2028"}')).toBe('{"a":"\\u003cb\\u003e\\u0026\\u2028"}');
    expect(goEscape('{"a":1}')).toBe('{"a":1}');
  });

  it('quotes like strconv.Quote', () => {
    expect(goQuote('info.FooBar')).toBe('"info.FooBar"');
    expect(goQuote('a"b\\c\n\u0001\u007f')).toBe('"a\\"b\\\\c\\n\\x01\\x7f"');
    expect(goQuote('é')).toBe('"é"');
  });

  it('compacts raw JSON outside strings only', () => {
    expect(compactJson('{ "a" : [ 1 , " x y " ] }')).toBe('{"a":[1," x y "]}');
  });
});

describe("avalanchego's method name rewrite", () => {
  const cases: [string, ReturnType<typeof gorillaName>][] = [
    ['info.getNodeID', { name: 'info.GetNodeID' }],
    ['info.GetNodeID', { refused: 'method must start with a non-uppercase letter' }],
    ['admin_startCPUProfiler', { name: 'admin_startCPUProfiler' }],
    ['info.', { name: 'info.' }],
    ['a.b.c', { name: 'a.B.c' }],
    ['a.éte', { name: 'a.Éte' }],
    ['a.ßx', { name: 'a.ßx' }],
    ['a.1x', { name: 'a.1x' }],
  ];
  it.each(cases)('%s', (given, want) => {
    expect(gorillaName(given)).toEqual(want);
  });
});
