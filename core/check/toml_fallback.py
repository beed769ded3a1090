"""A small TOML reader for Python 3.10 (no `tomllib`) that parses just the tables, strings and arrays facts need."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["loads"]

_TOML_KEY = r"(?:[\w-]+|\"[^\"]*\"|'[^']*')"
_TOML_PAIR = re.compile(rf"({_TOML_KEY}(?:\s*\.\s*{_TOML_KEY})*)\s*=\s*(.*)")
_TOML_STRING = re.compile(r"\"((?:[^\"\\]|\\.)*)\"|'([^']*)'")


def loads(text: str) -> dict[str, Any]:
    """Parsed TOML without tomllib, raising only ValueError when malformed so callers catch one kind of error."""
    try:
        return _parse(text)
    except (AttributeError, TypeError, IndexError) as error:  # a key used both as a value and as a table
        raise ValueError(f"conflicting keys ({error})") from error


def _parse(text: str) -> dict[str, Any]:
    """Tables, arrays of tables, strings, string arrays and flat inline tables: what the facts read, without tomllib."""
    root: dict[str, Any] = {}
    table, lines, index = root, text.splitlines(), 0
    while index < len(lines):
        line = lines[index].strip()
        index += 1
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            header = re.fullmatch(r"(\[\[?)\s*([^\[\]]+?)\s*\]\]?\s*(?:#.*)?", line)
            if header is None:
                raise ValueError(f"bad table header (at line {index})")
            *parents, last = [k.strip().strip("\"'") for k in re.findall(rf"{_TOML_KEY}", header.group(2))]
            table = root
            for key in parents:
                table = table.setdefault(key, {})
                table = table[-1] if isinstance(table, list) else table
            if header.group(1) == "[[":
                table.setdefault(last, []).append({})
                table = table[last][-1]
            else:
                table = table.setdefault(last, {})
            continue
        pair = _TOML_PAIR.fullmatch(line)
        if pair is None or not isinstance(table, dict):
            raise ValueError(f"expected key = value (at line {index})")
        value = pair.group(2)
        quote = value[:3] if value[:3] in ('"""', "'''") else ""
        while (value.count("[") > value.count("]") or quote and value.count(quote) < 2) and index < len(lines):
            value, index = value + "\n" + lines[index], index + 1
        *parents, last = [k.strip().strip("\"'") for k in re.findall(_TOML_KEY, pair.group(1))]
        target = table
        for key in parents:
            target = target.setdefault(key, {})
        target[last] = _value(value.strip(), quote)
    return root


def _value(text: str, quote: str) -> Any:
    """A fallback TOML value: text, a list of strings, a dict of strings, or the raw text of anything else."""
    if quote:
        return text[3:text.find(quote, 3)].lstrip("\n")
    if text.startswith("["):
        return [a or b for a, b in _TOML_STRING.findall(text)]
    if text.startswith("{"):
        return {k: v for k, v in re.findall(r"([\w-]+)\s*=\s*[\"']([^\"']*)[\"']", text)}
    string = _TOML_STRING.match(text)
    return (string.group(1) or string.group(2) or "") if string else text.split("#")[0].strip()
