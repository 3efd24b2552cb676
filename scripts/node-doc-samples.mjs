#!/usr/bin/env node
// Collects the sample requests, responses and notifications of the node's service documentation (the
// `service.md` files of avalanchejs' node repository and the C-Chain API docs) as JSON data for
// test/spec/node-docs.test.ts, which checks every one against the spec. Only the JSON values are kept: they
// are facts of the wire form; the prose around them is not copied.
//
//   node scripts/node-doc-samples.mjs <git-dir> <commit> <path-in-repo> <source-name> > test/fixtures/node-docs/<name>.json
//
// A sample whose JSON the documentation mistypes (a trailing comma, a stray brace) is read as meant and
// marked `repaired`. Requests come from `curl --data '...'` and `wscat -x '...'` lines; each response or
// notification block is paired with the call before it under the same method heading.
import { execFileSync } from 'node:child_process';

const [gitDir, commit, path, source] = process.argv.slice(2);
if (!gitDir || !commit || !path || !source) {
  process.stderr.write('usage: node scripts/node-doc-samples.mjs <git-dir> <commit> <path-in-repo> <source-name>\n');
  process.exit(2);
}
const text = execFileSync('git', ['-C', gitDir, 'show', `${commit}:${path}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** JSON as the documentation meant it: exact when it parses, else with its known typos mended. */
function read(raw) {
  try {
    return { value: JSON.parse(raw) };
  } catch {
    // Trailing commas before a closing bracket; closing braces past the end of the value.
    let mended = raw.replace(/,(\s*[}\]])/g, '$1');
    const repaired = mended !== raw ? ['trailing comma'] : [];
    for (let i = 0; i < 3; i++) {
      try {
        return { value: JSON.parse(mended), repaired };
      } catch {
        const trimmed = mended.replace(/}\s*$/, '');
        if (trimmed === mended) break;
        mended = trimmed;
        if (!repaired.includes('extra closing brace')) repaired.push('extra closing brace');
      }
    }
    return { error: `not JSON even as meant: ${raw.slice(0, 60)}` };
  }
}

const samples = [];
let heading;
let current;
const lines = text.split('\n');
for (let i = 0; i < lines.length; i++) {
  const h = /^#{2,5} `([^`]+)`/.exec(lines[i]);
  if (h) {
    heading = h[1];
    current = undefined;
    continue;
  }
  const fence = /^```(\w*)/.exec(lines[i]);
  if (!fence) continue;
  const start = i + 1;
  const body = [];
  for (i++; i < lines.length && !/^```/.test(lines[i]); i++) body.push(lines[i]);
  const block = body.join('\n');
  const call = /(?:--data(?:-raw)?|-x)\s+'([\s\S]*?)'/.exec(block);
  if (call && /\b(curl|wscat)\b/.test(block)) {
    const r = read(call[1]);
    current = { heading, line: start, ...(r.error ? { unreadable: r.error } : { request: r.value }), ...(r.repaired?.length ? { repaired: r.repaired } : {}) };
    samples.push(current);
    continue;
  }
  // A JSON block that is a JSON-RPC message: a response (result or error) or a notification.
  if (!/^\s*[{[]/.test(block)) continue;
  const r = read(block);
  if (r.error) {
    samples.push({ heading, line: start, unreadable: r.error });
    continue;
  }
  const v = r.value;
  const isNotification = v && typeof v === 'object' && !Array.isArray(v) && typeof v.method === 'string' && !('id' in v);
  const isResponse = v && typeof v === 'object' && !Array.isArray(v) && ('result' in v || 'error' in v);
  // A signature written as JSON (a request with no call line) is a request form too.
  const isRequest = v && typeof v === 'object' && !Array.isArray(v) && typeof v.method === 'string' && 'id' in v;
  const kind = isNotification ? 'notification' : isResponse ? 'response' : isRequest ? 'request' : undefined;
  if (!kind) continue;
  const repaired = r.repaired?.length ? { repaired: r.repaired } : {};
  if (kind !== 'request' && current && current.heading === heading && !(kind in current)) Object.assign(current, { [kind]: v }, repaired);
  else samples.push({ heading, line: start, [kind]: v, ...repaired });
}
process.stdout.write(`${JSON.stringify({ source, repository: gitDir.replace(/^.*\/([^/+]+)\+([^/]+)\/repo$/, '$1/$2'), commit, path, samples }, null, 2)}\n`);
