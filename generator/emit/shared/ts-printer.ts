/**
 * The printer of the TypeScript structures the emitters build. The structures are ts-morph's (its types,
 * erased at build time, with a string `kind`); the printing is ours, on code-block-writer, the writer
 * ts-morph prints with, and follows ts-morph's structure printer call for call, so that the text is the
 * same. ts-morph's own printer would load the TypeScript compiler (about half a second of every run) for the
 * sake of one function.
 *
 * Only the kinds and fields the emitters use are printed. Any other field is an internal error, not
 * something silently left out: add it here, the way ts-morph prints it, before an emitter uses it.
 */
import CodeBlockWriter from 'code-block-writer';
import { flat } from '../../lib/flat.js';
import { slot, type Memory, type Slot } from '../../lib/memory.js';
import type {
  ExportDeclarationStructure,
  FunctionDeclarationStructure,
  ImportDeclarationStructure,
  ImportSpecifierStructure,
  ExportSpecifierStructure,
  InterfaceDeclarationStructure,
  JSDocStructure,
  JSDocTagStructure,
  MethodSignatureStructure,
  OptionalKind,
  ParameterDeclarationStructure,
  PropertySignatureStructure,
  TypeAliasDeclarationStructure,
  TypeParameterDeclarationStructure,
  VariableDeclarationStructure,
  VariableStatementStructure,
} from 'ts-morph';

export type { CodeBlockWriter };
export type WriterFunction = (writer: CodeBlockWriter) => void;

type Kinded<K extends string, S> = Omit<S, 'kind'> & { readonly kind: K };
export type ImportStructure = Kinded<'import', ImportDeclarationStructure>;
export type ExportStructure = Kinded<'export', ExportDeclarationStructure>;
/** A variable statement; `declarationKind` is the keyword itself (ts-morph's enum holds the same strings). */
export type VariableStructure = Kinded<'variable', Omit<VariableStatementStructure, 'declarationKind'>> & { declarationKind?: 'const' | 'let' | 'var' };
/** A function; its body is statements (text, writers or structures). */
export type FunctionStructure = Kinded<'function', Omit<FunctionDeclarationStructure, 'statements'>> & { statements?: Statement[] | string | WriterFunction };
export type InterfaceStructure = Kinded<'interface', InterfaceDeclarationStructure>;
export type TypeAliasStructure = Kinded<'typeAlias', TypeAliasDeclarationStructure>;
export type StatementStructure = ImportStructure | ExportStructure | VariableStructure | FunctionStructure | InterfaceStructure | TypeAliasStructure;
export type Statement = StatementStructure | string | WriterFunction;

export type JSDoc = OptionalKind<JSDocStructure> | string;
export type Parameter = OptionalKind<ParameterDeclarationStructure>;
export type MethodSignature = OptionalKind<MethodSignatureStructure>;
export type PropertySignature = OptionalKind<PropertySignatureStructure>;

/** The fields each structure may have; anything else is an internal error (see the module comment). */
const FIELDS: Readonly<Record<string, ReadonlySet<string>>> = Object.fromEntries(
  Object.entries({
    import: ['kind', 'isTypeOnly', 'defaultImport', 'namespaceImport', 'namedImports', 'moduleSpecifier'],
    export: ['kind', 'isTypeOnly', 'namedExports', 'namespaceExport', 'moduleSpecifier'],
    variable: ['kind', 'docs', 'isExported', 'isDefaultExport', 'hasDeclareKeyword', 'declarationKind', 'declarations'],
    declaration: ['name', 'hasExclamationToken', 'type', 'initializer'],
    function: ['kind', 'docs', 'isExported', 'isDefaultExport', 'hasDeclareKeyword', 'isAsync', 'isGenerator', 'name', 'typeParameters', 'parameters', 'returnType', 'statements', 'overloads'],
    overload: ['docs', 'isExported', 'isDefaultExport', 'hasDeclareKeyword', 'isAsync', 'isGenerator', 'typeParameters', 'parameters', 'returnType'],
    parameter: ['name', 'isReadonly', 'isRestParameter', 'hasQuestionToken', 'type', 'initializer'],
    typeParameter: ['name', 'isConst', 'constraint', 'default'],
    interface: ['kind', 'docs', 'isExported', 'isDefaultExport', 'hasDeclareKeyword', 'name', 'typeParameters', 'extends', 'properties', 'methods'],
    property: ['docs', 'isReadonly', 'name', 'hasQuestionToken', 'type'],
    method: ['docs', 'name', 'hasQuestionToken', 'typeParameters', 'parameters', 'returnType'],
    typeAlias: ['kind', 'docs', 'isExported', 'isDefaultExport', 'hasDeclareKeyword', 'name', 'typeParameters', 'type'],
    jsdoc: ['kind', 'description', 'tags'],
    jsdocTag: ['kind', 'tagName', 'text'],
    specifier: ['name', 'alias', 'isTypeOnly'],
  }).map(([k, v]) => [k, new Set(v)]),
);

