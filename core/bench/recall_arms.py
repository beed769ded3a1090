"""The experiment's two arms on one world: raw (what each agent loads and recalls today) and reviewed (after a
scripted reviewer that applies memrev's suggestions through the public review API, then a freeze, recall gated)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from memrev.core.bench.recall_world import MAIN, NOW, World
from memrev.core.check.checker import Checker
from memrev.core.check.model import Verdict
from memrev.core.conflicts.detect import ENTRY_VS_FACT, NEAR_DUPLICATE_LIMIT, find_conflicts
from memrev.core.conflicts.resolutions import keep_one, replace_with_correction
from memrev.core.freeze.loaded import Budget, loaded_view
from memrev.core.freeze.plan import build_plan
from memrev.core.freeze.policy import Unreviewed
from memrev.core.freeze.purge import is_purged
from memrev.core.freeze.residue import search
from memrev.core.freeze.write import freeze
from memrev.core.model import STOPPED, Entry, Status
from memrev.core.recall.eval_metrics import Held, Observation, Retrieved
from memrev.core.recall.eval_set import EvalSet, EvalTask
from memrev.core.recall.recall import RecallOptions, RecallState, Recalled, read_state, recall, recallable
from memrev.core.review.actions import ReviewError, confirm, revoke
from memrev.core.review.fixes import apply_fix, apply_fixes, propose_fix
from memrev.core.safe_io import current_bytes
from memrev.core.sources.registry import adapter_for

REVIEWER = "eval-reviewer"
"""The scripted reviewer's name in the audit log."""
ENDED = frozenset({Status.REVOKED, Status.SUPERSEDED, Status.PURGED})
"""Statuses of an entry a person took back."""


@dataclass
class ReviewLog:
    """What the scripted reviewer did: counts by action, the corrections it wrote (id -> memory it restates)."""

    actions: Counter[str] = field(default_factory=Counter)
    corrections: dict[str, str] = field(default_factory=dict)
    revoked: list[str] = field(default_factory=list)
    rewritten: dict[str, str] = field(default_factory=dict)
    """Entry id -> the text it had before the reviewer's fix."""


def prior_decisions(world: World, data: EvalSet) -> None:
    """What a person already decided in an earlier session, never frozen: a revocation by its correction, a confirm."""
    confirmed = [world.ids[memory.key] for memory in data.memories if memory.prior == "confirmed"]
    if confirmed:
        confirm(world.store, confirmed, actor="ana", despite_stale=True, checks=world.store.checks())
    for memory in data.memories:
        if memory.prior == "revoked":
            by = world.ids[memory.replaced_by] if memory.replaced_by else None
            revoke(world.store, [world.ids[memory.key]], actor="ana", reason="a person took it back", by=by)


def snapshot(world: World) -> tuple[list[str], int]:
    """Every entry text the agents' files hold now, and the tokens the agents load from them at session start."""
    texts: list[str] = []
    loaded = 0
    for ref in world.sources:
        read = adapter_for(ref.kind).read(ref)
        texts.extend(entry.text.strip() for entry in read.entries)
        view = loaded_view(ref.kind, ref.root, read.files, current_bytes)
        loaded += sum(Budget.of(part.text).tokens for part in view.parts)
    return texts, loaded


def _annotation(result: Recalled) -> str:
    """What memrev attached to a gated result, as the agent would be handed it."""
    lines = [result.caution or "", *result.evidence]
    if result.conflicts_with:
        lines.append("conflicts with " + ", ".join(result.conflicts_with))
    return "\n".join(line for line in lines if line)


def run_tasks(world: World, tasks: Sequence[EvalTask], *, gated: bool, k: int, corrections: dict[str, str],
              state: RecallState | None = None) -> dict[str, tuple[Retrieved, ...]]:
    """Each task's recall, raw over everything held or gated in the task's project, in memory keys."""
    keys = {**world.keys, **corrections}
    state = state or read_state(world.store, gated=gated)  # the store does not change while the tasks run
    results = {}
    for task in tasks:
        options = RecallOptions(k=k, gated=gated, project=task.project if gated else None, now=NOW)
        results[task.key] = tuple(
            Retrieved(keys.get(r.entry.id), r.entry.text, _annotation(r) if gated else "",
                      tuple(keys.get(i, i) for i in r.conflicts_with))
            for r in recall(world.store, task.query, options, state))
    return results


