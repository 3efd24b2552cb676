/**
 * Bodies of the go-ethereum flavor (the EVM chain's endpoints), answered as geth's server answers them:
 * its parse errors, its batch limit, responses in a request ignored, every reply escaped as Go escapes.
 */
import type { Calls } from './outcome.js';
import type { Site } from './tables.js';
import { goEscape } from './json.js';
import { gethMessage, gethValidId, goParse, type IdSource, idText, stdError } from './wire.js';

export async function gethBody(calls: Calls, site: Site, text: string): Promise<string | null> {
  const parsed = goParse(text, calls.options.maxDepth);
  if (!parsed.ok) return parsed.eof ? null : `${stdError('null', { code: -32700, message: 'parse error' })}\n`;
  const body = parsed.value;
  const ids: IdSource = { text, start: parsed.start, caseInsensitive: true, raw: undefined };
  let out: string | null;
  if (!Array.isArray(body)) out = await gethOne(calls, site, body, ids, 0);
  else if (body.length === 0) out = stdError('null', { code: -32600, message: 'empty batch' });
  else if (body.length > site.service.batchLimit) out = `[${stdError(firstValidId(body, ids), { code: -32600, message: 'batch too large' })}]`;
  else {
    const replies: string[] = [];
    for (let i = 0; i < body.length; i++) {
      const r = await gethOne(calls, site, body[i], ids, i);
      if (r !== null) replies.push(r);
    }
    out = replies.length === 0 ? null : `[${replies.join(',')}]`;
  }
  return out === null ? null : `${goEscape(out)}\n`;
}

/** The id of a batch's first valid call (geth's answer to a batch over its limit carries it), else `null`. */
function firstValidId(body: unknown[], ids: IdSource): string {
  for (let i = 0; i < body.length; i++) {
    const m = gethMessage(body[i]);
    if (m && m.version === '2.0' && gethValidId(m) && m.method !== '') return idText(m.id, ids, i);
  }
  return 'null';
}

async function gethOne(calls: Calls, site: Site, value: unknown, ids: IdSource, index: number): Promise<string | null> {
  const m = gethMessage(value);
  if (m === undefined) return stdError('null', { code: -32600, message: 'invalid request' });
  if (m.isResponse) return null;
  const validId = gethValidId(m);
  const idJson = validId ? idText(m.id, ids, index) : 'null';
  if (m.version === '2.0' && m.method !== '') {
    if (!m.hasId) {
      await calls.dispatch(site, m.method, m.params);
      return null;
    }
    if (validId) {
      const outcome = await calls.dispatch(site, m.method, m.params);
      return typeof outcome === 'string' ? `{"jsonrpc":"2.0","id":${idJson},"result":${outcome}}` : stdError(idJson, outcome.error);
    }
  }
  return stdError(idJson, { code: -32600, message: 'invalid request' });
}
