/**
 * The project's Prettier style. Generation runs no formatter: emitters print canonical text, and tests
 * hold the files Prettier has a say on (the README, the site config, printed snippets) to its output.
 */
import * as prettier from 'prettier';

export const PRETTIER_OPTIONS = { printWidth: 120, singleQuote: true, trailingComma: 'all', proseWrap: 'preserve' } as const;

const PARSERS: Readonly<Record<string, string>> = { '.md': 'markdown', '.mts': 'typescript', '.ts': 'typescript', '.json': 'json' };

/** `text` as Prettier formats it, for a file named `path`. */
export function prettierFormat(path: string, text: string, options: prettier.Options = {}): Promise<string> {
  const ext = /\.[^./]+$/.exec(path)?.[0] ?? '';
  const parser = PARSERS[ext];
  if (!parser) throw new Error(`no Prettier parser for ${path}`);
  return prettier.format(text, { ...PRETTIER_OPTIONS, parser, ...options });
}
