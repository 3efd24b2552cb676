"""The plain GET calls of the generated Python clients (``client.health.http.*``), blocking and asyncio: against the
mock node whose URL is argv[1], and against a small server of its own on 127.0.0.1 (a free port) that records the
requests it gets and answers what the node never would (a status the spec does not list, a body that is not JSON).
Prints one JSON object: what each call returned or raised, and the requests the small server saw."""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Awaitable, Callable

from noderpc_client import AsyncNodeClient, HttpError, HttpGetResult, NodeClient, NodeRpcError, Retry

SUBNET = "29uVeLPJB1eQJkzRemU8g8wZDw5uJRqpab5U2mX9euieVwiEbL"
seen: list[dict[str, Any]] = []


class Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802
        seen.append({"method": "GET", "path": self.path, "key": self.headers.get("x-api-key"), "type": self.headers.get("content-type")})
        if self.path.startswith("/ext/health/readiness"):
            self.reply(200, "text/plain", b"ready\n")
        elif self.path.startswith("/ext/health/liveness"):
            self.reply(500, "application/json", b'{"healthy":true,"checks":{}}')
        else:
            self.reply(200, "application/json", b'{"healthy":true,"checks":{}}\n')

    def reply(self, status: int, ctype: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("content-type", ctype)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def tag(v: Any) -> Any:
    """A decoded value in the tests' canonical form: each integer as {"$int": "..."}, keys sorted."""
    if isinstance(v, bool) or v is None or isinstance(v, (str, float)):
        return v
    if isinstance(v, int):
        return {"$int": str(v)}
    if isinstance(v, dict):
        return {k: tag(v[k]) for k in sorted(v)}
    if isinstance(v, list):
        return [tag(x) for x in v]
    raise TypeError(f"not a JSON value: {type(v).__name__}")


def shown(result: HttpGetResult[Any]) -> dict[str, Any]:
    return {"type": type(result).__name__, "status": result.status, "ok": result.ok, "body": tag(result.body)}


def failed(e: NodeRpcError) -> dict[str, Any]:
    return {"error": type(e).__name__, "status": e.status if isinstance(e, HttpError) else None, "message": str(e)}


def blocking(mock: str, local: str) -> dict[str, Any]:
    out: dict[str, Any] = {}

    def at(name: str, call: Callable[[], HttpGetResult[Any]]) -> None:
        try:
            out[name] = shown(call())
        except NodeRpcError as e:
            out[name] = failed(e)

    with NodeClient(mock) as node:
        at("healthy", lambda: node.health.http.health())
        at("unhealthy", lambda: node.health.http.health(tags=[SUBNET]))
        at("readiness", lambda: node.health.http.readiness())
        at("liveness", lambda: node.health.http.liveness())
    with NodeClient(local, headers={"x-api-key": "k1"}, retry=Retry(count=0)) as node:
        at("query", lambda: node.health.http.health(tags=[SUBNET, "a b"]))
        at("not-json", lambda: node.health.http.readiness())
        at("undeclared", lambda: node.health.http.liveness())
    return out


async def awaited(mock: str, local: str) -> dict[str, Any]:
    out: dict[str, Any] = {}

    async def at(name: str, call: Callable[[], Awaitable[HttpGetResult[Any]]]) -> None:
        try:
            out[name] = shown(await call())
        except NodeRpcError as e:
            out[name] = failed(e)

    async with AsyncNodeClient(mock) as node:
        await at("healthy", lambda: node.health.http.health())
        await at("unhealthy", lambda: node.health.http.health(tags=[SUBNET]))
        await at("readiness", lambda: node.health.http.readiness())
        await at("liveness", lambda: node.health.http.liveness())
    async with AsyncNodeClient(local, headers={"x-api-key": "k1"}, retry=Retry(count=0)) as node:
        await at("query", lambda: node.health.http.health(tags=[SUBNET, "a b"]))
        await at("not-json", lambda: node.health.http.readiness())
        await at("undeclared", lambda: node.health.http.liveness())
    return out


def main() -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    local = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        result = {"sync": blocking(sys.argv[1], local), "async": asyncio.run(awaited(sys.argv[1], local)), "seen": seen}
    finally:
        server.shutdown()
        server.server_close()
    json.dump(result, sys.stdout)


main()
