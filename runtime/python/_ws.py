"""JSON-RPC 2.0 over WebSocket with the ``websockets`` package (10.4 and later; its asyncio client): one connection
per endpoint, opened on first use; replies matched to their requests by id; notifications routed to their
subscription by its id. When a connection drops, every call waiting on it fails with a TransportError and every
subscription on it ends with one; the next call opens a new connection.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Mapping, TypeVar

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.legacy.client import WebSocketClientProtocol, connect

from ._errors import NodeRpcError, ProtocolError, RequestTimeoutError, TransportError
from ._subscription import Subscribe, Subscription
from ._transport import Call, ErrorFactory, Retry, _Core  # pyright: ignore[reportPrivateUsage]

T = TypeVar("T")

MAX_MESSAGE = 64 * 2**20
"""The largest message taken from the node (bytes): traces and logs of a large block run to megabytes."""

_EARLY = 1000
"""Notifications kept for a subscription id not yet known (its notifications may overtake the reply that names it)."""


class _Connection:
    """One open WebSocket and what waits on it."""

    def __init__(self, ws: WebSocketClientProtocol, url: str) -> None:
        self.ws = ws
        self.url = url
        self.pending: dict[int, tuple[asyncio.Future[dict[str, Any]], str]] = {}
        self.subscriptions: dict[str, Subscription[Any]] = {}
        self.early: dict[str, list[Any]] = {}
        self.ended: set[str] = set()
        self.closed = False
        self.closing = False
        self.reader = asyncio.ensure_future(self.read())

    async def read(self) -> None:
        reason = "the node closed the connection"
        try:
            async for message in self.ws:
                try:
                    data: Any = json.loads(message)
                except ValueError:
                    continue  # not JSON-RPC: nothing waits on it
                items: list[Any] = data if isinstance(data, list) else [data]  # pyright: ignore[reportUnknownVariableType]
                for item in items:
                    if isinstance(item, dict):
                        self.dispatch(item)  # pyright: ignore[reportUnknownArgumentType]
        except ConnectionClosed as e:
            reason = f"the connection closed ({e})"
        finally:
            self.closed = True
            if self.closing:
                reason = "the client closed the connection"
            for id, (future, method) in list(self.pending.items()):
                if not future.done():
                    future.set_exception(TransportError(f"{method}: {self.url}: {reason}", method=method, url=self.url))
                self.pending.pop(id, None)
            for sub in list(self.subscriptions.values()):
                sub.end(None if self.closing else TransportError(f"{sub.method}: {self.url}: {reason}; subscription {sub.id} ended", method=sub.method, url=self.url))
            self.subscriptions.clear()

    def dispatch(self, item: dict[str, Any]) -> None:
        params = item.get("params")
        if "method" in item and "id" not in item:
            if isinstance(params, dict) and isinstance(params.get("subscription"), str):  # pyright: ignore[reportUnknownMemberType]
                p: dict[str, Any] = params  # pyright: ignore[reportUnknownVariableType]
                sid: str = p["subscription"]
                sub = self.subscriptions.get(sid)
                if sub is not None:
                    sub.push(p.get("result"))
                elif sid not in self.ended:
                    early = self.early.setdefault(sid, [])
                    if len(early) < _EARLY:
                        early.append(p.get("result"))
            return
        id = item.get("id")
        if isinstance(id, int) and not isinstance(id, bool) and id in self.pending:
            future, _ = self.pending.pop(id)
            if not future.done():
                future.set_result(item)


class AsyncWsTransport(_Core):
    """Calls and subscriptions over WebSocket. ``base_url`` is ``ws://`` or ``wss://``; headers go with the opening handshake."""

    def __init__(self, base_url: str, paths: Mapping[str, str], *, headers: Mapping[str, str] | None = None, timeout: float | None = 30.0, errors: ErrorFactory) -> None:
        super().__init__(base_url, paths, None, timeout, Retry(count=0), errors, None)
        self.handshake_headers = dict(headers or {})
        self._connections: dict[str, _Connection] = {}
        self._lock: asyncio.Lock | None = None

    async def connection(self, service: str, method: str) -> _Connection:
        url = self.url(service)
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            conn = self._connections.get(url)
            if conn is None or conn.closed:
                try:
                    ws = await asyncio.wait_for(connect(url, extra_headers=self.handshake_headers, max_size=MAX_MESSAGE, open_timeout=None), self.timeout)
                except asyncio.TimeoutError:
                    raise RequestTimeoutError(self.timeout, method=method, url=url) from None
                except (OSError, InvalidHandshake, InvalidURI) as e:
                    raise TransportError(f"{method}: {url}: could not connect ({e or type(e).__name__})", method=method, url=url, unsent=True) from e
                conn = self._connections[url] = _Connection(ws, url)
        return conn

    async def call(self, call: Call[T], *, timeout: float | None = None, headers: Mapping[str, str] | None = None) -> T:
        if headers:
            raise ValueError("a WebSocket call takes no headers of its own: give them to the client, for the connection")
        conn = await self.connection(call.service, call.method)
        id = self.next_id()
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        conn.pending[id] = (future, call.method)
        try:
            await conn.ws.send(json.dumps(self.body(call, id)))
        except ConnectionClosed as e:
            conn.pending.pop(id, None)
            raise TransportError(f"{call.method}: {conn.url}: the connection closed ({e})", method=call.method, url=conn.url) from e
        limit = timeout if timeout is not None else self.timeout
        try:
            reply = await asyncio.wait_for(future, limit)
        except asyncio.TimeoutError:
            conn.pending.pop(id, None)
            raise RequestTimeoutError(limit, method=call.method, url=conn.url) from None
        except asyncio.CancelledError:
            conn.pending.pop(id, None)
            raise
        return self.settle(reply, call, id, conn.url, None)

    async def subscribe(self, subscribe: Subscribe[T], *, timeout: float | None = None) -> Subscription[T]:
        call = subscribe.call
        conn = await self.connection(call.service, call.method)
        sid = await self.call(call, timeout=timeout)
        if not isinstance(sid, str):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise ProtocolError(f"{call.method}: the reply from {conn.url} names no subscription: {sid!r}", method=call.method, url=conn.url)

        async def cancel() -> None:
            conn.subscriptions.pop(sid, None)
            conn.ended.add(sid)
            if subscribe.unsubscribe is None or conn.closed:
                return
            try:
                await self.call(Call(call.service, subscribe.unsubscribe, [sid], "idempotent", lambda wire: wire), timeout=timeout)
            except TransportError:
                pass  # the connection is gone, and the subscription with it

        sub = Subscription(sid, call.method, conn.url, subscribe.decode, cancel)
        conn.subscriptions[sid] = sub
        for result in conn.early.pop(sid, []):
            sub.push(result)
        if conn.closed:  # it dropped between the reply and now
            sub.end(TransportError(f"{call.method}: {conn.url}: the connection closed; subscription {sid} ended", method=call.method, url=conn.url))
        return sub

    async def close(self) -> None:
        """Closes every connection; subscriptions on them end, calls waiting on them fail."""
        connections, self._connections = list(self._connections.values()), {}
        for conn in connections:
            conn.closing = True
            await conn.ws.close()
            try:
                await conn.reader
            except NodeRpcError:
                pass
