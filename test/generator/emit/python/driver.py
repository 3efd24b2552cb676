"""Calls every case through the generated Python client and prints each decoded result in canonical form.

Input (stdin, JSON): {"url", "module", "mode": "sync"|"async", "cases": [{"id", "path", "attr", "positional",
"args": [[ident, canonical value, given]], "example"}]}. Output (stdout, JSON): {id: {"value": canonical} |
{"error": "Class: message"}}.
"""

import asyncio
import importlib
import json
import sys
from typing import Any


def untag(v: Any) -> Any:
    if isinstance(v, dict):
        if len(v) == 1 and "$int" in v:
            return int(v["$int"])
        return {k: untag(x) for k, x in v.items()}
    if isinstance(v, list):
        return [untag(x) for x in v]
    return v


def tag(v: Any) -> Any:
    if isinstance(v, bool) or v is None or isinstance(v, str):
        return v
    if isinstance(v, int):
        return {"$int": str(v)}
    if isinstance(v, float):
        return {"$int": str(int(v))} if v.is_integer() else v
    if isinstance(v, dict):
        return {k: tag(v[k]) for k in sorted(v)}
    if isinstance(v, (list, tuple)):
        return [tag(x) for x in v]
    raise TypeError(f"not a JSON value: {type(v).__name__}")


def target(client: Any, case: dict[str, Any]) -> Any:
    obj = client
    for attr in case["path"]:
        obj = getattr(obj, attr)
    return getattr(obj, case["attr"])


def arguments(case: dict[str, Any]) -> tuple[list[Any], dict[str, Any]]:
    if case["positional"]:
        values = [untag(v) if given else None for _, v, given in case["args"]]
        while values and values[-1] is None and not case["args"][len(values) - 1][2]:
            values.pop()
        return values, {}
    return [], {ident: untag(v) for ident, v, given in case["args"] if given}


def outcome(fn: Any) -> Any:
    try:
        return {"value": tag(fn())}
    except Exception as e:  # the report names the class: the test decides
        return {"error": f"{type(e).__name__}: {e}"}


async def aoutcome(coro: Any) -> Any:
    try:
        return {"value": tag(await coro)}
    except Exception as e:
        return {"error": f"{type(e).__name__}: {e}"}


def main() -> None:
    job = json.load(sys.stdin)
    pkg = importlib.import_module(job["module"])
    out: dict[str, Any] = {}
    if job["mode"] == "sync":
        with pkg.NodeClient(job["url"]) as client:
            for case in job["cases"]:
                args, kwargs = arguments(case)
                fn = target(client, case)
                out[case["id"]] = outcome(lambda: fn(*args, **kwargs, headers={"x-mock-example": case["example"]}))
    else:

        async def run() -> None:
            async with pkg.AsyncNodeClient(job["url"]) as client:
                for case in job["cases"]:
                    args, kwargs = arguments(case)
                    fn = target(client, case)
                    out[case["id"]] = await aoutcome(fn(*args, **kwargs, headers={"x-mock-example": case["example"]}))

        asyncio.run(run())
    json.dump(out, sys.stdout)


main()
