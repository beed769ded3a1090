"""Write the benchmark's memory entries against the simulated history, each fresh or stale at HEAD on purpose."""

from __future__ import annotations

import itertools
import random
from datetime import datetime
from typing import Any, Iterator, Sequence

from memrev.core.bench.synthetic_repo_history import BRANCH, START, STEP, _Event, _File, _Plan, _env, _flag
from memrev.core.model import Entry, EntryType, Project, Provenance, Scope, ScopeKind, Source, WrittenBy

MIX = (
    ("ok", 0.70), ("renamed", 0.10), ("deleted", 0.05), ("symbol", 0.05), ("flag", 0.05),
    ("moved", 0.015), ("commit", 0.02), ("python", 0.01), ("tag", 0.005),
)
"""Entry categories and their shares: what state each entry's references are in at HEAD."""
CATEGORIES = tuple(name for name, _ in MIX)

_TEMPLATES = (
    "Parsing lives in `{path}` (`{sym}`); {extra}.",
    "`{sym}` is defined in `{path}`; {extra}.",
    "When touching `{path}`, keep `{sym}()` backwards compatible; {extra}.",
    "The helper `{sym}` in `{path}` clips values to the limit; {extra}.",
)
_EXTRAS = {
    "flag": ("run it with `{value}`", "the CLI exposes it as `{value}`"),
    "env": ("it reads `{value}` at start-up", "set `{value}` to change its timeout"),
    "symbol": ("`{value}` sits next to it", "it calls nothing but `{value}`"),
    "commit": ("it was last reworked in `{value}`",),
    "make": ("check it with `make test`", "run `make test` after changing it"),
}
_COMMIT_TEXTS = (
    "Commit `{sha}` changed `{path}`; verify it with `make test`.",
    "`{path}` was fixed in `{sha}`; `make lint` must stay clean.",
)
_PYTHON_TEXTS = (
    "The project requires Python 3.10; run `make test` and `make lint` before pushing.",
    "CI runs `make test` on Python 3.10, then `make lint`.",
)
_TAG_TEXT = "Release builds start from tag `v1.0`; run `make lint` first and keep `README.md` current."


# -- entries ----------------------------------------------------------------------------------------


def _category_counts(total: int) -> dict[str, int]:
    """How many entries each category gets; at least one of each once there are enough entries."""
    counts = {name: int(share * total) for name, share in MIX if name != "ok"}
    if total >= 2 * len(MIX):
        counts = {name: max(1, count) for name, count in counts.items()}
    return {"ok": total - sum(counts.values()), **counts}


def _sha_ref(shas: Sequence[str], upto: int, rng: random.Random) -> str:
    """A 12-character abbreviation of a commit at or before `upto`, one with both a digit and a letter."""
    index = rng.randrange(upto + 1)
    for _ in range(upto + 1):
        short = shas[index][:12]
        if any(c.isdigit() for c in short) and any(c.isalpha() for c in short):
            return short
        index = (index - 1) % (upto + 1)
    return shas[index][:12]


