/**
 * Spec files as values that remember where they came from. Values come from the fastest parser that gives
 * exactly the value the YAML 1.2 core schema says: JSON.parse for JSON, js-yaml (about three times faster
 * than `yaml` on our spec) for YAML. Positions are found only when a problem needs one: in JSON by a
 * scanner (json-locate.ts); in YAML by the `yaml` library, which keeps every node's position and also
 * parses a file that js-yaml declines (a syntax error, a duplicate key, an alias, a `%YAML` directive), so
 * its messages and positions are the ones reported.
 */
import type * as JsYaml from 'js-yaml';
import type * as Yaml from 'yaml';
import type { Document, LineCounter, Node } from 'yaml';
import { createRequire } from 'node:module';
import { contentHash, noCache, type Cache } from '../speed/cache.js';
import type { Diagnostic } from '../lib/diagnostics.js';

const require = createRequire(import.meta.url);
const YAML_VERSION: string = (require('yaml/package.json') as { version: string }).version;
// Both parsers are loaded on first use: a run over JSON documents needs neither (and loading them is a
// tenth of a second of a cold start). The load is synchronous, as the load stage is.
let yamlLibrary: typeof Yaml | undefined;
let jsYamlLibrary: typeof JsYaml | undefined;
const yaml = (): typeof Yaml => (yamlLibrary ??= require('yaml') as typeof Yaml);
const jsYaml = (): typeof JsYaml => (jsYamlLibrary ??= require('js-yaml') as typeof JsYaml);
import { splitPointer } from '../lib/pointer.js';
import { deeperThan, MAX_DEPTH } from '../lib/depth.js';
import { JsonLocator, type Position } from '../lib/json-locate.js';

export type { Position } from '../lib/json-locate.js';

export interface SourceFile {
  /** Path relative to the project root, `/`-separated: used in every message. */
  readonly path: string;
  readonly value: unknown;
  /** Line and column of the node at `pointer` (or of its nearest existing ancestor). */
  locate(pointer: string): Position;
}

interface Parsed {
  doc: Document.Parsed;
  lines: LineCounter;
}

function parseYaml(text: string): Parsed {
  const { LineCounter, parseDocument } = yaml();
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true, merge: false });
  return { doc, lines };
}

function locateIn({ doc, lines }: Parsed, pointer: string): Position {
  const { isMap, isSeq, isScalar, isPair } = yaml();
  let node: unknown = doc.contents;
  let offset = (doc.contents as Node | null)?.range?.[0] ?? 0;
  let segments: string[];
  try {
    segments = splitPointer(pointer);
  } catch {
    segments = [];
  }
  for (const seg of segments) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === seg);
      if (!pair) break;
      const keyRange = (pair.key as Node).range;
      node = pair.value;
      offset = (node as Node | null)?.range?.[0] ?? keyRange?.[0] ?? offset;
      // Point at the key: that is where a reader looks for "the field".
      if (keyRange) offset = keyRange[0];
    } else if (isSeq(node)) {
      const item = node.items[Number(seg)];
      if (item === undefined) break;
      node = item;
      offset = (item as Node).range?.[0] ?? offset;
    } else {
      break;
    }
  }
  const { line, col } = lines.linePos(offset);
  return { line, col };
}

/**
 * Parse `text` as YAML or JSON. Syntax errors come back as diagnostics with positions; the file is then
 * absent (`undefined`).
 */
export function parseSource(path: string, text: string, cache: Cache = noCache): { file?: SourceFile; problems: Diagnostic[] } {
  let result: { file?: SourceFile; problems: Diagnostic[] };
  try {
    result = parseValue(path, text, cache);
  } catch (e) {
    // A parser's own recursion ran out of stack: nesting far beyond MAX_DEPTH.
    if (!(e instanceof RangeError)) throw e;
    return { problems: [{ code: 'too-deep', message: `The file nests values too deeply to read (more than ${MAX_DEPTH} levels). Flatten it.`, file: path, line: 1, col: 1 }] };
  }
  const deep = result.file === undefined ? undefined : deeperThan(result.file.value, MAX_DEPTH);
  if (deep === undefined) return result;
  const at = result.file!.locate(deep);
  return { problems: [{ code: 'too-deep', message: `Values are nested more than ${MAX_DEPTH} levels deep here. Flatten them: no schema or example needs that depth, and the tools that read them recurse.`, file: path, pointer: deep, ...at }] };
}

