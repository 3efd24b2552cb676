/**
 * The one table of change rules. Every change `noderpc diff` reports carries one of these ids; its effect on
 * each consumer, its severity, the semver bump it implies and its changelog section all come from here, and
 * the README's rule list is printed from it (test/generator/lifecycle/diff/readme.test.ts holds them equal).
 *
 * Consumers:
 * - `client`: code calling the generated client. `breaking` means code that compiled against the old
 *   package no longer compiles against the new one (test/generator/lifecycle/diff/oracle.test.ts proves it for every case of
 *   the rule table's tests).
 * - `server`: code implementing the generated server's handlers; `breaking` means a handler written against
 *   the old types no longer compiles (object literals included: TypeScript refuses excess properties).
 * - `wire`: messages under the old contract meeting the new one: a request the server used to accept is
 *   refused, or a reply an old client's validators (`validate: true`) refuse.
 *
 * `non-breaking`: the consumer sees a difference, nothing it did stops working; `none`: not affected.
 */

export type Effect = 'breaking' | 'non-breaking' | 'none';
export type Severity = 'breaking' | 'non-breaking' | 'info';
export type Bump = 'major' | 'minor' | 'patch';
/** Where a non-breaking change goes in the changelog (breaking changes have their own section). */
export type Section = 'added' | 'changed' | 'deprecated' | 'removed';

export interface Rule {
  readonly id: string;
  /** What happened, as a sentence fragment after the place (`param \`x\`: ...`). */
  readonly summary: string;
  /** Why each consumer is affected the way the columns say. */
  readonly why: string;
  readonly client: Effect;
  readonly server: Effect;
  readonly wire: Effect;
  /** Bump of a change no consumer finds breaking (breaking ones are always major). */
  readonly bump: Bump;
  readonly section: Section;
}

const B = 'breaking' as const;
const N = 'non-breaking' as const;
const O = 'none' as const;

type Row = readonly [id: string, client: Effect, server: Effect, wire: Effect, bump: Bump, section: Section, summary: string, why: string];

