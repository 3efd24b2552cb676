"""Subscriptions (``eth_subscribe`` and its kin) as async iterators. Nothing here needs the ``websockets`` package:
the WebSocket transport (``_ws.py``) is imported on the first subscription, so the HTTP clients work without it.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Generic, Mapping, TypeVar

from ._codec import CodecError
from ._errors import DecodeError, NodeRpcError
from ._transport import Call, ErrorFactory

if TYPE_CHECKING:
    from ._ws import AsyncWsTransport

T = TypeVar("T")
# Covariant: a subscription to narrower values is one to wider values (it only yields them).
T_co = TypeVar("T_co", covariant=True)


@dataclass(frozen=True)
class Reconnect:
    """Reconnection of the async client's WebSocket after it drops under live subscriptions: wait ``delay`` seconds
    doubled per attempt up to ``max_delay`` (each wait between half and all of that, at random, so clients dropped
    together do not return in step), open a new connection and subscribe again to every live subscription (same
    Subscription object, the node's new id). ``attempts`` bounds the attempts in a row (None: no bound); a
    subscription the node confirms again resets the count. Pass ``reconnect=None`` to the client to turn it off."""

    attempts: int | None = None
    delay: float = 0.25
    max_delay: float = 10.0

    def __post_init__(self) -> None:
        if self.attempts is not None and self.attempts < 0:
            raise ValueError(f"Reconnect: attempts must be None (no bound) or 0 and more, got {self.attempts}")
        if not self.delay >= 0 or not self.max_delay >= 0:
            raise ValueError(f"Reconnect: delay and max_delay are seconds, 0 and more, got {self.delay} and {self.max_delay}")

    def wait(self, attempt: int) -> float:
        """Seconds before reconnect attempt ``attempt`` (0-based)."""
        ceiling = min(self.max_delay, self.delay * (1 << min(attempt, 30)))
        return ceiling / 2 + random.random() * ceiling / 2


@dataclass(frozen=True)
class Subscribe(Generic[T_co]):
    """A prepared subscription: the call that opens it (its result is the subscription id), the method of its
    notifications, the method that ends it, and the decoder of each notification's result into ``T``."""

    call: Call[str]
    notification: str
    unsubscribe: str | None
    decode: Callable[[Any], T_co] = field(repr=False)


class Subscription(Generic[T_co]):
    """One live subscription: ``async for`` yields each notification's result, decoded, in the order the node sent
    them. ``close()`` (or leaving ``async with``) unsubscribes and ends the iteration; if the connection drops,
    the client reconnects and subscribes again (see Reconnect), and the iteration goes on; when reconnection is off or
    gives up, it ends with the TransportError that says so. ``id`` is the node's subscription id (a new one after a
    reconnect)."""

    def __init__(self, id: str, method: str, url: str, decode: Callable[[Any], T_co], cancel: Callable[[], Awaitable[None]]) -> None:
        self.id = id
        self.method = method
        self.url = url
        self._decode = decode
        self._cancel = cancel
        self._queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        self._ended = False
        self._cancelled = False

    def push(self, result: Any) -> None:
        if not self._ended:
            self._queue.put_nowait(("value", result))

    def end(self, error: NodeRpcError | None) -> None:
        """No more notifications: the iteration stops (raising ``error`` first, if given)."""
        if not self._ended:
            self._ended = True
            self._queue.put_nowait(("error", error) if error is not None else ("end", None))

    def __aiter__(self) -> Subscription[T_co]:
        return self

    async def __anext__(self) -> T_co:
        if self._ended and self._queue.empty():
            raise StopAsyncIteration
        kind, value = await self._queue.get()
        if kind == "end":
            raise StopAsyncIteration
        if kind == "error":
            raise value
        try:
            return self._decode(value)
        except CodecError as e:
            raise DecodeError(f"{self.method}: a notification of subscription {self.id} from {self.url} does not decode: {e}", method=self.method, url=self.url) from e

    async def close(self) -> None:
        """Unsubscribes (once) and ends the iteration: notifications not yet read are dropped, and an iteration
        waiting for one stops."""
        while not self._queue.empty():
            self._queue.get_nowait()
        self._ended = False
        self.end(None)
        if not self._cancelled:
            self._cancelled = True
            await self._cancel()

    async def __aenter__(self) -> Subscription[T_co]:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


class WsLink:
    """The async client's way to its WebSocket transport, made on first use (so ``websockets`` is needed only then)."""

    def __init__(self, base_url: str, paths: Mapping[str, str], *, headers: Mapping[str, str] | None, timeout: float | None, errors: ErrorFactory, reconnect: Reconnect | None = Reconnect()) -> None:
        self._args = (base_url, paths, headers, timeout, errors, reconnect)
        self._transport: AsyncWsTransport | None = None

    def transport(self) -> AsyncWsTransport:
        if self._transport is None:
            try:
                from ._ws import AsyncWsTransport
            except ImportError as e:  # the package's optional dependency
                raise ImportError(f"subscriptions go over WebSocket and need the websockets package (10.4 or later): {e}") from e
            base_url, paths, headers, timeout, errors, reconnect = self._args
            self._transport = AsyncWsTransport(base_url, paths, headers=headers, timeout=timeout, errors=errors, reconnect=reconnect)
        return self._transport

    async def subscribe(self, subscribe: Subscribe[T], *, timeout: float | None = None) -> Subscription[T]:
        return await self.transport().subscribe(subscribe, timeout=timeout)

    async def close(self) -> None:
        if self._transport is not None:
            await self._transport.close()
