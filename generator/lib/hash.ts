/** A hash of texts, as content-addressed keys are made (speed/cache.ts). */
import { createHash } from 'node:crypto';

export function contentHash(...parts: readonly string[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
}
