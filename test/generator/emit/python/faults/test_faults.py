"""Fault tests of the generated Python client: small HTTP and WebSocket servers on 127.0.0.1 (a free port, started and stopped
by each test) misbehave as real servers and proxies do; every call ends in the typed exception the package
documents, with its message, and a write is never sent twice unless its x-effects say it may be.

Run by test/generator/emit/python/faults.test.ts with /usr/bin/python3 and generated/python on PYTHONPATH;
prints one JSON object, {test name: "ok" | what failed}.
"""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import threading
import traceback
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Awaitable, Callable

from websockets.exceptions import ConnectionClosed
from websockets.legacy.server import WebSocketServerProtocol, serve

from noderpc_client import (
    AsyncNodeClient,
    DecodeError,
    EncodeError,
    HttpError,
    NodeClient,
    ProtocolError,
    Reconnect,
    RequestTimeoutError,
    Retry,
    RpcError,
    TransportError,
    calls,
    errors,
)

# Fast retries: the tests count requests, never time them.
FAST = Retry(count=3, delay=0.001, max_delay=0.005, max_retry_after=0.005)
OFF = Retry(count=0)

Answer = Callable[[int, Any, "Handler"], None]


class Handler(BaseHTTPRequestHandler):
    server: "Node"  # type: ignore[assignment]

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet
        pass

    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        body = self.rfile.read(int(self.headers.get("content-length") or 0))
        try:
            request = json.loads(body)
        except ValueError:
            request = None
        with self.server.lock:
            self.server.count += 1
            n = self.server.count
            self.server.paths.append(self.path)
            self.server.bodies.append(request)
        self.server.answer(n, request, self)

    def send(self, status: int, body: bytes | str, headers: dict[str, str] | None = None, length: int | None = None) -> None:
        data = body.encode() if isinstance(body, str) else body
        self.send_response(status)
        for k, v in {"content-type": "application/json", **(headers or {})}.items():
            self.send_header(k, v)
        self.send_header("content-length", str(len(data) if length is None else length))
        self.end_headers()
        self.wfile.write(data)
        self.wfile.flush()