// prettier-ignore
const ROWS: readonly Row[] = [
  // Methods
  ['method-added', N, N, N, 'minor', 'added', 'method added', 'Handlers are optional: a server without one answers "method not found".'],
  ['method-removed', B, B, B, 'major', 'removed', 'method removed', 'Calls to it and a handler for it no longer compile; the server refuses it.'],
  ['method-renamed', B, B, B, 'major', 'changed', 'method renamed (same params and result)', 'The old name is gone for callers, handlers and requests alike.'],
  ['method-renamed-with-alias', N, N, N, 'minor', 'added', 'method added under a new name; the old name stays as a deprecated alias', 'The old name still works everywhere.'],
  ['method-moved', O, B, B, 'major', 'changed', 'method moved to another service (endpoint)', 'The client calls the new endpoint; the handler belongs to another service; requests to the old endpoint are refused.'],
  ['method-deprecated', N, N, N, 'minor', 'deprecated', 'method deprecated', 'Editors strike it through; it still works.'],
  ['method-undeprecated', N, N, N, 'patch', 'changed', 'method no longer deprecated', 'Nothing stops working.'],
  // Params as a whole
  ['param-structure-changed', B, B, B, 'major', 'changed', 'params switched between by-name (one object) and by-position (an array)', 'Every call, handler and request changes shape.'],
  ['param-structure-narrowed', O, O, B, 'major', 'changed', 'params no longer accepted by name as well as by position', 'The client sends an array either way; a request with an object is refused.'],
  ['param-structure-widened', O, O, N, 'minor', 'changed', 'params now accepted by name as well as by position', 'A request with an object is accepted too.'],
  ['param-order-changed', B, B, B, 'major', 'changed', 'positional params in a different order', 'Arguments land in other positions (two params of one type still compile, and still get each other\'s values).'],
  // One param
  ['param-added-required', B, O, B, 'major', 'changed', 'required param added', 'Calls without it no longer compile; requests without it are refused.'],
  ['param-added-optional', N, N, N, 'minor', 'added', 'optional param added', 'Calls without it still compile; handlers see it may be absent.'],
  ['param-removed', B, B, O, 'major', 'removed', 'param removed (by name)', 'An object literal naming it no longer compiles, nor does a handler reading it; the server ignores a param it does not know.'],
  ['param-removed-positional', B, B, B, 'major', 'removed', 'param removed (by position)', 'A call passing it no longer compiles, nor a handler reading it; the server refuses more params than it takes.'],
  ['param-became-required', B, O, B, 'major', 'changed', 'param became required', 'Calls leaving it out no longer compile; requests without it are refused.'],
  ['param-became-optional', O, B, O, 'major', 'changed', 'param became optional', 'Handlers get `T | undefined` where they had `T`.'],
  ['param-renamed', O, O, O, 'patch', 'changed', 'positional param renamed', 'By position the name is only a label.'],
  ['param-deprecated', N, N, N, 'minor', 'deprecated', 'param deprecated', 'Editors strike it through; it still works.'],
  ['param-undeprecated', N, N, N, 'patch', 'changed', 'param no longer deprecated', 'Nothing stops working.'],
  // A param's value (top-level or nested)
  ['param-type-narrowed', B, O, B, 'major', 'changed', 'param type narrowed', 'Values callers could pass no longer compile, and requests carrying them are refused.'],
  ['param-type-widened', O, B, O, 'major', 'changed', 'param type widened', 'Handlers receive values their old types did not allow.'],
  ['param-type-changed', B, B, B, 'major', 'changed', 'param type changed', 'Neither type contains the other.'],
  ['param-enum-value-added', O, B, O, 'major', 'changed', 'param enum value added', 'Handlers receive a value their old union did not have.'],
  ['param-enum-value-removed', B, O, B, 'major', 'changed', 'param enum value removed', 'Passing it no longer compiles; requests with it are refused.'],
  ['param-wire-narrowed', O, O, B, 'major', 'changed', 'param wire form accepts fewer values (same value type)', 'A pattern, range, length or format tightened: some requests that passed are refused.'],
  ['param-wire-widened', O, O, N, 'patch', 'changed', 'param wire form accepts more values (same value type)', 'Requests that passed still pass.'],
  ['param-field-added-required', B, O, B, 'major', 'changed', 'required field added to a param object', 'Objects without it no longer compile; requests without it are refused.'],
  ['param-field-added-optional', N, N, N, 'minor', 'added', 'optional field added to a param object', 'Objects without it still compile.'],
  ['param-field-removed', B, B, O, 'major', 'removed', 'field removed from a param object', 'An object literal naming it no longer compiles, nor does a handler reading it; the server ignores a field it does not know (a closed object also reports param-wire-narrowed).'],
  ['param-field-became-required', B, O, B, 'major', 'changed', 'param object field became required', 'Objects leaving it out no longer compile; requests without it are refused.'],
  ['param-field-became-optional', O, B, O, 'major', 'changed', 'param object field became optional', 'Handlers get `T | undefined` where they had `T`.'],
  // The result
  ['result-added', O, B, O, 'major', 'changed', 'result added (was a notification)', 'Handlers must now return a value.'],
  ['result-removed', B, O, B, 'major', 'removed', 'result removed (now a notification)', 'Callers using the value no longer compile; old clients expect a reply.'],
  ['result-field-added', O, B, O, 'major', 'added', 'required result field added', 'Handlers must return it.'],
  ['result-optional-field-added', N, N, O, 'minor', 'added', 'optional result field added', 'Callers may read it; handlers may return it.'],
  ['result-field-removed', B, B, B, 'major', 'removed', 'required result field removed', 'Reading it no longer compiles, returning it neither; old validators require it.'],
  ['result-optional-field-removed', B, B, O, 'major', 'removed', 'optional result field removed', 'Reading it no longer compiles, returning it neither.'],
  ['result-field-became-optional', B, O, B, 'major', 'changed', 'result field became optional', 'Callers get `T | undefined` where they had `T`; old validators require it.'],
  ['result-field-became-required', O, B, O, 'major', 'changed', 'result field became required', 'Handlers must always return it.'],
  ['result-type-widened', B, O, B, 'major', 'changed', 'result type widened', 'Callers meet values their old types did not allow; old validators refuse them.'],
  ['result-type-narrowed', O, B, O, 'major', 'changed', 'result type narrowed', 'Handlers can no longer return some values they could.'],
  ['result-type-changed', B, B, B, 'major', 'changed', 'result type changed', 'Neither type contains the other.'],
  ['result-enum-value-added', B, O, B, 'major', 'changed', 'result enum value added', 'Callers meet a value their old union did not have; old validators refuse it.'],
  ['result-enum-value-removed', O, B, O, 'major', 'changed', 'result enum value removed', 'Handlers returning it no longer compile.'],
  ['result-wire-widened', O, O, B, 'major', 'changed', 'result wire form allows more values (same value type)', 'Old clients validating replies refuse the new values.'],
  ['result-wire-narrowed', O, O, O, 'patch', 'changed', 'result wire form allows fewer values (same value type)', 'Every new reply passes the old validators.'],
  // Codecs (`x-codec` decides the value type; the wire schema is compared on its own)
  ['codec-changed', B, B, O, 'major', 'changed', 'codec changed the value type', 'The TypeScript type of the value changed (for example `number` to `bigint`), even where the wire schema is the same.'],
  ['codec-wire-form-changed', O, O, O, 'patch', 'changed', 'codec changed the wire form only', 'Same value type; the package converts to the new wire form (a wire schema change is reported on its own).'],
  // Errors
  ['error-added', N, O, O, 'minor', 'added', 'error added', 'The method\'s error type gains a code; a switch over the old codes still compiles.'],
  ['error-removed', B, O, O, 'major', 'removed', 'error removed', 'A `case` for its code no longer compiles; with no error left, the type guard is gone.'],
  ['error-changed', O, O, O, 'patch', 'changed', 'error message or data changed', 'Only the code is part of the types.'],
  // Facts about the method
  ['availability-narrowed', O, O, B, 'major', 'changed', 'served in fewer places', 'No longer served, off by default, hidden on the public node, removed in a node version, or WebSocket only: requests that worked are refused.'],
  ['availability-widened', O, O, N, 'minor', 'changed', 'served in more places', 'Requests that worked still work.'],
  ['availability-changed', O, O, O, 'patch', 'changed', 'availability note or switch changed', 'Documentation only.'],
  ['effects-changed', N, O, O, 'patch', 'changed', 'effects changed', 'The client\'s retries and `verify` follow what a call does to the node.'],
  ['pagination-added', N, O, O, 'minor', 'added', 'paginated (an iterator over every item added)', 'A new `paginate...` helper.'],
  ['pagination-removed', B, O, O, 'major', 'removed', 'no longer paginated', 'The `paginate...` helper is gone.'],
  ['pagination-changed', N, O, O, 'patch', 'changed', 'pagination fields or limits changed', 'The helper follows the new fields (their own changes are reported as param and result changes).'],
  ['subscription-added', N, B, N, 'major', 'added', 'subscription kind added', 'Handlers receive a kind their old union did not have.'],
  ['subscription-removed', B, B, B, 'major', 'removed', 'subscription kind removed', 'Subscribing to it no longer compiles; the server refuses it.'],
  // Result cases (`x-result-by-param`). The TypeScript client prints one overload per case: the case's values
  // as the param's literal type, the case's result type as the return type, and the method's own signature
  // last. Only callers see them: a handler still returns the method's own result type, and validators and
  // codecs still read the method's own result schema, so server and wire are untouched by every rule here.
  // For callers the question is the one the result rules ask: does code that kept the value of a call as the
  // old type still compile? A call whose literal value loses its overload falls through to the general
  // signature and gets the wider general type (breaking); one that gains an overload gets a narrower type,
  // which fits wherever the general one did (non-breaking, a new overload: minor).
  ['result-case-added', N, O, O, 'minor', 'added', 'result case added (a new overload)', 'Calls with its values get the case\'s narrower type, which fits wherever the general result did.'],
  ['result-case-removed', B, O, O, 'major', 'removed', 'result case removed', 'Calls with its values fall through to the general signature: a value kept as the case\'s type no longer compiles.'],
  ['result-case-value-added', N, O, O, 'minor', 'added', 'value added to a result case (or its param\'s default now selects it: `(left out)`)', 'Calls with the value get the case\'s narrower type instead of the general one.'],
  ['result-case-value-removed', B, O, O, 'major', 'changed', 'value removed from a result case (or its param\'s default no longer selects it: `(left out)`)', 'Calls with the value no longer get the case\'s type: a value kept as that type no longer compiles.'],
  ['result-case-param-changed', B, O, O, 'major', 'changed', 'the param that selects the result case changed', 'Every overload now types another param: calls giving the old param a case value get the general result.'],
  ['result-case-result-changed', B, O, O, 'major', 'changed', 'result case type widened or changed', 'Calls with the case\'s values get a type their old one does not contain (the server and validators keep the method\'s own result).'],
  ['result-case-result-narrowed', O, O, O, 'patch', 'changed', 'result case type narrowed', 'A narrower type fits wherever the old one did.'],
  ['result-case-summary-changed', O, O, O, 'patch', 'changed', 'result case summary changed', 'Only the overload\'s doc comment.'],
  // Plain HTTP GETs (`x-http-get`). The generated client calls a method's first GET path through
  // `node.<namespace>.http.<member>` with the method's own params type; the generated server answers every
  // GET path with the method's own handler, so handlers never change. What a GET request may be is part of
  // the wire: old clients (and probes: load balancers, orchestrators) send the paths and query parameters the
  // old spec named and read the status by its old rules.
  ['http-get-added', N, O, N, 'minor', 'added', 'served to plain HTTP GETs', 'A new `http` member calls it; the server answers the GET with the method\'s own handler.'],
  ['http-get-removed', B, O, B, 'major', 'removed', 'no longer served to plain HTTP GETs', 'Its `http` member no longer compiles; GETs to its paths are refused.'],
  ['http-get-path-added', O, O, N, 'minor', 'added', 'GET path added', 'GETs to the old paths still work.'],
  ['http-get-path-removed', O, O, B, 'major', 'removed', 'GET path removed (or changed)', 'The new client calls its own first path; GETs to the old path are refused.'],
  ['http-get-query-added', O, O, N, 'minor', 'added', 'optional GET query parameter added', 'GETs without it still work.'],
  ['http-get-query-removed', O, O, B, 'major', 'removed', 'GET query parameter removed', 'The server no longer reads it: a GET giving it is answered as if it had not.'],
  ['http-get-query-changed', O, O, B, 'major', 'changed', 'GET query parameter carries another param', 'A GET giving it sets another param than it did.'],
  ['http-get-query-required', O, O, B, 'major', 'changed', 'GET query parameter required (added as required, or its param became required)', 'GETs without it are refused (callers of the client meet the param\'s own change).'],
  ['http-get-status-changed', O, O, B, 'major', 'changed', 'GET status rules changed', 'Old clients read the status by the old rules: a reply with another status means something else to them, and one they do not list is an error.'],
  // The service
  ['endpoint-changed', O, O, B, 'major', 'changed', 'endpoint path or transport changed', 'The new package calls the new address; old clients call one that is gone.'],
  ['batch-narrowed', O, O, B, 'major', 'changed', 'JSON-RPC batches no longer accepted, or a lower batch limit', 'Batches old clients send are refused.'],
  ['batch-widened', O, O, N, 'minor', 'changed', 'JSON-RPC batches accepted, or a higher batch limit', 'Batches that worked still work.'],
];

