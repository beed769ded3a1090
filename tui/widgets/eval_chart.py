"""The eval chart drawn in the terminal: each rate of both arms as a pair of bars on one 0-1 scale, as the SVG does."""

from __future__ import annotations

from typing import Any, Mapping

from rich.text import Text

from memrev.core.recall.eval_report import ROWS, value

RAW_STYLE, REVIEWED_STYLE = "red", "blue"
"""The arms' colours, as in the SVG chart (red raw, blue reviewed)."""
_EIGHTHS = " ▏▎▍▌▋▊▉"


def bar(fraction: float, width: int) -> str:
    """A bar `fraction` (0-1) of `width` cells long, in eighths of a cell."""
    eighths = round(max(0.0, min(1.0, fraction)) * width * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + (_EIGHTHS[part] if part else "")


def _number(found: Any) -> str:
    """A metric as the table shows it: rates to three places, counts whole, a missing one as `-`."""
    if found is None:
        return "-"
    return f"{found:.3f}" if isinstance(found, float) else f"{found:,}"


def chart_text(report: Mapping[str, Any], width: int = 24) -> Text:
    """Every rate as two bars (raw above reviewed) with its value, the label on the first and whether higher or lower
    is better on the second."""
    raw, reviewed = report["arms"]["raw"], report["arms"]["reviewed"]
    label_width = max(len(label) for label, *_ in ROWS)
    out = Text()
    out.append("raw", style=f"bold {RAW_STYLE}")
    out.append(": today   ")
    out.append("reviewed", style=f"bold {REVIEWED_STYLE}")
    out.append(": after review and freeze, recall gated\n")
    for label, path, better_high in ROWS:
        for first, metrics, style in ((True, raw, RAW_STYLE), (False, reviewed, REVIEWED_STYLE)):
            found = value(metrics, path)
            head = label if first else ("higher is better" if better_high else "lower is better")
            out.append(f"{head:<{label_width}} ", style="" if first else "dim")
            out.append(bar(float(found or 0.0), width), style=style)
            out.append(f" {_number(found)}\n")
    return out
