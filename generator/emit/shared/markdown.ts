/**
 * Markdown text helpers. Spec prose is markdown written by hand; the docs site compiles every page as a Vue
 * template, so prose must not carry what Vue would read as markup (`<name>` outside code, `{{` anywhere).
 * These helpers keep such text literal and make values safe inside tables and code spans.
 */
import type { Memory } from '../../lib/memory.js';

/** An HTML id (and URL fragment) from any name: only `[A-Za-z0-9_-]`, never empty. */
export function anchorId(name: string): string {
  const id = name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  return id || '_';
}

/** Inline code holding `text` exactly, with a fence longer than any backtick run inside it. */
export function code(text: string): string {
  if (text.includes('{{')) return `<code v-pre>${escapeHtml(text)}</code>`;
  const runs = text.match(/`+/g) ?? [];
  const fence = '`'.repeat(Math.max(0, ...runs.map((r) => r.length)) + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ') && text.trim()) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Plain text (a name, a value) as markdown text: nothing in it is read as markup. */
export function text(value: string): string {
  return value.replace(/[\\`*_[\]<>|{}]/g, (c, i: number) => {
    // An underscore inside a word never starts emphasis: `ns_getThing` stays readable.
    if (c === '_' && /[A-Za-z0-9]/.test(value[i - 1] ?? '') && /[A-Za-z0-9]/.test(value[i + 1] ?? '')) return c;
    return c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '{' ? '&#123;' : c === '}' ? '&#125;' : `\\${c}`;
  });
}

/** Fenced code: split out of prose so escaping leaves code alone. */
const FENCE = /^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n {0,3}\2[`~]*[ \t]*(?=\n|$)|$)/gm;

/**
 * Spec prose (markdown) made safe for the site: outside code, a `<` that would open a tag becomes `&lt;` and
 * `{{` becomes entities; a code span holding `{{` becomes a `v-pre` code element. Everything else is kept.
 */
export function prose(markdown: string | undefined): string {
  if (!markdown) return '';
  const out: string[] = [];
  let last = 0;
  for (const m of markdown.matchAll(FENCE)) {
    out.push(inlineProse(markdown.slice(last, m.index)), m[0]);
    last = m.index + m[0].length;
  }
  out.push(inlineProse(markdown.slice(last)));
  return out.join('').trim();
}

function inlineProse(s: string): string {
  let out = '';
  let i = 0;
  const special = /[`\\<{]/g;
  while (i < s.length) {
    special.lastIndex = i;
    const m = special.exec(s);
    if (!m) {
      out += s.slice(i);
      break;
    }
    out += s.slice(i, m.index);
    i = m.index;
    const c = s[i];
    if (c === '`') {
      let n = 1;
      while (s[i + n] === '`') n++;
      const fence = '`'.repeat(n);
      const end = findClosingFence(s, i + n, fence);
      if (end === -1) {
        out += fence;
        i += n;
        continue;
      }
      // A code span that wraps keeps to one line (its newline is a space anyway): a continuation line
      // starting with `<` would otherwise open an HTML block on the site.
      const inner = s.slice(i + n, end).replace(/[ \t]*\n[ \t]*/g, ' ');
      out += inner.includes('{{') ? code(inner.replace(/^ (.*) $/s, '$1')) : `${fence}${inner}${fence}`;
      i = end + n;
    } else if (c === '\\') {
      out += s.slice(i, i + 2);
      i += 2;
    } else if (c === '<') {
      out += /[/!?A-Za-z]/.test(s[i + 1] ?? '') ? '&lt;' : '<';
      i++;
    } else if (s[i + 1] === '{') {
      out += '&#123;&#123;';
      i += 2;
    } else {
      out += '{';
      i++;
    }
  }
  return out;
}

/** The index of a closing backtick run of exactly `fence`'s length, or -1. */
function findClosingFence(s: string, from: number, fence: string): number {
  for (let j = s.indexOf(fence, from); j !== -1; j = s.indexOf(fence, j + 1)) {
    if (s[j - 1] !== '`' && s[j + fence.length] !== '`') return j;
    while (s[j + 1] === '`') j++;
  }
  return -1;
}

/**
 * Prose for one table cell: one line, paragraphs and list items separated by `<br>`, pipes escaped (a
 * cell cannot hold a newline or an unescaped `|`).
 */
