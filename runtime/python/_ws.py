"""JSON-RPC 2.0 over WebSocket with the ``websockets`` package (10.4 and later; its asyncio client): one connection
per endpoint, opened on first use; replies matched to their requests by id; notifications routed to their
subscription by its id. When a connection drops, every call waiting on it fails with a TransportError (it is not
sent again: the node may have run it); its live subscriptions survive when reconnection is on (the default): the
transport opens a new connection with backoff and subscribes to each again, routing the node's new ids to the
same Subscription objects. When reconnection is off or gives up, they end with a TransportError. The next call
opens a new connection.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Callable, Mapping, TypeVar

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.legacy.client import WebSocketClientProtocol, connect

from ._errors import NodeRpcError, ProtocolError, RequestTimeoutError, TransportError
from ._subscription import Reconnect, Subscribe, Subscription
from ._transport import Call, ErrorFactory, Retry, _Core  # pyright: ignore[reportPrivateUsage]

T = TypeVar("T")

MAX_MESSAGE = 64 * 2**20
"""The largest message taken from the node (bytes): traces and logs of a large block run to megabytes."""

_EARLY = 1000
"""Notifications kept for a subscription id not yet known (its notifications may overtake the reply that names it)."""


class _Live:
    """A subscription the client holds: what opened it (to open it again), and where it lives now."""

    def __init__(self, subscribe: Subscribe[Any], sub: Subscription[Any], conn: _Connection) -> None:
        self.subscribe = subscribe
        self.sub = sub
        self.conn: _Connection | None = conn
        self.cancelled = False


class _Connection:
    """One open WebSocket and what waits on it."""

    def __init__(self, ws: WebSocketClientProtocol, url: str, dropped: Callable[[_Connection, str], None]) -> None:
        self.ws = ws
        self.url = url
        self.dropped = dropped
        self.pending: dict[int, tuple[asyncio.Future[dict[str, Any]], str]] = {}
        self.subscriptions: dict[str, _Live] = {}
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
            self.dropped(self, reason)

    def dispatch(self, item: dict[str, Any]) -> None:
        params = item.get("params")
        if "method" in item and "id" not in item:
            if isinstance(params, dict) and isinstance(params.get("subscription"), str):  # pyright: ignore[reportUnknownMemberType]
                p: dict[str, Any] = params  # pyright: ignore[reportUnknownVariableType]
                sid: str = p["subscription"]
                live = self.subscriptions.get(sid)
                if live is not None:
                    live.sub.push(p.get("result"))
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

    def __init__(self, base_url: str, paths: Mapping[str, str], *, headers: Mapping[str, str] | None = None, timeout: float | None = 30.0, errors: ErrorFactory, reconnect: Reconnect | None = Reconnect()) -> None:
        super().__init__(base_url, paths, None, timeout, Retry(count=0), errors, None)
        self.handshake_headers = dict(headers or {})
        self.reconnect = reconnect
        self._connections: dict[str, _Connection] = {}
        self._lock: asyncio.Lock | None = None
        self._lost: dict[str, list[_Live]] = {}
        self._recovering: dict[str, asyncio.Task[None]] = {}
        self._closed = False

    async def connection(self, service: str, method: str) -> _Connection:
        return await self._connect(self.url(service), method)

    async def _connect(self, url: str, method: str) -> _Connection:
        if self._closed:
            raise TransportError(f"{method}: {url}: the client is closed", method=method, url=url, unsent=True)
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
                conn = self._connections[url] = _Connection(ws, url, self._dropped)
        return conn

    async def call(self, call: Call[T], *, timeout: float | None = None, headers: Mapping[str, str] | None = None) -> T:
        if headers:
            raise ValueError("a WebSocket call takes no headers of its own: give them to the client, for the connection")
        conn = await self.connection(call.service, call.method)
        return await self._call_on(conn, call, timeout)

    async def _call_on(self, conn: _Connection, call: Call[T], timeout: float | None) -> T:
        if conn.closed:
            raise TransportError(f"{call.method}: {conn.url}: the connection closed", method=call.method, url=conn.url, unsent=True)
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
        sid = await self._open(conn, subscribe, timeout)
        live: _Live | None = None

        async def cancel() -> None:
            assert live is not None
            live.cancelled = True
            lost = self._lost.get(conn.url, [])
            if live in lost:
                lost.remove(live)  # between connections: the node holds nothing to end
            now = live.conn
            live.conn = None
            if now is None:
                return
            sid = live.sub.id
            now.subscriptions.pop(sid, None)
            now.ended.add(sid)
            if subscribe.unsubscribe is None or now.closed:
                return
            try:
                await self._call_on(now, Call(call.service, subscribe.unsubscribe, [sid], "idempotent", lambda wire: wire), timeout)
            except TransportError:
                pass  # the connection is gone, and the subscription with it

        sub = Subscription(sid, call.method, conn.url, subscribe.decode, cancel)
        live = _Live(subscribe, sub, conn)
        self._attach(live, conn, sid)
        if conn.closed:  # it dropped between the reply and now
            live.conn = None
            conn.subscriptions.pop(sid, None)
            sub.end(TransportError(f"{call.method}: {conn.url}: the connection closed; subscription {sid} ended", method=call.method, url=conn.url))
        return sub

    async def _open(self, conn: _Connection, subscribe: Subscribe[Any], timeout: float | None) -> str:
        """Sends the subscribe call on ``conn``: the node's subscription id."""
        call = subscribe.call
        sid = await self._call_on(conn, call, timeout)
        if not isinstance(sid, str):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise ProtocolError(f"{call.method}: the reply from {conn.url} names no subscription: {sid!r}", method=call.method, url=conn.url)
        return sid

    def _attach(self, live: _Live, conn: _Connection, sid: str) -> None:
        """Routes ``sid``'s notifications on ``conn`` to the subscription, those that came first included."""
        live.conn = conn
        live.sub.id = sid
        conn.subscriptions[sid] = live
        for result in conn.early.pop(sid, []):
            live.sub.push(result)

    def _dropped(self, conn: _Connection, reason: str) -> None:
        """``conn`` closed: its subscriptions end, or wait for a reconnect."""
        lives = [x for x in conn.subscriptions.values() if not x.cancelled]
        conn.subscriptions.clear()
        for live in lives:
            live.conn = None
        if conn.closing or self._closed:
            for live in lives:
                live.sub.end(None)
            return
        if self.reconnect is None:
            for live in lives:
                sub = live.sub
                sub.end(TransportError(f"{sub.method}: {conn.url}: {reason}; subscription {sub.id} ended", method=sub.method, url=conn.url))
            return
        if not lives:
            return
        self._lost.setdefault(conn.url, []).extend(lives)
        if conn.url not in self._recovering:
            self._recovering[conn.url] = asyncio.ensure_future(self._recover(conn.url, reason, self.reconnect))

    async def _recover(self, url: str, reason: str, reconnect: Reconnect) -> None:
        """Reconnects to ``url`` with backoff and subscribes again to each lost subscription, until none is lost,
        the client closes, or the attempts run out (the lost ones then end with a TransportError)."""
        attempt = 0
        try:
            while self._lost.get(url) and not self._closed:
                if reconnect.attempts is not None and attempt >= reconnect.attempts:
                    for live in self._lost.pop(url, []):
                        sub = live.sub
                        sub.end(TransportError(f"{sub.method}: {url}: {reason}; gave up after {attempt} reconnect attempts; subscription {sub.id} ended", method=sub.method, url=url))
                    return
                await asyncio.sleep(reconnect.wait(attempt))
                attempt += 1
                for live in list(self._lost.get(url, [])):
                    if live.cancelled or self._closed:
                        continue
                    try:
                        conn = await self._connect(url, live.subscribe.call.method)
                        sid = await self._open(conn, live.subscribe, None)
                    except TransportError as e:
                        reason = f"{e}"
                        break  # still lost: the next attempt tries again
                    except NodeRpcError as e:  # the node refuses it now: it ends with the node's answer
                        self._lost[url].remove(live)
                        live.sub.end(e)
                        continue
                    self._lost[url].remove(live)
                    if live.cancelled:  # closed while the node answered: end it there too
                        if live.subscribe.unsubscribe is not None and not conn.closed:
                            try:
                                await self._call_on(conn, Call(live.subscribe.call.service, live.subscribe.unsubscribe, [sid], "idempotent", lambda wire: wire), None)
                            except TransportError:
                                pass
                        continue
                    if conn.closed:  # dropped again at once: lost again, for the next attempt
                        self._lost[url].append(live)
                        break
                    self._attach(live, conn, sid)
                    attempt = 0
        finally:
            self._recovering.pop(url, None)
            if self._closed:
                for live in self._lost.pop(url, []):
                    live.sub.end(None)

    async def close(self) -> None:
        """Closes every connection; subscriptions on them (or waiting for a reconnect) end, calls waiting on them fail."""
        self._closed = True
        for task in list(self._recovering.values()):
            task.cancel()
            try:
                await task
            except asyncio.CancelledError:
                pass
        for lives in self._lost.values():
            for live in lives:
                live.sub.end(None)
        self._lost.clear()
        connections, self._connections = list(self._connections.values()), {}
        for conn in connections:
            conn.closing = True
            await conn.ws.close()
            try:
                await conn.reader
            except NodeRpcError:
                pass
