import { readdirSync, readFileSync } from 'node:fs';
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
