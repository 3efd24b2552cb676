"""JSON-RPC 2.0 over HTTP with httpx: one call or a batch, timeouts, headers, and retries whose safety comes
from what the spec says a method does (``x-effects``): reads and idempotent writes are sent again freely,
other writes only when the request surely never left, admin calls never.
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Mapping, Sequence, TypeVar

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
class Call(Generic[T]):
    """One prepared JSON-RPC call: what ``batch`` takes. ``decode`` turns the wire result into ``T``."""

    service: str
    method: str
    params: Any
    effects: str
    decode: Callable[[Any], T] = field(repr=False)


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """A batch item's result: ``value`` or ``error``; ``unwrap()`` returns the value or raises the error."""

    call: Call[T]
    value: T | None = None
    error: NodeRpcError | None = None

    def unwrap(self) -> T:
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


class _Core:
    """What the sync and the async transport share: URLs, bodies, replies and the retry plan."""

    def __init__(self, base_url: str, paths: Mapping[str, str], headers: Mapping[str, str] | None, timeout: float | None, retry: Retry, errors: ErrorFactory) -> None:
        self.base_url = base_url.rstrip("/")
        self.paths = dict(paths)
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
        try:
            return json.loads(text)
        except ValueError as e:
            raise ProtocolError(f"{method}: the reply from {url} is not JSON: {e}", method=method, url=url) from e

    def settle(self, reply: Any, call: Call[T], id: int, url: str, status: int | None) -> T:
        method = call.method
        if not isinstance(reply, dict):
            raise ProtocolError(f"{method}: the reply from {url} is not a JSON-RPC response object", method=method, url=url)
        r: dict[str, Any] = reply  # pyright: ignore[reportUnknownVariableType]
        if r.get("id") != id or r.get("jsonrpc") != "2.0":
            raise ProtocolError(f"{method}: the reply from {url} answers id {r.get('id')!r}, not {id}", method=method, url=url)
        if "error" in r:
            err = r["error"]
            if not isinstance(err, dict) or not isinstance(err.get("code"), int) or not isinstance(err.get("message"), str):  # pyright: ignore[reportUnknownMemberType]
                raise ProtocolError(f"{method}: the reply from {url} has a malformed error object", method=method, url=url)
            eo: dict[str, Any] = err  # pyright: ignore[reportUnknownVariableType]
            raise self.errors(eo["code"], eo["message"], eo.get("data"), method, url, status)
        if "result" not in r:
            raise ProtocolError(f"{method}: the reply from {url} has neither result nor error", method=method, url=url)
        try:
            return call.decode(r["result"])
        except CodecError as e:
            raise DecodeError(f"{method}: the result from {url} does not decode: {e}", method=method, url=url) from e

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
        return TransportError(f"{method}: {url}: {e or type(e).__name__}", method=method, url=url, unsent=isinstance(e, httpx.ConnectError))

    def batch_body(self, calls: Sequence[Call[Any]]) -> tuple[list[dict[str, Any]], list[int]]:
        ids = [self.next_id() for _ in calls]
        return [self.body(c, i) for c, i in zip(calls, ids)], ids

    def settle_batch(self, reply: Any, calls: Sequence[Call[Any]], ids: Sequence[int], url: str, status: int) -> list[Outcome[Any]]:
        if not isinstance(reply, list):
            raise ProtocolError(f"batch: the reply from {url} is not a JSON array", url=url)
        by_id: dict[Any, Any] = {}
        for item in reply:  # pyright: ignore[reportUnknownVariableType]
            if isinstance(item, dict):
                by_id[item.get("id")] = item  # pyright: ignore[reportUnknownMemberType]
        out: list[Outcome[Any]] = []
        for call, id in zip(calls, ids):
            if id not in by_id:
                out.append(Outcome(call, error=ProtocolError(f"{call.method}: the batch reply from {url} has no item for id {id}", method=call.method, url=url)))
                continue
            try:
                out.append(Outcome(call, value=self.settle(by_id[id], call, id, url, status)))
            except NodeRpcError as e:
                out.append(Outcome(call, error=e))
        return out


class HttpTransport(_Core):
    """Blocking transport over an ``httpx.Client`` (given, or made and owned here)."""

    def __init__(self, base_url: str, paths: Mapping[str, str], *, http_client: httpx.Client | None = None, headers: Mapping[str, str] | None = None, timeout: float | None = 30.0, retry: Retry = Retry(), errors: ErrorFactory) -> None:
        super().__init__(base_url, paths, headers, timeout, retry, errors)
        self._owned = http_client is None
        self.http = http_client or httpx.Client()

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
        url = self.url(calls[0].service)
        body, ids = self.batch_body(calls)
        response = self._post(url, body, "batch", timeout if timeout is not None else self.timeout, headers)
        return self.settle_batch(self.parse(response.content, "batch", url), calls, ids, url, response.status_code)


class AsyncHttpTransport(_Core):
    """Asynchronous transport over an ``httpx.AsyncClient`` (given, or made and owned here)."""

    def __init__(self, base_url: str, paths: Mapping[str, str], *, http_client: httpx.AsyncClient | None = None, headers: Mapping[str, str] | None = None, timeout: float | None = 30.0, retry: Retry = Retry(), errors: ErrorFactory) -> None:
        super().__init__(base_url, paths, headers, timeout, retry, errors)
        self._owned = http_client is None
        self.http = http_client or httpx.AsyncClient()

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
        url = self.url(calls[0].service)
        body, ids = self.batch_body(calls)
        response = await self._post(url, body, "batch", timeout if timeout is not None else self.timeout, headers)
        return self.settle_batch(self.parse(response.content, "batch", url), calls, ids, url, response.status_code)
