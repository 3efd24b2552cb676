/**
 * `x-result-by-param` in the Python package: the golden files of the fixture that has it
 * (test/fixtures/emit/result-by-param → test/fixtures/python/result-by-param, the runtime copied in aside), and
 * code using its overloads, checked by pyright (strict) and Debian's mypy (--strict): each call's revealed type
 * is the case's (assert_type), and a wrong use is an error on the line it is on.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readConfigFile, resolveConfig } from '../../../../generator/config/index.js';
import { generate } from '../../../../generator/generate.js';
import { listFiles } from '../../../../generator/write/index.js';
import { expectGolden, updating } from '../../../helpers/golden.js';
import { ROOT, scratch } from '../../../helpers/paths.js';
import { run } from '../clients/run.js';

const FIXTURE = join(ROOT, 'test/fixtures/emit/result-by-param');
const EXPECTED = join(ROOT, 'test/fixtures/python/result-by-param');
const RUNTIME = new Set(['_codec.py', '_errors.py', '_transport.py', '_subscription.py', '_ws.py'].map((f) => `shelf_client/${f}`));
const out = scratch('py-cases');

// Lines 27-30 are wrong uses (a case's result taken as another's, a value no case or the param takes); every other line must check.
const FIXTURE_USAGE = `from typing import Union

from typing_extensions import assert_type

from shelf_client import AsyncShelfClient, Call, ShelfClient, Subscription, calls
from shelf_client.types import Book, BookWithChapters, BookWithTitles, RecordJson, RecordResult, RecordText


def blocking(client: ShelfClient, full: bool) -> None:
    assert_type(client.shelf.get_book("b1", True), Union[BookWithChapters, None])
    assert_type(client.shelf.get_book("b1", False), Union[BookWithTitles, None])
    assert_type(client.shelf.get_book("b1", full), Union[Book, BookWithTitles, BookWithChapters, None])
    assert_type(client.shelf.get_record(id="r1"), RecordText)
    assert_type(client.shelf.get_record(id="r1", format=None), RecordText)
    assert_type(client.shelf.get_record(id="r1", format="base64"), RecordText)
    assert_type(client.shelf.get_record(id="r1", format="json"), RecordJson)
    assert_type(calls.shelf_get_book("b1", True), Call[Union[BookWithChapters, None]])
    assert_type(calls.shelf_get_record(id="r1", format="json"), Call[RecordJson])


async def awaited(client: AsyncShelfClient, format: str) -> None:
    assert_type(await client.shelf.get_book("b1", True), Union[BookWithChapters, None])
    assert_type(await client.shelf.get_record(id="r1", format="json"), RecordJson)
    assert_type(await client.shelf.subscribe("newBooks"), Subscription[BookWithTitles])
    assert_type(await client.shelf.subscribe("newBooks", True), Subscription[BookWithChapters])
    assert_type(await client.shelf.subscribe("newBooks", False), Subscription[BookWithTitles])
    titles: BookWithTitles | None = await client.shelf.get_book("b1", True)
    text: RecordText = await client.shelf.get_record(id="r1", format="json")
    await client.shelf.get_record(id="r1", format="xml")
    await client.shelf.get_record(id="r1", format=format)
    print(titles, text)
    assert_type(await client.shelf.get_record(id="r1", format="text"), RecordText)
    general: RecordResult = await client.shelf.get_record(id="r1")
    print(general)
`;

const NODE_USAGE = `from typing import Union

from typing_extensions import assert_type

from noderpc_client import NodeClient
from noderpc_client.types import BlockWithFullTransactions, BlockWithTransactionHashes, PChainBlockHexResult, PChainBlockJsonResult


def blocking(client: NodeClient) -> None:
    assert_type(client.evm.eth.get_block_by_number("latest", True), Union[BlockWithFullTransactions, None])
    assert_type(client.evm.eth.get_block_by_number("latest", False), Union[BlockWithTransactionHashes, None])
    assert_type(client.platform.get_block(block_id="2iPrJ9bVnRzWC6HV2W7JvPDxxfCh9qVvn1HPPNfZJrqYHo3FsP", encoding="json"), PChainBlockJsonResult)
    assert_type(client.platform.get_block(block_id="2iPrJ9bVnRzWC6HV2W7JvPDxxfCh9qVvn1HPPNfZJrqYHo3FsP"), PChainBlockHexResult)
`;

interface Checked {
  readonly mypy: string[];
  readonly pyright: string[];
}

/** Runs mypy --strict and pyright on `file` from `cwd` (where the package is): the errors each reports (mypy's notes aside). */
async function check(file: string, cwd: string): Promise<Checked> {
  const [mypy, pyright] = await Promise.all([
    run('/usr/bin/python3', ['-m', 'mypy', '--strict', '--no-error-summary', '--cache-dir', '/dev/null', file], { cwd, timeoutMs: 170_000 }),
    run(resolve(ROOT, 'node_modules/.bin/pyright'), ['--pythonpath', '/usr/bin/python3', '--outputjson', file], { cwd, timeoutMs: 170_000 }),
  ]);
  expect(mypy.stderr).not.toMatch(/No module named mypy/);
  const report = JSON.parse(pyright.stdout) as { generalDiagnostics: { severity: string; rule?: string; range: { start: { line: number } } }[] };
  return {
    mypy: mypy.stdout.split('\n').filter((l) => l.trim() !== '' && !/^[^:]*:\d+: note: /.test(l)).map((l) => l.replace(/^[^:]*:/, '')),
    pyright: report.generalDiagnostics.map((d) => `${d.range.start.line + 1}: ${d.severity} ${d.rule ?? ''}`),
  };
}

