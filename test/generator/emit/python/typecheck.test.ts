/** The generated Python package is clean under pyright in strict mode (its pyproject.toml sets it) for Python 3.10,
 * and under Debian's mypy with --strict; both refuse a WebSocket-only method on the blocking client. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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

  // Code that calls the WebSocket-only methods on the blocking client (lines 6-8) and on the async one (13-15).
  const USAGE = `from noderpc_client import AsyncNodeClient, NodeClient


def blocking(client: NodeClient) -> None:
    client.evm.eth.block_number()
    client.evm.eth.subscribe("newHeads")
    client.evm.eth.unsubscribe("0x1")
    client.evm.debug.unsubscribe("0x1")


async def awaited(client: AsyncNodeClient) -> None:
    await client.evm.eth.block_number()
    async with await client.evm.eth.subscribe("newHeads") as heads:
        await client.evm.eth.unsubscribe(heads.id)
    await client.evm.debug.unsubscribe("0x1")
`;

  it('refuses subscribe and unsubscribe on the blocking client, and takes them on the async one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pyws-'));
    try {
      const file = join(dir, 'usage.py');
      writeFileSync(file, USAGE);
      const cwd = resolve(ROOT, 'generated/python');
      const [mypy, pyright] = await Promise.all([
        run('/usr/bin/python3', ['-m', 'mypy', '--strict', '--no-error-summary', '--cache-dir', '/dev/null', file], { cwd, timeoutMs: 170_000 }),
        run(resolve(ROOT, 'node_modules/.bin/pyright'), ['--pythonpath', '/usr/bin/python3', '--outputjson', file], { cwd, timeoutMs: 170_000 }),
      ]);
      expect(mypy.stdout.split('\n').filter((l) => l.trim() !== '').map((l) => l.replace(`${file}:`, ''))).toEqual([
        '6: error: "EvmEthApi" has no attribute "subscribe"  [attr-defined]',
        '7: error: "EvmEthApi" has no attribute "unsubscribe"  [attr-defined]',
        '8: error: "EvmDebugApi" has no attribute "unsubscribe"  [attr-defined]',
      ]);
      const report = JSON.parse(pyright.stdout) as { generalDiagnostics: { rule?: string; range: { start: { line: number } } }[] };
      const lines = report.generalDiagnostics.map((d) => `${d.range.start.line + 1} ${d.rule ?? ''}`);
      expect(lines.filter((l) => l.endsWith('reportAttributeAccessIssue'))).toEqual(['6 reportAttributeAccessIssue', '7 reportAttributeAccessIssue', '8 reportAttributeAccessIssue']);
      expect(lines.every((l) => /^[678] /.test(l))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
