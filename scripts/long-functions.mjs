// Lists functions and classes longer than MAX lines (default 100) in the given folders, using the TypeScript
// parser. Exits 1 when a function or method (classes are listed, not counted) is over MAX and not in ALLOWED.
// Usage: node scripts/long-functions.mjs generator runtime tools
import ts from 'typescript';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const MAX = Number(process.env.MAX ?? 100);

// "file:function" -> why it may stay long. Keep each reason to one line.
const ALLOWED = new Map([
]);

const walk = (dir, out = []) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (p.endsWith('.ts')) out.push(p);
  }
  return out;
};

const nameOf = (n) => {
  if (n.name) return n.name.getText();
  if ((ts.isArrowFunction(n) || ts.isFunctionExpression(n)) && ts.isVariableDeclaration(n.parent)) return n.parent.name.getText();
  return '<anon>';
};

const over = [];
const seen = new Set();
const files = process.argv.slice(2).flatMap((d) => walk(d));
for (const file of files) {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (n) => {
    const isClass = ts.isClassDeclaration(n);
    if ((ts.isFunctionLike(n) && n.body) || isClass) {
      const a = sf.getLineAndCharacterOfPosition(n.getStart()).line;
      const b = sf.getLineAndCharacterOfPosition(n.getEnd()).line;
      const lines = b - a + 1;
      if (lines > MAX) {
        const key = `${file}:${nameOf(n)}`;
        const allowed = !isClass && ALLOWED.has(key);
        if (!isClass) seen.add(key);
        console.log(`${lines}\t${file}:${a + 1}\t${isClass ? 'class ' : ''}${nameOf(n)}${allowed ? `\t(allowed: ${ALLOWED.get(key)})` : ''}`);
        if (!isClass && !allowed) over.push(key);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
}
for (const key of ALLOWED.keys()) {
  if (files.includes(key.slice(0, key.lastIndexOf(':'))) && !seen.has(key)) console.error(`allow-list entry ${key} is no longer over ${MAX} lines (or gone): remove it`);
}
if (over.length > 0) {
  console.error(`\n${over.length} function(s) over ${MAX} lines and not allowed: ${over.join(', ')}`);
  process.exit(1);
}