describe('x-result-by-param in the Python package', () => {
  beforeAll(async () => {
    const result = await generate(resolveConfig(FIXTURE, { ...readConfigFile(FIXTURE)!, out, emit: ['python'] }), { cacheDir: false });
    expect(result.ok, result.report).toBe(true);
  }, 120_000);

  it('prints the golden files', () => {
    const produced = listFiles(join(out, 'python')).filter((f) => !RUNTIME.has(f));
    for (const f of produced) expectGolden(join(EXPECTED, f), readFileSync(join(out, 'python', f), 'utf8'));
    if (!updating) expect(produced).toEqual(listFiles(EXPECTED));
  });

  it("types each case's call by the case's result, and refuses a wrong one", async () => {
    const file = join(out, 'python', 'usage.py');
    writeFileSync(file, FIXTURE_USAGE);
    const { mypy, pyright } = await check(file, join(out, 'python'));
    expect(mypy).toEqual([
      '27: error: Incompatible types in assignment (expression has type "Optional[BookWithChapters]", variable has type "Optional[BookWithTitles]")  [assignment]',
      '28: error: Incompatible types in assignment (expression has type "RecordJson", variable has type "RecordText")  [assignment]',
      '29: error: No overload variant of "get_record" of "AsyncShelfApi" matches argument types "str", "str"  [call-overload]',
      '30: error: No overload variant of "get_record" of "AsyncShelfApi" matches argument types "str", "str"  [call-overload]',
    ]);
    expect(pyright).toEqual(['27: error reportAssignmentType', '28: error reportAssignmentType', '29: error reportCallIssue', '29: error reportArgumentType', '30: error reportCallIssue', '30: error reportArgumentType']);
  }, 180_000);

  it('types the node package: eth.get_block_by_number by fullTransactions, platform.get_block by encoding', async () => {
    const cwd = resolve(ROOT, 'generated/python');
    const file = join(out, 'node_usage.py');
    writeFileSync(file, NODE_USAGE);
    expect(await check(file, cwd)).toEqual({ mypy: [], pyright: [] });
  }, 180_000);
});