export function cell(markdown: string | undefined): string {
  const safe = prose(markdown);
  if (!safe) return '';
  const paragraphs = safe.split(/\n\s*\n/).map((p) =>
    p
      .split('\n')
      .map((line) => line.trim())
      .reduce((acc, line) => (!acc ? line : /^([-*+]|\d+[.)])\s/.test(line) ? `${acc}<br>${line}` : `${acc} ${line}`), ''),
  );
  return escapePipes(paragraphs.filter(Boolean).join('<br>'));
}

/** `|` escaped for a table cell, including inside code spans (GFM reads `\|` there too). */
export function escapePipes(s: string): string {
  return s.replace(/(?<!\\)\|/g, '\\|');
}

/** The first sentence-like paragraph of some prose, as one line. */
export function firstParagraph(markdown: string | undefined): string {
  const p = (markdown ?? '').trim().split(/\n\s*\n/)[0] ?? '';
  return p.replace(/\s*\n\s*/g, ' ');
}

/**
 * Tidy generated markdown: no trailing spaces, at most one blank line between blocks, one final newline.
 * Lines inside fenced code are left exactly as they are.
 *
 * Pages list every method (megabytes at a few thousand), and nearly every line stays as it is: the text is
 * scanned in place, and each run of lines that stay is copied as one slice.
 */
export function tidy(markdown: string): string {
  return finish(scan(markdown, START, true));
}

/**
 * Where a scan of the page stands between lines: whether any line was written, whether every line written
 * so far is empty, how many empty lines end what was written, and the open fence (its character and
 * length, 0 when none). Lines are written one at a time, so what a scan does with a line follows from this
 * and the line alone.
 */
interface TidyState {
  readonly started: boolean;
  readonly allEmpty: boolean;
  readonly trailingEmpty: number;
  readonly fenceChar: number;
  readonly fenceLength: number;
}

const START: TidyState = { started: false, allEmpty: true, trailingEmpty: 0, fenceChar: 0, fenceLength: 0 };

interface Scanned {
  readonly text: string;
  readonly state: TidyState;
}

/**
 * The lines of `markdown` tidied from `state` on: a chunk that is not `final` ends with a newline and its
 * last line is followed by more (what is after its newline belongs to the next chunk).
 */
function scan(markdown: string, state: TidyState, final: boolean): Scanned {
  const parts: string[] = [];
  /** Where the run of lines copied as they are starts (each with the newline after it). */
  let copyFrom = 0;
  let { started, allEmpty, trailingEmpty, fenceChar, fenceLength } = state;
  const n = markdown.length;
  for (let s = 0; s <= n; ) {
    const nl = markdown.indexOf('\n', s);
    // (A chunk's last newline ends it: the next line is the next chunk's first.)
    if (nl === -1 && !final) break;
    const e = nl === -1 ? n : nl;
    const next = e + 1;
    // A fence opens after at most three spaces, as a run of three or more backticks or tildes.
    let i = s;
    while (i < e && i - s < 3 && markdown.charCodeAt(i) === 32) i++;
    let markerChar = markdown.charCodeAt(i);
    let markerLength = 0;
    if (i < e && (markerChar === 96 || markerChar === 126)) {
      let j = i;
      while (j < e && markdown.charCodeAt(j) === markerChar) j++;
      if (j - i >= 3) markerLength = j - i;
    }
    if (markerLength === 0) markerChar = 0;
    /** The line as written: `undefined` when it is the source line unchanged, `null` when it is left out. */
    let line: string | undefined | null;
    if (fenceChar) {
      if (markerChar === fenceChar && markerLength >= fenceLength && markdown.slice(s, e).trim() === markdown.slice(i, i + markerLength)) fenceChar = 0;
    } else {
      // Only a line that may end in white space is trimmed.
      const last = e > s ? markdown.charCodeAt(e - 1) : NaN;
      if (last <= 32 || last >= 0xa0) {
        const trimmed = markdown.slice(s, e).trimEnd();
        if (trimmed.length !== e - s) line = trimmed;
      }
      if (markerChar) {
        fenceChar = markerChar;
        fenceLength = markerLength;
      }
      const empty = line === undefined ? e === s : line === '';
      if (empty && (!started || trailingEmpty > 0)) line = null;
    }
    // The last line has no newline after it to copy.
    if (line === undefined && nl === -1) line = markdown.slice(s, e);
    if (line !== undefined) {
      if (copyFrom < s) parts.push(markdown.slice(copyFrom, s));
      if (line !== null) parts.push(`${line}\n`);
      copyFrom = next;
    }
    if (line !== null) {
      started = true;
      const empty = line === undefined ? e === s : line === '';
      trailingEmpty = empty ? trailingEmpty + 1 : 0;
      if (!empty) allEmpty = false;
    }
    if (nl === -1) break;
    s = next;
  }
  if (copyFrom < n) parts.push(markdown.slice(copyFrom, n));
  return { text: parts.length === 1 ? parts[0]! : parts.join(''), state: { started, allEmpty, trailingEmpty, fenceChar, fenceLength } };
}

