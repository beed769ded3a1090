"""The rejection audit: one blocked write at a time, its matched spans highlighted, and a key per decision."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from memrev.core.check.visible import char_label, describe_hidden, hidden_characters, make_visible
from memrev.core.scan.model import Finding, Outcome
from memrev.core.scan.rejections import Decision, Rejection, decide

MAX_SHOWN_CHARS = 20_000
"""Longer texts are cut here on screen (the whole text stays in the store)."""


def highlighted_text(text: str, findings: Sequence[Finding]) -> Text:
    """The text with every matched span highlighted and every hidden character drawn as a named marker."""
    shown = text[:MAX_SHOWN_CHARS]
    flagged = [False] * len(shown)
    for finding in findings:
        for index in range(max(0, finding.start), min(len(shown), finding.end)):
            flagged[index] = True
    hidden = {index for index, _ in hidden_characters(shown)}
    result = Text()
    run_start = 0
    for index in range(len(shown) + 1):
        boundary = index == len(shown) or index in hidden or (index > run_start and flagged[index] != flagged[run_start])
        if not boundary:
            continue
        if run_start < index:
            result.append(shown[run_start:index], style="bold black on yellow" if flagged[run_start] else "")
        if index < len(shown) and index in hidden:
            result.append(char_label(shown[index]), style="bold reverse red")
            run_start = index + 1
        else:
            run_start = index
    if len(text) > MAX_SHOWN_CHARS:
        result.append(f"\n… {len(text) - MAX_SHOWN_CHARS:,} more characters not shown", style="dim")
    return result


class AuditScreen(Screen[None]):
    """Walk through blocked writes: `t` threat, `f` false positive, `s` skip, `b` back, `q` or escape to leave."""

    DEFAULT_CSS = """
    AuditScreen #audit-counter { height: 1; padding: 0 1; background: $panel; color: $text; text-style: bold; }
    AuditScreen #audit-body { height: 1fr; padding: 0 1; }
    """

    BINDINGS = [
        Binding("t", "decide('threat')", "Threat"),
        Binding("f", "decide('false-positive')", "False positive"),
        Binding("s,right,n", "move(1)", "Skip"),
        Binding("b,left,p", "move(-1)", "Back"),
        Binding("q,escape", "leave", "Quit audit"),
    ]

    def __init__(self, rejections: list[Rejection], *, start: int = 0, standalone: bool = False,
                 actor: str = "unknown") -> None:
        """Audit these rejections from position `start`, decisions logged as `actor`; `standalone` quits the app on
        leaving (`memrev audit`)."""
        super().__init__()
        self.rejections = rejections
        self.standalone = standalone
        self.actor = actor
        """Who the decisions are logged as."""
        self.position = min(max(0, start), max(0, len(rejections) - 1))

    def compose(self) -> ComposeResult:
        """A counter line, the current rejection, and the keys."""
        yield Static("", id="audit-counter")
        with VerticalScroll(id="audit-body"):
            yield Static("", id="audit-text")
        yield Footer()

    def on_mount(self) -> None:
        """Show the first rejection."""
        self.show_current()

    @property
    def current(self) -> Rejection | None:
        """The rejection on screen."""
        return self.rejections[self.position] if self.rejections else None

    def show_current(self) -> None:
        """Render the counter, the text with its spans, the findings and the hidden characters."""
        counter = self.query_one("#audit-counter", Static)
        body = self.query_one("#audit-text", Static)
        rejection = self.current
        if rejection is None:
            counter.update("no blocked writes recorded")
            body.update("Nothing to audit: the scanner has not blocked anything yet.")
            return
        pending = sum(r.decision is Decision.UNREVIEWED for r in self.rejections)
        held = rejection.outcome is Outcome.HOLD
        counter.update(f"rejection {self.position + 1}/{len(self.rejections)} · "
                       f"{'held for you' if held else 'blocked'} · {rejection.decision.value} · {pending} unreviewed")
        text = Text()
        text.append(f"#{rejection.id}  {rejection.at:%Y-%m-%d %H:%M} UTC  {rejection.source}\n", style="dim")
        if held:  # suspicious, not a confident block: the scanner asks a person, and the reasons say why
            text.append("held: suspicious rather than a known attack; it stays out of every snapshot until you "
                        "release it (f) or call it a threat (t)\n", style="bold yellow")
        if rejection.file:
            text.append(f"file {make_visible(rejection.file)}\n", style="dim")
        text.append("\n")
        text.append_text(highlighted_text(rejection.text, rejection.findings))
        text.append("\n\nfindings\n", style="bold")
        for finding in rejection.findings:
            text.append(f"  {finding.severity.value:<5} {finding.rule}",
                        style="bold red" if finding.outcome is Outcome.BLOCK else "bold yellow")
            text.append(f" ({finding.family}) at {finding.start}-{finding.end}: {make_visible(finding.reason)}")
            if finding.evidence:
                text.append(f" [{make_visible(finding.evidence)}]", style="dim")
            text.append("\n")
        hidden = describe_hidden(rejection.text)
        if hidden:
            text.append("\nhidden characters\n", style="bold")
            for line in hidden:
                text.append(f"  {make_visible(line)}\n", style="red")
        text.append(f"\nfingerprint {rejection.fingerprint}", style="dim")
        body.update(text)

    def action_move(self, step: int) -> None:
        """Go to the next (or previous) rejection."""
        if self.rejections:
            self.position = (self.position + step) % len(self.rejections)
            self.show_current()

    def action_decide(self, value: str) -> None:
        """Record the decision for this rejection's fingerprint and move on to the next."""
        rejection = self.current
        if rejection is None:
            return
        store = self.app.store  # type: ignore[attr-defined]
        decided = decide(store, rejection.id, Decision(value), actor=self.actor, reason="decided in the audit screen")
        self.rejections = [decided if r.fingerprint == decided.fingerprint else r for r in self.rejections]
        self.notify(f"#{rejection.id}: {value}", timeout=3)
        self.action_move(1)

    def action_leave(self) -> None:
        """Back to the entries (or quit, when memrev was opened on the audit alone)."""
        if self.standalone:
            self.app.exit()
        else:
            self.dismiss(None)
