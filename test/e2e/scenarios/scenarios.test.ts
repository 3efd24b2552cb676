/**
 * Runs every scenario file of this folder against a live server on 127.0.0.1 (one server per distinct
 * server section, port 0) with the exact raw request, and compares status, the listed headers and the
 * exact body. The file format is described in ./format.ts and ./README.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMockRawHandler } from '../../../runtime/mock/index.js';
import { createRpcServer, type ListeningServer, type RpcServer } from '../../../runtime/server/index.js';
import { ROOT } from '../../helpers/paths.js';
import { rawRequest } from '../../runtime/server/client.js';
import { fixtureOptions, mockData } from '../../runtime/server/fixtures.js';
import { parseScenario, type Scenario, type ServerSpec } from './format.js';

const DIR = join(ROOT, 'test/e2e/scenarios');
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.scenario'))
  .sort();
const scenarios: Scenario[] = files.map((f) => parseScenario(f, readFileSync(join(DIR, f), 'utf8')));

const running = new Map<string, Promise<{ server: RpcServer; listening: ListeningServer }>>();

function serverFor(spec: ServerSpec): Promise<{ server: RpcServer; listening: ListeningServer }> {
  const key = JSON.stringify(spec);
  let s = running.get(key);
  if (!s) {
    s = (async () => {
      const server = createRpcServer({
        ...fixtureOptions(spec.fixture),
        ...(spec.mode ? { mode: spec.mode } : {}),
        ...(spec.profile ? { profile: spec.profile } : {}),
        ...(spec.enable ? { enable: spec.enable } : {}),
        ...(spec.limits ? { limits: spec.limits } : {}),
        ...(spec.mock ? { rawHandler: createMockRawHandler(mockData) } : {}),
        ...(spec.discover !== undefined ? { discover: spec.discover } : {}),
        ...(spec.validateResults ? { validateResults: true } : {}),
      });
      return { server, listening: await server.listen(0) };
    })();
    running.set(key, s);
  }
  return s;
}

afterAll(async () => {
  await Promise.all([...running.values()].map(async (s) => (await s).server.close()));
});

describe('scenario files', () => {
  it('are there, one case per file', () => {
    expect(scenarios.length).toBeGreaterThan(50);
  });

  for (const sc of scenarios) {
    it(`${sc.file}: ${sc.test.split('\n')[0]}`, async () => {
      const { listening } = await serverFor(sc.server);
      const res = await rawRequest(listening.url, {
        method: sc.request.method,
        path: sc.request.path,
        headers: sc.request.headers,
        body: sc.request.body === '' ? undefined : sc.request.body,
      });
      const got = {
        status: res.status,
        headers: Object.fromEntries(Object.keys(sc.expect.headers).map((h) => [h, res.headers[h]])),
        absent: sc.expect.absent.filter((h) => res.headers[h] !== undefined),
        body: res.body,
      };
      expect(got).toEqual({ status: sc.expect.status, headers: sc.expect.headers, absent: [], body: sc.expect.body });
    });
  }
});
