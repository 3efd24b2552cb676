/**
 * The generator's own folder (templates/, runtime/ live there). bin/noderpc.js runs the generator from a
 * bundle elsewhere and says where the sources are; run from source, it is this file's parent folder.
 */
import { resolve } from 'node:path';

export const GENERATOR_ROOT: string = process.env.NODERPC_ROOT ?? resolve(import.meta.dirname, '..');