export class PrintError extends Error {
  constructor(message: string) {
    super(`internal: ${message} (generator/emit/ts-printer.ts prints only what the emitters use; add it there, as ts-morph prints it)`);
    this.name = 'PrintError';
  }
}

function check(what: string, structure: object): void {
  const allowed = FIELDS[what]!;
  for (const [key, value] of Object.entries(structure)) {
    if (value !== undefined && !allowed.has(key)) throw new PrintError(`cannot print \`${key}\` of a ${what} structure`);
  }
}

type Text = string | WriterFunction;

const WHITESPACE = new Set([' ', '\f', '\n', '\r', '\t', '\v', '\u00A0', '\u2028', '\u2029'].map((c) => c.charCodeAt(0)));
const isBlank = (s: string | undefined): boolean => {
  if (typeof s !== 'string') return true;
  for (let i = 0; i < s.length; i++) if (!WHITESPACE.has(s.charCodeAt(i))) return false;
  return true;
};

/** The slots of printed interface members, by indentation level (see `#member`). */
const memberSlots = new Map<number, Slot<object, string>>();

function memberSlot(level: number): Slot<object, string> {
  let s = memberSlots.get(level);
  if (!s) memberSlots.set(level, (s = slot(`interface members printed at level ${level}`)));
  return s;
}

/**
 * Lines standing for lists put together after printing (see `splice`): each is a token of its own that
 * the printed text holds alone on a line, with what goes in its place, given that line's indentation.
 */
const placeholders = new Map<string, (indent: string) => string>();
const TOKEN_START = '\u0000noderpc-list-';
let nextPlaceholder = 0;

/** The writers of this printer: what is written on them ends up in a statement's text, which is spliced. */
const ours = new WeakSet<CodeBlockWriter>();

/** Whether a placeholder written on `writer` will be spliced (the writer is this printer's). */
export function splices(writer: CodeBlockWriter): boolean {
  return ours.has(writer);
}

/** A token to write alone on a line; `splice` puts `fill(indentation)` in place of that line. */
export function placeholder(fill: (indent: string) => string): string {
  const token = `${TOKEN_START}${nextPlaceholder++}\u0000`;
  placeholders.set(token, fill);
  return token;
}

/**
 * `text` with each placeholder line (its indentation, the token and what follows it on the line, which the
 * fill writes again) replaced by its fill. A token not alone on its line is an internal error.
 */
function splice(text: string): string {
  if (placeholders.size === 0) return text;
  const out = spliceIn(text);
  // (A placeholder made and never printed, a list written on no writer, is let go.)
  placeholders.clear();
  return out;
}

/** `splice` of `text` (and of what goes in place of its tokens), in one pass over it. */
function spliceIn(text: string): string {
  // A module printed whole holds many lists: each token found is put in place as the text is read.
  const pieces: string[] = [];
  let done = 0;
  let at = text.indexOf(TOKEN_START);
  while (at !== -1) {
    const end = text.indexOf('\u0000', at + TOKEN_START.length);
    const token = end === -1 ? undefined : text.slice(at, end + 1);
    const fill = token === undefined ? undefined : placeholders.get(token);
    if (fill === undefined) throw new PrintError('a list placeholder was printed twice, or not by this printer');
    placeholders.delete(token!);
    const lineStart = text.lastIndexOf('\n', at) + 1;
    const indent = text.slice(lineStart, at);
    let lineEnd = text.indexOf('\n', at);
    if (lineEnd === -1) lineEnd = text.length;
    const rest = text.slice(end + 1, lineEnd);
    if (lineStart < done || !/^ *$/.test(indent) || (rest !== '' && rest !== ',')) throw new PrintError('a list placeholder was not printed alone on its line');
    // What the fill writes holds placeholders only when it made some (its lists are texts already).
    const made = nextPlaceholder;
    const filled = fill(indent);
    pieces.push(text.slice(done, lineStart), nextPlaceholder === made ? filled : spliceIn(filled));
    done = lineEnd;
    at = text.indexOf(TOKEN_START, lineEnd);
  }
  if (done === 0) return text;
  pieces.push(text.slice(done));
  return pieces.join('');
}

