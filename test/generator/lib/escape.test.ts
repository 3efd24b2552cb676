/**
 * The one rule for a document's name as a property key, in code and in types: every name the generator
 * writes as a key reads back, in TypeScript, as that very name, and `__proto__` stays an own property.
 */
import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { propertyKey, quote } from '../../../generator/lib/escape.js';

/** The name TypeScript reads from the first member of `{ <key>: 1 }` written as a type literal. */
function keyReadBack(key: string): string | undefined {
  const sf = ts.createSourceFile('k.ts', `type T = { ${key}: 1 };`, ts.ScriptTarget.Latest, true);
  const alias = sf.statements[0];
  if (!alias || !ts.isTypeAliasDeclaration(alias) || !ts.isTypeLiteralNode(alias.type)) return undefined;
  const member = alias.type.members[0];
  if (!member?.name) return undefined;
  const name = member.name;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name) && ts.isStringLiteral(name.expression)) return name.expression.text;
  return undefined;
}

describe('propertyKey', () => {
  it('writes identifiers bare and everything else quoted', () => {
    expect(propertyKey('blockHash')).toBe('blockHash');
    expect(propertyKey('$ref')).toBe('$ref');
    expect(propertyKey('x-node')).toBe("'x-node'");
    expect(propertyKey("it's")).toBe(`"it's"`);
    expect(propertyKey('two\nlines')).toBe("'two\\nlines'");
    expect(propertyKey('')).toBe("''");
    expect(propertyKey('__proto__')).toBe("['__proto__']");
  });

  it('reads back as the same name for any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'a\u2028b', 'q"\'\\', '0x', '1')), (name) => {
        expect(keyReadBack(propertyKey(name))).toBe(name);
      }),
      { numRuns: 500 },
    );
  });

  it('quote picks the quote that needs fewer escapes', () => {
    expect(quote('plain')).toBe("'plain'");
    expect(quote(`a'b`)).toBe(`"a'b"`);
    expect(quote(`'"'`)).toBe(`"'\\"'"`);
  });
});
