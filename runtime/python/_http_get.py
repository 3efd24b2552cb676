"""Methods the spec also serves to plain HTTP GET requests (``x-http-get``, as the node's health probes): the
params go in the query string, the body of the reply is the method's result, and its HTTP status says
something of its own (the node answers 503 when a health report is unhealthy). So a GET returns the status
beside the decoded body for every status the spec lists for it, and raises HttpError for any other.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import time
from dataclasses import dataclass
from typing import Any, Generic, Mapping, TypeVar, cast
from urllib.parse import quote

import httpx

from ._codec import CodecError
from ._errors import DecodeError, HttpError, NodeRpcError, ProtocolError
from ._transport import AsyncHttpTransport, Call, HttpTransport, _Core, _retry_after  # pyright: ignore[reportPrivateUsage]

T = TypeVar("T")

# What encodeURIComponent leaves as it is, so that both clients send the same query string.
_SAFE = "-_.!~*'()"


@dataclass(frozen=True)
class HttpGetResult(Generic[T]):
    """What a GET returns: ``status``, one of those the spec lists for it (the health reports: 200 or 503);
    ``ok``, whether it is 2xx (for a health report, whether the node reports itself healthy); and ``body``,
    the method's result decoded."""

    status: int
    ok: bool
    body: T


@dataclass(frozen=True)
class HttpGet:
    """Where and how a method is served to GETs: its ``path`` after the service's, each query parameter
    with the param it carries (such methods take their params by name), and the statuses the spec lists."""

    path: str
    query: tuple[tuple[str, str], ...]
    statuses: tuple[int, ...]


def query_string(get: HttpGet, wire: Any) -> str:
    """``?tag=a&tag=b`` from the wire-form params: each query parameter from its param, a list repeated."""
    parts: list[str] = []
    for name, param in get.query:
        value = _param(wire, param)
        items: list[Any] = value if isinstance(value, list) else [value]  # pyright: ignore[reportUnknownVariableType]
        for item in items:
            if item is None:
                continue
            text = item if isinstance(item, str) else json.dumps(item, separators=(",", ":"))
            parts.append(f"{quote(name, safe=_SAFE)}={quote(text, safe=_SAFE)}")
    return "?" + "&".join(parts) if parts else ""


def _param(wire: Any, param: str) -> Any:
    return cast("dict[str, Any]", wire).get(param) if isinstance(wire, dict) else None


def _target(core: _Core, call: Call[Any], get: HttpGet, headers: Mapping[str, str] | None) -> tuple[str, dict[str, str]]:
    url = core.url(call.service).rstrip("/") + get.path + query_string(get, call.params)
    sent = {k: v for k, v in {**core.headers, **(headers or {})}.items() if k.lower() != "content-type"}
    return url, sent


def _settle(call: Call[T], get: HttpGet, response: httpx.Response, url: str) -> HttpGetResult[T]:
    method = f"GET {call.method}"
    status = response.status_code
    if status not in get.statuses:
        raise HttpError(status, response.text, retry_after=_retry_after(response.headers), method=method, url=url)
    try:
        raw = json.loads(response.content)
    except ValueError as e:
        raise ProtocolError(f"{method}: the body of HTTP {status} from {url} is not JSON where {call.method}'s result was expected: {e}", method=method, url=url) from e
    try:
        body = call.decode(raw)
    except CodecError as e:
        raise DecodeError(f"{method}: the body from {url} does not decode: {e}", method=method, url=url) from e
    return HttpGetResult(status, 200 <= status < 300, body)


def http_get(transport: HttpTransport, call: Call[T], get: HttpGet, *, timeout: float | None = None, headers: Mapping[str, str] | None = None) -> HttpGetResult[T]:
    """One GET of ``call``'s method with its encoded params in the query string, through the transport's
    client, headers and timeout; a GET that got no answer (or a 429/5xx the spec does not list) is tried
    again as a read is."""
    url, sent = _target(transport, call, get, headers)
    limit = timeout if timeout is not None else transport.timeout
    read = dataclasses.replace(call, effects="read")
    for attempt in range(transport.retry.count + 1):
        try:
            try:
                response = transport.http.get(url, headers=sent, timeout=limit)
            except httpx.TransportError as e:
                raise transport.transport_error(e, f"GET {call.method}", url, limit) from e
            return _settle(call, get, response, url)
        except NodeRpcError as e:
            delay = transport.wait(e, read, attempt)
            if delay is None:
                raise
            time.sleep(delay)
    raise AssertionError("unreachable")


async def async_http_get(transport: AsyncHttpTransport, call: Call[T], get: HttpGet, *, timeout: float | None = None, headers: Mapping[str, str] | None = None) -> HttpGetResult[T]:
    """``http_get`` over the async transport."""
    url, sent = _target(transport, call, get, headers)
    limit = timeout if timeout is not None else transport.timeout
    read = dataclasses.replace(call, effects="read")
    for attempt in range(transport.retry.count + 1):
        try:
            try:
                response = await transport.http.get(url, headers=sent, timeout=limit)
            except httpx.TransportError as e:
                raise transport.transport_error(e, f"GET {call.method}", url, limit) from e
            return _settle(call, get, response, url)
        except NodeRpcError as e:
            delay = transport.wait(e, read, attempt)
            if delay is None:
                raise
            await asyncio.sleep(delay)
    raise AssertionError("unreachable")