const WRITER_OPTIONS = { indentNumberOfSpaces: 2, useTabs: false, newLine: '\n', useSingleQuote: true } as const;

/**
 * A module's statements as text: two-space indents, single quotes, a final newline.
 *
 * Each statement is printed on a writer of its own and the texts are put together with the lines ts-morph's
 * printer puts between statements (a blank line after a closing brace and before a function or interface, a
 * line break otherwise), which is what printing them one after another on one writer gives: at the margin,
 * between two complete statements, a writer holds nothing but its text. So a statement's text is kept under
 * the statement (a structure or writer function: the same object, the same text), and a module printed
 * again (the watch loop) prints only the statements that are new objects.
 */
export function printStatements(statements: readonly Statement[], memory: Memory, slot?: string): string {
  // Nothing kept for a next run (a cold run): the module on one writer, as ts-morph prints it.
  if (!memory.keeping) {
    const writer = new CodeBlockWriter(WRITER_OPTIONS);
    ours.add(writer);
    new Printer(writer.getOptions(), memory).sourceFile(writer, statements);
    return splice(writer.toString());
  }
  const out = new TextTail();
  const statementTexts = memory.table(STATEMENT_TEXTS);
  let printer: Printer | undefined;
  for (const s of statements) {
    if (out.length > 0) {
      if (out.lastNonWhitespaceIsCloseBrace()) out.blankLineIfLastNot();
      else out.newLineIfLastNot();
      if (typeof s === 'object' && (s.kind === 'function' || s.kind === 'interface')) out.blankLineIfLastNot();
    }
    let text: string;
    if (typeof s === 'string') text = s.includes('\r') ? s.replace(/\r?\n/g, '\n') : s;
    else {
      const kept = statementTexts.get(s);
      if (kept !== undefined) text = kept;
      else {
        // (A plain import is one line: written as it is, not through a writer; a long one lists every method.)
        const plain = typeof s === 'object' && s.kind === 'import' ? plainImport(s as ImportStructure) : undefined;
        if (plain !== undefined) text = plain;
        else {
          const w = new CodeBlockWriter(WRITER_OPTIONS);
          ours.add(w);
          (printer ??= new Printer(w.getOptions(), memory)).statement(w, s);
          text = splice(w.toString());
        }
        // (A big statement is printed again every run it changes: joined into its module, it need not be flat.)
        if (text.length < 65536) flat(text);
        statementTexts.set(s, text);
      }
    }
    out.push(text);
  }
  if (out.length > 0 && !out.isLastNewLine()) out.push('\n');
  // (Only a long module is kept whole: a short one costs less to join again than to keep.)
  return slot === undefined || statements.length < 64 ? out.toString() : memory.join(slot, out.pieces);
}

/** Printed statements by the statement (structure or writer function), which is not changed once printed. */
const STATEMENT_TEXTS = slot<object, string>('printed statements');

/** Text put together from pieces, answering what a writer answers about its last characters. */
class TextTail {
  readonly #pieces: string[] = [];
  length = 0;

  push(text: string): void {
    if (text.length === 0) return;
    this.#pieces.push(text);
    this.length += text.length;
  }

  /** The code of the character `back` places before the end (0: the last), or -1. */
  #charBack(back: number): number {
    for (let i = this.#pieces.length - 1; i >= 0; i--) {
      const piece = this.#pieces[i]!;
      if (back < piece.length) return piece.charCodeAt(piece.length - 1 - back);
      back -= piece.length;
    }
    return -1;
  }

  isLastNewLine(): boolean {
    const c = this.#charBack(0);
    return c === 10 || c === 13;
  }

  newLineIfLastNot(): void {
    if (!this.isLastNewLine()) this.push('\n');
  }

  #isLastBlankLine(): boolean {
    let found = 0;
    for (let back = 0; ; back++) {
      const c = this.#charBack(back);
      if (c === 10) {
        if (++found === 2) return true;
      } else if (c !== 13) return false;
    }
  }

  blankLineIfLastNot(): void {
    if (this.#isLastBlankLine()) return;
    this.newLineIfLastNot();
    this.push('\n');
  }

  lastNonWhitespaceIsCloseBrace(): boolean {
    for (let back = 0; ; back++) {
      const c = this.#charBack(back);
      if (c === -1) return false;
      if (c === 125) return true;
      if (!WHITESPACE.has(c)) return false;
    }
  }

  toString(): string {
    return this.#pieces.join('');
  }

  /** The pieces the text is put together from. */
  get pieces(): readonly string[] {
    return this.#pieces;
  }
}