def database_residue(world: World, gone: Sequence[str], purged: Sequence[str], reachable: Iterable[Entry]) -> int:
    """How many taken-back texts the database still hands out: a purged text whose bytes are anywhere in its files,
    or a revoked or rewritten one that an entry recall may return (in this arm's mode) still holds; a revoked entry
    kept as history, out of recall's reach, is not residue."""
    held = "\x00".join(entry.text for entry in reachable)
    found = {text for text in gone if text in held}
    db = world.store.path
    files = [path for path in db.parent.iterdir() if path.name.startswith(db.name)]
    found.update(text for text in purged if text not in found and search(files, [text]).total)
    return len(found)


def observe(world: World, data: EvalSet, arm: str, *, gated: bool, k: int, log: ReviewLog | None = None) -> Observation:
    """What the agents hold and recall now, and what of the texts a person took back is still reachable."""
    log = log or ReviewLog()
    texts, loaded = snapshot(world)
    by_text = {memory.text: memory.key for memory in data.memories}
    current = {entry.id: entry for entry in world.store.entries()}
    keys = world.keys
    by_text.update({entry.text.strip(): keys[entry.id] for entry in current.values() if entry.id in keys})
    ended = [entry_id for entry_id, entry in current.items() if entry.status in ENDED or is_purged(entry)]
    original = {memory.key: memory.text for memory in data.memories}
    gone = sorted({original[keys[i]] for i in ended if i in keys} | {current[i].text for i in ended}
                  | set(log.rewritten.values()))
    state = read_state(world.store, gated=gated)
    database = database_residue(world, gone, [original[keys[i]] for i in ended if i in keys and is_purged(current[i])],
                                recallable(state, RecallOptions(gated=gated)).values())
    held = [Held(by_text.get(text), text) for text in texts]
    in_files = {item.key for item in held}
    revoked = {keys[i] for i in log.revoked if i in keys}
    return Observation(
        arm=arm, snapshot=tuple(held), loaded_tokens=loaded,
        results=run_tasks(world, data.tasks, gated=gated, k=k, corrections=log.corrections, state=state),
        gone=tuple(gone), files={str(path.relative_to(world.root)): data_ for path, data_ in world.files().items()},
        database_residue=database, revoked=tuple(sorted(revoked)),
        withheld=tuple(sorted(key for key in world.ids if key not in in_files and key not in revoked)))


def _checkers(world: World) -> dict[str, Checker]:
    """One checker per project repository, at the experiment's clock."""
    return {name: Checker(path, clock=lambda: NOW) for name, path in world.repos.items()}


def _checker_for(entry: Entry, checkers: dict[str, Checker]) -> Checker:
    """The checker of the entry's project (the main project's for a global entry)."""
    name = entry.scope.project.name if entry.scope.project else MAIN
    return checkers.get(name, checkers[MAIN])


def _resolve_conflicts(world: World, data: EvalSet, log: ReviewLog, *, corrections_only: bool = False) -> None:
    """Resolve each open conflict: by the person's correction when the data gives one for its sides, else (unless
    `corrections_only`) by keeping the side the repository backs (the only fresh one, or the repository's fact)."""
    store = world.store
    keys = world.keys
    entries = store.entries()
    checks = store.checks()
    near = store if len(entries) <= NEAR_DUPLICATE_LIMIT else None
    found = find_conflicts(entries, checks=checks, store=near)
    # in the memories' order, not by conflict id (a hash of entry ids, which name the run's folder): the corrections
    # are then written in the same order on every run, and the report stays the same
    for conflict in sorted(found, key=lambda c: (c.kind, sorted(keys.get(i, i) for i in c.entry_ids), c.subject)):
        sides = [i for i in conflict.entry_ids if (e := store.get(i)) is not None and e.status not in ENDED]
        if len(sides) < (1 if conflict.kind == ENTRY_VS_FACT else 2):
            continue  # an earlier resolution already settled it
        named = {keys.get(i) for i in sides}
        given = next((c for c in data.corrections if set(c.sides) <= named), None)
        try:
            if given is not None:
                written = replace_with_correction(store, conflict, given.text, actor=REVIEWER,
                                                  reason="the person's correction")
                log.corrections[written.id] = given.stands_for
                log.revoked.extend(i for i in sides if (e := store.get(i)) is not None and e.status in ENDED)
                log.actions["correct"] += 1
                continue
            if corrections_only:
                continue
            fresh = [i for i in sides if (c := checks.get(i)) is not None and c.verdict is Verdict.FRESH]
            if conflict.kind == ENTRY_VS_FACT:
                log.revoked.extend(e.id for e in keep_one(store, conflict, None, actor=REVIEWER, reason="repository"))
                log.actions["keep repository"] += 1
            elif len(fresh) == 1 and all(store.get(i).status is not Status.CONFIRMED  # type: ignore[union-attr]
                                         for i in sides if i != fresh[0]):  # a person's word is a person's to undo
                log.revoked.extend(e.id for e in keep_one(store, conflict, fresh[0], actor=REVIEWER,
                                                          reason="the side the repository backs"))
                log.actions["keep fresh side"] += 1
            else:
                log.actions["conflict left to a person"] += 1
        except ValueError:
            log.actions["conflict left to a person"] += 1


