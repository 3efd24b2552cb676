/**
 * Random wire-form values of a JSON Schema inside a bundled OpenRPC document, for property tests: mostly
 * values the schema accepts (patterns, enums, codecs, required keys), with unknown extra keys now and then.
 * Recursion is cut at a depth (a value there is `null`). Not a validator: a value may still miss a rule the
 * generator does not read (formats, lengths), which is fine for tests that compare two serializers.
 */
import fc from 'fast-check';

type Schema = Record<string, unknown> | boolean;

const U64_MAX = 2n ** 64n - 1n;

function at(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const part of ref.slice(2).split('/')) {
    const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function pattern(source: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(source));
  } catch {
    return fc.string({ maxLength: 8 });
  }
}

const CODECS: Record<string, fc.Arbitrary<unknown>> = {
  uint64: fc.oneof(
    fc.bigInt({ min: 0n, max: U64_MAX }).map(String),
    fc.constantFrom('0', '1', '18446744073709551615', '9007199254740993'),
    fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  ),
  'uint64-number': fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  uint32: fc.oneof(fc.integer({ min: 0, max: 0xffffffff }).map(String), fc.integer({ min: 0, max: 0xffffffff })),
  float: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).map((n) => String(n)), fc.integer()),
  quantity: fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }).map((b) => `0x${b.toString(16)}`),
};

/** Random wire values of `schema` (`document` holds its `$ref` targets). */
export function schemaValues(schema: Schema, document: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (schema === true || schema === undefined) return fc.jsonValue({ maxDepth: 2 });
  if (schema === false) return fc.constant(null);
  if (depth > 6) return fc.constant(null);
  const s = schema;
  if (typeof s.$ref === 'string') {
    const target = at(document, s.$ref);
    return target === undefined ? fc.jsonValue({ maxDepth: 2 }) : schemaValues(target as Schema, document, depth + 1);
  }
  const codec = s['x-codec'];
  if (typeof codec === 'string' && codec in CODECS) return CODECS[codec]!;
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...(s.enum as unknown[]));
  const branches = (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined) as Schema[] | undefined;
  if (branches?.length) return fc.oneof(...branches.map((b) => schemaValues(b, document, depth + 1)));
  if (Array.isArray(s.allOf) && s.allOf.length) {
    // Objects of every part at once (the usual use of allOf here); other parts by the first one.
    const parts = (s.allOf as Schema[]).map((p) => schemaValues(p, document, depth + 1));
    const own = { ...s };
    delete own.allOf;
    const mine = Object.keys(own).some((k) => ['properties', 'type', 'items'].includes(k)) ? [schemaValues(own, document, depth + 1)] : [];
    return fc.tuple(...parts, ...mine).map((values) =>
      values.every((v) => v !== null && typeof v === 'object' && !Array.isArray(v)) ? Object.assign({}, ...(values as object[])) : values[0],
    );
  }
  const types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? (s.type as string[]) : undefined;
  const inferred = types ?? (s.properties || s.additionalProperties || s.patternProperties ? ['object'] : s.items ? ['array'] : undefined);
  if (inferred === undefined) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...inferred.map((t) => ofType(t, s, document, depth)));
}

function ofType(type: string, s: Record<string, unknown>, document: unknown, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return typeof s.pattern === 'string' ? pattern(s.pattern) : fc.string({ maxLength: 12, unit: fc.constantFrom('a', 'Z', '0', ' ', '"', '\\', '\n', 'é', '\u2028', '\ud83d\ude00') });
    case 'integer':
      return fc.integer({ min: typeof s.minimum === 'number' ? Math.max(s.minimum, -1e9) : -1e9, max: typeof s.maximum === 'number' ? Math.min(s.maximum, 1e12) : 1e12 });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = Array.isArray(s.items) ? undefined : (s.items as Schema | undefined);
      if (Array.isArray(s.items)) return fc.tuple(...(s.items as Schema[]).map((i) => schemaValues(i, document, depth + 1)));
      return fc.array(items === undefined ? fc.jsonValue({ maxDepth: 1 }) : schemaValues(items, document, depth + 1), { maxLength: depth > 3 ? 1 : 3 });
    }
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
      const record = fc.record(
        Object.fromEntries(Object.entries(props).map(([k, v]) => [k, schemaValues(v, document, depth + 1)])),
        { requiredKeys: Object.keys(props).filter((k) => required.has(k)) },
      );
      const extraSchema = (s.additionalProperties ?? Object.values((s.patternProperties ?? {}) as Record<string, Schema>)[0]) as Schema | undefined;
      const names = s.propertyNames as { pattern?: string } | undefined;
      const key = typeof names?.pattern === 'string' ? pattern(names.pattern) : fc.string({ maxLength: 6 });
      const extra =
        extraSchema === undefined || extraSchema === false
          ? fc.constant({})
          : fc.dictionary(key, extraSchema === true ? fc.jsonValue({ maxDepth: 1 }) : schemaValues(extraSchema, document, depth + 1), { maxKeys: 3 });
      // Declared keys first, in the schema's order (as a value decoded from the node comes), then the others.
      return fc.tuple(record, extra).map(([r, e]) => {
        const out: Record<string, unknown> = { ...r };
        for (const [k, v] of Object.entries(e)) if (!Object.prototype.hasOwnProperty.call(out, k)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
        return out;
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}