class Printer {
  readonly #options: ReturnType<CodeBlockWriter['getOptions']>;
  readonly #memory: Memory;
  constructor(options: ReturnType<CodeBlockWriter['getOptions']>, memory: Memory) {
    this.#options = options;
    this.#memory = memory;
  }

  #writer(): CodeBlockWriter {
    const w = new CodeBlockWriter(this.#options);
    ours.add(w);
    return w;
  }

  /** Text or a writer's output, written on its own writer (as ts-morph's `getText`). */
  #text(text: Text): string {
    // One line on a fresh writer comes back as it went in: no writer needed (most texts are one line).
    if (typeof text === 'string' && !text.includes('\n')) return text;
    const w = this.#writer();
    if (typeof text === 'string') w.write(text);
    else text(w);
    return w.toString();
  }

  #statements(w: CodeBlockWriter, statements: readonly Statement[] | Text | undefined): void {
    if (statements === undefined) return;
    if (typeof statements === 'string' || typeof statements === 'function') {
      this.#statement(w, statements);
      return;
    }
    for (const s of statements) {
      if (lastNonWhitespaceIsCloseBrace(w)) w.blankLineIfLastNot();
      else if (!w.isAtStartOfFirstLineOfBlock()) w.newLineIfLastNot();
      this.#statement(w, s);
    }
  }

  /** A whole module on `w`. */
  sourceFile(w: CodeBlockWriter, statements: readonly Statement[]): void {
    w.closeComment();
    this.#statements(w, statements);
    w.conditionalNewLine(!w.isAtStartOfFirstLineOfBlock() && !w.isLastNewLine());
  }

  /** One statement, alone on `w` (see `printStatements`). */
  statement(w: CodeBlockWriter, s: Statement): void {
    w.closeComment();
    this.#statement(w, s);
  }

  #statement(w: CodeBlockWriter, s: Statement): void {
    if (typeof s === 'string') {
      w.write(s);
      return;
    }
    if (typeof s === 'function') {
      s(w);
      return;
    }
    const blankLineBefore = () => {
      if (!w.isAtStartOfFirstLineOfBlock()) w.blankLineIfLastNot();
    };
    switch (s.kind) {
      case 'function':
        blankLineBefore();
        return this.#function(w, s);
      case 'interface':
        blankLineBefore();
        return this.#interface(w, s);
      case 'typeAlias':
        return this.#typeAlias(w, s);
      case 'variable':
        return this.#variableStatement(w, s);
      case 'import':
        return this.#import(w, s);
      case 'export':
        return this.#export(w, s);
      default:
        throw new PrintError(`cannot print a ${(s as { kind: unknown }).kind} structure`);
    }
  }

  #docs(w: CodeBlockWriter, docs: readonly JSDoc[] | undefined): void {
    for (const doc of docs ?? []) {
      w.closeComment();
      this.#jsdoc(w, doc);
      w.newLine();
    }
  }

  #jsdoc(w: CodeBlockWriter, doc: JSDoc): void {
    let text: string;
    if (typeof doc === 'string') text = doc;
    else {
      check('jsdoc', doc);
      const t = this.#writer();
      if (doc.description) writeText(t, doc.description);
      if (doc.tags && doc.tags.length > 0) {
        if (t.getLength() > 0) t.newLine();
        doc.tags.forEach((tag, i) => {
          if (i > 0) t.newLine();
          t.closeComment();
          this.#jsdocTag(t, tag);
        });
      }
      text = t.toString();
    }
    const lines = text.split(/\r?\n/);
    const startIndex = lines[0]!.length === 0 ? 1 : 0;
    const singleLine = lines.length <= 1;
    w.write('/**');
    if (singleLine) w.space();
    else w.newLine();
    if (singleLine) w.write(lines[startIndex]!);
    else {
      for (let i = startIndex; i < lines.length; i++) {
        w.write(' *');
        if (lines[i]!.length > 0) w.write(` ${lines[i]}`);
        w.newLine();
      }
    }
    w.spaceIfLastNot();
    w.write('*/');
  }

  #jsdocTag(w: CodeBlockWriter, tag: OptionalKind<JSDocTagStructure>): void {
    check('jsdocTag', tag);
    const t = this.#writer();
    if (tag.text) writeText(t, tag.text);
    const current = t.toString();
    t.unsafeInsert(0, `@${tag.tagName}${current.length > 0 && !startsWithNewLine(current) ? ' ' : ''}`);
    const lines = t.toString().split(/\r?\n/);
    for (let i = 0; i < lines.length; i++) {
      if (i > 0) w.newLine();
      if (lines[i]!.length > 0) w.write(lines[i]!);
    }
  }

  #modifiers(w: CodeBlockWriter, s: { isDefaultExport?: boolean; isExported?: boolean; hasDeclareKeyword?: boolean; isAsync?: boolean; isReadonly?: boolean }): void {
    if (s.isDefaultExport) w.write('export default ');
    else if (s.isExported) w.write('export ');
    if (s.hasDeclareKeyword) w.write('declare ');
    if (s.isAsync) w.write('async ');
    if (s.isReadonly) w.write('readonly ');
  }

  /** `<sep> type` with a hanging indent, when there is a type (or `any` when `always`). */
  #typed(w: CodeBlockWriter, separator: string, type: Text | undefined, always = false): void {
    if (type === undefined && !always) return;
    const text = this.#text(type ?? 'any');
    if (!isBlank(text)) w.hangingIndent(() => w.write(`${separator} ${text}`));
  }

  #returnType(w: CodeBlockWriter, type: Text | undefined): void {
    if (type === undefined) return;
    const text = this.#text(type);
    if (!isBlank(text)) w.hangingIndent(() => w.write(`: ${text}`));
  }

  #initializer(w: CodeBlockWriter, initializer: Text | undefined): void {
    if (initializer === undefined) return;
    const text = this.#text(initializer);
    if (!isBlank(text)) {
      w.hangingIndent(() => {
        w.spaceIfLastNot();
        w.write(`= ${text}`);
      });
    }
  }

  #typeParameters(w: CodeBlockWriter, params: readonly (OptionalKind<TypeParameterDeclarationStructure> | string)[] | undefined): void {
    if (!params || params.length === 0) return;
    w.write('<');
    this.#commaSeparated(w, params, (p) => {
      w.closeComment();
      if (typeof p === 'string') {
        w.write(p);
        return;
      }
      check('typeParameter', p);
      w.hangingIndent(() => {
        if (p.isConst) w.write('const ');
        w.write(p.name);
        if (p.constraint !== undefined) {
          const text = this.#text(p.constraint);
          if (!isBlank(text)) w.write(` extends ${text}`);
        }
        if (p.default !== undefined) {
          const text = this.#text(p.default);
          if (!isBlank(text)) w.write(` = ${text}`);
        }
      });
    });
    w.write('>');
  }

  #parameters(w: CodeBlockWriter, params: readonly Parameter[] | undefined): void {
    w.write('(');
    if (params && params.length > 0) {
      w.hangingIndent(() => {
        this.#commaSeparated(w, params, (p) => {
          check('parameter', p);
          w.closeComment();
          this.#modifiers(w, p);
          w.conditionalWrite(p.isRestParameter, '...');
          w.write(p.name);
          w.conditionalWrite(p.hasQuestionToken, '?');
          this.#typed(w, ':', p.type, p.hasQuestionToken);
          this.#initializer(w, p.initializer);
        });
      });
    }
    w.write(')');
  }

  /**
   * Items separated by a space, a comma after each but the last: written first, the commas put in after
   * (where the item's last token ends), as ts-morph does.
   */
  #commaSeparated<T>(w: CodeBlockWriter, items: readonly T[], print: (item: T) => void): void {
    // Every item with a place for a comma but the last such item gets one. It goes in once the next such item
    // is written: by then the writer has moved past it, as when all go in at the end, but it is inserted near
    // the writer's end (inserting far back walks and splices the writer's whole list of texts, which made long
    // lists quadratic).
    let pending: number | undefined;
    items.forEach((item, i) => {
      if (i > 0) w.spaceIfLastNot();
      const start = w.getLength();
      print(item);
      const pos = appendCommaPos(textSince(w, start));
      if (pos === -1) return;
      if (pending !== undefined) w.unsafeInsert(pending, ',');
      pending = pos + start + (pending !== undefined ? 1 : 0);
    });
  }

  #function(w: CodeBlockWriter, s: FunctionStructure): void {
    check('function', s);
    // Overloads first, each a header ended by `;` on its line, taking the function's modifiers unless it has
    // its own (as ts-morph prints them).
    for (const o of s.overloads ?? []) {
      check('overload', o);
      w.closeComment();
      this.#docs(w, o.docs);
      this.#modifiers(w, { isExported: o.isExported ?? s.isExported, isDefaultExport: o.isDefaultExport ?? s.isDefaultExport, hasDeclareKeyword: o.hasDeclareKeyword ?? s.hasDeclareKeyword, isAsync: o.isAsync });
      w.write('function');
      w.conditionalWrite(o.isGenerator, '*');
      if (!isBlank(s.name)) w.write(` ${s.name}`);
      this.#typeParameters(w, o.typeParameters);
      this.#parameters(w, o.parameters);
      this.#returnType(w, o.returnType);
      w.write(';').newLine();
    }
    w.closeComment();
    this.#docs(w, s.docs);
    this.#modifiers(w, s);
    w.write('function');
    w.conditionalWrite(s.isGenerator, '*');
    if (!isBlank(s.name)) w.write(` ${s.name}`);
    this.#typeParameters(w, s.typeParameters);
    this.#parameters(w, s.parameters);
    this.#returnType(w, s.returnType);
    if (s.hasDeclareKeyword) w.write(';');
    else w.space().inlineBlock(() => this.#statements(w, s.statements));
  }

  #interface(w: CodeBlockWriter, s: InterfaceStructure): void {
    check('interface', s);
    w.closeComment();
    this.#docs(w, s.docs);
    this.#modifiers(w, s);
    w.write(`interface ${s.name}`);
    this.#typeParameters(w, s.typeParameters);
    w.space();
    if (s.extends !== undefined) {
      const text = Array.isArray(s.extends) ? s.extends.map((e) => this.#text(e)).join(', ') : this.#text(s.extends as Text);
      if (!isBlank(text)) w.hangingIndent(() => w.write(`extends ${text} `));
    }
    w.inlineBlock(() => {
      const separate = (list: readonly unknown[] | undefined) => {
        if (list && list.length > 0 && !w.isAtStartOfFirstLineOfBlock()) w.newLine();
      };
      // Each list of members goes in as one line standing for all of them, each member printed alone at the
      // block's indent and kept under the member (see `splice`): an interface listing every method of a
      // service is put together, not written through the writer.
      const level = w.getIndentationLevel();
      const keep = this.#memory.keeping;
      separate(s.properties);
      if (keep && s.properties?.length) w.write(placeholder(() => s.properties!.map((p) => this.#member(p, level, (t) => this.#property(t, p))).join('\n')));
      else
        (s.properties ?? []).forEach((p, i) => {
          w.conditionalNewLine(i > 0);
          this.#property(w, p);
        });
      separate(s.methods);
      if (keep && s.methods?.length) w.write(placeholder(() => s.methods!.map((m) => this.#member(m, level, (t) => this.#method(t, m))).join('\n')));
      else
        (s.methods ?? []).forEach((m, i) => {
          w.conditionalNewLine(i > 0);
          this.#method(w, m);
        });
    });
  }

  /**
   * An interface member printed alone at the start of a line at `level` (as it is printed in its block:
   * between members the writer holds nothing but its text), kept under the member: a process that prints
   * the interfaces listing every method again (the watch loop) prints only the members that are new.
   */
  #member(member: object, level: number, print: (w: CodeBlockWriter) => void): string {
    const table = this.#memory.table(memberSlot(level));
    let text = table.get(member);
    if (text === undefined) {
      const t = this.#writer();
      t.setIndentationLevel(level);
      print(t);
      text = flat(t.toString());
      table.set(member, text);
    }
    return text;
  }

  #property(w: CodeBlockWriter, p: OptionalKind<PropertySignatureStructure>): void {
    check('property', p);
    w.closeComment();
    this.#docs(w, p.docs);
    this.#modifiers(w, p);
    w.write(p.name);
    w.conditionalWrite(p.hasQuestionToken, '?');
    this.#typed(w, ':', p.type);
    w.write(';');
  }

  #method(w: CodeBlockWriter, m: MethodSignature): void {
    check('method', m);
    w.closeComment();
    this.#docs(w, m.docs);
    w.write(m.name);
    w.conditionalWrite(m.hasQuestionToken, '?');
    this.#typeParameters(w, m.typeParameters);
    this.#parameters(w, m.parameters);
    this.#returnType(w, m.returnType);
    w.write(';');
  }

  #typeAlias(w: CodeBlockWriter, s: TypeAliasStructure): void {
    check('typeAlias', s);
    w.closeComment();
    this.#docs(w, s.docs);
    this.#modifiers(w, s);
    w.write(`type ${s.name}`);
    this.#typeParameters(w, s.typeParameters);
    this.#typed(w, ' =', s.type);
    w.write(';');
  }

  #variableStatement(w: CodeBlockWriter, s: VariableStructure): void {
    check('variable', s);
    w.closeComment();
    this.#docs(w, s.docs);
    w.hangingIndent(() => {
      this.#modifiers(w, s);
      w.write(`${s.declarationKind || 'let'} `);
      if (s.declarations.length === 0) throw new PrintError('a variable statement needs at least one declaration');
      this.#commaSeparated(w, s.declarations, (d: OptionalKind<VariableDeclarationStructure>) => {
        check('declaration', d);
        w.closeComment();
        w.write(d.name);
        w.conditionalWrite(d.hasExclamationToken, '!');
        this.#typed(w, ':', d.type);
        this.#initializer(w, d.initializer);
      });
      w.write(';');
    });
  }

  #import(w: CodeBlockWriter, s: ImportStructure): void {
    const plain = plainImport(s);
    w.closeComment();
    if (plain !== undefined) {
      w.write(plain);
      return;
    }
    const named = s.namedImports !== undefined && s.namedImports.length > 0;
    w.write('import');
    if (s.isTypeOnly) w.write(' type');
    if (s.defaultImport !== undefined) {
      w.write(` ${s.defaultImport}`);
      w.conditionalWrite(named || s.namespaceImport !== undefined, ',');
    }
    if (s.namespaceImport !== undefined) w.write(` * as ${s.namespaceImport}`);
    if (named) {
      w.space();
      this.#specifiers(w, s.namedImports as Specifiers);
    }
    w.conditionalWrite(s.defaultImport !== undefined || named || s.namespaceImport !== undefined, ' from');
    w.write(' ');
    w.quote(s.moduleSpecifier);
    w.write(';');
  }

  #export(w: CodeBlockWriter, s: ExportStructure): void {
    check('export', s);
    w.closeComment();
    const from = s.moduleSpecifier !== undefined && s.moduleSpecifier.length > 0;
    const named = s.namedExports !== undefined && s.namedExports.length > 0;
    if (named && s.namespaceExport !== undefined) throw new PrintError('an export declaration cannot have both a namespace export and named exports');
    w.write('export');
    if (s.isTypeOnly) w.write(' type');
    if (named) {
      w.space();
      this.#specifiers(w, s.namedExports as Specifiers);
    } else if (s.namespaceExport !== undefined) {
      w.write(' *');
      if (!isBlank(s.namespaceExport)) w.write(` as ${s.namespaceExport}`);
    } else if (!from) w.write(' {').write(' ').write('}');
    else w.write(' *');
    if (from) {
      w.write(' from ');
      w.quote(s.moduleSpecifier!);
    }
    w.write(';');
  }

  /** `{ a, type B, c as d }`. */
  #specifiers(w: CodeBlockWriter, specifiers: Specifiers): void {
    // Plain names (what the emitters import and export): each comes out as it went in, with `, ` between.
    const plain = plainSpecifiers(specifiers);
    if (plain) {
      w.write(`{ ${plain.join(', ')} }`);
      return;
    }
    w.write('{');
    const inner = this.#writer();
    if (typeof specifiers === 'function') this.#specifier(inner, specifiers);
    else this.#commaSeparated(inner, specifiers, (s) => this.#specifier(inner, s));
    const text = inner.toString();
    if (!startsWithNewLine(text)) w.space();
    w.write(text);
    if (!text.endsWith('\n')) w.space();
    w.write('}');
  }

  #specifier(w: CodeBlockWriter, s: Specifier): void {
    w.closeComment();
    const t = this.#writer();
    t.queueIndentationLevel(1);
    if (typeof s === 'string') t.write(s);
    else if (typeof s === 'function') s(t);
    else {
      check('specifier', s);
      if (s.isTypeOnly) w.write('type ');
      t.write(s.name);
      if (!isBlank(s.alias)) {
        if (!t.isLastNewLine()) t.space();
        t.write(`as ${s.alias}`);
      }
    }
    w.write(t.toString());
  }
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** A module path that a quote writes as it is (nothing to escape). */
const PLAIN_PATH = /^[\w./@-]+$/;

