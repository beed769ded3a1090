"""The recall experiment's report: both arms' metrics as a table, as JSON, and as a hand-written SVG bar chart."""

from __future__ import annotations

from typing import Any, Mapping
from xml.sax.saxutils import escape

__all__ = ["ROWS", "chart_svg", "table_lines"]

ROWS: tuple[tuple[str, tuple[str, ...], bool], ...] = (
    ("precision@k", ("precision_at_k",), True),
    ("recall@k", ("recall_at_k",), True),
    ("must-not rate", ("must_not_rate",), False),
    ("stale injection, snapshot", ("stale_injection_snapshot", "by_count"), False),
    ("stale injection, snapshot tokens", ("stale_injection_snapshot", "by_tokens"), False),
    ("stale injection, recall", ("stale_injection_recall", "by_count"), False),
    ("stale injection, recall tokens", ("stale_injection_recall", "by_tokens"), False),
    ("superseded-value rate", ("superseded_value_rate",), False),
    ("explicit conflict rate", ("explicit_conflict_rate",), True),
    ("false-revoke rate", ("false_revokes", "rate"), False),
    ("true entries withheld", ("false_revokes", "withheld_true"), False),
)
"""Each rate shown: its label, where it sits in an arm's metrics, and whether higher is better."""
COUNTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("residue (texts x places)", ("residue", "total")),
    ("  in the snapshot", ("residue", "snapshot")),
    ("  in recall", ("residue", "recall")),
    ("  in the agent files", ("residue", "agent_files")),
    ("  in the database", ("residue", "database")),
    ("snapshot tokens", ("extra_tokens", "snapshot_tokens")),
    ("  against raw", ("extra_tokens", "snapshot_vs_raw")),
    ("annotation tokens", ("extra_tokens", "annotation_tokens")),
    ("annotation share", ("extra_tokens", "annotation_share")),
)
"""Each count or size shown: its label and where it sits."""


def value(metrics: Mapping[str, Any], path: tuple[str, ...]) -> Any:
    """The metric at `path` (None when absent)."""
    found: Any = metrics
    for part in path:
        found = found.get(part) if isinstance(found, Mapping) else None
    return found


def _cell(number: Any) -> str:
    """A metric as a table cell: rates to three places, counts whole, a missing one as `-`."""
    if number is None:
        return "-"
    if isinstance(number, float):
        return f"{number:.3f}"
    return f"{number:,}"


def table_lines(report: Mapping[str, Any]) -> list[str]:
    """Both arms side by side, one metric a line, with what the run covered."""
    raw, reviewed = report["arms"]["raw"], report["arms"]["reviewed"]
    head = (f"{report['set']}: {report['memories']:,} memories, {report['tasks']:,} tasks, "
            f"{report['projects']} projects, k={report['k']}")
    width = max(len(label) for label, *_ in (*ROWS, *COUNTS))
    lines = [head, f"{'METRIC':<{width}}  {'RAW':>9}  {'REVIEWED':>9}"]
    for label, path, *_ in (*ROWS, *COUNTS):
        lines.append(f"{label:<{width}}  {_cell(value(raw, path)):>9}  {_cell(value(reviewed, path)):>9}")
    actions = ", ".join(f"{name} {count:,}" for name, count in report["review"].items())
    lines.append(f"scripted reviewer: {actions}")
    return lines


_RAW, _REVIEWED = "#c0504d", "#4f81bd"
_LEFT, _BAR, _ROW, _TOP = 250, 300, 34, 58


def chart_svg(report: Mapping[str, Any]) -> str:
    """Every rate of both arms as paired horizontal bars on one 0-1 scale, and the residue counts beneath."""
    raw, reviewed = report["arms"]["raw"], report["arms"]["reviewed"]
    height = _TOP + _ROW * len(ROWS) + 60
    width = _LEFT + _BAR + 120
    title = (f"memrev eval: {report['set']}, {report['memories']:,} memories, {report['tasks']:,} tasks "
             f"(raw vs reviewed)")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
           f'<text x="12" y="22" font-size="14" font-weight="bold">{escape(title)}</text>',
           f'<rect x="{_LEFT}" y="32" width="12" height="12" fill="{_RAW}"/>',
           f'<text x="{_LEFT + 18}" y="43">raw: what the agent loads and recalls today</text>']
    out.append(f'<rect x="{_LEFT + 290}" y="32" width="12" height="12" fill="{_REVIEWED}"/>')
    out.append(f'<text x="{_LEFT + 308}" y="43">reviewed, gated</text>')
    for row, (label, path, better_high) in enumerate(ROWS):
        y = _TOP + row * _ROW
        arrow = "higher is better" if better_high else "lower is better"
        out.append(f'<text x="12" y="{y + 14}">{escape(label)}</text>')
        out.append(f'<text x="12" y="{y + 27}" font-size="10" fill="#666666">{arrow}</text>')
        for offset, (metrics, colour) in enumerate(((raw, _RAW), (reviewed, _REVIEWED))):
            number = value(metrics, path)
            bar = 0 if number is None else round(float(number) * _BAR, 1)
            top = y + 3 + offset * 13
            out.append(f'<rect x="{_LEFT}" y="{top}" width="{bar}" height="11" fill="{colour}"/>')
            out.append(f'<text x="{_LEFT + bar + 6}" y="{top + 10}" font-size="11">{_cell(number)}</text>')
    y = _TOP + len(ROWS) * _ROW + 18
    residue = (f"residue after correction (texts x places): raw {_cell(value(raw, ('residue', 'total')))}, "
               f"reviewed {_cell(value(reviewed, ('residue', 'total')))}; snapshot tokens: raw "
               f"{_cell(value(raw, ('extra_tokens', 'snapshot_tokens')))}, reviewed "
               f"{_cell(value(reviewed, ('extra_tokens', 'snapshot_tokens')))}")
    out.append(f'<text x="12" y="{y}">{escape(residue)}</text>')
    out.append(f'<line x1="{_LEFT}" y1="{_TOP - 4}" x2="{_LEFT}" y2="{_TOP + len(ROWS) * _ROW}" stroke="#999999"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
