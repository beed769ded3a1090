"""Conflicts are found on the demo (between entries, with the repository, with revoked entries) and resolved only on request."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memrev.core.bench.conflicts import CONFLICTS, run_conflict_bench
from memrev.core.check.checker import Checker
from memrev.core.conflicts.claims import extract_claims
from memrev.core.conflicts.detect import ENTRY_VS_ENTRY, ENTRY_VS_FACT, REASSERTS_REVOKED, Conflict, find_conflicts
from memrev.core.conflicts.resolutions import apply_correction, keep_both, keep_one, replace_with_correction
from memrev.core.demo.builder import DemoBuild, build_demo
from memrev.core.model import Entry, EntryType, Link, LinkKind, Project, Scope, ScopeKind, Status, WrittenBy
from memrev.core.store.memory_store import MemoryStore

UV, PIP, PY310 = "demo-10-conflict-uv", "demo-11-conflict-pip", "demo-07-python-version"
REVOKED, CORRECTION = "demo-12-revoked-friday-deploy", "demo-13-correction-no-friday"
BILLING = Project.from_parts(root_commit="b1" * 20, remote="github.com/acme/billing-service", path=None,
                             name="billing-service")


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> DemoBuild:
    """One demo build shared by this module (nothing here writes to its repository)."""
    return build_demo(tmp_path_factory.mktemp("conflicts") / "demo")


@pytest.fixture(scope="module")
def checks(demo: DemoBuild) -> dict:
    """The real checker's results on the demo entries: the repository facts."""
    checker = Checker(demo.repo)
    try:
        return checker.check_all(demo.entries)
    finally:
        checker.close()


@pytest.fixture()
def store(tmp_path, demo: DemoBuild):
    """A store on a real file holding the demo entries."""
    with MemoryStore(tmp_path / "m.db", clock=lambda: datetime(2026, 6, 10, 12, tzinfo=timezone.utc)) as opened:
        opened.apply(demo.entries, actor="import")
        yield opened


def _shop(demo: DemoBuild) -> Scope:
    """The team scope of the demo's shop project."""
    return next(e.scope for e in demo.entries if e.id == UV)


def _add(store: MemoryStore, entry_id: str, text: str, scope: Scope, status: Status = Status.PENDING) -> Entry:
    """Store one more entry and return it."""
    entry = Entry(id=entry_id, text=text, type=EntryType.FEEDBACK, scope=scope, status=status)
    store.apply([entry], actor="agent")
    return entry


def _only(conflicts: list[Conflict], kind: str, *entry_ids: str) -> Conflict:
    """The one conflict of `kind` naming every given entry (fails when there is none or more than one)."""
    found = [c for c in conflicts if c.kind == kind and set(entry_ids) <= set(c.entry_ids)]
    assert len(found) == 1, [(c.kind, c.subject, c.entry_ids) for c in conflicts]
    return found[0]


# -- claims ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "subject", "value", "polarity"), [
    ("The project requires Python 3.10.", "python-version", "3.10", True),
    ("Use pip and requirements.txt to manage dependencies.", "python-package-manager", "pip", True),
    ("Use uv, not pip.", "python-package-manager", "pip", False),
    ("Run the test suite with `make test`.", "test-command", "make test", True),
    ("Never deploy on Fridays.", "deploy on fridays", "do", False),
    ("Deploy on Fridays after 4pm is fine.", "deploy on fridays after 4pm", "do", True),
    ("The release freeze starts on 2026-03-01.", "release freeze starts", "2026-03-01", True),
])
def test_claims_name_subject_value_and_polarity(text: str, subject: str, value: str, polarity: bool) -> None:
    claims = extract_claims(Entry(id="m-1", text=text))
    assert any((c.subject, c.value, c.polarity) == (subject, value, polarity) for c in claims), claims
    assert all(c.entry_id == "m-1" and 0 <= c.start < c.end <= len(text) for c in claims)


# -- finding ---------------------------------------------------------------------------------------


def test_the_demo_pair_is_one_conflict_on_the_package_manager(store: MemoryStore, checks: dict) -> None:
    conflicts = find_conflicts(store.entries(), checks=checks, store=store)
    pair = _only(conflicts, ENTRY_VS_ENTRY, UV, PIP)
    assert "package-manager" in pair.subject
    assert (pair.side(UV).value, pair.side(PIP).value) == ("uv", "pip")  # type: ignore[union-attr]
    assert UV in pair.evidence and PIP in pair.evidence and pair.contradicts("uv", "pip")


