/**
 * The README's rule list is the rule table: the section between its markers is exactly what
 * `rulesMarkdown()` prints (UPDATE_GOLDEN=1 rewrites it), and the documented JSON fields are the ones
 * `noderpc diff --json` writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rulesMarkdown } from '../../../../generator/lifecycle/diff/rules.js';
import { updating } from '../../../helpers/golden.js';
import { ROOT } from '../../../helpers/paths.js';

const README = join(ROOT, 'README.md');
const START = '<!-- diff-rules:start -->';
const END = '<!-- diff-rules:end -->';

describe('the README documents noderpc diff from its sources', () => {
  it('the rule list is the rule table', () => {
    const text = readFileSync(README, 'utf8');
    const [from, to] = [text.indexOf(START), text.indexOf(END)];
    expect(from, `README.md needs ${START} … ${END}`).toBeGreaterThan(-1);
    const want = `${START}\n${rulesMarkdown()}\n${END}`;
    if (updating) writeFileSync(README, `${text.slice(0, from)}${want}${text.slice(to + END.length)}`);
    else expect(text.slice(from, to + END.length)).toBe(want);
  });

  it('names every field of the JSON output', () => {
    const text = readFileSync(README, 'utf8');
    for (const field of ['format', 'old', 'new', 'bump', 'version', 'counts', 'changes', 'rule', 'severity', 'client', 'server', 'wire', 'service', 'method', 'path', 'schema', 'message']) {
      expect(text, field).toContain(`\`${field}\``);
    }
  });
});