/**
 * An import of plain names from a plain path (what the emitters write) as its one line of text, checked;
 * `undefined` for any other import (printed through the writer).
 */
function plainImport(s: ImportStructure): string | undefined {
  check('import', s);
  const named = s.namedImports !== undefined && s.namedImports.length > 0;
  if (named && s.namespaceImport !== undefined) throw new PrintError('an import declaration cannot have both a namespace import and named imports');
  const plain = named && s.defaultImport === undefined && PLAIN_PATH.test(s.moduleSpecifier) ? plainSpecifiers(s.namedImports) : undefined;
  return plain && `import${s.isTypeOnly ? ' type' : ''} { ${plain.join(', ')} } from '${s.moduleSpecifier}';`;
}

/**
 * Specifiers that are plain names (`a`, or `{ name: 'B', isTypeOnly: true }` for `type B`) as the printer
 * writes them; `undefined` when any is more (an alias, a writer).
 */
function plainSpecifiers(specifiers: Specifiers | undefined): string[] | undefined {
  if (!Array.isArray(specifiers)) return undefined;
  const out: string[] = [];
  for (const x of specifiers as readonly Specifier[]) {
    if (typeof x === 'string') {
      if (!IDENTIFIER.test(x)) return undefined;
      out.push(x);
    } else if (typeof x === 'object' && typeof x.name === 'string' && IDENTIFIER.test(x.name) && Object.entries(x).every(([k, v]) => k === 'name' || (k === 'isTypeOnly' && typeof v === 'boolean') || v === undefined)) {
      out.push(x.isTypeOnly ? `type ${x.name}` : x.name);
    } else return undefined;
  }
  return out;
}

