#!/usr/bin/env node
// The generator is TypeScript run in place through tsx's loader, so there is no build step between editing
// generator/ and running it.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../generator/cli.ts');
process.exitCode = await main(process.argv.slice(2));