class _EntryWriter:
    """Write entries category by category, each naming a path, a symbol and one more thing.

    It reads files as the plan first wrote them (the simulation changed copies), which is what they were at
    every verified commit except for the names the recorded events changed.
    """

    def __init__(self, plan: _Plan, events: list[_Event], shas: list[str], rng: random.Random) -> None:
        """Index the events by kind and prepare a cycling, seeded supply of targets per category."""
        self.plan, self.shas, self.rng = plan, shas, rng
        first = plan.verified[0]
        chains: dict[int, list[_Event]] = {}
        for event in events:
            if event.kind == "rename":
                chains.setdefault(event.file, []).append(event)
        kinds = ("delete", "symbol", "flag", "move")
        late = {kind: [e for e in events if e.kind == kind and e.at > first] for kind in kinds}
        stable = [i for i in plan.stable if i != plan.editable]
        self.supply: dict[str, Iterator[Any]] = {
            "ok": _cycle(stable, rng), "commit": _cycle(stable, rng),
            "renamed": _cycle([chain for chain in chains.values() if chain[-1].at > first], rng),
            "deleted": _cycle(late["delete"], rng), "symbol": _cycle(late["symbol"], rng),
            "flag": _cycle(late["flag"], rng), "moved": _cycle(late["move"], rng),
        }

    def write(self, category: str) -> tuple[str, int]:
        """The text of one entry of `category` and the index of the commit it was verified at."""
        if category == "python":
            return self.rng.choice(_PYTHON_TEXTS), self.rng.choice(self.plan.verified)
        if category == "tag":
            return _TAG_TEXT, self.rng.choice(self.plan.verified)
        target = next(self.supply[category])
        if category == "ok":
            return self._ok(self.plan.files[target])
        if category == "commit":
            return self._commit(self.plan.files[target])
        if category == "renamed":
            return self._renamed(target)
        return self._changed(category, target)

    def editable_entry(self) -> tuple[str, int]:
        """An entry about the editable file and its first function."""
        return self._about(self.plan.files[self.plan.editable], self.rng.choice(self.plan.verified),
                           sym=self.plan.files[self.plan.editable].funcs[0])

    def _ok(self, file: _File) -> tuple[str, int]:
        """A file untouched by renames, deletions and removals: everything it names holds at HEAD."""
        return self._about(file, self.rng.choice(self.plan.verified))

    def _commit(self, file: _File) -> tuple[str, int]:
        """A real commit SHA next to a stable file and a make target."""
        verified = self.rng.choice(self.plan.verified)
        text = self.rng.choice(_COMMIT_TEXTS).format(sha=_sha_ref(self.shas, verified, self.rng), path=file.path)
        return text, verified

    def _renamed(self, chain: list[_Event]) -> tuple[str, int]:
        """A file by the path it had when verified, which one or two later renames changed."""
        verified = self._verified_before(chain[-1].at)
        path = next(e.old for e in chain if e.at > verified)
        return self._about(self.plan.files[chain[0].file], verified, path=path)

    def _changed(self, category: str, event: _Event) -> tuple[str, int]:
        """A file whose deletion, removed function, removed flag or moved function came after it was verified."""
        file = self.plan.files[event.file]
        verified = self._verified_before(event.at)
        if category == "flag":
            return self._about(file, verified, extra="flag")
        if category in ("symbol", "moved"):
            return self._about(file, verified, sym=event.old)
        return self._about(file, verified)

    def _verified_before(self, at: int) -> int:
        """A verified commit earlier than commit index `at`."""
        return self.rng.choice([v for v in self.plan.verified if v < at])

    def _about(self, file: _File, verified: int, *, path: str | None = None, sym: str | None = None,
               extra: str | None = None) -> tuple[str, int]:
        """A templated text naming the file's path, one of its functions and one more of its features."""
        sym = sym or self.rng.choice(file.funcs)
        if extra is None:
            features = (["flag"] if file.flag else []) + (["env"] if file.env else []) + \
                (["symbol"] if len(file.funcs) > 1 else [])
            extra = self.rng.choice(features) if features and self.rng.random() < 0.85 else \
                self.rng.choice(("commit", "make"))
        width = self.plan.width
        value = {"flag": _flag(file.id, width), "env": _env(file.id, width), "make": "",
                 "symbol": next((f for f in file.funcs if f != sym), ""),
                 "commit": _sha_ref(self.shas, verified, self.rng) if extra == "commit" else ""}[extra]
        phrase = self.rng.choice(_EXTRAS[extra]).format(value=value)
        text = self.rng.choice(_TEMPLATES).format(path=path or file.path, sym=sym, extra=phrase)
        return text, verified


def _cycle(items: Sequence[Any], rng: random.Random) -> Iterator[Any]:
    """The items in a seeded shuffled order, over and over (empty stays empty)."""
    order = list(items)
    rng.shuffle(order)
    return itertools.cycle(order) if order else iter(())


def _entries(
    plan: _Plan, events: list[_Event], shas: list[str], project: Project, total: int, rng: random.Random
) -> tuple[list[Entry], dict[str, str]]:
    """`total` entries in a seeded mix of categories, all scoped to the benchmark repository's project."""
    counts = _category_counts(total)
    order = [name for name in CATEGORIES for _ in range(counts[name])]
    rng.shuffle(order)
    writer = _EntryWriter(plan, events, shas, rng)
    editable_left = min(max(3, total // 1000), counts["ok"])
    made, categories = [], {}
    for index, category in enumerate(order):
        if category == "ok" and editable_left:
            editable_left -= 1
            text, verified = writer.editable_entry()
        else:
            text, verified = writer.write(category)
        entry_id = f"bench-{index:05d}"
        made.append(_entry(entry_id, text, shas[verified], START + verified * STEP, project))
        categories[entry_id] = category
    return made, categories


def _entry(entry_id: str, text: str, sha: str, when: datetime, project: Project) -> Entry:
    """One agent-written project entry, verified and written at the given commit."""
    return Entry(
        id=entry_id, text=text, type=EntryType.PROJECT, scope=Scope(kind=ScopeKind.PRIVATE, project=project),
        source=Source(agent="bench", file=f"bench/{entry_id}.md"),
        provenance=Provenance(written_at=when, written_at_basis="recorded", written_by=WrittenBy.AGENT,
                              branch=BRANCH, commit=sha),
        verified_at=when, verified_commit=sha,
    )
