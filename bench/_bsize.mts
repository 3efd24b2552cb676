import { mkdtempSync } from 'node:fs';
import { esbuildSize, makeApp } from './node-bundle.ts';
const dir = mkdtempSync('/tmp/bs-');
makeApp(dir, '/work/main/generated/client');
for (const split of [false, true]) { const s = await esbuildSize(dir, split); console.log('esbuild', split, s.gzipped); }
