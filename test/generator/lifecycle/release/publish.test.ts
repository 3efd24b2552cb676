/**
 * What users get from npm: `npm publish --dry-run` of generated/client (offline, never sent) lists exactly
 * the files the spec and the runtime call for, derived here from the model and runtime/ rather than by
 * listing the folder: every method, namespace, service, validator, server and mock module as `.js` with its
 * `.d.ts`, the shipped runtime, and package.json, README.md and CHANGELOG.md. Nothing else (no record of
 * the output folder, no TypeScript sources, no tests). The manifest names the license of the config and
 * the version of the last release.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readConfigFile, resolveConfig } from '../../../../generator/config/index.js';
import { notificationValidatorPath, validatorPath } from '../../../../generator/emit/validators/index.js';
import { readRecord } from '../../../../generator/lifecycle/release/record.js';
import { shipsRuntime } from '../../../../generator/emit/package/index.js';
import { projectModel } from '../../../helpers/model.js';
import { ROOT, scratch } from '../../../helpers/paths.js';

const run = promisify(execFile);
const CLIENT = join(ROOT, 'generated/client');

interface Published {
  readonly name: string;
  readonly version: string;
  readonly files: readonly { path: string }[];
}

async function publishDryRun(): Promise<Published> {
  const dir = scratch('publish');
  const { stdout } = await run('npm', ['publish', CLIENT, '--dry-run', '--json', '--ignore-scripts', '--offline'], {
    cwd: dir,
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, npm_config_cache: join(dir, 'npm-cache'), npm_config_loglevel: 'error', npm_config_update_notifier: 'false' },
  });
  const out = JSON.parse(stdout) as Record<string, Published>;
  return Object.values(out)[0]!;
}

/** The modules and files the package must hold, from the model and the runtime sources. */
function expectedFiles(): string[] {
  const model = projectModel();
  const both = (m: string) => [`${m}.js`, `${m}.d.ts`];
  const files = ['package.json', 'README.md', 'CHANGELOG.md', ...both('index'), ...both('types'), ...both('services'), ...both('validators')];
  const namespaces = new Set<string>();
  for (const service of model.services) {
    files.push(...both(`server/${service.name}`), ...both(`mock/data/${service.name}`));
    for (const method of service.methods) {
      const ns = method.namespace || service.name;
      namespaces.add(ns);
      files.push(...both(`methods/${ns}/${method.member}`), ...both(validatorPath(service, method, 'params')));
      if (method.result) files.push(...both(validatorPath(service, method, 'result')));
      for (const kind of method.subscriptions?.kinds ?? []) files.push(...both(notificationValidatorPath(service, method, kind.name)));
    }
  }
  for (const ns of namespaces) files.push(...both(`namespaces/${ns}`));
  files.push(...both('server/index'), ...both('mock/index'));
  const runtime = join(ROOT, 'runtime');
  // Which runtime sources ship is the package emitter's rule (every output is emitted here).
  const sources = readdirSync(runtime, { recursive: true, encoding: 'utf8' }).map((f) => `runtime/${relative(runtime, join(runtime, f)).split('\\').join('/')}`);
  for (const f of sources) if (f.endsWith('.ts') && shipsRuntime(f, () => true)) files.push(...both(f.replace(/\.ts$/, '')));
  return files.sort();
}

describe('npm publish --dry-run of generated/client', () => {
  it('ships exactly the files the spec and the runtime call for', { timeout: 180_000 }, async () => {
    const published = await publishDryRun();
    const config = resolveConfig(ROOT, readConfigFile(ROOT)!);
    expect(published.name).toBe(config.package.name);
    expect(published.version).toBe(readRecord(config)!.version);
    expect(published.files.map((f) => f.path).sort()).toEqual(expectedFiles());
  });

  it('package.json and the README carry the config\'s license, the released version and the changelog', () => {
    const config = resolveConfig(ROOT, readConfigFile(ROOT)!);
    const pkg = JSON.parse(readFileSync(join(CLIENT, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg.license).toBe(config.package.license);
    expect(pkg.version).toBe(readRecord(config)!.version);
    const readme = readFileSync(join(CLIENT, 'README.md'), 'utf8');
    expect(readme).toContain(`Version ${pkg.version} ([changelog](./CHANGELOG.md))`);
    expect(readme).toMatch(new RegExp(`## License\\n\\n${config.package.license}\\n`));
    expect(readme).not.toContain('](https://github.com/)');
  });

  it('the README calls only methods a current node serves to anyone and that change nothing', () => {
    const readme = readFileSync(join(CLIENT, 'README.md'), 'utf8');
    const code = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!).join('\n');
    const methods = projectModel().services.flatMap((s) => s.methods.map((m) => ({ m, ns: m.namespace || s.name })));
    const called = new Set<string>();
    for (const [, ns, member] of code.matchAll(/\b(?:node|b)\.(\w+)\.(?:paginate)?(\w+)\(/g)) {
      const found = methods.find((x) => x.ns === ns && (x.m.member === member || x.m.member === member![0]!.toLowerCase() + member!.slice(1)));
      if (found && !found.m.subscriptions) called.add(found.m.name);
    }
    for (const [, ns, member] of code.matchAll(/from '[^']+\/methods\/(\w+)\/(\w+)'/g)) called.add(methods.find((x) => x.ns === ns && x.m.member === member)!.m.name);
    expect(called.size).toBeGreaterThanOrEqual(5);
    const unfit = [...called].flatMap((name) => {
      const m = methods.find((x) => x.m.name === name)!.m;
      const a = m.availability;
      const why = [
        m.effects.kind !== 'read' && `effects ${m.effects.kind}`,
        !a.served && 'not served',
        !a.enabledByDefault && 'off by default',
        !a.publicNode && 'not on the public node',
        a.removedIn && `removed in ${a.removedIn}`,
        m.deprecated && 'deprecated',
        m.keystore && 'keystore',
      ].filter(Boolean);
      return why.length ? [`${name}: ${why.join(', ')}`] : [];
    });
    expect(unfit).toEqual([]);
  });
});
