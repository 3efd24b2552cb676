/**
 * TypeScript modules are built as structures (ts-morph's structure types: imports, interfaces with
 * overloads, functions with JSDoc) and printed by ts-printer.ts: no template strings for code, and no parse
 * on the way out. The same structures, stripped of bodies, print the module's `.d.ts`.
 */
import { printStatements, type FunctionStructure, type JSDoc, type Statement, type VariableStructure, type WriterFunction } from './ts-printer.js';

export type { Statement, WriterFunction };

export function printModule(statements: readonly Statement[]): string {
  return printStatements(statements);
}

/** An entry of an object literal: `key: value` text, or a key with a nested writer. */
export type ObjectEntry = string | readonly [string, string | WriterFunction];

/** An object literal, one entry per line, indented by the writer (values are expressions). */
export function objectLiteral(entries: readonly ObjectEntry[]): WriterFunction {
  return (writer) => {
    writer.inlineBlock(() => {
      for (const e of entries) {
        if (typeof e === 'string') writer.write(`${e},`);
        else if (typeof e[1] === 'string') writer.write(`${e[0]}: ${e[1]},`);
        else {
          writer.write(`${e[0]}: `);
          e[1](writer);
          writer.write(',');
        }
        writer.newLine();
      }
    });
  };
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
export function declarationsOf(statements: readonly Statement[]): Statement[] {
  const out: Statement[] = [];
  for (const s of statements) {
    if (typeof s === 'function') continue;
    if (typeof s === 'string') {
      if (s.startsWith('//')) out.push(s);
      continue;
    }
    if (s.kind === 'function') {
      if (!s.isExported) continue;
      const { statements: _body, ...rest } = s;
      // A default value becomes an optional parameter: initializers exist only in implementations.
      const parameters = (rest.parameters ?? []).map(({ initializer, ...p }) => (initializer === undefined ? p : { ...p, hasQuestionToken: true }));
      out.push({ ...rest, parameters, hasDeclareKeyword: true });
    } else if (s.kind === 'variable') {
      if (!s.isExported) continue;
      out.push({ ...s, hasDeclareKeyword: true, declarations: s.declarations.map(({ initializer: _init, ...d }) => d) });
    } else out.push(s);
  }
  return out;
}

/**
 * The JavaScript of a module: the same structures without types. Interfaces, type aliases and type-only
 * imports go; parameters, returns and variables lose their annotations. Statement bodies are written as
 * JavaScript by the emitters, so nothing else needs stripping, and no compiler runs.
 */
export function javascriptOf(statements: readonly Statement[]): Statement[] {
  const out: Statement[] = [];
  for (const s of statements) {
    if (typeof s === 'string' || typeof s === 'function') {
      out.push(s);
      continue;
    }
    switch (s.kind) {
      case 'interface':
      case 'typeAlias':
        continue;
      case 'import': {
        if (s.isTypeOnly) continue;
        const named = (s.namedImports ?? []) as (string | { name: string; alias?: string; isTypeOnly?: boolean })[];
        const kept = named.filter((n) => typeof n === 'string' || !n.isTypeOnly).map((n) => (typeof n === 'string' ? n : { name: n.name, ...(n.alias ? { alias: n.alias } : {}) }));
        if (named.length && !kept.length && !s.defaultImport && !s.namespaceImport) continue;
        out.push({ ...s, namedImports: kept });
        continue;
      }
      case 'export':
        if (s.isTypeOnly) continue;
        out.push(s);
        continue;
      case 'function': {
        const f: FunctionStructure = s;
        const { returnType: _r, typeParameters: _t, overloads: _o, ...rest } = f;
        out.push({
          ...rest,
          docs: [],
          parameters: (f.parameters ?? []).map(({ type: _type, hasQuestionToken: _q, ...p }) => p),
        });
        continue;
      }
      case 'variable': {
        const v: VariableStructure = s;
        // Written directly so that an object literal starts at the margin (the structure printer would give
        // it a hanging indent).
        for (const d of v.declarations) {
          out.push((writer) => {
            writer.write(`${v.isExported ? 'export ' : ''}${v.declarationKind ?? 'const'} ${d.name}`);
            if (d.initializer !== undefined) {
              writer.write(' = ');
              if (typeof d.initializer === 'function') d.initializer(writer);
              else writer.write(d.initializer);
            }
            writer.write(';');
          });
        }
        continue;
      }
      default:
        out.push(s);
    }
  }
  return out;
}

/** JSDoc from free text and tags; empty parts are left out. */
export function docs(description: readonly (string | undefined)[], tags: readonly { tagName: string; text?: string }[] = []): JSDoc[] {
  const text = description
    .filter((l): l is string => l !== undefined && l.trim() !== '')
    .map((l) => l.trimEnd())
    .join('\n\n')
    .replace(/\*\//g, '*\\/');
  const kept = tags.filter((t) => t.tagName);
  if (!text && !kept.length) return [];
  return [
    {
      description: text,
      tags: kept.map((t) => ({ tagName: t.tagName, ...(t.text ? { text: t.text.replace(/\*\//g, '*\\/') } : {}) })),
    },
  ];
}

export const GENERATED_BANNER = '// Generated by noderpc from the spec: do not edit.';