class Node(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, answer: Answer) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.answer = answer
        self.lock = threading.Lock()
        self.count = 0
        self.paths: list[str] = []
        self.bodies: list[Any] = []
        self.release = threading.Event()
        self.url = f"http://127.0.0.1:{self.server_address[1]}"
        self.thread = threading.Thread(target=self.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.release.set()
        self.shutdown()
        self.server_close()
        self.thread.join()

    def requests(self) -> int:
        with self.lock:
            return self.count


def reply(h: Handler, request: Any, result: str) -> None:
    h.send(200, '{"jsonrpc":"2.0","id":' + json.dumps(request["id"]) + ',"result":' + result + "}")


def rpc_error(h: Handler, request: Any, code: int, message: str, data: str) -> None:
    h.send(200, '{"jsonrpc":"2.0","id":' + json.dumps(request["id"]) + ',"error":{"code":' + str(code) + ',"message":' + json.dumps(message) + ',"data":' + data + "}}")


def unavailable(_n: int, _request: Any, h: Handler) -> None:
    h.send(503, "no backend", {"content-type": "text/plain"})


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


class Faults(unittest.TestCase):
    def serve(self, answer: Answer) -> Node:
        node = Node(answer)
        self.addCleanup(node.stop)
        return node

    def client(self, node: Node, **options: Any) -> NodeClient:
        client = NodeClient(node.url, **options)
        self.addCleanup(client.close)
        return client

    # -- timeouts and cancellation -------------------------------------------------------------------------

    def test_timeout_is_a_request_timeout_error(self) -> None:
        s = self.serve(lambda _n, _r, _h: s.release.wait())
        with self.assertRaises(RequestTimeoutError) as caught:
            self.client(s, retry=OFF, timeout=0.2).evm.eth.block_number()
        e = caught.exception
        self.assertEqual(str(e), f"eth_blockNumber: no reply from {s.url}/ext/bc/C/rpc within 0.2 s")
        self.assertEqual((e.method, e.timeout, e.unsent), ("eth_blockNumber", 0.2, False))

    def test_timeout_per_call_overrides_the_clients(self) -> None:
        s = self.serve(lambda _n, _r, _h: s.release.wait())
        with self.assertRaises(RequestTimeoutError) as caught:
            self.client(s, retry=OFF, timeout=30.0).info.get_node_version(timeout=0.1)
        self.assertEqual(str(caught.exception), f"info.getNodeVersion: no reply from {s.url}/ext/info within 0.1 s")

    def test_async_timeout_is_a_request_timeout_error(self) -> None:
        s = self.serve(lambda _n, _r, _h: s.release.wait())

        async def go() -> None:
            async with AsyncNodeClient(s.url, retry=OFF, timeout=0.2) as client:
                await client.evm.eth.block_number()

        with self.assertRaises(RequestTimeoutError) as caught:
            asyncio.run(go())
        self.assertEqual(str(caught.exception), f"eth_blockNumber: no reply from {s.url}/ext/bc/C/rpc within 0.2 s")

    def test_cancelled_async_call_is_not_retried(self) -> None:
        s = self.serve(lambda _n, _r, _h: s.release.wait())

        async def go() -> None:
            async with AsyncNodeClient(s.url, retry=FAST) as client:
                task = asyncio.ensure_future(client.evm.eth.block_number())
                while s.requests() == 0:
                    await asyncio.sleep(0.001)
                task.cancel()
                await task

        with self.assertRaises(asyncio.CancelledError):
            asyncio.run(go())
        self.assertEqual(s.requests(), 1)

    # -- HTTP statuses and retries ---------------------------------------------------------------------------

    def test_rate_limited_with_retry_after(self) -> None:
        def answer(n: int, r: Any, h: Handler) -> None:
            if n <= 2:
                h.send(429, "slow down", {"retry-after": "7", "content-type": "text/plain"})
            else:
                reply(h, r, '"0x2a"')

        s = self.serve(answer)
        with self.assertRaises(HttpError) as caught:
            self.client(s, retry=OFF).evm.eth.block_number()
        e = caught.exception
        self.assertEqual(str(e), f"eth_blockNumber: HTTP 429 from {s.url}/ext/bc/C/rpc: slow down")
        self.assertEqual((e.status, e.retry_after, e.body), (429, 7.0, "slow down"))
        # Retries on (Retry-After capped by max_retry_after): the read is sent again and succeeds.
        self.assertEqual(self.client(s, retry=FAST).evm.eth.block_number(), 42)
        self.assertEqual(s.requests(), 3)

    def test_write_is_never_sent_twice(self) -> None:
        s = self.serve(unavailable)
        with self.assertRaises(HttpError) as caught:
            self.client(s, retry=FAST).x.avm.mint(amount=1, asset_id="asset", to="X-addr", username="u", password="p")
        self.assertEqual(str(caught.exception), f"avm.mint: HTTP 503 from {s.url}/ext/bc/X: no backend")
        self.assertEqual(s.requests(), 1)

    def test_admin_is_never_retried(self) -> None:
        s = self.serve(unavailable)
        with self.assertRaises(HttpError) as caught:
            self.client(s, retry=FAST).x.avm.create_address(username="u", password="p")
        self.assertEqual(caught.exception.status, 503)
        self.assertEqual(s.requests(), 1)

    def test_idempotent_write_is_retried(self) -> None:
        s = self.serve(lambda n, r, h: unavailable(n, r, h) if n < 3 else reply(h, r, '"0xabc"'))
        self.assertEqual(self.client(s, retry=FAST).evm.eth.send_raw_transaction("0x02"), "0xabc")
        self.assertEqual(s.requests(), 3)

    def test_read_gives_up_after_its_retries(self) -> None:
        s = self.serve(unavailable)
        with self.assertRaises(HttpError) as caught:
            self.client(s, retry=FAST).info.get_node_version()
        self.assertEqual(str(caught.exception), f"info.getNodeVersion: HTTP 503 from {s.url}/ext/info: no backend")
        self.assertEqual(s.requests(), 4)

    def test_client_errors_are_not_retried(self) -> None:
        for status in (400, 401, 403, 404, 405):
            with self.subTest(status=status):
                s = self.serve(lambda _n, _r, h, status=status: h.send(status, "refused", {"content-type": "text/plain"}))  # type: ignore[misc]
                with self.assertRaises(HttpError) as caught:
                    self.client(s, retry=FAST).info.get_node_version()
                self.assertEqual(str(caught.exception), f"info.getNodeVersion: HTTP {status} from {s.url}/ext/info: refused")
                self.assertEqual(s.requests(), 1)

    def test_oversize_request_is_refused_with_413(self) -> None:
        s = self.serve(lambda _n, _r, h: h.send(413, "request body too large", {"content-type": "text/plain"}))
        big = "0x" + "ab" * 300_000
        with self.assertRaises(HttpError) as caught:
            self.client(s, retry=FAST).evm.eth.send_raw_transaction(big)
        self.assertEqual(str(caught.exception), f"eth_sendRawTransaction: HTTP 413 from {s.url}/ext/bc/C/rpc: request body too large")
        self.assertEqual(s.requests(), 1)

    def test_proxy_error_page_is_shortened_in_the_message(self) -> None:
        page = "<html><body>" + "bad gateway " * 40 + "</body></html>"
        s = self.serve(lambda _n, _r, h: h.send(502, page, {"content-type": "text/html"}))
        with self.assertRaises(HttpError) as caught:
            self.client(s, retry=OFF).evm.eth.chain_id()
        self.assertEqual(str(caught.exception), f"eth_chainId: HTTP 502 from {s.url}/ext/bc/C/rpc: {page[:200]}...")
        self.assertEqual(caught.exception.body, page)

    def test_json_rpc_error_under_a_500_status_is_the_rpc_error(self) -> None:
        s = self.serve(lambda _n, r, h: h.send(500, json.dumps({"jsonrpc": "2.0", "id": r["id"], "error": {"code": -32603, "message": "internal error"}})))
        with self.assertRaises(RpcError) as caught:
            self.client(s, retry=OFF).evm.eth.block_number()
        e = caught.exception
        self.assertEqual(str(e), "eth_blockNumber: internal error (code -32603)")
        self.assertEqual((e.code, e.rpc_message, e.data, e.status), (-32603, "internal error", None, 500))

    # -- replies that are not what was asked for -------------------------------------------------------------

    def test_malformed_json_is_a_protocol_error_and_not_retried(self) -> None:
        s = self.serve(lambda _n, _r, h: h.send(200, '{"jsonrpc":"2.0","id":'))
        with self.assertRaises(ProtocolError) as caught:
            self.client(s, retry=FAST).evm.eth.block_number()
        self.assertRegex(str(caught.exception), rf"^eth_blockNumber: the reply from {s.url}/ext/bc/C/rpc is not JSON: Expecting value: line 1 column 23")
        self.assertEqual(caught.exception.method, "eth_blockNumber")
        self.assertEqual(s.requests(), 1)

    def test_empty_body_is_a_protocol_error(self) -> None:
        s = self.serve(lambda _n, _r, h: h.send(200, ""))
        with self.assertRaises(ProtocolError) as caught:
            self.client(s, retry=OFF).info.get_node_version()
        self.assertEqual(str(caught.exception), f"info.getNodeVersion: the reply from {s.url}/ext/info is empty")

    def test_truncated_body_is_a_transport_error(self) -> None:
        s = self.serve(lambda _n, _r, h: h.send(200, '{"jsonrpc":"2.0","id":1,', length=400))
        with self.assertRaises(TransportError) as caught:
            self.client(s, retry=OFF).evm.eth.block_number()
        e = caught.exception
        self.assertIs(type(e), TransportError)
        self.assertRegex(str(e), rf"^eth_blockNumber: {s.url}/ext/bc/C/rpc: the connection closed before the whole reply came \(.+\)$")
        self.assertFalse(e.unsent)

    def test_wrong_id_is_a_protocol_error(self) -> None:
        s = self.serve(lambda _n, _r, h: reply(h, {"id": "other"}, '"0x1"'))
        with self.assertRaises(ProtocolError) as caught:
            self.client(s).evm.eth.block_number()
        self.assertEqual(str(caught.exception), f"eth_blockNumber: the reply from {s.url}/ext/bc/C/rpc: the reply's id 'other' does not match the request's id 1")

    def test_id_as_a_string_is_named(self) -> None:
        s = self.serve(lambda _n, r, h: reply(h, {"id": str(r["id"])}, '"0x1"'))
        with self.assertRaises(ProtocolError) as caught:
            self.client(s).evm.eth.block_number()
        self.assertEqual(str(caught.exception), f"eth_blockNumber: the reply from {s.url}/ext/bc/C/rpc: the reply's id is the string '1', but the request's id is the number 1")

    def test_error_with_null_id_is_the_rpc_error(self) -> None:
        s = self.serve(lambda _n, _r, h: h.send(200, '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}'))
        with self.assertRaises(RpcError) as caught:
            self.client(s, retry=FAST).evm.eth.block_number()
        self.assertEqual(str(caught.exception), "eth_blockNumber: parse error (code -32700)")
        self.assertEqual(s.requests(), 1)

    def test_replies_that_are_not_json_rpc_are_protocol_errors(self) -> None:
        cases = [
            ('[{"jsonrpc":"2.0","id":1,"result":"0x1"}]', "expected one reply object, got an array"),
            ('"0x1"', "expected a JSON-RPC 2.0 reply object, got the string '0x1'"),
            ('{"jsonrpc":"1.0","id":1,"result":"0x1"}', "the reply's \"jsonrpc\" member is '1.0', not \"2.0\""),
            ('{"jsonrpc":"2.0","result":"0x1"}', 'the reply has no "id"'),
            ('{"jsonrpc":"2.0","id":1}', "the reply has neither a result nor an error"),
            ('{"jsonrpc":"2.0","id":1,"error":{"code":"bad"}}', "the reply's error {'code': 'bad'} is not a JSON-RPC error object ({code: integer, message: string})"),
            ('{"jsonrpc":"2.0","id":1,"result":"0x1","error":{"code":1,"message":"m"}}', "the reply has both a result and an error"),
        ]
        for body, said in cases:
            with self.subTest(body=body):
                s = self.serve(lambda _n, _r, h, body=body: h.send(200, body))  # type: ignore[misc]
                with self.assertRaises(ProtocolError) as caught:
                    self.client(s, retry=FAST).evm.eth.block_number()
                self.assertEqual(str(caught.exception), f"eth_blockNumber: the reply from {s.url}/ext/bc/C/rpc: {said}")
                self.assertEqual(s.requests(), 1)

    def test_result_of_the_wrong_shape_is_a_decode_error(self) -> None:
        s = self.serve(lambda _n, r, h: reply(h, r, "12"))
        with self.assertRaises(DecodeError) as caught:
            self.client(s).evm.eth.block_number()
        self.assertEqual(str(caught.exception), f"eth_blockNumber: the result from {s.url}/ext/bc/C/rpc does not decode: value: expected a 0x-prefixed hex quantity, got the number 12")

    def test_nested_field_of_the_wrong_shape_names_its_path(self) -> None:
        s = self.serve(lambda _n, r, h: reply(h, r, '{"height":"tall"}'))
        with self.assertRaises(DecodeError) as caught:
            self.client(s).platform.get_height()
        self.assertEqual(str(caught.exception), f"platform.getHeight: the result from {s.url}/ext/bc/P does not decode: /height: expected an unsigned 64-bit integer (decimal string or number), got the string 'tall'")

    # -- errors the node sends -------------------------------------------------------------------------------

    def test_rpc_error_carries_code_message_and_data(self) -> None:
        s = self.serve(lambda _n, r, h: rpc_error(h, r, -32000, "not found", '{"why":"gone"}'))
        with self.assertRaises(RpcError) as caught:
            self.client(s).platform.get_height()
        e = caught.exception
        self.assertIs(type(e), errors.NotFoundError)
        self.assertEqual(str(e), "platform.getHeight: not found (code -32000)")
        self.assertEqual((e.code, e.rpc_message, e.data, e.method, e.url, e.status), (-32000, "not found", {"why": "gone"}, "platform.getHeight", f"{s.url}/ext/bc/P", 200))

    def test_undocumented_error_is_a_plain_rpc_error(self) -> None:
        s = self.serve(lambda _n, r, h: rpc_error(h, r, -32099, "something new", "[1, 2]"))
        with self.assertRaises(RpcError) as caught:
            self.client(s, retry=FAST).info.get_node_version()
        self.assertIs(type(caught.exception), RpcError)
        self.assertEqual(str(caught.exception), "info.getNodeVersion: something new (code -32099)")
        self.assertEqual(caught.exception.data, [1, 2])
        self.assertEqual(s.requests(), 1)

    def test_rate_limit_error_code_is_retried_for_a_read(self) -> None:
        s = self.serve(lambda n, r, h: rpc_error(h, r, -32005, "limit exceeded", "null") if n == 1 else reply(h, r, '"0x7"'))
        self.assertEqual(self.client(s, retry=FAST).evm.eth.chain_id(), 7)
        self.assertEqual(s.requests(), 2)

    def test_connection_refused_is_an_unsent_transport_error(self) -> None:
        url = f"http://127.0.0.1:{free_port()}"
        with NodeClient(url, retry=OFF) as client, self.assertRaises(TransportError) as caught:
            client.info.get_node_version()
        e = caught.exception
        self.assertIs(type(e), TransportError)
        self.assertTrue(e.unsent)
        self.assertRegex(str(e), rf"^info\.getNodeVersion: {url}/ext/info: could not connect \(.+\)$")

    def test_bad_argument_is_an_encode_error_and_nothing_is_sent(self) -> None:
        s = self.serve(lambda _n, r, h: reply(h, r, "{}"))
        with self.assertRaises(EncodeError) as caught:
            self.client(s).x.avm.mint(amount=-1, asset_id="asset", to="X-addr", username="u", password="p")
        self.assertEqual(str(caught.exception), "avm.mint: param /amount: expected a non-negative int, got the number -1")
        self.assertEqual(s.requests(), 0)

    # -- paths -------------------------------------------------------------------------------------------------

    def test_services_use_their_own_path_defaults(self) -> None:
        s = self.serve(lambda _n, r, h: reply(h, r, '"0x1"'))
        self.client(s).evm.eth.block_number()
        self.client(s, variables={"blockchainID": "X2"}).evm.eth.block_number()
        self.assertEqual(s.paths, ["/ext/bc/C/rpc", "/ext/bc/X2/rpc"])

    # -- batches -------------------------------------------------------------------------------------------------

    def test_batch_partial_failure_is_each_calls_own(self) -> None:
        def answer(_n: int, r: Any, h: Handler) -> None:
            h.send(200, json.dumps([{"jsonrpc": "2.0", "id": r[1]["id"], "error": {"code": -32000, "message": "header not found"}}, {"jsonrpc": "2.0", "id": r[0]["id"], "result": "0x5"}]))

        s = self.serve(answer)
        out = self.client(s).batch([calls.evm_eth_block_number(), calls.evm_eth_chain_id()])
        self.assertEqual((out[0].value, out[0].error), (5, None))
        self.assertIsInstance(out[1].error, RpcError)
        self.assertEqual(str(out[1].error), "eth_chainId: header not found (code -32000)")
        with self.assertRaises(RpcError):
            out[1].unwrap()

    def test_batch_item_missing_is_that_calls_error(self) -> None:
        s = self.serve(lambda _n, r, h: h.send(200, json.dumps([{"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "batch too large"}}])))
        out = self.client(s).batch([calls.evm_eth_block_number(), calls.evm_eth_chain_id()])
        for o, method in zip(out, ["eth_blockNumber", "eth_chainId"]):
            self.assertIsInstance(o.error, ProtocolError)
            assert o.error is not None
            self.assertRegex(str(o.error), rf"^{method}: the batch reply from {s.url}/ext/bc/C/rpc has no item for id \d+ \(1 items for 2 calls; the server said: batch too large \(code -32600\)\)$")

    def test_batch_answered_by_one_error_object_fails_every_call(self) -> None:
        s = self.serve(lambda _n, _r, h: h.send(200, '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"empty batch"}}'))
        out = self.client(s).batch([calls.evm_eth_block_number(), calls.evm_eth_chain_id()])
        self.assertEqual([str(o.error) for o in out], ["eth_blockNumber: empty batch (code -32600)", "eth_chainId: empty batch (code -32600)"])
        self.assertTrue(all(isinstance(o.error, RpcError) for o in out))

    def test_batch_with_malformed_reply_raises_for_the_batch(self) -> None:
        s = self.serve(lambda _n, _r, h: h.send(200, "[{"))
        with self.assertRaises(ProtocolError) as caught:
            self.client(s).batch([calls.evm_eth_block_number(), calls.evm_eth_chain_id()])
        self.assertRegex(str(caught.exception), rf"^batch: the reply from {s.url}/ext/bc/C/rpc is not JSON: ")

    def test_batch_http_error_raises_for_the_batch(self) -> None:
        s = self.serve(unavailable)
        with self.assertRaises(HttpError) as caught:
            self.client(s, retry=FAST).batch([calls.evm_eth_block_number()])
        self.assertEqual(str(caught.exception), f"batch: HTTP 503 from {s.url}/ext/bc/C/rpc: no backend")

    def test_batch_splits_at_the_endpoints_limit(self) -> None:
        def answer(_n: int, r: Any, h: Handler) -> None:
            h.send(200, json.dumps([{"jsonrpc": "2.0", "id": x["id"], "result": "0x1"} for x in r]))

        s = self.serve(answer)
        out = self.client(s).batch([calls.evm_eth_block_number() for _ in range(1001)])
        self.assertEqual([len(b) for b in s.bodies], [1000, 1])
        self.assertEqual([o.unwrap() for o in out], [1] * 1001)

    def test_batch_on_an_endpoint_without_batches_sends_each_call(self) -> None:
        def answer(_n: int, r: Any, h: Handler) -> None:
            if isinstance(r, list):
                h.send(400, "batches are not taken here", {"content-type": "text/plain"})
            else:
                reply(h, r, '{"height":"42"}')

        s = self.serve(answer)
        out = self.client(s).batch([calls.platform_get_height(), calls.platform_get_height()])
        self.assertEqual([o.unwrap() for o in out], [{"height": 42}, {"height": 42}])
        self.assertEqual(s.requests(), 2)

    def test_batch_of_calls_to_two_services_is_refused(self) -> None:
        s = self.serve(lambda _n, r, h: reply(h, r, '"0x1"'))
        with self.assertRaises(ValueError) as caught:
            self.client(s).batch([calls.evm_eth_block_number(), calls.platform_get_height()])
        self.assertEqual(str(caught.exception), "a batch goes to one endpoint: its calls must all belong to one service")
        self.assertEqual(s.requests(), 0)


WsAnswer = Callable[[WebSocketServerProtocol, Any], Awaitable[None]]


class WsNode:
    """A WebSocket server on 127.0.0.1 (a free port) whose ``answer`` gets each request; started and stopped by ``run``."""

    def __init__(self, answer: WsAnswer) -> None:
        self.answer = answer
        self.requests: list[Any] = []
        self.connections = 0
        self.url = ""

    async def handle(self, ws: WebSocketServerProtocol) -> None:
        self.connections += 1
        try:
            async for message in ws:
                request = json.loads(message)
                self.requests.append(request)
                await self.answer(ws, request)
        except ConnectionClosed:
            pass  # a test that closes the connection itself

    def run(self, body: Callable[[str], Awaitable[None]]) -> None:
        async def main() -> None:
            server = await serve(self.handle, "127.0.0.1", 0)
            port = list(server.sockets)[0].getsockname()[1]
            self.url = f"http://127.0.0.1:{port}"
            try:
                await asyncio.wait_for(body(self.url), 30)  # a hang fails the test instead of stalling the suite
            finally:
                server.close()
                await server.wait_closed()

        asyncio.run(main())


def ws_reply(id: Any, result: Any) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": id, "result": result})


def notification(sid: str, result: Any) -> str:
    return json.dumps({"jsonrpc": "2.0", "method": "eth_subscription", "params": {"subscription": sid, "result": result}})


class WsFaults(unittest.TestCase):
    """The async client's WebSocket transport: subscriptions and calls over a connection that misbehaves."""

    def test_ws_connection_refused_is_an_unsent_transport_error(self) -> None:
        url = f"http://127.0.0.1:{free_port()}"

        async def go() -> None:
            async with AsyncNodeClient(url) as client:
                await client.evm.eth.subscribe("newHeads")

        with self.assertRaises(TransportError) as caught:
            asyncio.run(go())
        self.assertTrue(caught.exception.unsent)
        self.assertRegex(str(caught.exception), rf"^eth_subscribe: ws://127\.0\.0\.1:\d+/ext/bc/C/ws: could not connect \(.+\)$")

    def test_ws_drop_ends_the_subscription_with_a_transport_error(self) -> None:
        async def answer(ws: WebSocketServerProtocol, r: Any) -> None:
            await ws.send(ws_reply(r["id"], "0xabc"))
            await ws.send(notification("0xabc", {"number": "0x2a"}))
            await ws.close(1011, "going away")

        node = WsNode(answer)
        got: list[Any] = []

        async def body(url: str) -> None:
            async with AsyncNodeClient(url, reconnect=None) as client:
                heads = await client.evm.eth.subscribe("newHeads")
                got.append(await heads.__anext__())
                with self.assertRaises(TransportError) as caught:
                    await heads.__anext__()
                self.assertEqual(str(caught.exception), f"eth_subscribe: ws{url[4:]}/ext/bc/C/ws: the connection closed (received 1011 (unexpected error) going away; then sent 1011 (unexpected error) going away); subscription 0xabc ended")
                with self.assertRaises(StopAsyncIteration):
                    await heads.__anext__()

        node.run(body)
        self.assertEqual(got, [{"number": 42}])
        self.assertEqual([r["params"] for r in node.requests], [["newHeads"]])

    def test_ws_reconnect_subscribes_again_and_the_same_subscription_goes_on(self) -> None:
        async def answer(ws: WebSocketServerProtocol, r: Any) -> None:
            n = node.connections
            if r["method"] == "eth_subscribe":
                await ws.send(ws_reply(r["id"], f"0x{n}"))
                await ws.send(notification(f"0x{n}", {"number": hex(41 + n)}))
            elif r["params"] == ["0xother"]:
                await ws.close(1012, "restarting")  # drops with this call waiting and the subscription live
            else:
                await ws.send(ws_reply(r["id"], True))

        node = WsNode(answer)
        got: list[Any] = []

        async def body(url: str) -> None:
            async with AsyncNodeClient(url, reconnect=Reconnect(delay=0.001, max_delay=0.005)) as client:
                heads = await client.evm.eth.subscribe("newHeads")
                got.append(await heads.__anext__())
                with self.assertRaises(TransportError) as caught:
                    await client.evm.eth.unsubscribe("0xother")
                self.assertTrue(str(caught.exception).startswith(f"eth_unsubscribe: ws{url[4:]}/ext/bc/C/ws: the connection closed (received 1012"), str(caught.exception))
                got.append(await heads.__anext__())  # after the reconnect, on the node's new id
                self.assertEqual(heads.id, "0x2")
                await heads.close()

        node.run(body)
        self.assertEqual(got, [{"number": 42}, {"number": 43}])
        self.assertEqual(node.connections, 2)
        # The call that was waiting is not sent again; the subscription is, and it is ended by its new id.
        self.assertEqual([(r["method"], r["params"]) for r in node.requests], [("eth_subscribe", ["newHeads"]), ("eth_unsubscribe", ["0xother"]), ("eth_subscribe", ["newHeads"]), ("eth_unsubscribe", ["0x2"])])

    def test_ws_reconnect_gives_up_after_its_attempts(self) -> None:
        async def answer(ws: WebSocketServerProtocol, r: Any) -> None:
            if node.connections == 1:
                await ws.send(ws_reply(r["id"], "0xabc"))
                await ws.send(notification("0xabc", {"number": "0x2a"}))
            await ws.close(1001, "going away")  # every later connection closes at its first request

        node = WsNode(answer)
        got: list[Any] = []

        async def body(url: str) -> None:
            async with AsyncNodeClient(url, reconnect=Reconnect(attempts=3, delay=0.001, max_delay=0.005)) as client:
                heads = await client.evm.eth.subscribe("newHeads")
                got.append(await heads.__anext__())
                with self.assertRaises(TransportError) as caught:
                    await heads.__anext__()
                self.assertRegex(str(caught.exception), rf"^eth_subscribe: ws{url[4:]}/ext/bc/C/ws: .+; gave up after 3 reconnect attempts; subscription 0xabc ended$")
                with self.assertRaises(StopAsyncIteration):
                    await heads.__anext__()

        node.run(body)
        self.assertEqual(got, [{"number": 42}])
        self.assertEqual(node.connections, 4)
        self.assertEqual([r["method"] for r in node.requests], ["eth_subscribe"] * 4)

    def test_ws_closing_while_reconnecting_ends_quietly_and_sends_nothing(self) -> None:
        async def answer(ws: WebSocketServerProtocol, r: Any) -> None:
            if r["method"] == "eth_subscribe":
                await ws.send(ws_reply(r["id"], "0x" + r["params"][0].lower()))
            else:
                await ws.close(1012, "restarting")

        node = WsNode(answer)

        async def body(url: str) -> None:
            # A first wait of 30 s or more: the reconnect never comes within the test, which ends well before.
            client = AsyncNodeClient(url, reconnect=Reconnect(delay=60.0, max_delay=60.0))
            heads = await client.evm.eth.subscribe("newHeads")
            pending = await client.evm.eth.subscribe("newPendingTransactions")
            with self.assertRaises(TransportError):
                await client.evm.eth.unsubscribe("0xother")  # the node drops the connection: both wait for a reconnect
            waiting = asyncio.ensure_future(heads.__anext__())
            await heads.close()  # between connections: the iteration ends, nothing goes to the node
            with self.assertRaises(StopAsyncIteration):
                await waiting
            await client.close()  # the reconnect is called off and the other subscription ends
            self.assertEqual([x async for x in pending], [])

        node.run(body)
        self.assertEqual(node.connections, 1)
        self.assertEqual([(r["method"], r["params"]) for r in node.requests], [("eth_subscribe", ["newHeads"]), ("eth_subscribe", ["newPendingTransactions"]), ("eth_unsubscribe", ["0xother"])])

    def test_reconnect_waits_double_up_to_the_cap_with_jitter(self) -> None:
        r = Reconnect(delay=0.25, max_delay=10.0)
        for attempt, ceiling in [(0, 0.25), (1, 0.5), (2, 1.0), (5, 8.0), (6, 10.0), (60, 10.0)]:
            waits = [r.wait(attempt) for _ in range(50)]
            self.assertTrue(all(ceiling / 2 <= w <= ceiling for w in waits), (attempt, waits))
        self.assertEqual((Reconnect().attempts, Reconnect().delay, Reconnect().max_delay), (None, 0.25, 10.0))
        with self.assertRaises(ValueError) as caught:
            Reconnect(attempts=-1)
        self.assertEqual(str(caught.exception), "Reconnect: attempts must be None (no bound) or 0 and more, got -1")
        with self.assertRaises(ValueError) as caught:
            Reconnect(delay=float("nan"))
        self.assertEqual(str(caught.exception), "Reconnect: delay and max_delay are seconds, 0 and more, got nan and 10.0")

    def test_ws_call_waiting_when_the_node_closes_is_a_transport_error(self) -> None:
        async def answer(ws: WebSocketServerProtocol, _r: Any) -> None:
            await ws.close()

        node = WsNode(answer)

        async def body(url: str) -> None:
            async with AsyncNodeClient(url) as client:
                with self.assertRaises(TransportError) as caught:
                    await client.evm.eth.unsubscribe("0x1")
                self.assertEqual(str(caught.exception), f"eth_unsubscribe: ws{url[4:]}/ext/bc/C/ws: the node closed the connection")

        node.run(body)

    def test_ws_timeout_is_a_request_timeout_error(self) -> None:
        async def answer(_ws: WebSocketServerProtocol, _r: Any) -> None:
            pass

        node = WsNode(answer)

        async def body(url: str) -> None:
            async with AsyncNodeClient(url) as client:
                with self.assertRaises(RequestTimeoutError) as caught:
                    await client.evm.eth.subscribe("newHeads", timeout=0.2)
                self.assertEqual(str(caught.exception), f"eth_subscribe: no reply from ws{url[4:]}/ext/bc/C/ws within 0.2 s")

        node.run(body)

    def test_ws_notification_that_does_not_decode_is_a_decode_error(self) -> None:
        async def answer(ws: WebSocketServerProtocol, r: Any) -> None:
            await ws.send(ws_reply(r["id"], "0xabc"))
            await ws.send(notification("0xabc", {"number": 12}))
            await ws.send(notification("0xabc", {"number": "0x7"}))

        node = WsNode(answer)

        async def body(url: str) -> None:
            async with AsyncNodeClient(url) as client:
                heads = await client.evm.eth.subscribe("newHeads")
                with self.assertRaises(DecodeError) as caught:
                    await heads.__anext__()
                self.assertEqual(str(caught.exception), f"eth_subscribe: a notification of subscription 0xabc from ws{url[4:]}/ext/bc/C/ws does not decode: /number: expected a 0x-prefixed hex quantity, got the number 12")
                self.assertEqual(await heads.__anext__(), {"number": 7})  # the next one still comes
                await heads.close()

        node.run(body)

    def test_ws_error_reply_to_subscribe_is_the_rpc_error(self) -> None:
        async def answer(ws: WebSocketServerProtocol, r: Any) -> None:
            await ws.send(json.dumps({"jsonrpc": "2.0", "id": r["id"], "error": {"code": -32601, "message": "no \"newHeads\" subscription in eth namespace"}}))

        node = WsNode(answer)

        async def body(url: str) -> None:
            async with AsyncNodeClient(url) as client:
                with self.assertRaises(RpcError) as caught:
                    await client.evm.eth.subscribe("newHeads")
                self.assertEqual(str(caught.exception), 'eth_subscribe: no "newHeads" subscription in eth namespace (code -32601)')
                self.assertEqual(caught.exception.code, -32601)

        node.run(body)

    def test_ws_notifications_that_overtake_the_reply_are_kept(self) -> None:
        async def answer(ws: WebSocketServerProtocol, r: Any) -> None:
            if r["method"] == "eth_subscribe":
                await ws.send(notification("0xabc", {"number": "0x1"}))
                await ws.send(ws_reply(r["id"], "0xabc"))
                await ws.send(notification("0xabc", {"number": "0x2"}))
            else:
                await ws.send(ws_reply(r["id"], True))

        node = WsNode(answer)

        async def body(url: str) -> None:
            async with AsyncNodeClient(url) as client:
                async with await client.evm.eth.subscribe("newHeads") as heads:
                    self.assertEqual([await heads.__anext__(), await heads.__anext__()], [{"number": 1}, {"number": 2}])

        node.run(body)
        self.assertEqual([(r["method"], r["params"]) for r in node.requests], [("eth_subscribe", ["newHeads"]), ("eth_unsubscribe", ["0xabc"])])

    def test_ws_replies_out_of_order_go_to_their_own_calls(self) -> None:
        held: list[Any] = []

        async def answer(ws: WebSocketServerProtocol, r: Any) -> None:
            held.append(r)
            if len(held) == 2:  # answer the second first
                for req in reversed(held):
                    await ws.send(ws_reply(req["id"], "0x" + req["params"][0].lower()))

        node = WsNode(answer)

        async def body(url: str) -> None:
            async with AsyncNodeClient(url) as client:
                heads, pending = await asyncio.gather(client.evm.eth.subscribe("newHeads"), client.evm.eth.subscribe("newPendingTransactions", True))
                self.assertEqual((heads.id, pending.id), ("0xnewheads", "0xnewpendingtransactions"))

        node.run(body)
        self.assertEqual([r["params"] for r in node.requests[:2]], [["newHeads"], ["newPendingTransactions", True]])

    def test_closing_the_client_ends_subscriptions_and_fails_waiting_calls(self) -> None:
        async def answer(ws: WebSocketServerProtocol, r: Any) -> None:
            if r["method"] == "eth_subscribe":
                await ws.send(ws_reply(r["id"], "0xabc"))

        node = WsNode(answer)

        async def body(url: str) -> None:
            client = AsyncNodeClient(url)
            heads = await client.evm.eth.subscribe("newHeads")
            waiting = asyncio.ensure_future(client.evm.eth.unsubscribe("0xother"))
            while len(node.requests) < 2:
                await asyncio.sleep(0.001)
            await client.close()
            self.assertEqual([x async for x in heads], [])
            with self.assertRaises(TransportError) as caught:
                await waiting
            self.assertEqual(str(caught.exception), f"eth_unsubscribe: ws{url[4:]}/ext/bc/C/ws: the client closed the connection")

        node.run(body)

    def test_unknown_kind_and_ws_headers_are_refused_before_sending(self) -> None:
        async def go() -> None:
            async with AsyncNodeClient(f"http://127.0.0.1:{free_port()}") as client:
                with self.assertRaises(ValueError) as caught:
                    await client.evm.eth.subscribe("nope")  # type: ignore[call-overload]
                self.assertEqual(str(caught.exception), "eth_subscribe: no subscription kind 'nope'; the kinds are newHeads, logs, newPendingTransactions, newAcceptedTransactions, syncing")
                with self.assertRaises(ValueError) as caught:
                    await client.evm.eth.unsubscribe("0x1", headers={"authorization": "Bearer x"})
                self.assertEqual(str(caught.exception), "a WebSocket call takes no headers of its own: give them to the client, for the connection")

        asyncio.run(go())


    def test_without_websockets_the_package_imports_and_a_subscription_says_what_to_install(self) -> None:
        # A fresh interpreter where `import websockets` fails: the package imports, and subscribing explains.
        program = (
            "import asyncio, sys\n"
            "sys.modules['websockets'] = None\n"
            "from noderpc_client import AsyncNodeClient, NodeClient\n"
            "async def go():\n"
            "    async with AsyncNodeClient('http://127.0.0.1:9') as client:\n"
            "        await client.evm.eth.subscribe('newHeads')\n"
            "try:\n"
            "    asyncio.run(go())\n"
            "except ImportError as e:\n"
            "    print(type(e).__name__, e)\n"
        )
        ran = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60)
        self.assertEqual((ran.returncode, ran.stderr), (0, ""))
        self.assertEqual(ran.stdout, "ImportError subscriptions go over WebSocket and need the websockets package (10.4 or later): No module named 'websockets.exceptions'; 'websockets' is not a package\n")


class Report(unittest.TestResult):
    def __init__(self) -> None:
        super().__init__()
        self.outcomes: dict[str, str] = {}

    def addSuccess(self, test: unittest.TestCase) -> None:  # noqa: N802
        self.outcomes.setdefault(test._testMethodName, "ok")  # pyright: ignore[reportPrivateUsage]

    def _bad(self, test: unittest.TestCase, err: Any) -> None:
        name = test._testMethodName if isinstance(test, unittest.TestCase) else str(test)  # pyright: ignore[reportPrivateUsage]
        self.outcomes[name] = "".join(traceback.format_exception(*err))

    def addFailure(self, test: unittest.TestCase, err: Any) -> None:  # noqa: N802
        self._bad(test, err)

    def addError(self, test: unittest.TestCase, err: Any) -> None:  # noqa: N802
        self._bad(test, err)

    def addSubTest(self, test: unittest.TestCase, subtest: unittest.TestCase, err: Any) -> None:  # noqa: N802
        if err is not None:
            self.outcomes[test._testMethodName] = f"{subtest}: " + "".join(traceback.format_exception(*err))  # pyright: ignore[reportPrivateUsage]


if __name__ == "__main__":
    report = Report()
    for case in (Faults, WsFaults):
        unittest.defaultTestLoader.loadTestsFromTestCase(case).run(report)
    json.dump(report.outcomes, sys.stdout)
