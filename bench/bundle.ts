/** Just the bundle rows of `npm run bench` (the bundle step of bench/client.ts), printed as JSON. */
import { bundleRow, nodeClientRows } from './client.js';

console.log(JSON.stringify([await bundleRow(), ...(await nodeClientRows())], null, 2));
