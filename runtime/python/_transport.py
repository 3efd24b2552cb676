"""JSON-RPC 2.0 over HTTP with httpx: one call or a batch, timeouts, headers, and retries whose safety comes
from what the spec says a method does (``x-effects``): reads and idempotent writes are sent again freely,
other writes only when the request surely never left, admin calls never.
"""

from __future__ import annotations

import asyncio
import email.utils
import inspect
import json
import random
import socket
import time
import urllib.request
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Mapping, Sequence, TypeVar, cast

import httpx

from ._codec import CodecError
from ._errors import (
    DecodeError,
    HttpError,
    NodeRpcError,
    ProtocolError,
    RequestTimeoutError,
    RpcError,
    TransportError,
)

T = TypeVar("T")
# Covariant: a prepared call or an outcome of a narrower value is one of a wider value (both are read-only).
T_co = TypeVar("T_co", covariant=True)

_NEVER = (-32700, -32600, -32601, -32602)


@dataclass(frozen=True)
class Retry:
    """Retries with exponential backoff and jitter (``count`` 0 turns them off)."""

    count: int = 3
    delay: float = 0.15
    max_delay: float = 10.0
    max_retry_after: float = 30.0
    codes: tuple[int, ...] = ()


@dataclass(frozen=True)
class Call(Generic[T_co]):
    """One prepared JSON-RPC call: what ``batch`` takes. ``decode`` turns the wire result into ``T``."""

    service: str
    method: str
    params: Any
    effects: str
    decode: Callable[[Any], T_co] = field(repr=False)


@dataclass(frozen=True)
class Outcome(Generic[T_co]):
    """A batch item's result: ``value`` or ``error``; ``unwrap()`` returns the value or raises the error."""

    call: Call[T_co]
    value: T_co | None = None
    error: NodeRpcError | None = None

    def unwrap(self) -> T_co:
        if self.error is not None:
            raise self.error
        return self.value  # type: ignore[return-value]


ErrorFactory = Callable[[int, str, Any, str, str, "int | None"], RpcError]


def _retry_after(headers: httpx.Headers) -> float | None:
    ms = headers.get("retry-after-ms")
    if ms is not None:
        try:
            return float(ms) / 1000
        except ValueError:
            pass
    value = headers.get("retry-after")
    if value is None:
        return None
    if value.strip().isdigit():
        return float(value.strip())
    try:
        at = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, float(at.timestamp()) - time.time())


def _retryable(error: NodeRpcError, codes: Sequence[int]) -> bool:
    if isinstance(error, HttpError):
        return error.status in (408, 429) or (error.status >= 500 and error.status != 501)
    if isinstance(error, RpcError):
        return error.code not in _NEVER and (error.code in (-32005, 429) or error.code in codes)
    return isinstance(error, TransportError)


def _may_repeat(effects: str, error: NodeRpcError) -> bool:
    if effects in ("read", "idempotent"):
        return True
    if effects == "admin":
        return False
    return isinstance(error, TransportError) and error.unsent


def _show(value: object) -> str:
    shown = repr(value)
    return shown if len(shown) <= 80 else shown[:80] + "..."


def _check_reply(value: Any) -> dict[str, Any] | str:
    """One reply object's shape: the reply (``error: null`` beside a result dropped), or what is wrong with it."""
    if not isinstance(value, dict):
        return f"expected a JSON-RPC 2.0 reply object, got {_describe(value)}"
    r: dict[str, Any] = value  # pyright: ignore[reportUnknownVariableType]
    if r.get("jsonrpc") != "2.0":
        return f"the reply's \"jsonrpc\" member is {_show(r.get('jsonrpc'))}, not \"2.0\""
    if "id" not in r:
        return 'the reply has no "id"'
    id = r["id"]
    if id is not None and (isinstance(id, bool) or not isinstance(id, (int, str))):
        return f"the reply's id {_show(id)} is not a number or a string"
    err = r.get("error")
    if err is not None:
        if not isinstance(err, dict) or not isinstance(err.get("code"), int) or isinstance(err.get("code"), bool) or not isinstance(err.get("message"), str):  # pyright: ignore[reportUnknownMemberType]
            return f"the reply's error {_show(cast(object, err))} is not a JSON-RPC error object ({{code: integer, message: string}})"
        if r.get("result") is not None:
            return "the reply has both a result and an error"
        return {"id": id, "error": err}
    if "result" not in r:
        return "the reply has neither a result nor an error"
    return {"id": id, "result": r["result"]}


