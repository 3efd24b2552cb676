/**
 * A diff as text for people and as JSON for tools. The JSON shape is versioned (`format`) and documented in
 * the README; fields are written in a fixed order and changes sorted, so the same diff prints the same bytes.
 */
import type { Change, DiffResult } from './compare.js';
import { rule } from './rules.js';

export const JSON_FORMAT = 'noderpc-diff/1';

export interface Sides {
  readonly old: string;
  readonly new: string;
}

export interface Versions {
  /** The last released version. */
  readonly current: string;
  /** The version the changes call for. */
  readonly next: string;
}

export function diffJson(result: DiffResult, sides: Sides, versions?: Versions): string {
  const out = {
    format: JSON_FORMAT,
    old: sides.old,
    new: sides.new,
    bump: result.bump,
    ...(versions ? { version: { current: versions.current, next: versions.next } } : {}),
    counts: { breaking: result.counts.breaking, 'non-breaking': result.counts['non-breaking'], info: result.counts.info },
    changes: result.changes.map((c) => ({
      rule: c.rule,
      severity: c.severity,
      client: c.client,
      server: c.server,
      wire: c.wire,
      service: c.service,
      ...(c.method !== undefined ? { method: c.method } : {}),
      ...(c.path !== undefined ? { path: c.path } : {}),
      ...(c.schema !== undefined ? { schema: c.schema } : {}),
      ...(c.old !== undefined ? { old: c.old } : {}),
      ...(c.new !== undefined ? { new: c.new } : {}),
      message: c.message,
    })),
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Who a change breaks, for the end of its line. */
function breaks(c: Change): string {
  const who = (['client', 'server', 'wire'] as const).filter((k) => c[k] === 'breaking');
  return who.length ? `; breaks ${who.join(', ')}` : '';
}

const SEVERITY_WIDTH = 'non-breaking'.length;

function line(c: Change, text = c.message): string {
  return `  ${c.severity.padEnd(SEVERITY_WIDTH)}  ${text}  (${c.rule}${breaks(c)})`;
}

/**
 * Changes that are one change met in many places: the same rule with the same values inside one shared
 * schema, or the same method-level change (an effects declaration, a deprecation) across methods. Listed
 * once with where they are met, from this many places on.
 */
export const REPEATED_AT = 3;

export function repeated(changes: readonly Change[]): { groups: Change[][]; rest: Change[] } {
  const groups = new Map<string, Change[]>();
  for (const c of changes) {
    if (c.schema === undefined && (c.path !== undefined || c.method === undefined)) continue;
    const key = JSON.stringify([c.rule, c.schema ?? null, c.old ?? null, c.new ?? null]);
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const kept = [...groups.values()].filter((g) => g.length >= REPEATED_AT);
  const grouped = new Set(kept.flat());
  return { groups: kept, rest: changes.filter((c) => !grouped.has(c)) };
}

export function diffText(result: DiffResult, sides: Sides, versions?: Versions): string {
  const lines: string[] = [`noderpc diff: ${sides.old} → ${sides.new}`];
  if (!result.changes.length) {
    lines.push('No changes to anyone: the generated code and the wire are the same.');
    return `${lines.join('\n')}\n`;
  }
  const c = result.counts;
  const version = versions ? ` (${versions.current} → ${versions.next})` : '';
  lines.push(`${plural(result.changes.length, 'change')}: ${c.breaking} breaking, ${c['non-breaking']} non-breaking, ${c.info} info. Implied bump: ${result.bump}${version}.`);

  const { groups, rest } = repeated(result.changes);
  const byMethod = new Map<string, Change[]>();
  for (const ch of rest) {
    const key = ch.method ? `${ch.method} (${ch.service})` : `service ${ch.service}`;
    byMethod.set(key, [...(byMethod.get(key) ?? []), ch]);
  }
  for (const [key, list] of byMethod) {
    lines.push('', key);
    for (const ch of list) lines.push(line(ch));
  }
  if (groups.length) {
    lines.push('', 'Met in many places (one change each)');
    for (const g of groups) {
      const first = g[0]!;
      const methods = [...new Set(g.map((x) => x.method ?? `service ${x.service}`))];
      const shown = methods.slice(0, 6).join(', ') + (methods.length > 6 ? `, and ${methods.length - 6} more` : '');
      const values = first.old !== undefined && first.new !== undefined ? ` (${first.old} → ${first.new})` : '';
      const where = first.schema !== undefined ? `${first.schema}: ` : '';
      const count = first.schema !== undefined ? `${plural(g.length, 'place')} of ${plural(methods.length, 'method')}` : plural(methods.length, 'method');
      lines.push(line(first, `${where}${rule(first.rule).summary}${values}, in ${count}: ${shown}`));
    }
  }
  return `${lines.join('\n')}\n`;
}
