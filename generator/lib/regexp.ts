import { escapeSegment } from './pointer.js';

/**
 * Patterns as JSON Schema means them (ECMAScript regular expressions), read with the `u` flag as ajv reads
 * them, and without it where only that reading is valid: published documents write `\-` or `[\w-.]`, which
 * a browser's or Node's `RegExp` takes without `u` and refuses with it. The meaning is clear, so such a
 * pattern is used as it stands (with a warning: load/patterns.ts) rather than refusing the document.
 */

/** ECMAScript source of the same function, for ajv's standalone code (validators ship it inline). */
export const PATTERN_REGEXP_SOURCE = '(p, f) => { try { return new RegExp(p, f); } catch (e) { if (!f.includes("u")) throw e; return new RegExp(p, f.replace("u", "")); } }';

/** `new RegExp(pattern, flags)`, falling back to no `u` where only that reading is valid. */
export function patternRegExp(pattern: string, flags = 'u'): RegExp {
  try {
    return new RegExp(pattern, flags);
  } catch (e) {
    if (!flags.includes('u')) throw e;
    return new RegExp(pattern, flags.replace('u', ''));
  }
}
/** For ajv's `code.regExp`: the function, with its source for standalone output. */
patternRegExp.code = PATTERN_REGEXP_SOURCE;

/** Whether a pattern is valid ECMAScript only without the `u` flag. */
export function onlyWithoutUnicode(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return false;
  } catch {
    try {
      new RegExp(pattern);
      return true;
    } catch {
      return false;
    }
  }
}

/** Keys under which a document holds data, not schemas: a `pattern` there is a value. */
const DATA_KEYS = new Set(['examples', 'example', 'default', 'const', 'enum', 'value']);

/**
 * Every pattern of a document valid only without `u` (a `pattern` keyword or a `patternProperties` key),
 * with its JSON pointer. Data (examples, defaults, enums) is not looked into.
 */
export function patternsWithoutUnicode(document: unknown): { pointer: string; pattern: string }[] {
  const found: { pointer: string; pattern: string }[] = [];
  const walk = (node: unknown, at: string): void => {
    if (Array.isArray(node)) {
      node.forEach((v, i) => walk(v, `${at}/${i}`));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (DATA_KEYS.has(k) || k.startsWith('x-')) continue;
      if (k === 'pattern' && typeof v === 'string' && onlyWithoutUnicode(v)) found.push({ pointer: `${at}/pattern`, pattern: v });
      if (k === 'patternProperties' && v !== null && typeof v === 'object' && !Array.isArray(v))
        for (const p of Object.keys(v)) if (onlyWithoutUnicode(p)) found.push({ pointer: `${at}/patternProperties/${escapeSegment(p)}`, pattern: p });
      walk(v, `${at}/${escapeSegment(k)}`);
    }
  };
  walk(document, '');
  return found;
}