export const RULES: readonly Rule[] = ROWS.map(([id, client, server, wire, bump, section, summary, why]) => ({ id, client, server, wire, bump, section, summary, why }));

const BY_ID = new Map(RULES.map((r) => [r.id, r]));

export type RuleId = string;

export function rule(id: RuleId): Rule {
  const r = BY_ID.get(id);
  if (!r) throw new Error(`unknown diff rule "${id}"`);
  return r;
}

export function severityOf(r: Rule): Severity {
  const effects = [r.client, r.server, r.wire];
  if (effects.includes('breaking')) return 'breaking';
  if (effects.includes('non-breaking')) return 'non-breaking';
  return 'info';
}

const ORDER: Readonly<Record<Bump | 'none', number>> = { none: 0, patch: 1, minor: 2, major: 3 };

/** The larger of two bumps. */
export function maxBump(a: Bump | 'none', b: Bump | 'none'): Bump | 'none' {
  return ORDER[a] >= ORDER[b] ? a : b;
}

/**
 * The version after `version` for a bump. Before 1.0.0 every bump moves one place down, as npm's caret
 * ranges read 0.x versions: a breaking change moves the minor (`^0.3.1` never takes 0.4.0), anything else the
 * patch.
 */
export function nextVersion(version: string, bump: Bump | 'none'): string {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!m) throw new Error(`"${version}" is not a release version (major.minor.patch)`);
  let [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (bump === 'none') return version;
  const effective = major === 0 ? (bump === 'major' ? 'minor' : 'patch') : bump;
  if (effective === 'major') [major, minor, patch] = [major + 1, 0, 0];
  else if (effective === 'minor') [minor, patch] = [minor + 1, 0];
  else patch += 1;
  return `${major}.${minor}.${patch}`;
}

/** The rule list as a markdown table (the README holds it; test/generator/lifecycle/diff/readme.test.ts keeps them equal). */
export function rulesMarkdown(): string {
  const cell = (e: Effect) => (e === 'none' ? '–' : e);
  const rows = RULES.map((r) => `| \`${r.id}\` | ${r.summary} | ${cell(r.client)} | ${cell(r.server)} | ${cell(r.wire)} | ${r.bump} | ${r.why.replace(/\|/g, '\\|')} |`);
  return ['| rule | change | client callers | server implementers | wire | bump | why |', '|---|---|---|---|---|---|---|', ...rows].join('\n');
}
