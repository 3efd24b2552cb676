/**
 * Link checking for generated docs: every relative link of every markdown page must name an existing page
 * and, with `#anchor`, an explicit heading id (`## Title {#id}`) or an explicit `id="..."` anchor of it.
 * The same check runs over a built site's HTML.
 */
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { listFiles } from '../../generator/write/index.js';

export interface MarkdownPage {
  readonly ids: string[];
  readonly links: { readonly target: string; readonly line: number }[];
  /** Headings without an explicit id. */
  readonly bareHeadings: { readonly text: string; readonly line: number }[];
}

/** Ids, links and headings of one markdown page, outside front matter and code. */
export function parseMarkdown(source: string): MarkdownPage {
  const ids: string[] = [];
  const links: { target: string; line: number }[] = [];
  const bareHeadings: { text: string; line: number }[] = [];
  const lines = source.split('\n');
  let fence: string | undefined;
  let i = 0;
  if (lines[0] === '---') {
    i = lines.indexOf('---', 1) + 1;
  }
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    const prose = line.replace(/(`+)[\s\S]*?\1/g, '');
    const heading = /^ {0,3}(#{1,6})\s+(.*?)\s*$/.exec(prose);
    if (heading) {
      const id = /\{#([^}\s]+)\}$/.exec(heading[2]!)?.[1];
      if (id) ids.push(id);
      else bareHeadings.push({ text: heading[2]!, line: i + 1 });
    }
    for (const m of prose.matchAll(/\bid="([^"]+)"/g)) ids.push(m[1]!);
    for (const m of prose.matchAll(/\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ target: m[1]!, line: i + 1 });
    for (const m of prose.matchAll(/<a\s[^>]*\bhref="([^"]+)"/g)) links.push({ target: m[1]!, line: i + 1 });
  }
  return { ids, links, bareHeadings };
}

export interface LinkProblem {
  readonly file: string;
  readonly line: number;
  readonly problem: string;
}

function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}

/** Every problem with the links and anchors of the markdown pages under `dir`. */
export function checkMarkdownLinks(dir: string): { pages: number; links: number; problems: LinkProblem[] } {
  const files = listFiles(dir).filter((f) => f.endsWith('.md'));
  const pages = new Map(files.map((f) => [f, parseMarkdown(readFileSync(`${dir}/${f}`, 'utf8'))]));
  const problems: LinkProblem[] = [];
  let count = 0;
  for (const [file, page] of pages) {
    const seen = new Set<string>();
    for (const id of page.ids) {
      if (seen.has(id)) problems.push({ file, line: 0, problem: `duplicate id "${id}"` });
      seen.add(id);
    }
    for (const h of page.bareHeadings) problems.push({ file, line: h.line, problem: `heading "${h.text}" has no explicit {#id}` });
    for (const { target, line } of page.links) {
      if (isExternal(target)) continue;
      count++;
      const [path, anchor] = target.split('#', 2) as [string, string | undefined];
      const to = path ? posix.normalize(posix.join(posix.dirname(file), decodeURI(path))) : file;
      const targetPage = pages.get(to);
      if (!targetPage) {
        problems.push({ file, line, problem: `link to missing page ${target}` });
        continue;
      }
      if (anchor !== undefined && !targetPage.ids.includes(decodeURIComponent(anchor))) problems.push({ file, line, problem: `link to missing anchor ${target}` });
    }
  }
  return { pages: pages.size, links: count, problems };
}

/** Every problem with the internal links of a built site's HTML pages (served paths, `.html` or clean). */
export function checkHtmlLinks(dist: string, resolve: (urlPath: string) => string | undefined): { pages: number; links: number; problems: LinkProblem[] } {
  const files = listFiles(dist).filter((f) => f.endsWith('.html'));
  const idsOf = new Map<string, Set<string>>();
  const ids = (abs: string) => {
    let set = idsOf.get(abs);
    if (!set) idsOf.set(abs, (set = new Set([...readFileSync(abs, 'utf8').matchAll(/\sid="([^"]+)"/g)].map((m) => decodeHtml(m[1]!)))));
    return set;
  };
  const problems: LinkProblem[] = [];
  let count = 0;
  for (const file of files) {
    const html = readFileSync(`${dist}/${file}`, 'utf8');
    for (const m of html.matchAll(/<a\s[^>]*?\bhref="([^"]*)"/g)) {
      const target = decodeHtml(m[1]!);
      if (isExternal(target) || target === '') continue;
      count++;
      const [path, anchor] = target.split('#', 2) as [string, string | undefined];
      const urlPath = path === '' ? `/${file}` : path.startsWith('/') ? path : `/${posix.normalize(posix.join(posix.dirname(file), path))}`;
      const abs = resolve(urlPath);
      if (!abs) {
        problems.push({ file, line: 0, problem: `link to missing page ${target}` });
        continue;
      }
      if (anchor && !ids(abs).has(decodeURIComponent(anchor))) problems.push({ file, line: 0, problem: `link to missing anchor ${target}` });
    }
  }
  return { pages: files.length, links: count, problems };
}

function decodeHtml(s: string): string {
  return s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
