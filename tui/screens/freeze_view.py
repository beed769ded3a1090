"""How the freeze screens draw core's freeze data: sources, caps as bars, diffs and recorded freezes (no state)."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text
from textual.widgets.option_list import Option

from memrev.core.freeze.loaded import Cap, LoadedPart
from memrev.core.freeze.plan import FreezePlan, SourcePlan, file_diff
from memrev.core.freeze.policy import Unreviewed
from memrev.core.sources.base import SourceRef
from memrev.core.store.freezes import FreezeRecord, FrozenFile
from memrev.tui.widgets.entry_detail import marked_text

BAR_WIDTH = 10
"""Cells of a cap's bar."""

POLICY_TEXT = {
    Unreviewed.REFUSE: "unreviewed: wait for a person · k keep them as written · h hold them out",
    Unreviewed.KEEP: "unreviewed: kept as the agent wrote them · k again: wait for a person",
    Unreviewed.HOLD: "unreviewed: held out of the snapshot · h again: wait for a person",
}
"""The status line's second half: what happens to entries that still need a person, and the key that changes it."""


def home_path(path: Path) -> str:
    """A path with the home folder written as `~`."""
    try:
        relative = path.relative_to(Path.home())
    except ValueError:
        return str(path)
    return "~" if not relative.parts else f"~/{relative}"


def shown_path(path: str | Path, root: Path) -> str:
    """A file of a source relative to its root (else with `~` for the home folder), so no long prefix repeats."""
    path = Path(path)
    try:
        relative = path.relative_to(root)
    except ValueError:
        return home_path(path)
    return str(relative) if relative.parts else path.name


def source_names(refs: Sequence[SourceRef]) -> list[str]:
    """A short name per source (its folder's name, with more of the path when two of one kind share it)."""
    names = [ref.root.name or str(ref.root) for ref in refs]
    for index, ref in enumerate(refs):
        twins = [other for other in refs if other.kind == ref.kind and other.root.name == ref.root.name]
        if len(twins) > 1:
            names[index] = str(Path(*ref.root.parts[-2:]))
    return names


def cap_bar(cap: Cap, width: int = BAR_WIDTH) -> Text:
    """One cap as a bar with its numbers: green, yellow from 80%, red (and OVER) above a hard cap."""
    filled = cap.filled(width)
    colour = ("red" if cap.hard else "yellow") if cap.over else "yellow" if cap.fraction >= 0.8 else "green"
    text = Text("  ")
    text.append("█" * filled, style=colour)
    text.append("░" * (width - filled), style="dim")
    text.append(f" {cap.usage}")
    if cap.name != cap.unit:
        text.append(f" · {cap.name}", style="dim")
    if not cap.hard:
        text.append(" (advisory)", style="dim")
    if cap.over:
        text.append(" OVER", style=f"bold {colour}")
    return text


def budget_text(part: LoadedPart, root: Path) -> Text:
    """A loaded block's file and its size every way a reader counts it."""
    b = part.budget
    text = Text(shown_path(part.title, root), style="bold")
    text.append(f"\n  {b.chars:,} chars · {b.lines:,} lines · {b.bytes:,} bytes · ~{b.tokens:,} tokens",
                style="dim")
    return text


def diff_text(lines: Sequence[str]) -> Text:
    """Diff lines coloured (+ green, - red, hunks cyan), hidden characters marked."""
    pieces = []
    for raw in lines:
        for line in raw.rstrip("\n").split("\n"):
            style = ("bold" if line.startswith(("---", "+++")) else "cyan" if line.startswith("@@")
                     else "green" if line.startswith("+") else "red" if line.startswith("-")
                     else "dim" if line.startswith("\\") else "")
            piece = marked_text(line)
            piece.stylize_before(style)
            pieces.append(piece)
    return Text("\n").join(pieces)


def plan_status(plan: FreezePlan) -> Text:
    """The header: entries that need a person, sources that cannot be written, or what a freeze would change."""
    text = Text()
    if not plan.sources:
        text.append("no imported agent source to freeze (run `memrev import` first)", style="bold")
        return text
    waiting = len(plan.needs_person) if plan.unreviewed is Unreviewed.REFUSE else 0
    if waiting:
        text.append(f"⚠ {waiting} entries need a person: the freeze is refused until they are decided",
                    style="bold yellow")
    if plan.problems:
        count = len(plan.problems)
        text.append("\n" if waiting else "")
        text.append(f"✗ {count} source{'s' if count > 1 else ''} cannot be written (marked ✗)", style="bold red")
    if not waiting and not plan.problems:
        files = sum(len(source.changed) for source in plan.changed)
        text.append(f"ready: {files} files in {len(plan.changed)} sources will change", style="bold green")
        text.append(" · w writes the freeze")
    text.append("\n" + POLICY_TEXT[plan.unreviewed], style="dim")
    return text


