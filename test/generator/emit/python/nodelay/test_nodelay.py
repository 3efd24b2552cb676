"""TCP_NODELAY on the connections of the httpx clients the generated Python package makes for itself.

A small HTTP server on 127.0.0.1 (a free port, started and stopped here) answers eth_blockNumber. After a call
through the package's client, the kept-alive connection's own socket (httpcore's ``network_stream`` response
extension) is asked for TCP_NODELAY: a sender-side option, so it is read on the client's socket, never timed.

Run by test/generator/emit/python/nodelay.test.ts with /usr/bin/python3 and generated/python on PYTHONPATH;
prints one JSON object, {check name: value}.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx

from noderpc_client import AsyncNodeClient, NodeClient
from noderpc_client import _transport  # pyright: ignore[reportPrivateUsage]

BODY = json.dumps({"jsonrpc": "2.0", "id": 0, "method": "eth_blockNumber", "params": []}).encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet
        pass

    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        request = json.loads(self.rfile.read(int(self.headers.get("content-length") or 0)))
        out = json.dumps({"jsonrpc": "2.0", "id": request["id"], "result": "0x2a"}).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(out)))
        self.end_headers()
        self.wfile.write(out)


def nodelay(response: httpx.Response) -> int:
    """TCP_NODELAY on the socket of the connection that carried ``response`` (-1 where it cannot be reached)."""
    stream = response.extensions.get("network_stream")
    sock = stream.get_extra_info("socket") if stream is not None else None
    return -1 if sock is None else int(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))


def sync_checks(url: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    with NodeClient(url) as client:
        out["sync_block"] = client.evm.eth.block_number()
        out["sync_owned"] = nodelay(client._transport.http.post(url + "/ext/bc/C/rpc", content=BODY))  # pyright: ignore[reportPrivateUsage]
    with httpx.Client() as plain:
        out["sync_plain"] = nodelay(plain.post(url + "/ext/bc/C/rpc", content=BODY))
        with NodeClient(url, http_client=plain) as client:
            client.evm.eth.block_number()
            out["sync_given_untouched"] = nodelay(client._transport.http.post(url + "/ext/bc/C/rpc", content=BODY)) == out["sync_plain"] and client._transport.http is plain  # pyright: ignore[reportPrivateUsage]
    # Internals not as expected: the transport is left as it was and a plain client is made, never a crash.
    odd = httpx.HTTPTransport()
    odd._pool = object()  # type: ignore[assignment]  # pyright: ignore[reportPrivateUsage, reportAttributeAccessIssue]
    out["odd_pool_refused"] = _transport._own_pool(odd) is False  # pyright: ignore[reportPrivateUsage]
    saved = os.environ.get("HTTP_PROXY")
    os.environ["HTTP_PROXY"] = "http://127.0.0.1:9"
    try:
        made = _transport._http_client()  # pyright: ignore[reportPrivateUsage]
        out["env_proxy_kept"] = any(k.pattern == "http://" for k in made._mounts)  # pyright: ignore[reportPrivateUsage]
        made.close()
    finally:
        if saved is None:
            del os.environ["HTTP_PROXY"]
        else:
            os.environ["HTTP_PROXY"] = saved
    return out


async def async_checks(url: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    async with AsyncNodeClient(url) as client:
        out["async_block"] = await client.evm.eth.block_number()
        out["async_owned"] = nodelay(await client._transport.http.post(url + "/ext/bc/C/rpc", content=BODY))  # pyright: ignore[reportPrivateUsage]
    return out


def main() -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        out = {**sync_checks(url), **asyncio.run(async_checks(url)), "httpx": httpx.__version__}
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
