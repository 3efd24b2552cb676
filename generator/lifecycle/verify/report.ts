/**
 * A verify report as a table for people: what needs attention first (drift, methods the spec says are
 * served that are not, unnamed fields, errors), each status grouped by service; methods that passed or were
 * skipped in compact lists. Pure and deterministic: the same report prints the same text.
 */
import { STATUSES, type MethodReport, type Status, type VerifyReport } from './types.js';

const DETAILED = new Set<Status>(['drift', 'not-served', 'unreadable', 'extra-fields', 'error', 'disabled', 'skipped']);

function shown(value: unknown): string {
  const s = JSON.stringify(value);
  return s === undefined ? 'nothing' : s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

export function formatReport(report: VerifyReport): string {
  const lines: string[] = [];
  lines.push(`noderpc verify ${report.node.url}${report.node.version ? ` (node ${report.node.version})` : ''}`);
  for (const status of STATUSES) {
    const list = report.methods.filter((m) => m.status === status);
    if (!list.length) continue;
    lines.push('', `${status} (${list.length})`);
    const services: string[] = [];
    for (const m of list) if (!services.includes(m.service)) services.push(m.service);
    for (const service of services) {
      const mine = list.filter((m) => m.service === service);
      if (!DETAILED.has(status)) {
        lines.push(...wrap(`  ${service}: `, mine.map(label)));
        continue;
      }
      lines.push(`  ${service}`);
      for (const m of mine) lines.push(...describe(m));
    }
  }
  if (report.discover.length) {
    lines.push('', 'rpc.discover');
    for (const d of report.discover) {
      if (!d.served) {
        lines.push(`  ${d.service} ${d.url}: not served`);
        continue;
      }
      lines.push(`  ${d.service} ${d.url}: ${d.notInSpec.length} listed by the node but not in the spec, ${d.notOnNode.length} in the spec but not listed`);
      if (d.notInSpec.length) lines.push(...wrap('    not in the spec: ', d.notInSpec));
      if (d.notOnNode.length) lines.push(...wrap('    not listed by the node: ', d.notOnNode));
    }
  }
  const s = report.summary;
  lines.push('', `summary: ${STATUSES.filter((k) => s[k]).map((k) => `${s[k]} ${k}`).join(', ') || 'nothing checked'}; ${s.calls} call${s.calls === 1 ? '' : 's'}`);
  return `${lines.join('\n')}\n`;
}

function describe(m: MethodReport): string[] {
  const out = [`    ${label(m)}${m.reason ? `: ${m.reason}` : ''}`];
  for (const p of m.problems) {
    const parts = [`      ${p.pointer || '(the result)'}: ${p.message}`];
    if (p.expected !== undefined) parts.push(`spec: ${p.expected}`);
    if ('received' in p && p.received !== undefined) parts.push(`received: ${shown(p.received)}`);
    out.push(parts.join('; '));
  }
  return out;
}

/** A method's name; for one of its plain GETs, the GET beside it (`health.readiness GET /ext/health/readiness`). */
function label(m: MethodReport): string {
  return m.get === undefined ? m.method : `${m.method} GET ${m.get}`;
}

/** `prefix a, b, c` broken at 110 columns, continuation lines indented under the first item. */
function wrap(prefix: string, items: readonly string[]): string[] {
  const lines: string[] = [];
  let line = prefix;
  const indent = ' '.repeat(prefix.length);
  items.forEach((item, i) => {
    const piece = `${item}${i < items.length - 1 ? ',' : ''}`;
    if (line.length + piece.length > 110 && line.trim().length > prefix.trim().length) {
      lines.push(line.trimEnd());
      line = indent;
    }
    line += `${piece} `;
  });
  lines.push(line.trimEnd());
  return lines;
}
