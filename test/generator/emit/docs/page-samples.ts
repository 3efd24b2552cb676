/**
 * The client samples of the docs pages, as the tests that run them read them: each example's code-group tab of
 * one language, with the page's response beside it, and how a decoded value is held equal to what the page
 * shows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listFiles } from '../../../../generator/write/index.js';
import { ROOT } from '../../../helpers/paths.js';

export const DOCS = join(ROOT, 'generated/docs');

export interface PageSample {
  /** `<page>#<example anchor>`. */
  readonly where: string;
  readonly example: string;
  readonly code: string;
  readonly response?: { result?: unknown };
}

/** One example's code group on a page: its tabs in page order, and the response shown after it. */
export interface CodeGroup {
  /** `<page>#<example anchor>`. */
  readonly where: string;
  /** The example's name (its heading). */
  readonly example: string;
  /** Each tab's fence line without the backticks (`go [Go client]`) and its code. */
  readonly tabs: readonly { readonly fence: string; readonly code: string }[];
  readonly response?: { result?: unknown };
}

/** Every example's code group on every page. */
export function codeGroups(): CodeGroup[] {
  const groups: CodeGroup[] = [];
  for (const file of listFiles(DOCS).filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(join(DOCS, file), 'utf8');
    for (const group of text.matchAll(/^#### (.+?) \{#([^}]+)\}\n(?:(?!^#{1,5} )[\s\S])*?^::: code-group\n([\s\S]*?)^:::\n(?:\nResponse:\n\n```json\n([\s\S]*?)```)?/gm)) {
      const [, example, id, body, response] = group;
      const tabs = [...body!.matchAll(/^```([^\n]+)\n([\s\S]*?)^```$/gm)].map((t) => ({ fence: t[1]!, code: t[2]! }));
      groups.push({ where: `${file}#${id}`, example: example!, tabs, ...(response ? { response: JSON.parse(response) as CodeGroup['response'] } : {}) });
    }
  }
  return groups;
}

/** Every example's tab opened by `fence` (```go [Go client]), and how many examples have a curl tab. */
export function pageSamples(fence: string): { samples: PageSample[]; curls: number } {
  const samples: PageSample[] = [];
  let curls = 0;
  for (const { tabs, ...group } of codeGroups()) {
    if (tabs.some((t) => t.fence === 'sh [curl]')) curls++;
    const tab = tabs.find((t) => t.fence === fence);
    if (tab) samples.push({ ...group, code: tab.code });
  }
  return { samples, curls };
}

/** Equal, a `<name>` string on the page (a secret it does not show) standing for any string. */
export function same(got: unknown, shown: unknown): boolean {
  if (typeof shown === 'string' && /^<[^>]+>$/.test(shown)) return typeof got === 'string';
  if (Array.isArray(shown)) return Array.isArray(got) && got.length === shown.length && shown.every((v, i) => same(got[i], v));
  if (shown !== null && typeof shown === 'object') {
    if (got === null || typeof got !== 'object' || Array.isArray(got)) return false;
    const keys = Object.keys(shown);
    return keys.length === Object.keys(got).length && keys.every((k) => same((got as Record<string, unknown>)[k], (shown as Record<string, unknown>)[k]));
  }
  return JSON.stringify(got) === JSON.stringify(shown);
}