/** The whole page from its final scan: every line written empty (or none) is one newline; trailing empty lines go. */
function finish({ text, state }: Scanned): string {
  return state.allEmpty ? '\n' : text.slice(0, text.length - state.trailingEmpty);
}

function sameState(a: TidyState, b: TidyState): boolean {
  return a === b || (a.started === b.started && a.allEmpty === b.allEmpty && a.trailingEmpty === b.trailingEmpty && a.fenceChar === b.fenceChar && a.fenceLength === b.fenceLength);
}

/** A page's kept pieces as last tidied (see `tidyPieces`): each with the state before it and its scan. */
interface KeptScans {
  readonly pieces: readonly string[];
  readonly before: readonly TidyState[];
  readonly scans: readonly Scanned[];
  /** Where each piece was, made when a piece is not found at its place (an item added, removed or moved). */
  at?: Map<string, number>;
}

/**
 * The memory's slot of the last tidy of a page (`slot` names the page): a piece found at its place, after
 * the same state, is not scanned.
 */
const pageSlot = (slot: string): string => `tidied page ${slot}`;

/**
 * `tidy(pieces.join(''))`, scanning the page piece by piece: a piece that starts a line and ends one (a
 * method's section) is scanned once for the state the page is in before it, and its scan kept for the
 * page's next tidy, by `slot` (`kept` says which pieces are worth keeping: texts that are kept themselves,
 * run after run). A scan is used again only for the same piece after the same state.
 */
export function tidyPieces(pieces: readonly string[], kept: (piece: string, index: number) => boolean, memory: Memory, slot?: string): string {
  const out: string[] = [];
  let state = START;
  let pending = '';
  const last = slot === undefined || !memory.keeping ? undefined : memory.recall<KeptScans>(pageSlot(slot));
  const next = { pieces: [] as string[], before: [] as TidyState[], scans: [] as Scanned[] };
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    const final = i === pieces.length - 1;
    // A piece is scanned alone when it starts and ends a line; otherwise with what follows, up to a line's end.
    if (pending || (!final && !piece.endsWith('\n'))) {
      pending += piece;
      if (final || !pending.endsWith('\n')) continue;
      const scanned = scan(pending, state, final);
      out.push(scanned.text);
      state = scanned.state;
      pending = '';
      continue;
    }
    const keep = slot !== undefined && !final && kept(piece, i);
    let scanned: Scanned | undefined;
    if (keep && last) {
      // (Places count kept pieces only.)
      let j = next.pieces.length;
      if (last.pieces[j] !== piece) {
        last.at ??= new Map(last.pieces.map((p, k) => [p, k]));
        j = last.at.get(piece) ?? -1;
      }
      if (j >= 0 && sameState(last.before[j]!, state)) scanned = last.scans[j];
    }
    scanned ??= scan(piece, state, final);
    if (keep) {
      next.pieces.push(piece);
      next.before.push(state);
      next.scans.push(scanned);
    }
    out.push(scanned.text);
    state = scanned.state;
  }
  // The last piece was scanned as the end of the page (its last line, or the empty one after its newline).
  if (pending) {
    const scanned = scan(pending, state, true);
    out.push(scanned.text);
    state = scanned.state;
  } else if (!pieces.length) state = scan('', state, true).state;
  if (slot !== undefined && memory.keeping) memory.remember(pageSlot(slot), next);
  return finish({ text: out.join(''), state });
}

/**
 * A markdown table with its columns padded to one width, as Prettier aligns them (cells are inline
 * markdown already escaped for tables).
 */
export function alignedTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(3, h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${widths.map((w, i) => (cells[i] ?? '').padEnd(w)).join(' | ')} |`;
  return [line(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
}