type Specifier = string | WriterFunction | OptionalKind<ImportSpecifierStructure> | OptionalKind<ExportSpecifierStructure>;
type Specifiers = readonly Specifier[] | WriterFunction;

function writeText(w: CodeBlockWriter, text: Text): void {
  if (typeof text === 'string') w.write(text);
  else text(w);
}

function startsWithNewLine(s: string): boolean {
  return s.charCodeAt(0) === 10 || (s.charCodeAt(0) === 13 && s.charCodeAt(1) === 10);
}

function lastNonWhitespaceIsCloseBrace(w: CodeBlockWriter): boolean {
  return (
    w.iterateLastCharCodes((code) => {
      if (code === 125) return true;
      if (WHITESPACE.has(code)) return undefined;
      return false;
    }) ?? false
  );
}

/** What the writer holds from `start` on. */
function textSince(w: CodeBlockWriter, start: number): string {
  const chars: string[] = new Array(w.getLength() - start);
  w.iterateLastChars((char, i) => {
    if (i < start) return true;
    chars[i - start] = char;
    return undefined;
  });
  return chars.join('');
}

/**
 * Where a comma goes after an item: after its last token (comments and whitespace after it are trivia), or
 * -1 when it has none or already ends with a comma. Strings and template literals are skipped whole; a
 * regular expression literal is not recognised (the items are names, types and simple initializers).
 */
export function appendCommaPos(text: string): number {
  let end = -1;
  let i = 0;
  const templates: number[] = []; // brace depth inside each open template substitution
  let quote = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (quote) {
      if (c === 92) i++;
      else if (quote === 96 && c === 36 && text.charCodeAt(i + 1) === 123) {
        templates.push(0);
        quote = 0;
        i++;
      } else if (c === quote) quote = 0;
      end = i + 1;
      i++;
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 47) {
      // A comment is trivia: the comma goes before it.
      const eol = text.indexOf('\n', i);
      i = eol === -1 ? text.length : eol;
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const close = text.indexOf('*/', i + 2);
      i = close === -1 ? text.length : close + 2;
      continue;
    }
    if (c === 39 || c === 34 || c === 96) quote = c;
    else if (c === 123 && templates.length) templates[templates.length - 1]!++;
    else if (c === 125 && templates.length) {
      if (templates[templates.length - 1] === 0) {
        templates.pop();
        quote = 96;
      } else templates[templates.length - 1]!--;
    }
    if (!WHITESPACE.has(c)) end = i + 1;
    i++;
  }
  if (end === -1) return -1;
  return text[end - 1] === ',' ? -1 : end;
}
