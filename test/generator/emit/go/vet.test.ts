/** The generated Go module builds with the Go on this machine (Debian's is 1.19), and is go vet and gofmt clean. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../helpers/paths.js';
import { run } from '../clients/run.js';

const MODULE = resolve(ROOT, 'generated/go');
const env = { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' };

describe('generated/go', () => {
  it('builds and vets', async () => {
    const built = await run('go', ['build', './...'], { cwd: MODULE, env, timeoutMs: 170_000 });
    expect(built.stderr).toBe('');
    const vet = await run('go', ['vet', './...'], { cwd: MODULE, env, timeoutMs: 170_000 });
    expect(vet.stderr).toBe('');
    expect(vet.status).toBe(0);
  }, 360_000);

  it('is gofmt clean', async () => {
    const fmt = await run('gofmt', ['-l', '.'], { cwd: MODULE, timeoutMs: 60_000 });
    expect(fmt.stdout).toBe('');
    expect(fmt.status).toBe(0);
  });
});
