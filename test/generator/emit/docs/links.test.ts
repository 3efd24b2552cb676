/**
 * Every link of the committed docs resolves: relative links name an existing page, `#anchors` an explicit
 * heading id of it (`{#id}`), no page repeats an id, and no heading goes without an explicit id.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMarkdownLinks, parseMarkdown } from '../../../helpers/links.js';
import { ROOT } from '../../../helpers/paths.js';

const DOCS = join(ROOT, 'generated/docs');

describe('generated/docs links', () => {
  it('resolve to existing pages and explicit anchors', () => {
    expect(existsSync(join(DOCS, 'index.md')), 'generated/docs is missing: npm run generate').toBe(true);
    const { pages, links, problems } = checkMarkdownLinks(DOCS);
    expect(pages).toBeGreaterThan(3);
    expect(links).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });
});

describe('the link checker', () => {
  it.each([
    ['heading ids', { given: '# A {#a}\n\n## B {#b-1}\n', want: { ids: ['a', 'b-1'], links: [], bare: [] } }],
    ['links outside code only', { given: 'See [x](./p.md#a) and `[y](no.md)`.\n\n```md\n[z](no.md)\n```\n', want: { ids: [], links: ['./p.md#a'], bare: [] } }],
    ['front matter skipped', { given: '---\noutline: 2\n---\n# T {#t}\n', want: { ids: ['t'], links: [], bare: [] } }],
    ['bare headings reported', { given: '## Plain\n', want: { ids: [], links: [], bare: ['Plain'] } }],
    ['explicit id attributes', { given: '<a id="here"></a>\n', want: { ids: ['here'], links: [], bare: [] } }],
  ])('%s', (_, { given, want }) => {
    const page = parseMarkdown(given);
    expect({ ids: page.ids, links: page.links.map((l) => l.target), bare: page.bareHeadings.map((h) => h.text) }).toEqual(want);
  });
});
