/**
 * What the release record says, for the outputs: the version the package carries, the changelog, and per
 * method the version it appeared in and the versions it changed in. Pure: the record and models in, text
 * and values out.
 */
import { diffModels, type Change, type DiffResult } from '../diff/compare.js';
import { nextVersion, rule } from '../diff/rules.js';
import type { Model } from '../../model/index.js';
import { repeated } from '../diff/report.js';
import type { MethodHistory, ReleasesModel } from '../../model/releases.js';
import type { LoadedRecord, Release, ReleaseRecord } from './record.js';

/** The record as the outputs see it, with what the spec holds that no release does yet. */
export interface ReleaseView {
  readonly record: ReleaseRecord;
  /** The last released version: the one the package carries. */
  readonly version: string;
  /** The spec against the last release. */
  readonly pending: DiffResult;
  /** The version a release now would get (the same as `version` when nothing changed). */
  readonly next: string;
  /** Methods the last release has. */
  readonly released: ReadonlySet<string>;
}

export function releaseView(loaded: LoadedRecord, model: Model): ReleaseView {
  const pending = diffModels(loaded.released, model);
  return {
    record: loaded.record,
    version: loaded.version,
    pending,
    next: nextVersion(loaded.version, pending.bump),
    released: new Set(loaded.released.services.flatMap((s) => s.methods.map((m) => m.name))),
  };
}

/** The record as the emitters read it. */
export function releasesModel(view: ReleaseView): ReleasesModel {
  return {
    version: view.version,
    next: view.next,
    first: view.record.releases[0]?.version ?? view.version,
    released: view.released,
    history: methodHistory(view.record),
    changelog: (packageName) => changelog(view.record, packageName),
  };
}

/** One line for `generate`'s report: the release the spec's changes call for. */
export function releaseNote(view: ReleaseView): string {
  const c = view.pending.counts;
  if (!view.pending.changes.length) return `Release: the spec is as released in ${view.version}.`;
  return `Release: ${view.pending.changes.length} change${view.pending.changes.length === 1 ? '' : 's'} since ${view.version} (${c.breaking} breaking, ${c['non-breaking']} non-breaking, ${c.info} info): a ${view.pending.bump} bump is due, to ${view.next}. \`noderpc diff\` lists them; \`noderpc release\` records the release.`;
}

const ADDS = new Set(['method-added', 'method-renamed', 'method-renamed-with-alias']);

/** Per method, the version it appeared in and the versions that changed it. */
export function methodHistory(record: ReleaseRecord): Map<string, MethodHistory> {
  const first = record.releases[0]?.version ?? '0.0.0';
  const out = new Map<string, { since: string; changed: string[] }>();
  const entry = (name: string) => {
    let e = out.get(name);
    if (!e) out.set(name, (e = { since: first, changed: [] }));
    return e;
  };
  for (const release of record.releases) {
    if (release.first) continue;
    for (const c of release.changes) {
      if (!c.method) continue;
      if (c.rule === 'method-removed') out.delete(c.method);
      else if (ADDS.has(c.rule)) {
        out.set(c.method, { since: release.version, changed: [] });
        if (c.rule === 'method-renamed' && c.old !== undefined) out.delete(c.old);
      } else {
        const e = entry(c.method);
        if (e.since !== release.version && !e.changed.includes(release.version)) e.changed.push(release.version);
      }
    }
  }
  return out;
}

/** A release entry for `changes` after `previous`. */
export function nextRelease(previous: string, result: DiffResult): Release {
  return { version: nextVersion(previous, result.bump), ...(result.bump !== 'none' ? { bump: result.bump } : {}), changes: result.changes };
}

const SECTIONS = [
  ['breaking', 'Breaking'],
  ['added', 'Added'],
  ['changed', 'Changed'],
  ['deprecated', 'Deprecated'],
  ['removed', 'Removed'],
] as const;

function sectionOf(c: Change): (typeof SECTIONS)[number][0] {
  return c.severity === 'breaking' ? 'breaking' : rule(c.rule).section;
}

function breaksNote(c: Change): string {
  const who = (['client', 'server', 'wire'] as const).filter((k) => c[k] === 'breaking');
  return who.length ? ` (breaks ${who.join(', ')})` : '';
}

function code(text: string): string {
  const one = text.replace(/\s+/g, ' ');
  return one.includes('`') ? `\`\` ${one} \`\`` : `\`${one}\``;
}

function valuesText(c: Change): string {
  if (c.old !== undefined && c.new !== undefined) return ` (${code(c.old)} → ${code(c.new)})`;
  if (c.new !== undefined) return ` (${code(c.new)})`;
  if (c.old !== undefined) return ` (${code(c.old)})`;
  return '';
}

/** A change as markdown: what happened, where (as code), from what to what. */
function changeText(c: Change): string {
  return `${rule(c.rule).summary}${c.path ? `: ${code(c.path)}` : ''}${valuesText(c)}`;
}

function sectionLines(changes: readonly Change[]): string[] {
  const { groups, rest } = repeated(changes);
  const lines: string[] = [];
  const byOwner = new Map<string, Change[]>();
  for (const c of rest) {
    const owner = c.method ? code(c.method) : `service ${code(c.service)}`;
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), c]);
  }
  for (const [owner, list] of byOwner) {
    const text = (c: Change) => `${changeText(c)}${c.schema !== undefined ? ` (in ${code(c.schema)})` : ''}${breaksNote(c)}`;
    if (list.length === 1) lines.push(`- ${owner}: ${text(list[0]!)}`);
    else lines.push(`- ${owner}:`, ...list.map((c) => `  - ${text(c)}`));
  }
  for (const g of groups) {
    const c = g[0]!;
    const methods = [...new Set(g.map((x) => x.method ?? x.service))];
    const where = c.schema !== undefined ? `shared schema ${code(c.schema)}: ` : '';
    const count = c.schema !== undefined ? `${g.length} places of ${methods.length} methods` : `${methods.length} methods`;
    lines.push(`- ${where}${rule(c.rule).summary}${valuesText(c)}${breaksNote(c)}, in ${count}: ${methods.map(code).join(', ')}`);
  }
  return lines;
}

/** The package's CHANGELOG.md: every release, newest first, its changes by section and method. */
export function changelog(record: ReleaseRecord, packageName: string): string {
  const out: string[] = [
    '# Changelog',
    '',
    `Every release of ${code(packageName)}, newest first, written from the release record by \`noderpc release\`. Each change comes from comparing the spec with the release before (\`noderpc diff\`); a breaking change names whom it breaks: code calling the client, handlers written for the server, or messages on the wire.`,
  ];
  for (const release of [...record.releases].reverse()) {
    out.push('', `## ${release.version}`, '');
    if (release.first) {
      out.push('First release.');
      continue;
    }
    if (!release.changes.length) {
      out.push('No changes to the interface.');
      continue;
    }
    let firstSection = true;
    for (const [key, title] of SECTIONS) {
      const list = release.changes.filter((c) => sectionOf(c) === key);
      if (!list.length) continue;
      if (!firstSection) out.push('');
      firstSection = false;
      out.push(`### ${title}`, '', ...sectionLines(list));
    }
  }
  return `${out.join('\n')}\n`;
}
