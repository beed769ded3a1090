"""Short human renderings of times and ages, computed from an injected clock."""

from __future__ import annotations

from datetime import datetime


def format_age(then: datetime | None, now: datetime) -> str:
    """How long ago `then` was, in the largest whole unit (`45m`, `3h`, `12d`, `5mo`, `2y`); `never` for None."""
    if then is None:
        return "never"
    seconds = (now - then).total_seconds()
    if seconds < 0:
        return "future"
    for unit, size in (("y", 365 * 86400), ("mo", 30 * 86400), ("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size:
            return f"{int(seconds // size)}{unit}"
    return "now"


def format_when(value: datetime | None) -> str:
    """A time as `2026-01-05 10:00 UTC`, or `unknown`."""
    return value.strftime("%Y-%m-%d %H:%M UTC") if value else "unknown"