def test_an_outdated_python_version_conflicts_with_pyproject(store: MemoryStore, checks: dict) -> None:
    conflict = _only(find_conflicts(store.entries(), checks=checks), ENTRY_VS_FACT, PY310)
    assert conflict.subject == "python-version"
    assert conflict.side(PY310).value == "3.10"  # type: ignore[union-attr]
    facts = {(side.value, side.source) for side in conflict.sides if side.entry_id is None}
    assert (">=3.12", "pyproject.toml") in facts
    assert "3.10" in conflict.evidence and ">=3.12" in conflict.evidence


@pytest.mark.parametrize("text", ["Deploy on Fridays after 4pm is fine.", "Friday deploys after 4pm are fine."])
@pytest.mark.parametrize("with_store", [True, False])
def test_reasserting_a_revoked_entry_names_it_and_its_correction(store: MemoryStore, demo: DemoBuild, text: str,
                                                                 with_store: bool) -> None:
    _add(store, "m-again", text, _shop(demo))
    conflicts = find_conflicts(store.entries(), store=store if with_store else None)
    conflict = _only(conflicts, REASSERTS_REVOKED, "m-again")
    assert set(conflict.entry_ids) == {"m-again", REVOKED, CORRECTION}
    assert REVOKED in conflict.evidence and CORRECTION in conflict.evidence
    assert not [c for c in conflicts if c.kind == ENTRY_VS_ENTRY and "m-again" in c.entry_ids]  # said once, not twice


def test_opposite_rules_conflict(store: MemoryStore, demo: DemoBuild) -> None:
    _add(store, "m-never", "Never force-push to shared branches.", _shop(demo))
    _add(store, "m-fine", "Force-pushing to shared branches is fine.", _shop(demo))
    conflict = _only(find_conflicts(store.entries()), ENTRY_VS_ENTRY, "m-never", "m-fine")
    assert conflict.subject == "force-push to shared branches"
    assert "opposite rules" in conflict.evidence


def test_no_conflict_across_projects_but_a_global_entry_meets_every_project(store: MemoryStore, demo: DemoBuild) -> None:
    _add(store, "m-billing-poetry", "Use poetry to manage dependencies.", Scope(ScopeKind.TEAM, BILLING))
    _add(store, "m-billing-friday", "Deploying on Fridays is fine.", Scope(ScopeKind.TEAM, BILLING))
    conflicts = find_conflicts(store.entries())
    assert not [c for c in conflicts if {"m-billing-poetry", "m-billing-friday"} & set(c.entry_ids)]
    _add(store, "m-global-pdm", "Use pdm to manage dependencies.", Scope(ScopeKind.PRIVATE, None))
    conflicts = find_conflicts(store.entries())
    in_shop = _only(conflicts, ENTRY_VS_ENTRY, "m-global-pdm", UV, PIP)
    in_billing = _only(conflicts, ENTRY_VS_ENTRY, "m-global-pdm", "m-billing-poetry")
    assert "in shop" in in_shop.evidence and "m-billing-poetry" not in in_shop.entry_ids
    assert UV not in in_billing.entry_ids


def test_near_duplicates_with_a_different_value_conflict_only_through_the_vector_index(
        store: MemoryStore, demo: DemoBuild) -> None:
    if not store.semantic_enabled:
        pytest.skip(store.semantic_notice)
    _add(store, "m-30", "The checkout API timeout is 30 seconds.", _shop(demo))
    _add(store, "m-60", "The checkout API timeout is 60 seconds.", _shop(demo))
    assert not [c for c in find_conflicts(store.entries()) if "m-30" in c.entry_ids]
    conflict = _only(find_conflicts(store.entries(), store=store), ENTRY_VS_ENTRY, "m-30", "m-60")
    assert (conflict.side("m-30").value, conflict.side("m-60").value) == ("30", "60")  # type: ignore[union-attr]


