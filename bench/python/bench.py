"""The Python client's per-call cost beside a bare call: eth_blockNumber against the same local server, once as
httpx + json.loads + int(..., 16) by hand and once through the generated client, in alternating rounds. A second
pair of figures sends both through an in-process httpx.MockTransport that answers at once, which leaves out the
network and the server: what remains is each side's own cost.

Each round times wall clock and this process's CPU (user + system): on a shared machine the CPU figures are the
steadier measure of what each side costs. Run by bench/python.ts with generated/python on PYTHONPATH:
bench.py <base url> <calls per round>; prints the medians in µs.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any, Callable, cast

import httpx

from noderpc_client import NodeClient
from noderpc_client._transport import _http_client  # pyright: ignore[reportPrivateUsage]

PATH = "/ext/bc/C/rpc"
ROUNDS = 9


def bare(hc: httpx.Client, url: str, id: int) -> int:
    body = {"jsonrpc": "2.0", "id": id, "method": "eth_blockNumber", "params": []}
    response = hc.post(url, content=json.dumps(body).encode(), headers={"content-type": "application/json"}, timeout=30.0)
    if response.status_code != 200:
        raise RuntimeError(f"status {response.status_code}")
    reply = json.loads(response.content)
    result = reply.get("result")
    if "error" in reply or reply.get("id") != id or not isinstance(result, str) or not result.startswith("0x"):
        raise RuntimeError("bad reply")
    return int(result[2:], 16)


def per_call(calls: int, fn: Callable[[], int]) -> tuple[float, float]:
    """Wall time and this process's CPU time (user + system) per call, in µs."""
    wall, cpu = time.perf_counter_ns(), time.process_time_ns()
    for _ in range(calls):
        fn()
    return (time.perf_counter_ns() - wall) / 1000 / calls, (time.process_time_ns() - cpu) / 1000 / calls


def pair(base: str, hc: httpx.Client, calls: int) -> dict[str, float]:
    """Medians over the rounds: bare and client wall time, bare and client CPU time, per call in µs."""
    client = NodeClient(base, http_client=hc)
    ids = iter(range(1, 1 << 62))

    def bare_call() -> int:
        return bare(hc, base + PATH, next(ids))

    def client_call() -> int:
        return client.evm.eth.block_number()

    if bare_call() != client_call():
        raise RuntimeError("the two calls disagree")
    per_call(200, bare_call)
    per_call(200, client_call)
    rounds: dict[str, list[float]] = {"bare": [], "client": [], "bareCpu": [], "clientCpu": []}
    for r in range(ROUNDS):
        # Each kind goes first in every other round, so neither always runs on the other's leftovers.
        order = (("bare", bare_call), ("client", client_call))
        for name, fn in order if r % 2 == 0 else order[::-1]:
            wall, cpu = per_call(calls, fn)
            rounds[name].append(wall)
            rounds[f"{name}Cpu"].append(cpu)
    return {k: statistics.median(v) for k, v in rounds.items()}


def canned(request: httpx.Request) -> httpx.Response:
    id = json.loads(request.content)["id"]
    return httpx.Response(200, headers={"content-type": "application/json"}, content=b'{"jsonrpc":"2.0","id":%d,"result":"0x42c1d80"}' % id)


class Instant:
    """Stands in for httpx.Client (its post only): answers at once with a response built in place, no transport at
    all, so that what the two sides do besides httpx's request machinery shows."""

    def post(self, url: str, *, content: bytes, headers: Any, timeout: Any) -> httpx.Response:
        return canned(httpx.Request("POST", url, content=content))


def main() -> None:
    base, calls = sys.argv[1], int(sys.argv[2])
    # The client the package makes when given none (TCP_NODELAY on its connections), shared by bare and client: a
    # plain httpx.Client() on httpcore before 0.17 leaves Nagle's algorithm on, and each call would wait out the
    # server's delayed ACK (about 40 ms on Linux).
    with _http_client() as hc:
        local = pair(base, hc, calls)
    with httpx.Client(transport=httpx.MockTransport(canned)) as hc:
        memory = pair("http://in-process.invalid", hc, calls)
    instant = pair("http://in-process.invalid", cast(httpx.Client, Instant()), calls)
    print(json.dumps({"local": local, "memory": memory, "instant": instant, "rounds": ROUNDS, "httpx": httpx.__version__, "python": sys.version.split()[0]}))


if __name__ == "__main__":
    main()
