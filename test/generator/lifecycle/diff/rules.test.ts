/**
 * The rule table, case by case: every case's documents diffed both ways give exactly the changes it lists;
 * every rule of generator/diff/rules.ts is met by some case; and the table itself is consistent (a rule that
 * breaks anyone bumps the major version).
 */
import { describe as group, expect, it } from 'vitest';
import { diffModels } from '../../../../generator/lifecycle/diff/compare.js';
import { RULES, nextVersion, rule, severityOf } from '../../../../generator/lifecycle/diff/rules.js';
import { changelog, nextRelease } from '../../../../generator/lifecycle/release/history.js';
import { buildService, type Model } from '../../../../generator/model/index.js';
import { CASES, describe, sideDocs, type Case } from './cases.js';

function model(side: Case['old']): Model {
  return { services: Object.entries(sideDocs(side)).map(([name, doc]) => buildService(name, `${name}.json`, doc)) };
}

const found = new Set<string>();

group('the rule table, case by case (old → new, then new → old)', () => {
  for (const [name, c] of CASES) {
    it(name, () => {
      const forward = diffModels(model(c.old), model(c.new)).changes;
      const backward = diffModels(model(c.new), model(c.old)).changes;
      for (const ch of [...forward, ...backward]) found.add(ch.rule);
      expect(forward.map(describe).sort()).toEqual([...c.want].sort());
      expect(backward.map(describe).sort()).toEqual([...c.back].sort());
    });
  }

  it('covers every rule, with at least 40 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    expect(RULES.map((r) => r.id).filter((id) => !found.has(id))).toEqual([]);
  });
});

group('the rule table itself', () => {
  it('has unique ids, and a rule that breaks anyone bumps the major version', () => {
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
    for (const r of RULES) expect([r.id, r.bump === 'major'], r.id).toEqual([r.id, severityOf(r) === 'breaking']);
  });

  it('derives versions as npm reads them (before 1.0.0 a breaking change moves the minor)', () => {
    expect(['major', 'minor', 'patch', 'none'].map((b) => nextVersion('1.4.2', b as never))).toEqual(['2.0.0', '1.5.0', '1.4.3', '1.4.2']);
    expect(['major', 'minor', 'patch', 'none'].map((b) => nextVersion('0.4.2', b as never))).toEqual(['0.5.0', '0.4.3', '0.4.3', '0.4.2']);
    expect(() => nextVersion('1.0', 'patch')).toThrow(/not a release version/);
  });
});

group('the changelog, case by case', () => {
  const TITLES: Record<string, string> = { breaking: 'Breaking', added: 'Added', changed: 'Changed', deprecated: 'Deprecated', removed: 'Removed' };
  for (const [name, c] of CASES) {
    const result = diffModels(model(c.old), model(c.new));
    if (!result.changes.length) continue;
    it(`${name}: a line for every change, in its section`, () => {
      const text = changelog({ releases: [{ version: '0.1.0', first: true, changes: [] }, nextRelease('0.1.0', result)] }, 'pkg');
      // `### Title` then its lines, up to the next section.
      const sections = new Map(text.split('\n### ').slice(1).map((part) => [part.slice(0, part.indexOf('\n')), part]));
      for (const ch of result.changes) {
        const title = TITLES[ch.severity === 'breaking' ? 'breaking' : rule(ch.rule).section]!;
        const line = `${rule(ch.rule).summary}${ch.path ? `: \`${ch.path}\`` : ''}`;
        expect(sections.get(title) ?? '', `${ch.rule} under ${title}`).toContain(line);
        expect(sections.get(title) ?? '').toContain(`\`${ch.method ?? ch.service}\``);
      }
    });
  }
});
