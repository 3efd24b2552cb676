/**
 * Bodies of the gorilla/rpc json2 flavor (the node's Info, P-Chain, native and admin endpoints), answered
 * as the node's server answers them: one request per body, its parse and version errors with the request
 * echoed in `data` (secrets masked), `Service.Method` names looked up as gorilla looks them up.
 */
import { goEscape, goQuote } from './json.js';
import { type Calls, Failure, type Outcome } from './outcome.js';
import { maskParams } from './redact.js';
import type { Entry, ServiceTable, Site } from './tables.js';
import { gorillaName } from './texts.js';
import type { WireError } from './types.js';
import { goParse, goServerRequest, gorillaError, type IdSource, idText } from './wire.js';

/** Reply of a gorilla endpoint: the body (or none) and whether the method ran (gorilla then adds `nosniff`). */
export interface GorillaReply {
  readonly body: string | null;
  readonly ran: boolean;
}

export async function gorillaBody(calls: Calls, site: Site, text: string): Promise<GorillaReply> {
  const svc = site.service;
  const parsed = goParse(text, calls.options.maxDepth);
  if (!parsed.ok) {
    return {
      body: gorillaOut(gorillaError('null', { code: -32700, message: parsed.message }, '{"jsonrpc":"","method":"","params":null,"id":null}')),
      ran: false,
    };
  }
  const req = goServerRequest(parsed.value);
  const ids: IdSource = { text, start: parsed.start, caseInsensitive: true, raw: undefined };
  const idJson = req.id === undefined ? 'null' : idText(req.id, ids, 0);
  if (req.error !== undefined || req.version !== '2.0') {
    const meta = svc.methods.get(req.method)?.meta;
    const masked = maskParams(req.params, meta?.secrets ?? svc.secretNames, meta?.params ?? []);
    const data = `{"jsonrpc":${JSON.stringify(req.version)},"method":${JSON.stringify(req.method)},"params":${req.params === undefined ? 'null' : JSON.stringify(masked)},"id":${idJson}}`;
    // Parse errors are always answered; any other error only when the request has an id.
    if (req.error !== undefined) return { body: gorillaOut(gorillaError(idJson, { code: -32700, message: req.error }, data)), ran: false };
    if (req.id === undefined) return { body: null, ran: false };
    return { body: gorillaOut(gorillaError(idJson, { code: -32600, message: 'jsonrpc must be 2.0' }, data)), ran: false };
  }
  let outcome: Outcome;
  if (req.method === 'rpc.discover' && svc.discover) outcome = calls.discover(svc);
  else {
    const entry = gorillaLookup(svc, req.method);
    outcome = 'error' in entry ? new Failure(entry.error, true) : await calls.call(site, entry.meta.name, entry, req.params);
  }
  const ran = typeof outcome === 'string' || !outcome.early;
  if (req.id === undefined) return { body: null, ran };
  if (typeof outcome !== 'string') return { body: gorillaOut(gorillaError(idJson, outcome.error)), ran };
  const result = outcome === 'null' ? '' : `"result":${outcome},`;
  return { body: gorillaOut(`{"jsonrpc":"2.0",${result}"id":${idJson}}`), ran };
}

function gorillaOut(text: string): string {
  return `${goEscape(text)}\n`;
}

function gorillaLookup(svc: ServiceTable, method: string): Entry | { error: WireError } {
  const g = gorillaName(method);
  if ('refused' in g) return { error: { code: -32000, message: g.refused, data: null } };
  const name = g.name;
  const parts = name.split('.');
  const q = goQuote(name);
  if (parts.length !== 2) return { error: { code: -32000, message: `rpc: service/method request ill-formed: ${q}`, data: null } };
  if (!svc.namespaces.has(parts[0] as string)) return { error: { code: -32000, message: `rpc: can't find service ${q}`, data: null } };
  const entry = svc.gorilla.get(name);
  if (!entry || entry.off !== undefined || !entry.implemented) return { error: { code: -32000, message: `rpc: can't find method ${q}`, data: null } };
  return entry;
}
