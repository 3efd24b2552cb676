/**
 * The docs console's logic (tools/docs/try.ts, copied into the site's theme) as a table of cases, and the
 * console data of the project's docs: every method's page holds its console, and what the console loads
 * for it (validator modules, example params, codec plans) is there and agrees with the generated package.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decode } from '../../../runtime/client/codec.js';
import {
  clientArgs,
  clientSample,
  curlGetSample,
  curlSample,
  fetchGetSample,
  getLeftOut,
  getQuery,
  getVerdict,
  fetchSample,
  issueLines,
  joinUrl,
  materializePlan,
  parseBaseUrl,
  parseHeaders,
  parseParams,
  pyLiteral,
  pythonGetSample,
  pythonSample,
  prettyJson,
  ruleFor,
  showValue,
  unreachable,
  wsUrl,
  type StatusRule,
  type TryService,
} from '../../../tools/docs/try.js';
import { paramsFromQuery, statusOf } from '../../../runtime/server/http-get.js';
import { unitOf, unitsIn } from '../../../generator/emit/docs/try.js';
import { ROOT } from '../../helpers/paths.js';
import { projectModel } from '../../helpers/model.js';

const byName = { name: 'info.getBlockchainID', structure: 'by-name' } as const;
const byPosition = { name: 'eth_getBalance', structure: 'by-position' } as const;

describe('parseParams', () => {
  const cases: [string, { method: { name: string; structure: 'by-name' | 'by-position' | 'either' }; text: string; want: unknown }][] = [
    ['an object by name', { method: byName, text: '{"alias":"X"}', want: { ok: true, value: { alias: 'X' } } }],
    ['nothing: no params', { method: byName, text: '  ', want: { ok: true, value: undefined } }],
    ['an array where an object is wanted', { method: byName, text: '[1]', want: { ok: false, message: 'info.getBlockchainID takes its params by name: one JSON object, not an array' } }],
    ['an object where an array is wanted', { method: byPosition, text: '{}', want: { ok: false, message: 'eth_getBalance takes its params by position: a JSON array, not an object' } }],
    ['a number for either form', { method: { name: 'x', structure: 'either' }, text: '5', want: { ok: false, message: 'the params are a JSON array or object, not a number' } }],
  ];
  for (const [name, { method, text, want }] of cases) it(name, () => expect(parseParams(text, method)).toEqual(want));

  it('says where JSON that does not parse went wrong', () => {
    const r = parseParams('{\n  "alias": \n}', byName);
    expect(r.ok).toBe(false);
    expect((r as { message: string }).message).toMatch(/^the params are not JSON: /);
    // Where the engine gives a position, it becomes a line and column.
    expect((parseParams('{"a": 1,\n', byName) as { message: string }).message).toMatch(/^the params are not JSON: .*(line 2|end of JSON)/);
  });
});

describe('parseHeaders', () => {
  it('reads Name: value lines, skipping blank ones', () => {
    expect(parseHeaders('x-api-key: abc\n\nAuthorization: Bearer t:1 ')).toEqual({ ok: true, value: [['x-api-key', 'abc'], ['Authorization', 'Bearer t:1']] });
  });
  it('names the line that is not a header', () => {
    expect(parseHeaders('x-a: 1\nno colon here')).toEqual({ ok: false, message: 'header line 2 is not `Name: value`: no colon here' });
    expect(parseHeaders('bad name: 1')).toEqual({ ok: false, message: 'header line 1 is not `Name: value`: bad name: 1' });
  });
});

describe('targets', () => {
  it('joins base URLs and endpoint paths, keeps absolute servers, and turns http into ws', () => {
    expect(joinUrl('http://127.0.0.1:9650/', '/ext/info')).toBe('http://127.0.0.1:9650/ext/info');
    expect(joinUrl('http://h', '')).toBe('http://h');
    expect(joinUrl('http://h', 'https://api.example.org/rpc')).toBe('https://api.example.org/rpc');
    expect(wsUrl('https://h:1', '/ext/bc/C/ws')).toBe('wss://h:1/ext/bc/C/ws');
  });
  it('accepts http(s) base URLs only', () => {
    expect(parseBaseUrl(' http://127.0.0.1:9650/ ')).toEqual({ ok: true, value: 'http://127.0.0.1:9650' });
    expect(parseBaseUrl('ftp://x')).toEqual({ ok: false, message: 'use an http:// or https:// URL, not ftp:' });
    expect(parseBaseUrl('')).toEqual({ ok: false, message: 'not a URL: (empty); type one like http://127.0.0.1:9650' });
  });
});

describe('samples', () => {
  const body = '{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":"it\'s","b":true,"c":null}}';
  it('curl quotes for the shell and adds each header', () => {
    expect(curlSample('http://h/x', body, [['x-api-key', 'k']])).toBe(
      `curl -s -X POST -H 'content-type: application/json' -H 'x-api-key: k' --data '{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":"it'\\''s","b":true,"c":null}}' 'http://h/x'`,
    );
  });
  it('fetch and Python carry the same body and headers', () => {
    const f = fetchSample('http://h/x', body, [['x-api-key', 'k']]);
    expect(f).toContain(`headers: { 'content-type': 'application/json', 'x-api-key': 'k' },`);
    expect(f).toContain(`body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'm', params: { a: 'it\\'s', b: true, c: null } }),`);
    const p = pythonSample('http://h/x', body, [['x-api-key', 'k']]);
    expect(p).toContain(`        "params": {"a": "it's", "b": True, "c": None},`);
    expect(p).toContain(`    headers={"x-api-key": "k"},`);
  });
  it('Python literals break long values over lines', () => {
    expect(pyLiteral({ k: 'x'.repeat(100) }, 4)).toBe(`{\n        "k": "${'x'.repeat(100)}",\n    }`);
  });
  it('the client is called with value-form arguments: bigints as literals, no argument for no params', () => {
    const setup = { factory: 'createNodeClient', pkg: '@noderpc/client', variable: 'node' };
    expect(clientSample(setup, 'http://h', 'node.eth.getBalance', ['0xab', 16n])).toBe(
      `import { createNodeClient } from '@noderpc/client';\n\nconst node = createNodeClient({ url: 'http://h' });\nconst result = await node.eth.getBalance('0xab', 16n);\nconsole.log(result);`,
    );
    expect(clientArgs({ positional: false }, {})).toEqual([]);
    expect(clientArgs({ positional: false }, { a: 1 })).toEqual([{ a: 1 }]);
    expect(clientArgs({ positional: true }, [1, 2])).toEqual([1, 2]);
  });
});

describe('showing values', () => {
  it('prints the value as valid JSON, bigints in decimal, with the unit the spec names beside its line', () => {
    const units = { '/balance': 'nNATIVE', '/txs/*/value': 'wei', '/txs/*/time': 'unix time' };
    const value = { balance: 18446744073709551615n, txs: [{ value: 10n, to: '0x1', time: 1733430012n, tags: [] }] };
    const shown = showValue(value, units);
    expect(shown.json.split('\n')).toEqual(['{', '  "balance": 18446744073709551615,', '  "txs": [', '    {', '      "value": 10,', '      "to": "0x1",', '      "time": 1733430012,', '      "tags": []', '    }', '  ]', '}']);
    expect(shown.notes.split('\n')).toEqual(['', 'nNATIVE', '', '', 'wei', '', '2024-12-05T20:20:12Z (unix seconds)', '', '', '', '']);
    // Copied as it is, the JSON reads back; every digit of a bigint past 2^53 kept.
    expect(JSON.parse(shown.json.replace(/18446744073709551615/, '"18446744073709551615"'))).toEqual({ ...value, balance: '18446744073709551615', txs: [{ value: 10, to: '0x1', time: 1733430012, tags: [] }] });
    expect(showValue(123n, { '': 'wei' })).toEqual({ json: '123', notes: 'wei' });
    expect(showValue(null)).toEqual({ json: 'null', notes: '' });
    // A time past what a date holds keeps its unit only.
    expect(showValue(18446744073709551615n, { '': 'unix time' }).notes).toBe('unix seconds');
  });
  it('lays out a reply with two-space indents, keeping every token as sent', () => {
    const text = '{"jsonrpc":"2.0","id":1,"result":{"n":123456789012345678901,"s":"a,b:{c}\\"[","e":[],"o":{ }}}';
    expect(prettyJson(text)).toBe(['{', '  "jsonrpc": "2.0",', '  "id": 1,', '  "result": {', '    "n": 123456789012345678901,', '    "s": "a,b:{c}\\"[",', '    "e": [],', '    "o": {}', '  }', '}'].join('\n'));
    expect(prettyJson('not json {')).toBe('not json {');
    expect(prettyJson('"x"')).toBe('"x"');
  });
  it('says how to start a mock when the mock target does not answer', () => {
    expect(unreachable('http://127.0.0.1:9650/ext/info', 'Failed to fetch', true)).toBe(
      'could not reach http://127.0.0.1:9650/ext/info: Failed to fetch. No mock node answers there: start one with `npx noderpc mock` (`npm run mock` in a project with that script), then send again; or pick another target.',
    );
    expect(unreachable('https://node.example/ext/info', 'Failed to fetch', false)).toContain("Is the node running, and does it allow this page's origin (CORS)?");
  });
  it('lists validator issues by pointer', () => {
    expect(issueLines([{ path: '/alias', message: 'must be string' }, { path: '', message: 'must be object' }], 'params')).toEqual(['params/alias: must be string', 'params: must be object']);
    expect(issueLines([{ path: '', message: 'must be object' }])).toEqual(['(root): must be object']);
  });
  it('materializes plans the codec walks, recursive ones lazily', () => {
    const plan = materializePlan({ root: { o: { n: 'u64', next: { ref: 'Node' } } }, defs: { Node: { o: { n: 'u64', next: { ref: 'Node' } } } } });
    expect(decode(plan as never, { n: '1', next: { n: '2', next: null } })).toEqual({ n: 1n, next: { n: 2n, next: null } });
  });
});

describe('the console on every method page', () => {
  const model = projectModel();
  const theme = join(ROOT, 'generated/docs/.vitepress/theme');

  it('names the units of a result, a unix time as such (its date is shown beside it)', () => {
    const platform = model.services.find((s) => s.name === 'platform')!;
    const method = platform.methods.find((m) => m.name === 'platform.getCurrentValidators')!;
    const units = unitsIn(platform.document, method.result!.schema);
    expect(units['/validators/*/startTime']).toBe('unix time');
    expect(units['/validators/*/weight']).toBe('nNATIVE');
    expect(unitOf('Length in seconds of the next cycle (seconds).')).toBe('seconds');
    expect(unitOf('A unix time in milliseconds')).toBe('milliseconds');
  });

  it('every method has its console on its page, and data for it', async () => {
    const pages = new Map<string, string>();
    const missing: string[] = [];
    for (const service of model.services) {
      const data = JSON.parse(readFileSync(join(theme, `try/${service.name}.json`), 'utf8')) as TryService;
      for (const method of service.methods) {
        if (!data.methods[method.name]) missing.push(`${method.name}: no console data`);
      }
      // Every page of the site (a service's methods live on its page, or on a page per namespace).
      for (const f of readdirSync(join(ROOT, 'generated/docs'), { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('.md'))) {
        if (!pages.has(f)) pages.set(f, readFileSync(join(ROOT, 'generated/docs', f), 'utf8'));
      }
      for (const method of service.methods) {
        const tag = `<TryIt service="${service.name}" method="${method.name}" />`;
        if (![...pages.values()].some((p) => p.includes(tag))) missing.push(`${method.name}: no console on its page`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("each console's validators exist, and its example params pass them and decode with its plan", async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const service of model.services) {
      const data = JSON.parse(readFileSync(join(theme, `try/${service.name}.json`), 'utf8')) as TryService;
      for (const m of Object.values(data.methods)) {
        const file = join(ROOT, 'generated/client/validators', m.validators.params);
        if (!existsSync(file)) {
          problems.push(`${m.name}: no ${m.validators.params}`);
          continue;
        }
        if (m.validators.result && !existsSync(join(ROOT, 'generated/client/validators', m.validators.result))) problems.push(`${m.name}: no ${m.validators.result}`);
        for (const k of m.kinds ?? []) if (!existsSync(join(ROOT, 'generated/client/validators', k.validator))) problems.push(`${m.name} ${k.name}: no ${k.validator}`);
        const { validate } = (await import(pathToFileURL(file).href)) as { validate: (v: unknown) => unknown };
        // Secret params show placeholders, which need not match their pattern.
        const secret = JSON.stringify(m.example).includes('"<');
        const example = m.kinds ? [m.kinds[0]!.name, ...m.kinds[0]!.example] : m.example;
        const issues = validate(example);
        if (issues && !secret) problems.push(`${m.name}: example params refused: ${JSON.stringify(issues)}`);
        try {
          decode(materializePlan(m.plans.params) as never, example);
        } catch (e) {
          if (!secret) problems.push(`${m.name}: example params do not decode: ${(e as Error).message}`);
        }
        checked++;
      }
    }
    expect(checked).toBe(model.services.reduce((n, s) => n + s.methods.length, 0));
    expect(problems).toEqual([]);
  });
});

describe('the plain GET form (x-http-get)', () => {
  const health = { query: { tag: { param: 'tags', list: true } } };
  const rules: StatusRule[] = [{ code: 503, when: { pointer: '/healthy', equals: false } }, { code: 200 }];

  const queries: [string, { params: unknown; want: string }][] = [
    ['no params: no query', { params: undefined, want: '' }],
    ['an empty object: no query', { params: {}, want: '' }],
    ['a list param: its query parameter repeated', { params: { tags: ['11111111111111111111111111111111LpoYY', 'C'] }, want: '?tag=11111111111111111111111111111111LpoYY&tag=C' }],
    ['text escaped', { params: { tags: ['a b&c=d/é'] }, want: '?tag=a%20b%26c%3Dd%2F%C3%A9' }],
    ['an empty list: no query', { params: { tags: [] }, want: '' }],
  ];
  it.each(queries)('getQuery: %s', (_name, { params, want }) => {
    expect(getQuery(health, params)).toBe(want);
    // What the server reads back from the query is what was given.
    const back = paramsFromQuery({ paths: [''], status: [], ...health }, want.slice(1));
    const given = (params ?? {}) as { tags?: string[] };
    expect(back).toEqual(given.tags?.length ? { tags: given.tags } : {});
  });

  it('getLeftOut: params no query parameter carries', () => {
    expect(getLeftOut(health, { tags: ['C'] })).toEqual([]);
    expect(getLeftOut(health, { tags: ['C'], verbose: true })).toEqual(['verbose']);
    expect(getLeftOut(health, undefined)).toEqual([]);
  });

  const verdicts: [string, { status: number; body: unknown; want: { ok: boolean; lines: string[] } }][] = [
    ['healthy, 200', { status: 200, body: { healthy: true, checks: {} }, want: { ok: true, lines: ['HTTP 200 is the status the rules give this body (200 otherwise): ok.'] } }],
    ['unhealthy, 503', { status: 503, body: { healthy: false, checks: {} }, want: { ok: true, lines: ['HTTP 503 is the status the rules give this body (503 when /healthy is false): not ok.'] } }],
    ['unhealthy but 200', { status: 200, body: { healthy: false }, want: { ok: false, lines: ['the status rules give this body 503 (503 when /healthy is false), but the server answered 200'] } }],
    ['healthy but 503', { status: 503, body: { healthy: true }, want: { ok: false, lines: ['the status rules give this body 200 (200 otherwise), but the server answered 503'] } }],
    ['a status the rules do not list', { status: 500, body: { code: -32603 }, want: { ok: false, lines: ['HTTP 500 is not a status the spec lists for this GET (503, 200)'] } }],
    ['a body that is not JSON', { status: 200, body: undefined, want: { ok: false, lines: ['the body is not JSON'] } }],
  ];
  it.each(verdicts)('getVerdict: %s', (_name, { status, body, want }) => {
    expect(getVerdict(rules, status, body)).toEqual(want);
  });

  it('ruleFor agrees with the server on every body', () => {
    for (const body of [{ healthy: false }, { healthy: true }, {}, null, { healthy: 'false' }, { healthy: [false] }]) expect(ruleFor(rules, body)?.code).toBe(statusOf({ paths: [''], query: {}, status: rules }, body));
  });

  it('samples: curl shows the status, fetch and requests read the body whatever the status', () => {
    const url = 'http://127.0.0.1:9650/ext/health/readiness?tag=C';
    expect(curlGetSample(url, [['x-api-key', "it's"]])).toBe(`curl -s -i -H 'x-api-key: it'\\''s' '${url}'`);
    expect(fetchGetSample(url)).toBe(`const response = await fetch('${url}');\nconsole.log(response.status, await response.json());`);
    expect(pythonGetSample(url)).toContain(`response = requests.get(\n    "${url}",\n    timeout=30,\n)`);
  });

  it("every x-http-get method's console carries its GET form, as the model has it", () => {
    const model = projectModel();
    const theme = join(ROOT, 'generated/docs/.vitepress/theme');
    let seen = 0;
    for (const service of model.services) {
      const data = JSON.parse(readFileSync(join(theme, `try/${service.name}.json`), 'utf8')) as TryService;
      for (const method of service.methods) {
        const get = data.methods[method.name]?.get;
        if (!method.httpGet) {
          expect(get, method.name).toBeUndefined();
          continue;
        }
        seen++;
        expect(get, method.name).toEqual({ paths: method.httpGet.paths, query: method.httpGet.query, status: method.httpGet.status, accessor: `node.${method.namespace}.http.${method.member}` });
      }
    }
    expect(seen).toBeGreaterThan(0);
  });
});