def test_a_correction_that_only_adds_what_it_rules_out_agrees_with_the_memory_it_restates(tmp_path) -> None:
    with MemoryStore(tmp_path / "own.db") as own:
        if not own.semantic_enabled:
            pytest.skip(own.semantic_notice)
        scope = Scope(ScopeKind.TEAM, BILLING)
        _add(own, "m-uv", "Use uv to manage the lockfile (`uv lock`, `uv add`).", scope)
        _add(own, "m-fix", "Use uv to manage the lockfile (`uv lock`, `uv add`), not pip.", scope)
        _add(own, "m-squash", "Squash the commits of a branch before merging it.", scope)
        _add(own, "m-nosquash", "Do not squash the commits of a branch before merging it.", scope)
        found = find_conflicts(own.entries(), store=own)
    assert not [c for c in found if {"m-uv", "m-fix"} & set(c.entry_ids)]  # "not pip" denies pip, which "uv" never said
    _only(found, ENTRY_VS_ENTRY, "m-squash", "m-nosquash")  # a negation of the statement both share still conflicts


def test_finding_conflicts_changes_nothing_and_ids_are_stable(store: MemoryStore, checks: dict) -> None:
    before_events, before_entries = store.events(), store.entries()
    first = find_conflicts(store.entries(), checks=checks, store=store)
    again = find_conflicts(list(reversed(store.entries())), checks=checks, store=store)
    assert store.events() == before_events and store.entries() == before_entries
    assert [c.id for c in first] == [c.id for c in again] and len({c.id for c in first}) == len(first)


# -- resolving -------------------------------------------------------------------------------------


def test_keep_one_revokes_the_other_side_with_a_link_and_the_reason(store: MemoryStore, checks: dict) -> None:
    pair = _only(find_conflicts(store.entries()), ENTRY_VS_ENTRY, UV, PIP)
    revoked = keep_one(store, pair, UV, actor="ana", reason="uv.lock is committed")
    assert [e.id for e in revoked] == [PIP]
    pip = store.get(PIP)
    assert pip.status is Status.REVOKED  # type: ignore[union-attr]
    assert Link(LinkKind.REVOKED_BY, UV, "uv.lock is committed") in pip.links  # type: ignore[union-attr]
    event = store.events(PIP)[-1]
    assert (event.action, event.actor, event.reason, event.after["revoked_by"]) == (  # type: ignore[index]
        "revoke", "ana", "uv.lock is committed", UV)
    assert store.get(UV).status is Status.ACTIVE  # type: ignore[union-attr]
    assert store.get("demo-06-changed-deploy-doc").status is Status.PENDING  # type: ignore[union-attr] # agrees: kept
    assert not [c for c in find_conflicts(store.entries()) if c.kind == ENTRY_VS_ENTRY and PIP in c.entry_ids]


def test_keep_the_repository_revokes_the_entry_with_the_fact_as_reason(store: MemoryStore, checks: dict) -> None:
    conflict = _only(find_conflicts(store.entries(), checks=checks), ENTRY_VS_FACT, PY310)
    with pytest.raises(ValueError):
        keep_one(store, _only(find_conflicts(store.entries()), ENTRY_VS_ENTRY, UV, PIP), None, actor="ana", reason="")
    events = store.events()
    assert keep_one(store, conflict, PY310, actor="ana", reason="") == [] and store.events() == events  # no fact to revoke
    [entry] = keep_one(store, conflict, None, actor="ana", reason="checked pyproject")
    event = store.events(PY310)[-1]
    assert entry.status is Status.REVOKED and not entry.links
    assert event.action == "status:revoked" and event.reason.startswith("the repository says ")
    assert ">=3.12 (pyproject.toml)" in event.reason and "checked pyproject" in event.reason


def test_replace_with_correction_revokes_only_the_sides_it_contradicts(store: MemoryStore) -> None:
    pair = _only(find_conflicts(store.entries()), ENTRY_VS_ENTRY, UV, PIP)
    correction = replace_with_correction(store, pair, "Dependencies are managed with uv; never use pip here.",
                                         actor="ana", reason="pip was a guess")
    assert correction.provenance.written_by is WrittenBy.HUMAN and correction.status is Status.CONFIRMED
    assert correction.scope.project == store.get(UV).scope.project  # type: ignore[union-attr]
    assert [e.action for e in store.events(correction.id)] == ["correction"]
    pip = store.get(PIP)
    assert pip.status is Status.REVOKED  # type: ignore[union-attr]
    assert Link(LinkKind.REVOKED_BY, correction.id, "pip was a guess") in pip.links  # type: ignore[union-attr]
    for agreeing in set(pair.entry_ids) - {PIP}:  # uv, and the deploy doc that builds with uv
        assert store.get(agreeing).status is not Status.REVOKED  # type: ignore[union-attr]
    assert not [c for c in find_conflicts(store.entries()) if correction.id in c.entry_ids]


