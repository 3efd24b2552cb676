/**
 * What schema keywords and codecs mean in TypeScript, on their own: the type deriver, the docs and diff share
 * them, and diff, docs and the server emitter must not load json-schema-to-typescript to read a table or name a type.
 */

/** The schema keywords that shape a TypeScript type (everything else only validates). */
export const TYPE_KEYWORDS: ReadonlySet<string> = new Set([
  'type', 'properties', 'patternProperties', 'required', 'additionalProperties', 'items', 'additionalItems', 'minItems', 'maxItems',
  'enum', 'const', 'oneOf', 'anyOf', 'allOf', 'description', 'deprecated', 'tsType',
]);

/** The TS value type of each `x-codec` (spec/README.md, "Codecs"). */
export const CODEC_TS: Readonly<Record<string, string>> = {
  uint64: 'bigint',
  'uint64-number': 'bigint',
  quantity: 'bigint',
  uint32: 'number',
  float: 'number',
  hex: '`0x${string}`',
};

const RESERVED = new Set([
  'Array', 'Boolean', 'Date', 'Error', 'Function', 'Map', 'Number', 'Object', 'Promise', 'Record', 'RegExp', 'Set', 'String', 'Symbol',
  'Partial', 'Required', 'Readonly', 'Pick', 'Omit', 'Exclude', 'Extract', 'NonNullable', 'ReturnType', 'Parameters', 'Awaited', 'BigInt',
]);

/** A word in capitals (and digits): `BLOCK`, `ID`, `V2`. */
export const UPPER_WORD = /^(?=.*[A-Z])[A-Z0-9]+$/;

/**
 * The one naming function for declared types: `Block object` → `BlockObject`, `platform.getBalance` →
 * `PlatformGetBalance`, `getUTXOs` → `GetUTXOs` (inner capitals kept), `BLOCK_BODY_WITH_TX_HASHES` kept as it
 * is (between two words in capitals the underscore is the only word boundary left), `p2p.Info` → `P2PInfo`.
 * Its result is a fixed point of json-schema-to-typescript's own name normalisation (which capitalises a
 * letter after digits and drops an underscore before a lower-case letter), so a declaration and every use of
 * it carry the same name.
 */
export function pascalCase(text: string): string {
  let name = pascalNames.get(text);
  if (name === undefined) {
    if (pascalNames.size >= NAMES_KEPT) pascalNames.clear();
    pascalNames.set(text, (name = makePascalCase(text)));
  }
  return name;
}

/**
 * Names made before, by text: every run names every method and type again (a few for each of thousands of
 * methods), from the same texts. Let go of all at once when there are many.
 */
const pascalNames = new Map<string, string>();
const camelNames = new Map<string, string>();
const NAMES_KEPT = 200_000;

function makePascalCase(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  let out = '';
  words.forEach((w, i) => {
    out += i > 0 && UPPER_WORD.test(w) && UPPER_WORD.test(words[i - 1]!) ? `_${w}` : w[0]!.toUpperCase() + w.slice(1);
  });
  out = out.replace(/([0-9])([a-z])/g, (_, d: string, c: string) => d + c.toUpperCase());
  if (!out) out = 'Type';
  if (/^[0-9]/.test(out)) out = `T${out}`;
  return RESERVED.has(out) ? `${out}Type` : out;
}

const RESERVED_WORDS = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await'.split(
    ' ',
  ),
);

/** `getBalance`, `platform getBalance` → `platformGetBalance`; a name all in capitals by words: `BLOCK_ID` → `blockId`. */
export function camelCase(text: string): string {
  let name = camelNames.get(text);
  if (name === undefined) {
    if (camelNames.size >= NAMES_KEPT) camelNames.clear();
    camelNames.set(text, (name = makeCamelCase(text)));
  }
  return name;
}

function makeCamelCase(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const p = words.length && words.every((w) => UPPER_WORD.test(w)) ? pascalCase(words.map((w) => w.toLowerCase()).join(' ')) : pascalCase(text);
  const out = p[0]!.toLowerCase() + p.slice(1);
  return RESERVED_WORDS.has(out) ? `${out}_` : out;
}
