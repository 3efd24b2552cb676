/**
 * Every value in a docs sample is quoted for the sample's language: a server URL, a header or a body that
 * holds shell syntax, quotes, backslashes or line breaks reaches the program as the same text and runs
 * nothing. Each sample is run for real with its program replaced: the shell's curl by a function that
 * prints its arguments, the TypeScript sample's fetch by one that keeps its URL, Python's source parsed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { clientSample, curlSample, fetchSample, pythonSample, requestBody } from '../../../../tools/docs/try.js';
import { scratch } from '../../../helpers/paths.js';

const URLS = [
  'http://127.0.0.1:8545/rpc;touch${IFS}pwned;#',
  "http://127.0.0.1:8545/a'b\"c`d`$(touch pwned)&x=1|y>z",
  'http://127.0.0.1:8545/back\\slash\\',
  'http://127.0.0.1:8545/line\nbreak\r\u2028\u2029end',
];
const HEADER: [string, string] = ['x-token', "a'b\"c$(touch pwned)\n"];
const BODY = requestBody('evil_method', ["'; touch pwned; '", '\u2028', '\\']);

describe('samples quote every value for their language', () => {
  it.each(URLS)('curl: %j is one argument, and nothing runs', (url) => {
    const dir = scratch('curl-quoting');
    const sample = curlSample(url, BODY, [HEADER]);
    const out = execFileSync('bash', ['-c', `curl() { printf '%s\\0' "$@"; }\n${sample}`], { cwd: dir, encoding: 'utf8' });
    expect(out.split('\0').slice(0, -1)).toEqual(['-s', '-X', 'POST', '-H', 'content-type: application/json', '-H', `${HEADER[0]}: ${HEADER[1]}`, '--data', BODY, url]);
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
  });

  it.each(URLS)('TypeScript (fetch and the client): %j reaches fetch as it is', async (url) => {
    for (const sample of [fetchSample(url, BODY, [HEADER]), clientSample({ factory: 'make', pkg: "p'kg", variable: 'node' }, url, 'node.evil', [url])]) {
      const js = ts.transpileModule(sample, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
      const seen: unknown[] = [];
      const body = js.replace(/^import .*$/m, '');
      const run = new Function('fetch', 'console', 'make', `return (async () => {\n${body}\n})();`) as (...a: unknown[]) => Promise<void>;
      const fetch = async (u: string, init: { headers: Record<string, string>; body: string }) => {
        seen.push(u, init.headers[HEADER[0]], init.body);
        return { json: async () => ({ result: 1 }) };
      };
      const make = (o: { url: string }) => {
        seen.push(o.url);
        return { evil: async (a: string) => seen.push(a) };
      };
      await run(fetch, { log: () => undefined }, make);
      expect(seen[0]).toBe(url);
      if (seen.length === 3) expect(seen.slice(1)).toEqual([HEADER[1], BODY]);
      else expect(seen).toEqual([url, url]);
    }
  });

  it.each(URLS)('Python: %j is the string requests.post gets', (url) => {
    const sample = pythonSample(url, BODY, [HEADER]);
    const probe = [
      'import ast, json, sys',
      'tree = ast.parse(sys.stdin.read())',
      'call = next(n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "attr", "") == "post")',
      'kw = {k.arg: ast.literal_eval(k.value) for k in call.keywords}',
      'print(json.dumps([ast.literal_eval(call.args[0]), kw["headers"], kw["json"]]))',
    ].join('\n');
    const out = JSON.parse(execFileSync('python3', ['-c', probe], { input: sample, encoding: 'utf8' })) as unknown[];
    expect(out).toEqual([url, { [HEADER[0]]: HEADER[1] }, JSON.parse(BODY)]);
  });
});
