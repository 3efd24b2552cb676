import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GENERATOR_ROOT } from './root.js';

/** Text files below `dir` of the generator's own tree (or of `root`), keyed by their path relative to that tree. */
export function readTree(dir: string, pattern: RegExp, root: string = GENERATOR_ROOT): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (abs: string, rel: string) => {
    let names: string[];
    try {
      names = readdirSync(abs, { withFileTypes: true }).map((d) => (d.isDirectory() ? `${d.name}/` : d.name));
    } catch {
      return;
    }
    for (const name of names.sort()) {
      if (name.endsWith('/')) walk(join(abs, name), `${rel}${name}`);
      else if (pattern.test(name)) out.set(`${rel}${name}`, readFileSync(join(abs, name), 'utf8'));
    }
  };
  walk(resolve(root, dir), `${dir}/`);
  return out;
}

const DOCUMENT = /\.(json|ya?ml)$/i;

/**
 * The documents of a folder (JSON or YAML files), by file name (the service names come from them). Here and
 * not with `diff`'s inputs, which run git: a generate run reads the release record's documents with it and
 * should not load node:child_process (about 6 ms of a cold start) for that.
 */
export function documentsIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => DOCUMENT.test(f) && statSync(join(dir, f)).isFile())
    .sort();
}
