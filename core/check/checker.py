"""Check entries against a repository: a verdict and confidence per entry, re-checking only what a change touches."""

from __future__ import annotations

import gc
import os
import time
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime
from typing import Callable, Iterable, Iterator

from memrev.core.check.context import EntryContext, baseline, own_file
from memrev.core.check.model import STALE_STATUSES, EntryCheck, RefStatus, ReferenceCheck, Verdict
from memrev.core.check.reference_checks import check_reference
from memrev.core.check.references import Reference, extract_references
from memrev.core.check.repo_index import RepoIndex, is_fact_file
from memrev.core.check.symbol_history import defined_at, used_at
from memrev.core.model import STOPPED, Entry, Project, Status, utc_now

MAX_TEXT_CHECKED = 256_000
"""References are read from at most this many characters of an entry; a longer entry says so in its notes."""

_NAME_KINDS = frozenset({"symbol", "flag", "env"})
_OUTSIDE = " (defined outside this repository)"
_NOWHERE = "is not defined or used anywhere in the repository's code"
"""How a symbol's evidence ends when the code uses a name no file defines."""


@contextmanager
def collector_paused(*, freeze: bool = False) -> Iterator[None]:
    """Pause the cyclic garbage collector during a check (or a batch review action): the index holds millions of
    long-lived objects, and every full collection triggered by short-lived results would walk all of them again.
    With `freeze`, what was made meanwhile (a check's results and caches, which hold no cycles) is left out of
    later collections too, so re-enabling the collector does not walk it once more."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if freeze:
                gc.freeze()
            gc.enable()


def same_project(entry_project: Project, repo_project: Project, *, shallow: bool = False) -> bool:
    """Whether an entry's project is the repository's (same key, root commit or remote; a shallow clone's
    root commit is not the project's, so there the name counts too)."""
    if entry_project.key == repo_project.key:
        return True
    if entry_project.root_commit and entry_project.root_commit == repo_project.root_commit:
        return True
    if entry_project.remote and entry_project.remote == repo_project.remote:
        return True
    return shallow and bool(entry_project.name) and entry_project.name == repo_project.name


class Checker:
    """Checks entries against one repository and remembers what each depends on, for incremental re-checks."""

    def __init__(self, repo_path: str | os.PathLike[str], *, clock: Callable[[], datetime] = utc_now) -> None:
        """Open the repository; nothing is read until the first check."""
        self.index = RepoIndex(repo_path)
        self.clock = clock
        self.ready = False
        self.entries: dict[str, Entry] = {}
        self.results: dict[str, EntryCheck] = {}
        self._references: dict[str, tuple[str, list[Reference], list[int], bool, frozenset[str], bool]] = {}
        self._by_key: dict[str, set[str]] = {}
        self._by_fact: set[str] = set()
        self._depends: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
        """Per entry, the keys its references name and the paths its last check resolved (see `_remember`)."""

    def close(self) -> None:
        """Release the repository."""
        self.index.close()

    # -- public ----------------------------------------------------------------------------------

    def check_all(self, entries: Iterable[Entry]) -> dict[str, EntryCheck]:
        """Check every entry (building the index on first use); the results replace earlier ones."""
        with collector_paused(freeze=True):
            if not self.ready:
                self.index.refresh()
                self.ready = True
                gc.freeze()  # the index lives as long as the checker: later collections skip it
            self.entries = {entry.id: entry for entry in entries if entry.status is not Status.PURGED}
            self.results = {}
            for entry_id in self._depends.keys() - self.entries.keys():
                self._forget(entry_id)
            return self._check(list(self.entries))

    def head_changed(self, *, rescan: bool = True) -> dict[str, EntryCheck]:
        """HEAD, a branch or a tag moved: bring the index up to date and re-check every entry (`rescan` False
        re-reads only the files that differ between the two HEADs, for a watcher that reports the rest)."""
        with collector_paused(freeze=True):
            self.index.refresh(rescan=rescan)
            self.ready = True
            return self._check(list(self.entries))

    def files_changed(self, paths: Iterable[str]) -> dict[str, EntryCheck]:
        """Working-tree files changed, appeared or vanished: re-check only the entries that depend on them."""
        paths = {p for p in paths if p}
        before = {p: self.index.names.get(p) for p in paths}
        changed = self.index.apply_working_tree_changes(paths)
        affected: set[str] = set()
        for path in changed:
            old, new = before.get(path), self.index.names.get(path)
            tokens = (old.tokens if old else frozenset()) ^ (new.tokens if new else frozenset())
            before_defs, after_defs = (old.definitions if old else ()), (new.definitions if new else ())
            defined = {name for name, _ in (*before_defs, *after_defs)} if before_defs != after_defs else set()
            for key in (*(f"name:{t}" for t in tokens | defined), *_path_keys(path)):
                affected |= self._by_key.get(key, set())
            if is_fact_file(path):
                affected |= self._by_fact
        return self._check(sorted(affected & self.entries.keys()))

    def recheck(self, entry_ids: Iterable[str]) -> dict[str, EntryCheck]:
        """Re-check chosen entries (for example the ones a reviewer selected)."""
        if not self.ready:
            self.index.refresh()
            self.ready = True
        return self._check([entry_id for entry_id in entry_ids if entry_id in self.entries])

    def update_entries(self, entries: Iterable[Entry]) -> dict[str, EntryCheck]:
        """Take in new or changed entries (an import happened) and check just those."""
        fresh = [entry for entry in entries if self.entries.get(entry.id) != entry]
        for entry in fresh:
            self.entries[entry.id] = entry
        return self._check([entry.id for entry in fresh])

    def find_removals(self, *, budget: float = 2.0) -> dict[str, EntryCheck]:
        """Name the commit that removed each missing symbol, flag or variable (`git log -S`), within `budget` seconds;
        returns the entries whose evidence gained a commit."""
        deadline = time.monotonic() + budget
        found: dict[tuple[str, int], int | None] = {}
        updated: dict[str, EntryCheck] = {}
        history = self.index.history
        for entry_id, result in list(self.results.items()):
            if not any(r.status is RefStatus.MISSING and r.kind in _NAME_KINDS and not r.commits
                       for r in result.references):
                continue
            since, _ = baseline(self.entries[entry_id], self.index)
            references = []
            for ref in result.references:
                if ref.status is RefStatus.MISSING and ref.kind in _NAME_KINDS and not ref.commits:
                    key = (ref.value.rsplit(".", 1)[-1], since if since is not None else -1)
                    if key not in found and time.monotonic() < deadline:
                        found[key] = self._last_change_of(*key)
                    position = found.get(key)
                    if position is not None:
                        info = history.commit_info(position)
                        ref = replace(ref, commits=(info,),
                                      evidence=f'{ref.evidence.split("; ", 1)[0]}; removed in {info.sha[:8]} "{info.subject}"')
                references.append(ref)
            if tuple(references) != result.references:
                updated[entry_id] = self.results[entry_id] = replace(result, references=tuple(references))
        updated.update(self._find_lost_definitions(deadline))
        return updated

    def _find_lost_definitions(self, deadline: float) -> dict[str, EntryCheck]:
        """A name the code still uses but no file defines, that a code file defined when the entry was verified,
        was renamed or removed here (a stale test still naming it is no definition): `missing`, with where it was."""
        updated: dict[str, EntryCheck] = {}
        history = self.index.history
        for entry_id, result in list(self.results.items()):
            if not any(r.kind == "symbol" and (r.status is RefStatus.OK and r.evidence.endswith(_OUTSIDE)
                                               or r.status is RefStatus.MISSING and _NOWHERE in r.evidence)
                       for r in result.references):
                continue
            entry = self.entries[entry_id]
            since, label = baseline(entry, self.index)
            if since is None or since < 0:
                continue
            references = []
            for ref in result.references:
                if ref.kind == "symbol" and ref.status is RefStatus.MISSING and _NOWHERE in ref.evidence \
                        and time.monotonic() < deadline:
                    name = ref.value.rsplit(".", 1)[-1]
                    if not used_at(self.index, history.shas[since], name):
                        ref = replace(ref, status=RefStatus.UNVERIFIABLE, commits=(), evidence=f"{name} is not in the "
                                      f"code now, nor when {label.split(' ', 1)[0]}: it names something outside the "
                                      "repository's code")
                    elif not defined_at(self.index, history.shas[since], name):
                        ref = replace(ref, status=RefStatus.UNVERIFIABLE, commits=(), evidence=f"{name} is no longer "
                                      f"in the code; it was used but defined by no code file when "
                                      f"{label.split(' ', 1)[0]}: a name from outside the repository")
                elif ref.kind == "symbol" and ref.status is RefStatus.OK and ref.evidence.endswith(_OUTSIDE) \
                        and time.monotonic() < deadline:
                    name = ref.value.rsplit(".", 1)[-1]
                    then = defined_at(self.index, history.shas[since], name)
                    if then:
                        used = ref.evidence.removeprefix("used in ").removesuffix(_OUTSIDE)
                        ref = replace(ref, status=RefStatus.MISSING, evidence=f"{name} was defined in {then[0]} when "
                                      f"{label.split(' ', 1)[0]} and no code file defines it now (still named in {used})")
                references.append(ref)
            if tuple(references) != result.references:
                verdict, confidence, reason = _verdict(entry, references, label, self.clock())
                updated[entry_id] = self.results[entry_id] = replace(
                    result, references=tuple(references), verdict=verdict, confidence=confidence, reason=reason)
        return updated

    def _last_change_of(self, name: str, since: int) -> int | None:
        """The position of the newest commit after `since` that changed how often `name` occurs, if any."""
        history = self.index.history
        if not len(history):
            return None
        revision = f"{history.shas[since]}..HEAD" if since >= 0 else "HEAD"
        try:
            sha = self.index.repo.git.log(revision, f"-S{name}", "--no-merges", "-n1", "--format=%H")
        except Exception:  # noqa: BLE001 - a pickaxe failure only costs the evidence its commit
            return None
        return history.position.get(sha.strip())

    # -- checking --------------------------------------------------------------------------------

    def _check(self, entry_ids: list[str]) -> dict[str, EntryCheck]:
        """Check these entries, record their dependencies and results, and return the results."""
        if not entry_ids:
            return {}
        wanted = [ref.value for entry_id in entry_ids for ref in self._refs(self.entries[entry_id])[0]
                  if ref.kind == "commit"]
        commits = self.index.resolve_commits(wanted) if wanted else {}
        now = self.clock()
        done: dict[str, EntryCheck] = {}
        for entry_id in entry_ids:
            result = self._check_entry(self.entries[entry_id], commits, now)
            self.results[entry_id] = result
            done[entry_id] = result
        return done

    def _refs(self, entry: Entry) -> tuple[list[Reference], list[int], bool, frozenset[str], bool]:
        """The entry's references, extracted once per text, with the order to check them in (paths first), the
        dependency keys they name and whether the repository's facts decide any of them; the flag says the text was
        cut."""
        cached = self._references.get(entry.id)
        if cached is not None and cached[0] == entry.source.content_hash:
            return cached[1], cached[2], cached[3], cached[4], cached[5]
        cut = len(entry.text) > MAX_TEXT_CHECKED
        refs = extract_references(entry.text[:MAX_TEXT_CHECKED] if cut else entry.text)
        keys: set[str] = set()
        for ref in refs:
            if ref.kind == "path":
                keys.add(f"path:{ref.value.strip('/')}")
                keys.add(f"base:{ref.value.rsplit('/', 1)[-1]}")
            elif ref.kind in _NAME_KINDS:
                keys.add(f"name:{ref.value.rsplit('.', 1)[-1]}")
                keys.add(f"name:{ref.value}")
        fact = any(ref.kind in ("command", "version") for ref in refs)
        named = frozenset(keys)
        order = sorted(range(len(refs)), key=lambda number: refs[number].kind != "path")
        self._references[entry.id] = (entry.source.content_hash, refs, order, cut, named, fact)
        return refs, order, cut, named, fact

    def _check_entry(self, entry: Entry, commits: dict[str, str | None], now: datetime) -> EntryCheck:
        """One entry's verdict, confidence and reference checks."""
        index = self.index
        head = index.head
        refs, order, cut, keys, fact = self._refs(entry)
        notes = tuple(index.notes) + ((f"only the first {MAX_TEXT_CHECKED:,} characters were checked",) if cut else ())
        if entry.status in STOPPED:
            self._forget(entry.id)
            why = "held for a person: not loaded until released" if entry.status is Status.HELD \
                else "blocked: never loaded by the agent"
            return EntryCheck(entry.id, Verdict.BLOCKED, entry.confidence, why, (), head, now, notes)
        project = entry.scope.project
        if project is not None and not same_project(project, index.project, shallow=index.shallow):
            self._forget(entry.id)
            reason = f"belongs to {project.name or project.key}, not {index.project.name}: this repository cannot check it"
            return EntryCheck(entry.id, Verdict.OUT_OF_SCOPE, entry.confidence, reason, (), head, now, notes)
        since, label = baseline(entry, index)
        ctx = EntryContext(entry, index, since, label, commits={r.value: commits.get(r.value) for r in refs
                                                                  if r.kind == "commit"},
                           own_file=own_file(entry, index))
        results: list[ReferenceCheck] = [None] * len(refs)  # type: ignore[list-item] - every slot is filled below
        for number in order:  # paths first: symbol checks use where they went
            results[number] = check_reference(refs[number], ctx)
        checked = _older_versions(_covered(results, index))
        self._remember(entry.id, keys, fact, ctx.cited | ctx.current)
        verdict, confidence, reason = _verdict(entry, checked, label, now)
        return EntryCheck(entry.id, verdict, confidence, reason, tuple(checked), head, now, notes)

    def _remember(self, entry_id: str, keys: frozenset[str], fact: bool, paths: set[str]) -> None:
        """Record which paths, names and facts this entry's verdict depends on, touching the record only where it
        differs from the entry's last check (a warm re-check of unchanged entries changes nothing)."""
        if fact:
            self._by_fact.add(entry_id)
        else:
            self._by_fact.discard(entry_id)
        before = self._depends.get(entry_id)
        if before is not None and before[0] is keys and before[1] == paths:
            return
        self._depends[entry_id] = (keys, frozenset(paths))
        now = keys | {f"path:{p}" for p in paths}
        then = before[0] | {f"path:{p}" for p in before[1]} if before is not None else frozenset()
        for key in then - now:
            holders = self._by_key.get(key)
            if holders is not None:
                holders.discard(entry_id)
        for key in now - then:
            self._by_key.setdefault(key, set()).add(entry_id)

    def _forget(self, entry_id: str) -> None:
        """Drop what an entry no longer checked here depended on."""
        self._by_fact.discard(entry_id)
        before = self._depends.pop(entry_id, None)
        if before is not None:
            for key in before[0] | {f"path:{p}" for p in before[1]}:
                holders = self._by_key.get(key)
                if holders is not None:
                    holders.discard(entry_id)


def _path_keys(path: str) -> list[str]:
    """The dependency keys a change to `path` touches: itself, its last part, and its folders."""
    keys = [f"path:{path}", f"base:{path.rsplit('/', 1)[-1]}"]
    cut = path.rfind("/")
    while cut > 0:
        keys.append(f"path:{path[:cut]}")
        cut = path.rfind("/", 0, cut)
    return keys


def _older_versions(results: list[ReferenceCheck]) -> list[ReferenceCheck]:
    """A version the repository contradicts reads as history when the entry also states a version of the same
    runtime that holds (`Node 24+ (Node 20 reached its end of life)`): unverifiable, never stale."""
    held = {check.value.partition(":")[0] for check in results if check.kind == "version"
            and check.status is RefStatus.OK} - {"setting"}
    return [replace(check, status=RefStatus.UNVERIFIABLE, suggestion=None, evidence=f"{check.evidence}; the entry "
                    f"also states a {check.value.partition(':')[0]} version that holds, so this one reads as history")
            if check.kind == "version" and check.status is RefStatus.CONTRADICTED
            and check.value.partition(":")[0] in held else check for check in results]


def _covered(results: list[ReferenceCheck], index: RepoIndex) -> list[ReferenceCheck]:
    """A changed file whose named symbol is still defined in it holds: the entry's concrete claim was re-checked."""
    if not any(check.kind == "path" and check.status is RefStatus.CHANGED and check.commits for check in results):
        return results
    still_defined: dict[str, list[str]] = {}
    for check in results:
        if check.kind == "symbol" and check.status is RefStatus.OK:
            for path in index.definitions.get(check.value.rsplit(".", 1)[-1], {}):
                still_defined.setdefault(path, []).append(check.text)
    if not still_defined:
        return results
    covered: list[ReferenceCheck] = []
    for check in results:
        path = check.path
        if check.kind == "path" and check.status is RefStatus.CHANGED and check.commits and path in still_defined:
            names = ", ".join(sorted(set(still_defined[path or ""])))
            summary = check.evidence.split(": +", 1)[0]
            check = replace(check, status=RefStatus.OK, suggestion=None,
                            evidence=f"{summary}, but {names} is still defined there")
        covered.append(check)
    return covered


def _verdict(entry: Entry, results: list[ReferenceCheck], label: str, now: datetime) -> tuple[Verdict, float, str]:
    """The entry's verdict from its references, and its confidence updated from the evidence and its age."""
    base = entry.confidence
    stale: list[ReferenceCheck] = []
    changed = held = 0
    for check in results:  # one pass: a warm check runs this for every entry
        if check.status in STALE_STATUSES:
            stale.append(check)
        elif check.status is RefStatus.CHANGED:
            changed += 1
        elif check.status is RefStatus.OK:
            held += 1
    if stale:
        first = stale[0]
        more = f" (and {len(stale) - 1} more)" if len(stale) > 1 else ""
        return (Verdict.STALE, round(min(base, 0.15), 2),
                f"{len(stale)} of {len(results)} reference(s) no longer hold: {first.text} {first.status.value}{more}")
    when = entry.verified_at or entry.provenance.written_at
    age_days = max(0.0, (now - when).total_seconds() / 86400) if when else None
    decay = 1.0 if age_days is None else max(0.75, 1 - age_days / 730)
    if changed:
        return (Verdict.CHANGED, round(min(base, 0.5) * decay, 2),
                f"{changed} reference(s) changed since {label}; re-read before relying on it")
    age = "never verified" if entry.verified_at is None else f"verified {int(age_days or 0)} days ago"
    if held:
        confidence = min(0.99, max(base, 0.6 + 0.1 * min(3, held)) * decay)
        return Verdict.FRESH, round(confidence, 2), f"{held} reference(s) hold at HEAD; {age}"
    why = "nothing concrete to check" if not results else "none of its references can be checked here"
    return Verdict.UNVERIFIABLE, round(base * decay, 2), f"{why}; {age}"
