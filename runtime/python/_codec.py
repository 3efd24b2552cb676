"""Wire form <-> value form, the same conversions as the TypeScript client's.

The generator derives a small plan per param list and result from the spec's ``x-codec`` scalars; this
interpreter walks a value along its plan. Only the parts of a value that need converting appear in a plan;
everything else is copied through untouched. ``None`` always passes through, so nullable and optional
fields need no plan of their own, and a key that is absent stays absent.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping, Sequence, cast

Plan = Any
"""A plan: ``"u64" | "u64n" | "u32" | "f" | "q"`` or a dict with ``o``/``m``, ``a``, ``t``/``r``, ``u`` or ``l``."""

_DECIMAL = re.compile(r"^(0|[1-9][0-9]*)$")
_QUANTITY = re.compile(r"^0x[0-9a-fA-F]+$")
_FLOAT = re.compile(r"^-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$")
_U64_MAX = 0xFFFFFFFFFFFFFFFF
_U32_MAX = 0xFFFFFFFF
_SAFE = 2**53 - 1
_patterns: dict[str, re.Pattern[str]] = {}


class CodecError(ValueError):
    """A value that does not have the wire (or value) form its plan expects."""

    def __init__(self, path: str, expected: str, value: object) -> None:
        super().__init__(f"{path or 'value'}: expected {expected}, got {_describe(value)}")
        self.path = path
        self.expected = expected
        self.value = value


def _describe(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:40] + "..."
        return f"the string {shown!r}"
    if isinstance(value, bool):
        return f"the boolean {value}"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    return "an array" if isinstance(value, list) else "an object"


def _regex(source: str) -> re.Pattern[str]:
    found = _patterns.get(source)
    if found is None:
        found = _patterns[source] = re.compile(source)
    return found


def _as_list(value: object) -> list[Any] | None:
    if not isinstance(value, list):
        return None
    items: list[Any] = value  # pyright: ignore[reportUnknownVariableType]
    return items


def _as_dict(value: object) -> dict[str, Any] | None:
    return cast("dict[str, Any]", value) if isinstance(value, dict) else None


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "integer" if value.is_integer() else "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


def _part_accepts(guard: Mapping[str, Any], value: object, value_form: bool) -> bool:
    types: Sequence[str] | None = guard.get("ty")
    if value_form and isinstance(value, (int, float)) and not isinstance(value, bool) and types is not None and "string" in types and guard.get("e") is None:
        return True
    return _accepts(guard, value, value_form)


def _accepts(guard: Mapping[str, Any], value: object, value_form: bool = False) -> bool:
    """Whether a guard takes a value: the wire form, or with ``value_form`` the value form (encoding), where an
    int inside an object or list may stand where the wire has a string a codec makes of it."""
    types: Sequence[str] | None = guard.get("ty")
    if types is not None:
        t = _json_type(value)
        if t not in types and not (t == "integer" and "number" in types):
            return False
    allowed: Sequence[object] | None = guard.get("e")
    if allowed is not None and not any(_same(v, value) for v in allowed):
        return False
    pattern: str | None = guard.get("p")
    if pattern is not None and isinstance(value, str) and not _regex(pattern).search(value):
        return False
    obj = _as_dict(value)
    required: Sequence[str] | None = guard.get("r")
    if required is not None and (obj is None or any(k not in obj for k in required)):
        return False
    keys: str | None = guard.get("k")
    if keys is not None and obj is not None:
        key_re = _regex(keys)
        if not all(key_re.search(k) for k in obj):
            return False
    items: Mapping[str, Any] | None = guard.get("it")
    arr = _as_list(value)
    if items is not None and arr and not _part_accepts(items, arr[0], value_form):
        return False
    props: Mapping[str, Mapping[str, Any]] | None = guard.get("pr")
    if props is not None and obj is not None:
        for key, sub in props.items():
            if key in obj and not _part_accepts(sub, obj[key], value_form):
                return False
    return True


Fits = Callable[[Mapping[str, Any], Plan, Any], bool]


def _walk(plan: Plan, value: Any, path: str, defs: Mapping[str, Plan], scalar: Callable[[str, Any, str], Any], fits: Fits) -> Any:
    if plan is None or plan == 0 or value is None:
        return value
    if isinstance(plan, str):
        return scalar(plan, value, path)

    def step(p: Plan, v: Any, at: str) -> Any:
        return _walk(p, v, at, defs, scalar, fits)

    if "l" in plan:
        return step(defs[plan["l"]], value, path)
    if "a" in plan:
        arr = _as_list(value)
        return value if arr is None else [step(plan["a"], v, f"{path}/{i}") for i, v in enumerate(arr)]
    if "t" in plan:
        arr = _as_list(value)
        if arr is None:
            return value
        t: Sequence[Plan] = plan["t"]
        rest: Plan = plan.get("r")
        return [step(t[i] if i < len(t) else rest, v, f"{path}/{i}") for i, v in enumerate(arr)]
    if "u" in plan:
        failure: CodecError | None = None
        for guard, branch in plan["u"]:
            if not fits(guard, branch, value):
                continue
            try:
                return step(branch, value, path)
            except CodecError as e:
                failure = failure or e
        if failure is not None:
            raise failure
        return value
    obj = _as_dict(value)
    if obj is None:
        return value
    named: Mapping[str, Plan] = plan.get("o") or {}
    rest_plan: Plan = plan.get("m")
    out: dict[str, Any] = {}
    for key, v in obj.items():
        sub = named.get(key, rest_plan)
        out[key] = step(sub, v, f"{path}/{key}") if sub is not None else v
    return out


def _wire_fits(guard: Mapping[str, Any], branch: Plan, value: Any) -> bool:
    return _accepts(guard, value)


def _value_fits(guard: Mapping[str, Any], branch: Plan, value: Any) -> bool:
    if isinstance(branch, str):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return _accepts(guard, value, True)


def _decode_scalar(plan: str, value: Any, path: str) -> Any:
    if plan in ("u64", "u64n"):
        n: int | None = None
        if isinstance(value, str) and _DECIMAL.match(value):
            n = int(value)
        elif isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            n = value
        elif isinstance(value, float) and value.is_integer() and value >= 0:
            n = int(value)
        if n is not None and n <= _U64_MAX:
            return n
        raise CodecError(path, "an unsigned 64-bit integer (decimal string or number)", value)
    if plan == "u32":
        m = int(value) if isinstance(value, str) and _DECIMAL.match(value) else value if isinstance(value, int) and not isinstance(value, bool) else -1
        if 0 <= m <= _U32_MAX:
            return m
        raise CodecError(path, "an unsigned 32-bit integer (decimal string or number)", value)
    if plan == "f":
        if isinstance(value, str) and _FLOAT.match(value):
            return float(value)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        raise CodecError(path, "a number (decimal string or number)", value)
    if isinstance(value, str) and _QUANTITY.match(value):
        return int(value, 16)
    raise CodecError(path, "a 0x-prefixed hex quantity", value)


def _to_int(value: Any, path: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    if isinstance(value, str) and _DECIMAL.match(value):
        return int(value)
    raise CodecError(path, "a non-negative int", value)


def _encode_scalar(plan: str, value: Any, path: str) -> Any:
    if plan == "u64":
        n = _to_int(value, path)
        if n > _U64_MAX:
            raise CodecError(path, "an unsigned 64-bit integer (at most 2**64-1)", value)
        return str(n)
    if plan == "u64n":
        n = _to_int(value, path)
        if n > _SAFE:
            raise CodecError(path, "an integer of at most 2**53-1 (sent as a JSON number)", value)
        return n
    if plan == "u32":
        n = _to_int(value, path)
        if n > _U32_MAX:
            raise CodecError(path, "an unsigned 32-bit integer", value)
        return str(n)
    if plan == "f":
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value == value and abs(value) != float("inf"):
            return f"{value:.4f}"
        raise CodecError(path, "a finite number", value)
    if isinstance(value, str) and _QUANTITY.match(value):
        return value
    return hex(_to_int(value, path))


def decode(plan: Plan, value: Any, defs: Mapping[str, Plan]) -> Any:
    """Wire form -> value form. Raises CodecError when a value cannot be converted."""
    return _walk(plan, value, "", defs, _decode_scalar, _wire_fits)


def encode(plan: Plan, value: Any, defs: Mapping[str, Plan]) -> Any:
    """Value form -> wire form. Raises CodecError when a value cannot be converted."""
    return _walk(plan, value, "", defs, _encode_scalar, _value_fits)
