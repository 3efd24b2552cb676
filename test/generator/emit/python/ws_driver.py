"""Subscribes through the generated async client to the mock's WebSocket endpoint and reports what came back.

Argument: the mock's base URL (http://127.0.0.1:<port>). Output (stdout, JSON): the steps below, in order, each
with the subscription id and the first notifications decoded (integers tagged as {"$int": "..."}).
"""

import asyncio
import json
import sys
from typing import Any

from noderpc_client import AsyncNodeClient, RpcError


def tag(v: Any) -> Any:
    if isinstance(v, bool) or v is None or isinstance(v, str):
        return v
    if isinstance(v, int):
        return {"$int": str(v)}
    if isinstance(v, dict):
        return {k: tag(v[k]) for k in sorted(v)}
    if isinstance(v, list):
        return [tag(x) for x in v]
    raise TypeError(f"not a JSON value: {type(v).__name__}")


async def main(url: str) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = []
    async with AsyncNodeClient(url) as client:
        # Two subscriptions, one after the other, each closed (unsubscribed) before the next.
        heads = await client.evm.eth.subscribe("newHeads")
        first = await heads.__anext__()
        await heads.close()
        ended = [x async for x in heads]
        try:
            again = await client.evm.eth.unsubscribe(heads.id)
        except RpcError as e:
            again = f"{type(e).__name__}: {e.rpc_message}"
        steps.append({"kind": "newHeads", "id": heads.id, "first": tag(first), "after_close": ended, "unsubscribe_again": again})

        log_filter: Any = {"address": "0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e", "topics": ["0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"]}
        async with await client.evm.eth.subscribe("logs", log_filter) as logs:
            log = await logs.__anext__()
        steps.append({"kind": "logs", "id": logs.id, "first": tag(log)})

        # Two at once on the one connection: each gets its own notifications.
        pending = await client.evm.eth.subscribe("newPendingTransactions")
        heads2 = await client.evm.eth.subscribe("newHeads")
        got = [await pending.__anext__(), await pending.__anext__()]
        head = await heads2.__anext__()
        await pending.close()
        explicit = await client.evm.eth.unsubscribe(heads2.id)
        await heads2.close()
        steps.append({"kind": "newPendingTransactions", "id": pending.id, "first": tag(got)})
        steps.append({"kind": "newHeads", "id": heads2.id, "first": tag(head), "unsubscribe": explicit})
    return steps


json.dump(asyncio.run(main(sys.argv[1])), sys.stdout)
