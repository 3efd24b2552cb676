#!/usr/bin/env node
// npm 11.19 writes package-lock.json with only this platform's optional packages (the esbuild, rollup and
// anvil binaries for other systems are left out), and then `npm ci` refuses the lock ("Missing: ... from
// lock file"). This adds every missing optional package with its version, integrity and os/cpu/libc from
// the registry, which is what a complete lock holds. Run it after changing dependencies:
//   npm install && node scripts/complete-lock.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;

/** Where npm would look for `name` from the package at `from`: nested first, then up to the root. */
function located(from, name) {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
    const i = dir.lastIndexOf('/node_modules/');
    dir = i === -1 ? '' : dir.slice(0, i);
  }
}

const missing = new Map();
for (const [at, pkg] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    if (located(at, name)) continue;
    const target = at ? `${at}/node_modules/${name}` : `node_modules/${name}`;
    // Hoist to the root when nothing else claims the name there.
    const key = packages[`node_modules/${name}`] ? target : `node_modules/${name}`;
    if (!missing.has(key)) missing.set(key, { name, range, dev: pkg.dev === true, devOptional: pkg.devOptional === true });
  }
}

let added = 0;
for (const [key, { name, range, dev }] of [...missing].sort(([a], [b]) => a.localeCompare(b))) {
  // The registry this lock is made against may not carry other platforms' builds at all; an entry with the
  // exact version the parent pins is what `npm ci` checks for, and on a platform that needs the package it
  // is fetched then (an optional package that cannot be fetched is skipped, as npm does for optional deps).
  let info;
  try {
    info = JSON.parse(execFileSync('npm', ['view', `${name}@${range}`, 'version', 'dist.integrity', 'os', 'cpu', 'libc', 'license', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    info = { version: range };
  }
  const one = Array.isArray(info) ? info[info.length - 1] : info;
  packages[key] = {
    version: one.version,
    ...(one['dist.integrity'] ? { integrity: one['dist.integrity'] } : {}),
    ...(one.cpu ? { cpu: [].concat(one.cpu) } : {}),
    ...(dev ? { dev: true } : {}),
    ...(one.libc ? { libc: [].concat(one.libc) } : {}),
    ...(one.license ? { license: one.license } : {}),
    optional: true,
    ...(one.os ? { os: [].concat(one.os) } : {}),
  };
  added++;
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform package${added === 1 ? '' : 's'} added`);