def _describe(value: object) -> str:
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return f"the string {_show(value)}"
    if value is None or isinstance(value, (bool, int, float)):
        return f"{json.dumps(value)}"
    return _show(value)


def _id_mismatch(got: object, want: int) -> str:
    if isinstance(got, str) and got == str(want):
        return f"the reply's id is the string {got!r}, but the request's id is the number {want}"
    return f"the reply's id {_show(got)} does not match the request's id {want}"


_NODELAY = (socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def _no_delay(sock: object) -> None:
    """Turns Nagle's algorithm off on a connection's socket: h11 sends a request's headers and its body in two
    writes, and with Nagle on, the body waits for the node's delayed ACK (about 40 ms on Linux) on every call."""
    setsockopt = getattr(sock, "setsockopt", None)
    if callable(setsockopt):
        try:
            setsockopt(*_NODELAY)
        except OSError:
            pass


def _env_proxy() -> bool:
    """True where the environment names an HTTP proxy: httpx honours it only on a client made without a transport."""
    return any(k in ("http", "https", "all") for k in urllib.request.getproxies())


def _takes_socket_options(transport: type[Any]) -> bool:
    try:
        return "socket_options" in inspect.signature(transport).parameters
    except (TypeError, ValueError):
        return False


def _http_client() -> httpx.Client:
    """The client made when the caller gives none: every connection it opens has TCP_NODELAY set."""
    if _env_proxy():
        return httpx.Client()
    if _takes_socket_options(httpx.HTTPTransport):
        options: dict[str, Any] = {"socket_options": [_NODELAY]}  # httpx >= 0.24; older stubs lack the argument
        return httpx.Client(transport=httpx.HTTPTransport(**options))
    transport = httpx.HTTPTransport()
    return httpx.Client(transport=transport) if _own_pool(transport) else httpx.Client()


def _async_http_client() -> httpx.AsyncClient:
    """The async client made when the caller gives none: every connection it opens has TCP_NODELAY set."""
    if _env_proxy():
        return httpx.AsyncClient()
    if _takes_socket_options(httpx.AsyncHTTPTransport):
        options: dict[str, Any] = {"socket_options": [_NODELAY]}  # httpx >= 0.24; older stubs lack the argument
        return httpx.AsyncClient(transport=httpx.AsyncHTTPTransport(**options))
    transport = httpx.AsyncHTTPTransport()
    return httpx.AsyncClient(transport=transport) if _own_pool(transport) else httpx.AsyncClient()


def _own_pool(transport: httpx.HTTPTransport | httpx.AsyncHTTPTransport) -> bool:
    """httpx before 0.24 has no ``socket_options``, so its transport's connection pool (the private ``_pool``) is
    swapped for one made through httpcore's public constructor with a network backend that sets TCP_NODELAY on
    each connection it opens; the backend classes live in ``httpcore.backends`` only before httpcore 0.17. The pool
    keeps httpx's defaults (certificate checks, 100 connections, 20 kept alive for 5 s). False, with the
    transport untouched, where httpx or httpcore are not as expected: the caller then makes a plain client."""
    try:
        import httpcore
        from httpcore.backends.auto import AutoBackend
        from httpcore.backends.base import AsyncNetworkStream, NetworkStream
        from httpcore.backends.sync import SyncBackend
    except ImportError:
        return False
    if not isinstance(getattr(transport, "_pool", None), (httpcore.ConnectionPool, httpcore.AsyncConnectionPool)):
        return False

    class NoDelay(SyncBackend):
        def connect_tcp(self, host: str, port: int, timeout: float | None = None, local_address: str | None = None) -> NetworkStream:
            stream = super().connect_tcp(host, port, timeout=timeout, local_address=local_address)
            _no_delay(stream.get_extra_info("socket"))
            return stream

    class AsyncNoDelay(AutoBackend):
        async def connect_tcp(self, host: str, port: int, timeout: float | None = None, local_address: str | None = None) -> AsyncNetworkStream:
            stream = await super().connect_tcp(host, port, timeout=timeout, local_address=local_address)
            _no_delay(stream.get_extra_info("socket"))
            return stream

    ssl, most, idle = httpx.create_ssl_context(), 100, 20
    try:
        if isinstance(transport, httpx.HTTPTransport):
            pool = httpcore.ConnectionPool(ssl_context=ssl, max_connections=most, max_keepalive_connections=idle, keepalive_expiry=5.0, network_backend=NoDelay())
            transport._pool = pool  # pyright: ignore[reportPrivateUsage]
        else:
            apool = httpcore.AsyncConnectionPool(ssl_context=ssl, max_connections=most, max_keepalive_connections=idle, keepalive_expiry=5.0, network_backend=AsyncNoDelay())
            transport._pool = apool  # pyright: ignore[reportPrivateUsage]
    except TypeError:
        return False
    return True


class _Core:
    """What the sync and the async transport share: URLs, bodies, replies and the retry plan."""

    def __init__(self, base_url: str, paths: Mapping[str, str], headers: Mapping[str, str] | None, timeout: float | None, retry: Retry, errors: ErrorFactory, batch_limits: Mapping[str, int] | None) -> None:
        self.base_url = base_url.rstrip("/")
        self.paths = dict(paths)
        self.batch_limits = dict(batch_limits or {})
        self.headers = {"content-type": "application/json", **(headers or {})}
        self.timeout = timeout
        self.retry = retry
        self.errors = errors
        self._id = 0

    def url(self, service: str) -> str:
        return self.base_url + self.paths.get(service, "")

    def next_id(self) -> int:
        self._id += 1
        return self._id

    def body(self, call: Call[Any], id: int) -> dict[str, Any]:
        out: dict[str, Any] = {"jsonrpc": "2.0", "id": id, "method": call.method}
        if call.params is not None:
            out["params"] = call.params
        return out

    def check_status(self, response: httpx.Response, method: str, url: str) -> None:
        ctype = response.headers.get("content-type", "")
        if response.status_code == 200 or ("json" in ctype and response.status_code >= 400 and response.status_code not in (429, 502, 503, 504)):
            return
        raise HttpError(response.status_code, response.text, retry_after=_retry_after(response.headers), method=method, url=url)

    def parse(self, text: bytes, method: str, url: str) -> Any:
        if not text.strip():
            raise ProtocolError(f"{method}: the reply from {url} is empty", method=method, url=url)
        try:
            return json.loads(text)
        except ValueError as e:
            raise ProtocolError(f"{method}: the reply from {url} is not JSON: {e}", method=method, url=url) from e

    def settle(self, reply: Any, call: Call[T], id: int, url: str, status: int | None) -> T:
        method = call.method
        if isinstance(reply, list):
            raise ProtocolError(f"{method}: the reply from {url}: expected one reply object, got an array", method=method, url=url)
        checked = _check_reply(reply)
        if isinstance(checked, str):
            raise ProtocolError(f"{method}: the reply from {url}: {checked}", method=method, url=url)
        got = checked.get("id")
        if got != id or isinstance(got, bool):
            if not (got is None and "error" in checked):
                raise ProtocolError(f"{method}: the reply from {url}: {_id_mismatch(got, id)}", method=method, url=url)
        return self.outcome(checked, call, url, status)

    def outcome(self, checked: dict[str, Any], call: Call[T], url: str, status: int | None) -> T:
        """A checked reply's value for its call, or the RpcError it carries; a result that does not decode is a DecodeError."""
        if "error" in checked:
            eo: dict[str, Any] = checked["error"]
            raise self.errors(eo["code"], eo["message"], eo.get("data"), call.method, url, status)
        try:
            return call.decode(checked["result"])
        except CodecError as e:
            raise DecodeError(f"{call.method}: the result from {url} does not decode: {e}", method=call.method, url=url) from e

    def wait(self, error: NodeRpcError, call: Call[Any], attempt: int) -> float | None:
        """Seconds before the next attempt, or None: do not retry."""
        if attempt >= self.retry.count or not _retryable(error, self.retry.codes) or not _may_repeat(call.effects, error):
            return None
        asked = error.retry_after if isinstance(error, HttpError) else None
        if asked is not None:
            return float(min(asked, self.retry.max_retry_after))
        full = min(self.retry.max_delay, self.retry.delay * 2.0**attempt)
        return full / 2 + random.random() * full / 2

    def transport_error(self, e: httpx.TransportError, method: str, url: str, timeout: float | None) -> TransportError:
        if isinstance(e, httpx.TimeoutException):
            return RequestTimeoutError(timeout, method=method, url=url)
        if isinstance(e, httpx.ConnectError):
            return TransportError(f"{method}: {url}: could not connect ({e or type(e).__name__})", method=method, url=url, unsent=True)
        if isinstance(e, httpx.RemoteProtocolError):
            return TransportError(f"{method}: {url}: the connection closed before the whole reply came ({e or type(e).__name__})", method=method, url=url)
        return TransportError(f"{method}: {url}: {e or type(e).__name__}", method=method, url=url)

    def batch_body(self, calls: Sequence[Call[Any]]) -> tuple[list[dict[str, Any]], list[int]]:
        ids = [self.next_id() for _ in calls]
        return [self.body(c, i) for c, i in zip(calls, ids)], ids

    def settle_batch(self, reply: Any, calls: Sequence[Call[Any]], ids: Sequence[int], url: str, status: int) -> list[Outcome[Any]]:
        """One Outcome per call, in call order. A single error object instead of an array (a parse error, ``empty
        batch``) is every call's error; a call the array does not answer gets a ProtocolError naming the first
        error the array holds, if any (a node answers an oversized batch with one ``batch too large`` item)."""
        if not isinstance(reply, list):
            checked = _check_reply(reply)
            if isinstance(checked, str) or "error" not in checked:
                said = checked if isinstance(checked, str) else "expected an array of replies to the batch, got a single result"
                return [Outcome(c, error=ProtocolError(f"{c.method}: the batch reply from {url}: {said}", method=c.method, url=url)) for c in calls]
            return [self._outcome(checked, c, url, status) for c in calls]
        items: list[Any] = reply  # pyright: ignore[reportUnknownVariableType]
        by_id: dict[int, dict[str, Any] | str] = {}
        first_error: dict[str, Any] | None = None
        for item in items:
            checked = _check_reply(item)
            raw_id = item.get("id") if isinstance(item, dict) else None  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
            if isinstance(checked, dict) and "error" in checked and first_error is None:
                first_error = checked["error"]
            if isinstance(raw_id, int) and not isinstance(raw_id, bool) and raw_id not in by_id:
                by_id[raw_id] = checked
        out: list[Outcome[Any]] = []
        for call, id in zip(calls, ids):
            found = by_id.get(id)
            if isinstance(found, str):
                out.append(Outcome(call, error=ProtocolError(f"{call.method}: the batch reply item for id {id} from {url}: {found}", method=call.method, url=url)))
            elif found is not None:
                out.append(self._outcome(found, call, url, status))
            else:
                said = f"; the server said: {first_error['message']} (code {first_error['code']})" if first_error else ""
                out.append(Outcome(call, error=ProtocolError(f"{call.method}: the batch reply from {url} has no item for id {id} ({len(items)} items for {len(calls)} calls{said})", method=call.method, url=url)))
        return out

    def _outcome(self, checked: dict[str, Any], call: Call[T], url: str, status: int) -> Outcome[T]:
        try:
            return Outcome(call, value=self.outcome(checked, call, url, status))
        except NodeRpcError as e:
            return Outcome(call, error=e)

    def chunks(self, calls: Sequence[Call[Any]]) -> list[Sequence[Call[Any]]]:
        """The batches to send: at most the endpoint's limit each; one call each where it takes no batches."""
        limit = self.batch_limits.get(calls[0].service, 40) if calls else 40
        size = max(limit, 1)
        return [calls[i : i + size] for i in range(0, len(calls), size)]

    def solo(self, service: str) -> bool:
        """True where the endpoint takes no JSON-RPC batches."""
        return self.batch_limits.get(service, 40) == 0


class HttpTransport(_Core):
    """Blocking transport over an ``httpx.Client`` (given, or made and owned here)."""

    def __init__(self, base_url: str, paths: Mapping[str, str], *, http_client: httpx.Client | None = None, headers: Mapping[str, str] | None = None, timeout: float | None = 30.0, retry: Retry = Retry(), errors: ErrorFactory, batch_limits: Mapping[str, int] | None = None) -> None:
        super().__init__(base_url, paths, headers, timeout, retry, errors, batch_limits)
        self._owned = http_client is None
        self.http = http_client or _http_client()

    def close(self) -> None:
        if self._owned:
            self.http.close()

    def _post(self, url: str, body: Any, method: str, timeout: float | None, headers: Mapping[str, str] | None) -> httpx.Response:
        try:
            response = self.http.post(url, content=json.dumps(body).encode(), headers={**self.headers, **(headers or {})}, timeout=timeout)
        except httpx.TransportError as e:
            raise self.transport_error(e, method, url, timeout) from e
        self.check_status(response, method, url)
        return response

    def call(self, call: Call[T], *, timeout: float | None = None, headers: Mapping[str, str] | None = None) -> T:
        url = self.url(call.service)
        limit = timeout if timeout is not None else self.timeout
        for attempt in range(self.retry.count + 1):
            id = self.next_id()
            try:
                response = self._post(url, self.body(call, id), call.method, limit, headers)
                return self.settle(self.parse(response.content, call.method, url), call, id, url, response.status_code)
            except NodeRpcError as e:
                delay = self.wait(e, call, attempt)
                if delay is None:
                    raise
                time.sleep(delay)
        raise AssertionError("unreachable")

    def batch(self, calls: Sequence[Call[Any]], *, timeout: float | None = None, headers: Mapping[str, str] | None = None) -> list[Outcome[Any]]:
        if not calls:
            return []
        out: list[Outcome[Any]] = []
        if self.solo(calls[0].service):
            for c in calls:
                try:
                    out.append(Outcome(c, value=self.call(c, timeout=timeout, headers=headers)))
                except NodeRpcError as e:
                    out.append(Outcome(c, error=e))
            return out
        url = self.url(calls[0].service)
        for chunk in self.chunks(calls):
            body, ids = self.batch_body(chunk)
            response = self._post(url, body, "batch", timeout if timeout is not None else self.timeout, headers)
            out += self.settle_batch(self.parse(response.content, "batch", url), chunk, ids, url, response.status_code)
        return out


class AsyncHttpTransport(_Core):
    """Asynchronous transport over an ``httpx.AsyncClient`` (given, or made and owned here)."""

    def __init__(self, base_url: str, paths: Mapping[str, str], *, http_client: httpx.AsyncClient | None = None, headers: Mapping[str, str] | None = None, timeout: float | None = 30.0, retry: Retry = Retry(), errors: ErrorFactory, batch_limits: Mapping[str, int] | None = None) -> None:
        super().__init__(base_url, paths, headers, timeout, retry, errors, batch_limits)
        self._owned = http_client is None
        self.http = http_client or _async_http_client()

    async def close(self) -> None:
        if self._owned:
            await self.http.aclose()

    async def _post(self, url: str, body: Any, method: str, timeout: float | None, headers: Mapping[str, str] | None) -> httpx.Response:
        try:
            response = await self.http.post(url, content=json.dumps(body).encode(), headers={**self.headers, **(headers or {})}, timeout=timeout)
        except httpx.TransportError as e:
            raise self.transport_error(e, method, url, timeout) from e
        self.check_status(response, method, url)
        return response

    async def call(self, call: Call[T], *, timeout: float | None = None, headers: Mapping[str, str] | None = None) -> T:
        url = self.url(call.service)
        limit = timeout if timeout is not None else self.timeout
        for attempt in range(self.retry.count + 1):
            id = self.next_id()
            try:
                response = await self._post(url, self.body(call, id), call.method, limit, headers)
                return self.settle(self.parse(response.content, call.method, url), call, id, url, response.status_code)
            except NodeRpcError as e:
                delay = self.wait(e, call, attempt)
                if delay is None:
                    raise
                await asyncio.sleep(delay)
        raise AssertionError("unreachable")

    async def batch(self, calls: Sequence[Call[Any]], *, timeout: float | None = None, headers: Mapping[str, str] | None = None) -> list[Outcome[Any]]:
        if not calls:
            return []
        out: list[Outcome[Any]] = []
        if self.solo(calls[0].service):
            for c in calls:
                try:
                    out.append(Outcome(c, value=await self.call(c, timeout=timeout, headers=headers)))
                except NodeRpcError as e:
                    out.append(Outcome(c, error=e))
            return out
        url = self.url(calls[0].service)
        for chunk in self.chunks(calls):
            body, ids = self.batch_body(chunk)
            response = await self._post(url, body, "batch", timeout if timeout is not None else self.timeout, headers)
            out += self.settle_batch(self.parse(response.content, "batch", url), chunk, ids, url, response.status_code)
        return out
