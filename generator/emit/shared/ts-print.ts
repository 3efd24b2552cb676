/**
 * TypeScript modules are built as structures (ts-morph's structure types: imports, interfaces with
 * overloads, functions with JSDoc) and printed by ts-printer.ts: no template strings for code, and no parse
 * on the way out. The same structures, stripped of bodies, print the module's `.d.ts`.
 */
import { blockCommentText } from '../../lib/escape.js';
import { slot, type Memory } from '../../lib/memory.js';
import { placeholder, printStatements, splices, type CodeBlockWriter, type FunctionStructure, type JSDoc, type Statement, type VariableStructure, type WriterFunction } from './ts-printer.js';

export type { Statement, WriterFunction };

/** A module's text; `slot` (its path) keeps it, for a module put together from the same statements again. */
export function printModule(statements: readonly Statement[], memory: Memory, slot?: string): string {
  return printStatements(statements, memory, slot);
}

/** An entry of an object literal: `key: value` text, or a key with a nested writer. */
export type ObjectEntry = string | readonly [string, string | WriterFunction];

/** An object literal, one entry per line, indented by the writer (values are expressions). */
export function objectLiteral(entries: readonly ObjectEntry[]): WriterFunction {
  return (writer) => writeEntries(writer, entries);
}

/**
 * The entries of an object literal, one per line. On this printer's writers, each run of entries that are
 * one line of text goes in as one line standing for all of them, each written at that line's indent (what
 * the writer does with a line of code): the tables listing every method of a service (and a whole document)
 * are put together, not written through the writer.
 */
function writeEntries(writer: CodeBlockWriter, entries: readonly ObjectEntry[]): void {
  const spliced = splices(writer);
  writer.inlineBlock(() => {
    let run: string[] = [];
    const flush = () => {
      if (!run.length) return;
      const lines = run;
      run = [];
      writer.write(`${placeholder((indent) => lines.map((e) => `${indent}${e},`).join('\n'))},`);
      writer.newLine();
    };
    for (const e of entries) {
      const line = typeof e === 'string' ? e : typeof e[1] === 'string' ? `${e[0]}: ${e[1]}` : undefined;
      if (spliced && line !== undefined && !line.includes('\n') && !line.includes('\r')) {
        run.push(line);
        continue;
      }
      flush();
      if (line !== undefined) writer.write(`${line},`);
      else {
        const [key, value] = e as readonly [string, WriterFunction];
        writer.write(`${key}: `);
        value(writer);
        writer.write(',');
      }
      writer.newLine();
    }
    flush();
  });
}

/** A JSON value as an object literal with one top-level entry per line (long data stays diffable). */
export function jsonLiteral(value: Record<string, unknown>): WriterFunction {
  return objectLiteral(Object.entries(value).map(([k, v]) => [JSON.stringify(k), JSON.stringify(v)] as const));
}

/** `return <object literal>;` */
export function returnObject(entries: readonly string[]): WriterFunction {
  return (writer) => {
    writer.write('return ');
    objectLiteral(entries)(writer);
    writer.write(';');
  };
}

/**
 * The declaration file of a module: exported functions and consts lose their bodies and initializers and
 * become `declare`d; module-private ones disappear; types and imports stay.
 */
export function declarationsOf(statements: readonly Statement[], memory: Memory): Statement[] {
  const out: Statement[] = [];
  for (const s of statements) {
    if (typeof s === 'function') continue;
    if (typeof s === 'string') {
      if (s.startsWith('//')) out.push(s);
      continue;
    }
    const d = memory.keptIn(DECLARATIONS, s, () => declarationOf(s));
    if (d !== null) out.push(d);
  }
  return out;
}

/** Each structure's declaration (`null`: none), kept by the structure so that its printed text is kept too. */
const DECLARATIONS = slot<object, Statement | null>('declaration statements');