def test_a_correction_that_contradicts_no_side_changes_nothing(store: MemoryStore) -> None:
    pair = _only(find_conflicts(store.entries()), ENTRY_VS_ENTRY, UV, PIP)
    events = store.events()
    with pytest.raises(ValueError, match="contradicts no side"):
        replace_with_correction(store, pair, "Ask Ana before changing the build.", actor="ana", reason="")
    assert store.events() == events


def test_apply_correction_revokes_every_contradicted_entry_and_leaves_the_rest(store: MemoryStore,
                                                                              demo: DemoBuild) -> None:
    _add(store, "m-ci-311", "CI runs on Python 3.11.", _shop(demo))
    _add(store, "m-agrees", "Python 3.12 or newer is required.", _shop(demo))
    _add(store, "m-billing-39", "billing-service needs Python 3.9.", Scope(ScopeKind.TEAM, BILLING))
    before = {e.id: e.status for e in store.entries()}
    correction = Entry(id="m-fix", text="The project requires Python 3.12.", type=EntryType.PROJECT,
                       scope=_shop(demo), status=Status.CONFIRMED)
    revoked = apply_correction(store, correction, actor="ana", reason="pyproject says >=3.12")
    assert revoked == ["demo-07-python-version", "m-ci-311"]
    for entry in store.entries():
        if entry.id in revoked:
            assert entry.status is Status.REVOKED and entry.links[-1].target == "m-fix"
        elif entry.id != "m-fix":
            assert entry.status is before[entry.id], entry.id


def test_keep_both_narrows_scopes_so_the_sides_no_longer_meet(store: MemoryStore, demo: DemoBuild) -> None:
    _add(store, "m-pip", "Use pip to manage dependencies.", Scope(ScopeKind.TEAM, None))
    _add(store, "m-poetry", "Use poetry to manage dependencies.", Scope(ScopeKind.TEAM, None))
    conflict = _only(find_conflicts([store.get("m-pip"), store.get("m-poetry")]), ENTRY_VS_ENTRY, "m-pip", "m-poetry")
    events = store.events()
    with pytest.raises(ValueError, match="still meet"):
        keep_both(store, conflict, scopes={"m-pip": Scope(ScopeKind.TEAM, BILLING)}, actor="ana", reason="")
    assert store.events() == events
    billing, shop = Scope(ScopeKind.TEAM, BILLING), Scope(ScopeKind.PRIVATE, _shop(demo).project)
    changed = keep_both(store, conflict, scopes={"m-pip": billing, "m-poetry": shop}, actor="ana",
                        reason="each project has its own tool")
    assert {(e.id, e.scope, e.version) for e in changed} == {("m-pip", billing, 2), ("m-poetry", shop, 2)}
    event = store.events("m-pip")[-1]
    assert (event.action, event.actor, event.reason) == ("revise", "ana", "each project has its own tool")
    assert (event.before["scope"]["project"], event.after["scope"]["project"]["key"]) == (  # type: ignore[index]
        None, BILLING.key)
    assert not find_conflicts([store.get("m-pip"), store.get("m-poetry")])
    with pytest.raises(ValueError, match="does not narrow"):
        keep_both(store, conflict, scopes={"m-pip": Scope(ScopeKind.TEAM, None)}, actor="ana", reason="")


# -- speed -----------------------------------------------------------------------------------------


def test_the_bench_finds_every_planted_pair_and_beats_the_pairwise_baseline() -> None:
    figure = run_conflict_bench(n=600, pairs=30)
    assert figure.name == CONFLICTS and figure.unit == "s" and figure.value > 0
    assert figure.baseline is not None and figure.ratio is not None and figure.ratio > 1
    assert "30 of 30 planted" in figure.note


def test_the_evidence_quotes_each_side_in_its_own_words() -> None:
    entries = [Entry(id="a", text="Never deploy on Fridays."), Entry(id="b", text="Deploying on Fridays after 4pm is fine."),
               Entry(id="d", text="Do not deploy on Fridays, ever.")]
    [conflict] = find_conflicts(entries)
    for side in conflict.sides:
        assert f'{side.entry_id} says "{side.value}"' in conflict.evidence
    assert " and " not in conflict.evidence.split(":")[0]  # nobody is quoted with another's words
