"""The strings that betray a purged text, the forms they take in SQL values, JSON and files, and their removal.

A purged text can survive whole, line by line (an agent's format re-wraps it, a page splits it), with its
whitespace collapsed (a Codex correction note), or as the head of a long line (a Claude index description). Inside
the store it is also JSON-escaped (event payloads, revision snapshots) and SQL-quoted (undo statements).
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterable

MIN_TEXT = 4
"""A whole text shorter than this is not searched for: it would be found by chance."""
MIN_LINE = 12
"""A line (or a collapsed text) of at least this many characters is searched for on its own."""
HEAD = 32
"""The first characters of a long line, searched for on their own (an index may quote only the start)."""
MARK = "[purged]"
"""What replaces a purged text inside a value the store keeps for something else (a reason, another payload)."""

_BULLET = re.compile(r"^(?:[-*+•]|\d+[.)])\s+")
_SEPARATOR = "§"
"""Hermes's entry separator, on a line of its own."""


def needle_texts(texts: Iterable[str]) -> list[str]:
    """The strings to search for: each whole text, its lines of 12+ characters (with and without a list bullet),
    its collapsed form and the head of each long line; longest first, so a whole text is removed before its parts."""
    found: set[str] = set()
    for text in texts:
        whole = text.strip()
        if len(whole) >= MIN_TEXT:
            found.add(whole)
        collapsed = " ".join(text.split())
        if len(collapsed) >= MIN_LINE:
            found.add(collapsed)
        for raw in text.splitlines():
            for line in {raw.strip(), _BULLET.sub("", raw.strip())}:
                if len(line) >= MIN_LINE:
                    found.add(line)
                if len(line) > HEAD + 8:
                    found.add(line[:HEAD])
    return sorted(found, key=lambda needle: (-len(needle), needle))


def sql_forms(needle: str) -> list[str]:
    """The forms a needle takes in the store's values: as it is, JSON-escaped (with and without `ensure_ascii`), and
    each of those SQL-quoted (an undo statement doubles every quote)."""
    escaped = [needle, json.dumps(needle, ensure_ascii=False)[1:-1], json.dumps(needle)[1:-1]]
    forms = escaped + [form.replace("'", "''") for form in escaped]
    return [form for form in dict.fromkeys(forms) if form]


def all_sql_forms(needles: Iterable[str]) -> list[str]:
    """Every SQL form of every needle, longest first, without repeats."""
    forms = {form for needle in needles for form in sql_forms(needle)}
    return sorted(forms, key=lambda form: (-len(form), form))


_ESCAPED = re.compile(r"[\"'\\\x00-\x1f\x7f-\U0010ffff]")
"""Characters JSON or SQL may write otherwise (quotes, backslashes, controls, and any non-ASCII under ensure_ascii)."""
MIN_CORE = 8


def search_cores(needles: Iterable[str]) -> list[str]:
    """For each needle, its longest run that every SQL form of it shares (so one search finds them all), or every
    form when that run is too short to search for; without repeats."""
    probes: dict[str, None] = {}
    for needle in needles:
        core = max(_ESCAPED.split(needle), key=len)
        for probe in [core] if len(core) >= MIN_CORE else sql_forms(needle):
            probes[probe] = None
    return list(probes)


def scrub_text(value: str, forms: Iterable[str]) -> str:
    """A plain text with every form replaced by the purge mark."""
    for form in forms:
        if form in value:
            value = value.replace(form, MARK)
    return value


def scrub_value(value: str, needles: list[str], forms: list[str]) -> str | None:
    """A stored value with the needles removed (None when it holds none). JSON is scrubbed string by string and
    written again, so it stays valid JSON; anything else is scrubbed as text."""
    if not any(form in value for form in forms):
        return None
    if value[:1] in "{[":
        try:
            data = json.loads(value)
        except ValueError:
            pass
        else:
            return json.dumps(_scrub_json(data, needles), ensure_ascii=False)
    return scrub_text(value, forms)


def _scrub_json(data: Any, needles: list[str]) -> Any:
    """Parsed JSON with every string (keys too) scrubbed of the needles."""
    if isinstance(data, str):
        return scrub_text(data, needles)
    if isinstance(data, list):
        return [_scrub_json(item, needles) for item in data]
    if isinstance(data, dict):
        return {scrub_text(key, needles): _scrub_json(item, needles) for key, item in data.items()}
    return data


def scrub_file(data: bytes, needles: list[str]) -> bytes | None:
    """A file's bytes without every line a needle touches (None when it holds none). Whole lines go, so a rollback
    to these bytes leaves no half entry; Hermes's separators left doubled or at an end are tidied."""
    encoded = [(needle, needle.encode("utf-8", "surrogatepass")) for needle in needles]
    if not any(raw in data for _, raw in encoded):
        return None
    text = data.decode("utf-8", "surrogateescape")
    for needle, _ in encoded:
        start = text.find(needle)
        while start != -1:
            line_start = text.rfind("\n", 0, start) + 1
            line_end = text.find("\n", start + len(needle))
            text = text[:line_start] + ("" if line_end == -1 else text[line_end + 1:])
            start = text.find(needle, line_start)
    if _SEPARATOR in text:
        text = _tidy_separators(text)
    return text.encode("utf-8", "surrogateescape")


def _tidy_separators(text: str) -> str:
    """Hermes's file after entries were cut out: no two separators in a row, none first or last."""
    ending = text.endswith("\n")
    tidy: list[str] = []
    for line in (text[:-1] if ending else text).split("\n"):
        if line == _SEPARATOR and (not tidy or tidy[-1] == _SEPARATOR):
            continue
        tidy.append(line)
    while tidy and tidy[-1] == _SEPARATOR:
        tidy.pop()
    return "\n".join(tidy) + ("\n" if ending and tidy else "")
