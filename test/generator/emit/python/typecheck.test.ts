/** The generated Python package is clean under pyright in strict mode (its pyproject.toml sets it) for Python 3.10,
 * and under Debian's mypy with --strict. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../helpers/paths.js';
import { run } from '../clients/run.js';

describe('generated/python', () => {
  it('passes pyright strict', async () => {
    const ran = await run(resolve(ROOT, 'node_modules/.bin/pyright'), ['--pythonpath', '/usr/bin/python3', '--outputjson'], { cwd: resolve(ROOT, 'generated/python'), timeoutMs: 170_000 });
    const report = JSON.parse(ran.stdout) as { generalDiagnostics: { file: string; range: { start: { line: number } }; message: string }[]; summary: { filesAnalyzed: number } };
    expect(report.generalDiagnostics.map((d) => `${d.file.replace(/.*generated\//, '')}:${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
    expect(report.summary.filesAnalyzed).toBeGreaterThanOrEqual(10);
  }, 180_000);

  it('passes mypy --strict (Debian python3-mypy)', async () => {
    const ran = await run('/usr/bin/python3', ['-m', 'mypy', '--strict', '--no-error-summary', '--cache-dir', '/dev/null', 'noderpc_client'], { cwd: resolve(ROOT, 'generated/python'), timeoutMs: 170_000 });
    expect(ran.stderr).not.toMatch(/No module named mypy/);
    expect(ran.stdout.split('\n').filter((l) => l.trim() !== '')).toEqual([]);
    expect(ran.status).toBe(0);
  }, 180_000);
});
