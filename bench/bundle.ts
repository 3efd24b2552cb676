/** Just the one-method bundle row of `npm run bench` (the bundle step of bench/client.ts), printed as JSON. */
import { bundleRow } from './client.js';

console.log(JSON.stringify(await bundleRow(), null, 2));