function declarationOf(s: Exclude<Statement, string | WriterFunction>): Statement | null {
  if (s.kind === 'function') {
    if (!s.isExported) return null;
    const { statements: _body, overloads, ...rest } = s;
    // An overloaded function is declared by its overloads alone (the implementation's signature is not
    // callable): the last one takes the implementation's place.
    if (overloads?.length) {
      const last = overloads[overloads.length - 1]!;
      return { ...rest, docs: last.docs, parameters: last.parameters, returnType: last.returnType, overloads: overloads.slice(0, -1), hasDeclareKeyword: true };
    }
    // A default value becomes an optional parameter: initializers exist only in implementations.
    const parameters = (rest.parameters ?? []).map(({ initializer, ...p }) => (initializer === undefined ? p : { ...p, hasQuestionToken: true }));
    return { ...rest, parameters, hasDeclareKeyword: true };
  }
  if (s.kind === 'variable') {
    if (!s.isExported) return null;
    return { ...s, hasDeclareKeyword: true, declarations: s.declarations.map(({ initializer: _init, ...d }) => d) };
  }
  return s;
}

/**
 * The JavaScript of a module: the same structures without types. Interfaces, type aliases and type-only
 * imports go; parameters, returns and variables lose their annotations. Statement bodies are written as
 * JavaScript by the emitters, so nothing else needs stripping, and no compiler runs.
 */
export function javascriptOf(statements: readonly Statement[], memory: Memory): Statement[] {
  const out: Statement[] = [];
  for (const s of statements) {
    if (typeof s === 'string' || typeof s === 'function') {
      out.push(s);
      continue;
    }
    out.push(...memory.keptIn(SCRIPTS, s, () => scriptOf(s)));
  }
  return out;
}

/** Each structure's JavaScript statements, kept by the structure so that their printed text is kept too. */
const SCRIPTS = slot<object, readonly Statement[]>('JavaScript statements');

function scriptOf(s: Exclude<Statement, string | WriterFunction>): readonly Statement[] {
  switch (s.kind) {
    case 'interface':
    case 'typeAlias':
      return [];
    case 'import': {
      if (s.isTypeOnly) return [];
      const named = (s.namedImports ?? []) as (string | { name: string; alias?: string; isTypeOnly?: boolean })[];
      const kept = named.filter((n) => typeof n === 'string' || !n.isTypeOnly).map((n) => (typeof n === 'string' ? n : { name: n.name, ...(n.alias ? { alias: n.alias } : {}) }));
      if (named.length && !kept.length && !s.defaultImport && !s.namespaceImport) return [];
      return [{ ...s, namedImports: kept }];
    }
    case 'export':
      return s.isTypeOnly ? [] : [s];
    case 'function': {
      const f: FunctionStructure = s;
      const { returnType: _r, typeParameters: _t, overloads: _o, ...rest } = f;
      return [
        {
          ...rest,
          docs: [],
          parameters: (f.parameters ?? []).map(({ type: _type, hasQuestionToken: _q, ...p }) => p),
        },
      ];
    }
    case 'variable': {
      const v: VariableStructure = s;
      // Written directly so that an object literal starts at the margin (the structure printer would give
      // it a hanging indent).
      return v.declarations.map((d) => (writer) => {
        writer.write(`${v.isExported ? 'export ' : ''}${v.declarationKind ?? 'const'} ${d.name}`);
        if (d.initializer !== undefined) {
          writer.write(' = ');
          if (typeof d.initializer === 'function') d.initializer(writer);
          else writer.write(d.initializer);
        }
        writer.write(';');
      });
    }
    default:
      return [s];
  }
}

/** JSDoc from free text and tags; empty parts are left out. */
export function docs(description: readonly (string | undefined)[], tags: readonly { tagName: string; text?: string }[] = []): JSDoc[] {
  const joined = description
    .filter((l): l is string => l !== undefined && l.trim() !== '')
    .map((l) => l.trimEnd())
    .join('\n\n');
  const text = blockCommentText(joined);
  const kept = tags.filter((t) => t.tagName);
  if (!text && !kept.length) return [];
  return [
    {
      description: text,
      tags: kept.map((t) => ({ tagName: t.tagName, ...(t.text ? { text: blockCommentText(t.text) } : {}) })),
    },
  ];
}

export const GENERATED_BANNER = '// Generated by noderpc from the spec: do not edit.';
