/**
 * The docs emitter's text helpers, used the way the emitter uses them: spec prose made safe for a site that
 * compiles markdown as Vue templates, table cells, code spans, explicit ids, and value-form literals.
 */
import { describe, expect, it } from 'vitest';
import { shellQuote } from '../../../../generator/emit/shared/examples.js';
import { anchorId, cell, code, prose, text, tidy, tidyPieces } from '../../../../generator/emit/shared/markdown.js';
import { RunMemory } from '../../../../generator/speed/incremental.js';

describe('prose', () => {
  it.each([
    ['plain markdown is kept', { given: 'A **bold** `code` [link](x.md).', want: 'A **bold** `code` [link](x.md).' }],
    ['a tag-like < outside code is escaped', { given: 'no chain with alias <chain>', want: 'no chain with alias &lt;chain>' }],
    ['a comparison < stays', { given: 'a < b', want: 'a < b' }],
    ['< inside code is kept', { given: 'gives `no account <address>`', want: 'gives `no account <address>`' }],
    ['a code span that wraps keeps to one line', { given: 'see `message\n<here> too`', want: 'see `message <here> too`' }],
    ['mustaches outside code become entities', { given: 'a {{x}}', want: 'a &#123;&#123;x}}' }],
    ['mustaches inside code become a v-pre element', { given: 'a `{{x}}`', want: 'a <code v-pre>{{x}}</code>' }],
    ['fenced code is left alone', { given: 'x\n\n```html\n<b>{{y}}</b>\n```\n', want: 'x\n\n```html\n<b>{{y}}</b>\n```' }],
    ['escapes stay escapes', { given: '\\<b>', want: '\\<b>' }],
    ['undefined is empty', { given: undefined, want: '' }],
  ])('%s', (_, { given, want }) => {
    expect(prose(given)).toBe(want);
  });
});

describe('cell', () => {
  it.each([
    ['paragraphs and list items become <br>', { given: 'One\ntwo.\n\n- a\n- b', want: 'One two.<br>- a<br>- b' }],
    ['pipes are escaped', { given: 'a | b', want: 'a \\| b' }],
    ['empty stays empty', { given: '', want: '' }],
  ])('%s', (_, { given, want }) => {
    expect(cell(given)).toBe(want);
  });
});

describe('code, text and ids', () => {
  it.each([
    ['code: plain', { given: code('x'), want: '`x`' }],
    ['code: with backticks', { given: code('a`b'), want: '``a`b``' }],
    ['code: starting with a backtick', { given: code('`0x${string}`'), want: '`` `0x${string}` ``' }],
    ['text: markup is literal', { given: text('a*b [c] <d>'), want: 'a\\*b \\[c\\] &lt;d&gt;' }],
    ['text: underscores inside words stay', { given: text('ns_getThing'), want: 'ns_getThing' }],
    ['anchorId: dots become dashes', { given: anchorId('svc.getThing'), want: 'svc-getThing' }],
    ['anchorId: never empty', { given: anchorId('...'), want: '_' }],
    ['shellQuote: single quotes', { given: shellQuote(`it's`), want: `'it'\\''s'` }],
  ])('%s', (_, { given, want }) => {
    expect(given).toBe(want);
  });
});

/** tidy as first written, line by line: what the in-place scan must give on any text. */
function tidyByLines(markdown: string): string {
  const out: string[] = [];
  let fence: string | undefined;
  for (const raw of markdown.split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(raw)?.[1];
    if (fence) {
      out.push(raw);
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && raw.trim() === marker) fence = undefined;
      continue;
    }
    const line = raw.trimEnd();
    if (marker) fence = marker;
    if (line === '' && (out.length === 0 || out[out.length - 1] === '')) continue;
    out.push(line);
  }
  while (out.length && out[out.length - 1] === '') out.pop();
  return `${out.join('\n')}\n`;
}

describe('tidy', () => {
  it('collapses blank lines and trailing spaces outside code only', () => {
    expect(tidy('# T  \n\n\n\ntext\n```\na  \n\n\nb\n```\n\n\n')).toBe('# T\n\ntext\n```\na  \n\n\nb\n```\n');
  });

  it('gives what tidying line by line gives, on texts made of fences, blank lines and trailing white space', () => {
    const pieces = ['', ' ', '  ', '\t', '\u00a0', '\r', 'text', '# T', '```', '````', '~~~', '   ```', '    ```', '``', '```ts', '``` ', 'a ``` b', '~~~~ x', '\u2003'];
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const cases = ['', '\n', '\n\n', 'a', 'a\n', '\na', '```\n\n', ' \n \n'];
    for (let c = 0; c < 3000; c++) {
      const lines: string[] = [];
      for (let l = next(12); l >= 0; l--) lines.push(`${pieces[next(pieces.length)]}${pieces[next(pieces.length)]}`);
      cases.push(lines.join('\n'));
    }
    for (const text of cases) expect(tidy(text), JSON.stringify(text)).toBe(tidyByLines(text));
  });

  it('gives, piece by piece (scans of pieces kept and reused), what it gives on the pieces joined', () => {
    const pieces = ['', ' ', '\n', '\n\n', 'text', '# T  ', '```', '~~~~', '  ```', '\t', 'a ``` b', '\u00a0'];
    let seed = 11;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    // A few sections seen again and again (as a page's methods are), in any state the page is in.
    const sections = ['## a\n\ntext  \n', '```\ncode  \n\n\n', '```\n\n', '\n\n', 'x\n'];
    const session = new RunMemory(true);
    for (let c = 0; c < 3000; c++) {
      const parts: string[] = [];
      for (let l = next(10); l >= 0; l--) {
        if (next(3) === 0) parts.push(sections[next(sections.length)]!);
        else {
          const line: string[] = [];
          for (let k = next(3); k >= 0; k--) line.push(pieces[next(pieces.length)]!);
          parts.push(line.join(''));
        }
      }
      const whole = parts.join('');
      // A few pages, each tidied again and again (as a watch session does), and once with nothing kept.
      expect(tidyPieces(parts, (p) => sections.includes(p), session, `page ${c % 4}`), JSON.stringify(parts)).toBe(tidy(whole));
      expect(tidyPieces(parts, (p) => sections.includes(p), new RunMemory(false)), JSON.stringify(parts)).toBe(tidy(whole));
    }
  });
});
