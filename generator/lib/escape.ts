/**
 * The one escaping rule per place where text from a document lands in generated code. Every emitter that
 * writes a document's words (titles, summaries, descriptions, messages, names, example values) into code
 * goes through these, so a description cannot end its comment or string and write code of its own
 * (`x */ export declare const INJECTED: 42; /* y`).
 *
 * - Block comments (`/* ... *\/`, JSDoc): the only sequence that ends one is written `* /`, as
 *   json-schema-to-typescript writes it in the schema types (schema/ts-decl.ts mirrors it, with the library
 *   as its test oracle): one spelling in every comment. Line breaks are kept (the printer prefixes ` * `).
 * - Line comments (`// ...`): every line terminator JavaScript knows (LF, CR, U+2028, U+2029) becomes a space.
 * - String literals: `quote` (the quote Prettier would pick) or `JSON.stringify` plus U+2028/U+2029 escaped:
 *   `stringLiteral`.
 * - Identifiers are never document text: names go through emit/client/names.ts, and a name that is not a
 *   valid identifier is written as a quoted property key (`propertyKey`), in code and in types alike.
 * - Keys of object literals: `objectKey`. `__proto__` is the one key that does not make a property in a
 *   literal (`{ "__proto__": x }` sets the prototype); it is written computed, `["__proto__"]`.
 */

/** Text for the inside of a block comment. */
export function blockCommentText(text: string): string {
  return text.replace(/\*\//g, '* /');
}

/** Text for a line comment: one line, whatever it held. */
export function lineCommentText(text: string): string {
  return blockCommentText(text).replace(/\r\n|[\n\r\u2028\u2029]/g, ' ');
}

/** A double-quoted string literal, valid in JavaScript, TypeScript and JSON. */
export function stringLiteral(text: string): string {
  return JSON.stringify(text).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** A document's name as the key of an object literal: always an own property, `__proto__` included. */
export function objectKey(name: string): string {
  return name === '__proto__' ? `[${stringLiteral(name)}]` : stringLiteral(name);
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A string literal with the quote that needs fewer escapes, single on a tie. */
export function quote(s: string): string {
  const singles = s.split("'").length - 1;
  const doubles = s.split('"').length - 1;
  const q = singles > doubles ? '"' : "'";
  const body = s
    .replace(/\\/g, '\\\\')
    .replace(q === "'" ? /'/g : /"/g, `\\${q}`)
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `${q}${body}${q}`;
}

/** A key of an object literal: bare when it can be, quoted when not, computed for `__proto__` (see lib/escape.ts). */
export function propertyKey(k: string): string {
  if (k === '__proto__') return `[${quote(k)}]`;
  return IDENT.test(k) ? k : quote(k);
}