def source_state(source: SourcePlan) -> Text:
    """One line: what the source keeps and leaves out, and whether it changes or cannot be written."""
    text = Text(f"{len(source.kept)} kept · {len(source.left_out)} left out · ")
    if source.problem:
        text.append(f"✗ cannot be written: {source.problem}", style="bold red")
    elif source.changed:
        text.append(f"{len(source.changed)} file{'s' if len(source.changed) > 1 else ''} change", style="yellow")
    else:
        text.append("unchanged", style="green")
    return text


def source_view(source: SourcePlan, *, show_diff: bool) -> RenderableType:
    """Everything about one source: its state, each loaded block with its caps and text (or the diff), what is
    read on demand, and what is left out and why."""
    root = source.ref.root
    parts: list[RenderableType] = [Text.assemble((source.ref.kind, "bold"), "  ", home_path(root)),
                                   source_state(source)]
    parts.extend(Text(f"⚠ {warning}", style="yellow") for warning in source.warnings)
    if not source.loaded.parts:
        parts.append(Text("the agent loads nothing from this source at session start", style="dim"))
    for part in source.loaded.parts:
        parts.append(Text())
        parts.append(budget_text(part, root))
        parts.extend(cap_bar(cap) for cap in part.caps)
        if not show_diff:
            parts.append(Panel(marked_text(part.text), box=box.ROUNDED, border_style="dim", padding=(0, 1)))
    if show_diff:
        parts.append(Text())
        if source.changed:
            parts.append(diff_text([line for path in source.changed for line in file_diff(
                shown_path(path, root), source.shown_before.get(path), source.after[path], ("now", "frozen"))]))
        else:
            parts.append(Text("no change: the files already hold this snapshot", style="dim"))
    if source.loaded.on_demand:
        parts.append(Text.assemble("\nread only on demand: ", (", ".join(
            shown_path(path, root) for path in source.loaded.on_demand), "dim")))
    if source.left_out:
        parts.append(Text("\nleft out", style="bold"))
        parts.extend(Text.assemble("  ", _headline(choice.entry.headline), "  ", (
            choice.reason, "yellow" if choice.needs_person else "dim")) for choice in source.left_out)
    return Group(*parts)


def _headline(line: str, width: int = 48) -> str:
    """An entry's headline cut to fit beside its reason (a person knows an entry by what it says, not its id)."""
    return line if len(line) <= width else line[:width - 1].rstrip() + "…"


def source_option(source: SourcePlan, name: str) -> Option:
    """The sidebar line of a source: a marker (✗ cannot be written, ● changes), its kind, and its folder."""
    marker = ("✗ ", "bold red") if source.problem else ("● ", "yellow") if source.changed else ("  ", "")
    return Option(Text.assemble(marker, (source.ref.kind, "bold"), "\n  ", (name, "dim")), id=source.ref.label)


def record_view(record: FreezeRecord) -> RenderableType:
    """One freeze of the history: who and when, its policy, each changed file's diff, and the entries left out."""
    head = Text(f"#{record.id} {record.kind} · {record.at:%Y-%m-%d %H:%M} UTC · {record.actor}", style="bold")
    if record.rolls_back is not None:
        head.append(f" · rolls back #{record.rolls_back}")
    parts: list[RenderableType] = [head, Text(record.summary)]
    if "unreviewed" in record.policy:
        parts.append(Text(f"unreviewed entries: {record.policy['unreviewed']}", style="dim"))
    written = [f for f in record.files if f.changed]
    parts.append(Text(f"{len(written)} file(s) changed, {len(record.files) - len(written)} left as they were",
                      style="dim"))
    for f in written:
        parts.append(Text())
        parts.append(diff_text(_file_diff(f)))
    left_out = [d for d in record.decisions if not d.kept]
    if left_out:
        parts.append(Text("left out", style="bold"))
        parts.extend(Text.assemble(f"  {d.entry_id}  ", (d.reason, "dim")) for d in left_out)
    return Group(*parts)


def _file_diff(f: FrozenFile) -> list[str]:
    """A recorded file's diff, named by its source kind and its path within the source."""
    kind, _, root = f.source.partition(":")
    return file_diff(f"{kind}: {shown_path(f.path, Path(root))}", f.before, f.after, ("before", "after"))