def _fix_all(world: World, checkers: dict[str, Checker], log: ReviewLog) -> None:
    """Apply every fix a stale or changed entry's check suggests (edits by the reviewer, re-checked at once), one
    action per project as a person approving a project's fixes together would."""
    store = world.store
    checks = store.checks()
    by_checker: dict[int, tuple[Checker, list[Entry]]] = {}
    for entry in store.entries():
        check = checks.get(entry.id)
        if entry.removed_at is not None or entry.status in ENDED or entry.status in STOPPED or check is None:
            continue
        if check.verdict in (Verdict.STALE, Verdict.CHANGED) and propose_fix(entry, check) is not None:
            checker = _checker_for(entry, checkers)
            by_checker.setdefault(id(checker), (checker, []))[1].append(entry)
    for checker, entries in by_checker.values():
        try:
            apply_fixes(store, [entry.id for entry in entries], actor=REVIEWER, checks=checks, checker=checker)
        except ReviewError:  # one entry the batch refuses: each on its own, skipping the ones refused
            for entry in entries:
                try:
                    apply_fix(store, entry.id, actor=REVIEWER, checks=checks, checker=checker)
                except ReviewError:
                    continue
                log.rewritten[entry.id] = entry.text
                log.actions["fix"] += 1
            continue
        for entry in entries:
            log.rewritten[entry.id] = entry.text
        log.actions["fix"] += len(entries)


def scripted_review(world: World, data: EvalSet) -> ReviewLog:
    """Apply memrev's suggestions as a person would, through the public review API only: fix what a check suggests a
    fix for, resolve conflicts, revoke what is still stale, confirm fresh entries, leave blocked, held and
    unverifiable entries as they are; then freeze, holding out what still needs a person."""
    log = ReviewLog()
    store = world.store
    checkers = _checkers(world)
    try:
        _resolve_conflicts(world, data, log, corrections_only=True)
        _fix_all(world, checkers, log)
        _resolve_conflicts(world, data, log)
        checks = store.checks()
        fresh: list[str] = []
        stale: dict[str, list[str]] = {}  # by reason: one revocation (one transaction) per reason, not per entry
        for entry in store.entries():
            check = checks.get(entry.id)
            if entry.removed_at is not None or entry.status in ENDED or entry.status in STOPPED or check is None:
                continue
            if check.verdict is Verdict.FRESH and entry.status is not Status.CONFIRMED:
                fresh.append(entry.id)
            elif check.verdict is Verdict.STALE:
                stale.setdefault(f"stale: {check.reason}", []).append(entry.id)
        for reason, ids in stale.items():
            revoke(store, ids, actor=REVIEWER, reason=reason)
            log.revoked.extend(ids)
            log.actions["revoke"] += len(ids)
        if fresh:
            confirm(store, fresh, actor=REVIEWER, checks=checks)
            log.actions["confirm"] += len(fresh)
    finally:
        for checker in checkers.values():
            checker.close()
    plan = build_plan(store, unreviewed=Unreviewed.HOLD)
    freeze(store, plan, actor=REVIEWER)
    log.actions["freeze"] += 1
    return log


def both_arms(world: World, data: EvalSet, *, k: int) -> tuple[Observation, Observation, ReviewLog]:
    """The raw arm observed first, then the scripted review and freeze, then the reviewed arm, on one world."""
    prior_decisions(world, data)
    raw = observe(world, data, "raw", gated=False, k=k)
    log = scripted_review(world, data)
    reviewed = observe(world, data, "reviewed", gated=True, k=k, log=log)
    return raw, reviewed, log
