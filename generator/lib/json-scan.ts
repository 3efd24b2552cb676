/**
 * Scanning JSON text that is known to parse (or is being looked at after a parse error) without parsing it:
 * what load/json-locate.ts (positions of pointers) and load/json-splice.ts (the spans of a document's parts)
 * both step over.
 */

/** Whether the character code is JSON white space. */
export function isJsonWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** The offset of the first character at or after `i` that is not white space. */
export function skipJsonWs(text: string, i: number): number {
  while (i < text.length && isJsonWs(text.charCodeAt(i))) i++;
  return i;
}

/** The offset just after the string literal whose opening quote is at `i`; -1 when it is not closed. */
export function stringEnd(text: string, i: number): number {
  for (let j = i + 1; ; ) {
    const q = text.indexOf('"', j);
    if (q === -1) return -1;
    let backslashes = 0;
    for (let k = q - 1; text.charCodeAt(k) === 92; k--) backslashes++;
    if (backslashes % 2 === 0) return q + 1;
    j = q + 1;
  }
}