function parseValue(path: string, text: string, cache: Cache): { file?: SourceFile; problems: Diagnostic[] } {
  const isJson = /\.json$/i.test(path);
  if (!isJson) {
    // A YAML file seen before (by content) comes back as its JSON value; positions are parsed only if a
    // problem in it needs one.
    const key = contentHash('yaml', YAML_VERSION, text);
    const hit = cache.get('yaml', key);
    if (hit !== undefined) {
      let parsed: Parsed | undefined;
      return { file: { path, value: JSON.parse(hit) as unknown, locate: (pointer) => locateIn((parsed ??= parseYaml(text)), pointer) }, problems: [] };
    }
    const fast = fastYamlValue(text);
    if (fast.ok) {
      cache.set('yaml', key, JSON.stringify(fast.value));
      let parsed: Parsed | undefined;
      return { file: { path, value: fast.value, locate: (pointer) => locateIn((parsed ??= parseYaml(text)), pointer) }, problems: [] };
    }
    const result = parseYamlSource(path, text);
    if (result.file && result.problems.length === 0) cache.set('yaml', key, JSON.stringify(result.file.value));
    return result;
  }
  if (isJson) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      const offset = jsonErrorOffset(text);
      const lc = new (yaml().LineCounter)();
      let off = 0;
      for (const l of text.split('\n')) {
        lc.addNewLine(off);
        off += l.length + 1;
      }
      const pos = lc.linePos(offset);
      const near = JSON.stringify(text.slice(offset, offset + 12));
      return {
        problems: [
          {
            code: 'json-syntax',
            message: `Invalid JSON: unexpected ${offset >= text.length ? 'end of input' : `text ${near}`} (${(e as Error).message.split('\n')[0]}). Fix the syntax.`,
            file: path,
            ...pos,
          },
        ],
      };
    }
    return { file: jsonSource(path, text, value), problems: [] };
  }

  return parseYamlSource(path, text);
}

/** A JSON file of `text`, whose value is `value`: positions are found in the text when a problem needs one. */
export function jsonSource(path: string, text: string, value: unknown): SourceFile {
  let locator: JsonLocator | undefined;
  return {
    path,
    value,
    locate: (pointer) => {
      let segments: string[];
      try {
        segments = splitPointer(pointer);
      } catch {
        segments = [];
      }
      return (locator ??= new JsonLocator(text)).locate(segments);
    },
  };
}

/**
 * The value of a plain YAML document by js-yaml, or `ok: false` when the text needs the full parser: any
 * error (reported with `yaml`'s positions), an alias (js-yaml would share one object between places where
 * `yaml` makes bounded copies), or a version directive (`%YAML 1.1` changes what scalars mean).
 * The core schema of both libraries resolves scalars alike (a test holds them to it).
 */
export function fastYamlValue(text: string): { ok: true; value: unknown } | { ok: false } {
  if (/^%YAML/m.test(text)) return { ok: false };
  try {
    const { load, CORE_SCHEMA } = jsYaml();
    return { ok: true, value: load(text, { schema: CORE_SCHEMA, maxAliases: 0 }) };
  } catch {
    return { ok: false };
  }
}

function parseYamlSource(path: string, text: string): { file?: SourceFile; problems: Diagnostic[] } {
  const parsed = parseYaml(text);
  const problems: Diagnostic[] = [];
  for (const err of [...parsed.doc.errors, ...parsed.doc.warnings]) {
    const pos = parsed.lines.linePos(err.pos[0]);
    const text = err.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    problems.push({
      code: err.name === 'YAMLWarning' ? 'yaml-warning' : 'yaml-syntax',
      message: `Invalid YAML: ${text}. Fix the syntax.`,
      file: path,
      line: pos.line,
      col: pos.col,
    });
  }
  if (problems.some((p) => p.code === 'yaml-syntax')) return { problems };
  let value: unknown;
  try {
    value = parsed.doc.toJS({ maxAliasCount: 1000 });
  } catch (e) {
    return { problems: [{ code: 'yaml-syntax', message: `Invalid YAML: ${(e as Error).message}.`, file: path, line: 1, col: 1 }] };
  }
  return { file: { path, value, locate: (pointer) => locateIn(parsed, pointer) }, problems };
}

/**
 * Offset of the first JSON syntax error in `text`. JSON.parse's message carries no position on every Node
 * version, so a small scanner finds it; it runs only after JSON.parse has already failed.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const lit = (word: string) => {
    for (const ch of word) if (text[i++] !== ch) (i--, fail());
  };
  const str = () => {
    i++;
    while (i < text.length) {
      const ch = text[i]!;
      if (ch === '"') return void i++;
      if (ch === '\\') {
        i++;
        if (text[i] === 'u') {
          i++;
          for (let k = 0; k < 4; k++, i++) if (!/[0-9a-fA-F]/.test(text[i] ?? '')) fail();
        } else if ('"\\/bfnrt'.includes(text[i] ?? '@')) i++;
        else fail();
      } else if (ch < ' ') fail();
      else i++;
    }
    fail();
  };
  const num = () => {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0] === '' || m[0] === '-') fail();
    i += m![0].length;
  };
  const value = (depth: number): void => {
    if (depth > 10_000) fail();
    ws();
    const ch = text[i];
    if (ch === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        str();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value(depth + 1);
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail();
      }
    } else if (ch === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value(depth + 1);
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail();
      }
    } else if (ch === '"') str();
    else if (ch === 't') lit('true');
    else if (ch === 'f') lit('false');
    else if (ch === 'n') lit('null');
    else num();
  };
  try {
    value(0);
    ws();
    if (i < text.length) fail();
  } catch (at) {
    if (typeof at === 'number') return Math.min(at, text.length);
    throw at;
  }
  return 0;
}
