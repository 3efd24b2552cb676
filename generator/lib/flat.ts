/** Texts made flat: for texts kept from run to run (see speed/incremental.ts). */

/**
 * `text`, made flat: a text built by concatenation is a tree of pieces (one heap object each) until it is
 * read as a whole, and a text kept from run to run (a module's, a method's section) is kept as one object.
 */
export function flat(text: string): string {
  // Reading a character makes V8 flatten the whole text in place.
  if (text.length) text.charCodeAt(0);
  return text;
}

/**
 * `value` (plain data: a view, a part), with every text in it made flat (see `flat`): for data kept from run
 * to run, whose texts built by concatenation would each be several objects.
 */
export function flatDeep<T>(value: T): T {
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      if (v.length >= 13) v.charCodeAt(0);
    } else if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) for (const k in v) walk((v as Record<string, unknown>)[k]);
  };
  walk(value);
  return value;
}
