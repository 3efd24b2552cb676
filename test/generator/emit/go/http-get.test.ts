/**
 * The plain GET calls of the generated Go module (`c.Health.HTTP.*`): a program made here calls them against
 * the generated mock on 127.0.0.1 (healthy, unhealthy with 503 as a value with OK false, the other paths) and
 * against an httptest server of its own on 127.0.0.1 that records what it gets and answers what the node
 * never would (a status the spec does not list, a body that is not JSON), and prints what each returned.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goLayout } from '../../../../generator/emit/shared/go-layout.js';
import { decode } from '../../../../runtime/client/codec.js';
import { plansOf, projectModel } from '../../../helpers/model.js';
import { ROOT } from '../../../helpers/paths.js';
import { canonical } from '../clients/cases.js';
import { run } from '../clients/run.js';

const MODULE = resolve(ROOT, 'generated/go');
const SUBNET = '29uVeLPJB1eQJkzRemU8g8wZDw5uJRqpab5U2mX9euieVwiEbL';

const DRIVER = `package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"

	pkg "MODULE"
)

func shown[T any](r pkg.HTTPGetResult[T], err error) any {
	var he *pkg.HTTPError
	var pe *pkg.ProtocolError
	switch {
	case errors.As(err, &he):
		return map[string]any{"error": "HTTPError", "status": he.Status, "message": err.Error()}
	case errors.As(err, &pe):
		return map[string]any{"error": "ProtocolError", "message": err.Error()}
	case err != nil:
		return map[string]any{"error": fmt.Sprintf("%T", err), "message": err.Error()}
	}
	body, err := json.Marshal(r.Body)
	if err != nil {
		panic(err)
	}
	return map[string]any{"status": r.Status, "ok": r.OK, "body": json.RawMessage(body)}
}

func main() {
	var mu sync.Mutex
	seen := []map[string]any{}
	local := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, map[string]any{"method": r.Method, "path": r.URL.RequestURI(), "key": r.Header.Get("X-Api-Key"), "type": r.Header.Get("Content-Type")})
		mu.Unlock()
		switch r.URL.Path {
		case "/ext/health/readiness":
			w.Header().Set("Content-Type", "text/plain")
			fmt.Fprint(w, "ready\\n")
		case "/ext/health/liveness":
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(500)
			fmt.Fprint(w, \`{"healthy":true,"checks":{}}\`)
		default:
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, \`{"healthy":true,"checks":{}}\`)
		}
	}))
	defer local.Close()
	ctx := context.Background()
	out := map[string]any{}
	c := pkg.New(os.Args[1])
	out["healthy"] = shown(c.Health.HTTP.Health(ctx, pkg.HealthHealthParams{}))
	out["unhealthy"] = shown(c.Health.HTTP.Health(ctx, pkg.HealthHealthParams{Tags: []string{"SUBNET"}}))
	out["readiness"] = shown(c.Health.HTTP.Readiness(ctx, pkg.HealthReadinessParams{}))
	out["liveness"] = shown(c.Health.HTTP.Liveness(ctx, pkg.HealthLivenessParams{}))
	l := pkg.New(local.URL, pkg.WithHeader("X-Api-Key", "k1"), pkg.WithRetry(pkg.Retry{}))
	out["query"] = shown(l.Health.HTTP.Health(ctx, pkg.HealthHealthParams{Tags: []string{"SUBNET", "a b"}}))
	out["not-json"] = shown(l.Health.HTTP.Readiness(ctx, pkg.HealthReadinessParams{}))
	out["undeclared"] = shown(l.Health.HTTP.Liveness(ctx, pkg.HealthLivenessParams{}))
	out["seen"] = seen
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		panic(err)
	}
}
`;

type Got = { status?: number; ok?: boolean; body?: unknown; error?: string; message?: string };

let mock: { url: string; close(): Promise<void> };
let dir: string;
beforeAll(async () => {
  const { startNodeMock } = await import('../../../../generated/client/mock/index.js');
  mock = await startNodeMock();
  dir = mkdtempSync(join(tmpdir(), 'noderpc-go-get-'));
});
afterAll(async () => {
  await mock?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The spec's example `name` of health method `member`, decoded and in canonical form. */
function example(member: string, name: string): unknown {
  const service = projectModel().services.find((s) => s.name === 'health')!;
  const method = service.methods.find((m) => m.name === `health.${member}`)!;
  return canonical(decode(plansOf(service, method).result, method.examples.find((e) => e.name === name)!.result!.value));
}

describe('Go client plain GETs', () => {
  let out: Record<string, Got> & { seen?: unknown };

  beforeAll(async () => {
    const module = goLayout(projectModel(), '@noderpc/client').module;
    writeFileSync(join(dir, 'go.mod'), `module driver\n\ngo 1.19\n\nrequire ${module} v0.0.0\n\nreplace ${module} => ${MODULE}\n`);
    writeFileSync(join(dir, 'main.go'), DRIVER.replace('MODULE', module).replaceAll('"SUBNET"', JSON.stringify(SUBNET)));
    const env = { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' };
    const built = await run('go', ['build', '-o', 'driver', '.'], { cwd: dir, env, timeoutMs: 240_000 });
    if (built.status !== 0) throw new Error(`go build failed:\n${built.stderr}`);
    const ran = await run(join(dir, 'driver'), [mock.url], { cwd: dir, timeoutMs: 60_000 });
    if (ran.status !== 0) throw new Error(`the driver failed (${ran.status}):\n${ran.stderr}`);
    out = JSON.parse(ran.stdout);
  }, 300_000);

  const decoded = (g: Got | undefined, member: string) => g && { ...g, body: canonical(decode(plansOf(...health(member)).result, g.body)) };
  function health(member: string) {
    const service = projectModel().services.find((s) => s.name === 'health')!;
    return [service, service.methods.find((m) => m.name === `health.${member}`)!] as const;
  }

  it('healthy, unhealthy (503 as a value) and the other paths against the mock', () => {
    expect(decoded(out.healthy, 'health')).toEqual({ status: 200, ok: true, body: example('health', 'healthy') });
    expect(decoded(out.unhealthy, 'health')).toEqual({ status: 503, ok: false, body: example('health', 'failing-check') });
    expect(decoded(out.readiness, 'readiness')).toEqual({ status: 200, ok: true, body: example('readiness', 'ready') });
    expect(decoded(out.liveness, 'liveness')).toEqual({ status: 200, ok: true, body: example('liveness', 'alive') });
  });

  it('an undeclared status is an *HTTPError, a body that is not JSON a *ProtocolError', () => {
    expect(out.query).toEqual({ status: 200, ok: true, body: { healthy: true, checks: {} } });
    expect(out.undeclared).toMatchObject({ error: 'HTTPError', status: 500 });
    expect(out.undeclared!.message).toMatch(/^GET health\.liveness: HTTP 500 from http:\/\/127\.0\.0\.1:\d+\/ext\/health\/liveness$/);
    expect(out['not-json']).toMatchObject({ error: 'ProtocolError' });
    expect(out['not-json']!.message).toMatch(/^GET health\.readiness: http:\/\/127\.0\.0\.1:\d+\/ext\/health\/readiness: the body of HTTP 200 is not JSON/);
  });

  it('sends GETs without a body type, the tags as repeated query parameters, with the client headers', () => {
    const paths = [`/ext/health?tag=${SUBNET}&tag=a%20b`, '/ext/health/readiness', '/ext/health/liveness'];
    expect(out.seen).toEqual(paths.map((path) => ({ method: 'GET', path, key: 'k1', type: '' })));
  });
});
