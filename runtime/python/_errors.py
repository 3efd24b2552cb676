"""The errors a call can end with. Every one derives from NodeRpcError, so one ``except`` catches them all."""

from __future__ import annotations

import re
from typing import Any, ClassVar


class NodeRpcError(Exception):
    """Base of every error a call raises; ``method`` and ``url`` say which call."""

    def __init__(self, message: str, *, method: str = "", url: str = "") -> None:
        super().__init__(message)
        self.method = method
        self.url = url


class TransportError(NodeRpcError):
    """The request or its reply did not make it: connection refused or reset, DNS failure.

    ``unsent`` is true when the request surely never reached the node (so even a write may be sent again).
    """

    def __init__(self, message: str, *, method: str = "", url: str = "", unsent: bool = False) -> None:
        super().__init__(message, method=method, url=url)
        self.unsent = unsent


class RequestTimeoutError(TransportError):
    """No reply within ``timeout`` seconds."""

    def __init__(self, timeout: float | None, *, method: str = "", url: str = "") -> None:
        super().__init__(f"{method}: no reply from {url} within {timeout} s", method=method, url=url)
        self.timeout = timeout


class HttpError(TransportError):
    """The server answered with an HTTP status that is not a JSON-RPC reply (429, 502, ...).

    ``retry_after`` is the wait in seconds the server asked for (``Retry-After``), or None.
    """

    def __init__(self, status: int, body: str, *, retry_after: float | None = None, method: str = "", url: str = "") -> None:
        shown = body if len(body) <= 200 else body[:200] + "..."
        super().__init__(f"{method}: HTTP {status} from {url}: {shown}", method=method, url=url)
        self.status = status
        self.body = body
        self.retry_after = retry_after


class ProtocolError(NodeRpcError):
    """The reply is not a valid JSON-RPC 2.0 response to the request (malformed JSON, wrong id, ...)."""


class EncodeError(NodeRpcError):
    """A param value does not have the form its schema asks for; nothing was sent."""


class DecodeError(NodeRpcError):
    """The result does not have the wire form the spec documents."""


class RpcError(NodeRpcError):
    """The node answered with a JSON-RPC error object: ``code``, ``message`` and optional ``data``.

    Errors the node's documentation lists have their own subclass (see ``errors.py``).
    """

    CODE: ClassVar[int | None] = None
    PATTERN: ClassVar[re.Pattern[str] | None] = None

    def __init__(self, code: int, message: str, data: Any = None, *, method: str = "", url: str = "", status: int | None = None) -> None:
        super().__init__(f"{method}: {message} (code {code})" if method else f"{message} (code {code})", method=method, url=url)
        self.code = code
        self.rpc_message = message
        self.data = data
        self.status = status
