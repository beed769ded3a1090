"""`memrev check` output: fingerprints, fail-on and baselines, the JSON and SARIF reports, and the text report."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from memrev.core.check.model import CommitInfo, EntryCheck, ReferenceCheck, RefStatus, Verdict
from memrev.core.check.report import (
    FINDING_KINDS,
    entry_location,
    failing_findings,
    fingerprint,
    iter_findings,
    load_baseline,
    parse_fail_on,
    report_json,
    report_sarif,
    report_text,
)
from memrev.core.model import Entry, Provenance, Source, Status

NOW = datetime(2026, 2, 10, 9, 0, tzinfo=timezone.utc)
HEAD = "9f8e7d6c5b4a39281706f5e4d3c2b1a098765432"
REPO = Path("/home/dev/shop")
CLAUDE_FILE = "/home/dev/.claude/projects/-home-dev-shop/memory/checkout.md"


def _ref(kind: str, text: str, value: str, status: RefStatus, evidence: str, **more) -> ReferenceCheck:
    """A reference check at a made-up span."""
    return ReferenceCheck(kind=kind, text=text, value=value, start=10, end=10 + len(text), status=status,
                          evidence=evidence, **more)


def _check(entry: Entry, verdict: Verdict, confidence: float, reason: str, *refs: ReferenceCheck,
           notes: tuple[str, ...] = ()) -> EntryCheck:
    """An entry check as the checker would produce it at HEAD."""
    return EntryCheck(entry_id=entry.id, verdict=verdict, confidence=confidence, reason=reason, references=refs,
                      head=HEAD, checked_at=NOW, notes=notes)


RENAMED = Entry(
    id="m-0a1b2c3d4e5f", status=Status.ACTIVE,
    text="Price parsing lives in src/shop/utils.py; run `make test` after touching it.",
    source=Source(agent="openclaw", file="memory/2026-01-19.md", anchor="entry"),
    provenance=Provenance(written_at=NOW - timedelta(days=22), citation="memory/2026-01-19.md:4"))
PYTHON = Entry(
    id="m-1b2c3d4e5f60", status=Status.CONFIRMED, text="CI runs on Python 3.10, so avoid match statements.",
    source=Source(agent="codex", file=str(REPO / "AGENTS.md"), anchor="ci"),
    provenance=Provenance(citation=f"{REPO / 'AGENTS.md'}:12-20"), verified_at=NOW - timedelta(days=20))
CHANGED = Entry(
    id="m-2c3d4e5f6071", status=Status.ACTIVE,
    text="The checkout\u200b flow is in src/shop/checkout.py\nand retries twice.",
    source=Source(agent="claude-code", file=CLAUDE_FILE, anchor="body"))
SCOPE = Entry(id="m-3d4e5f607182", status=Status.ACTIVE, text="The mobile app pins Expo SDK 50.")
VAGUE = Entry(id="m-4e5f60718293", status=Status.PENDING, text="Be careful with the release process.",
              source=Source(agent="hermes", file="memories/MEMORY.md", anchor="entry"),
              provenance=Provenance(citation="memories/MEMORY.md §2"))
FRESH = Entry(id="m-5f607182a3b4", status=Status.ACTIVE, text="Run `make test` before pushing.")
REVOKED = Entry(id="m-60718293a4b5", status=Status.REVOKED, text="Fixtures live in tests/old_fixtures/.",
                source=Source(agent="claude-code", file=CLAUDE_FILE, anchor="fixtures"))

RENAME_REF = _ref("path", "src/shop/utils.py", "src/shop/utils.py", RefStatus.RENAMED,
                  "renamed to src/shop/pricing.py in 1a2b3c4 (Split pricing out of utils)",
                  suggestion="replace `src/shop/utils.py` with `src/shop/pricing.py`",
                  commits=(CommitInfo("1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b", NOW - timedelta(days=3),
                                      "Split pricing out of utils"),))
PYTHON_REF = _ref("version", "Python 3.10", "python:3.10", RefStatus.CONTRADICTED,
                  "pyproject.toml requires Python >=3.12", suggestion="say Python 3.12",
                  facts=(("memory", "3.10", "entry text"), ("repo", ">=3.12", "pyproject.toml requires-python")))
CHANGED_REF = _ref("path", "src/shop/checkout.py", "src/shop/checkout.py", RefStatus.CHANGED,
                   "2 commits since it was written: +40 -12 lines (\u202elatest\u202c: b7c8d9e)",
                   commits=(CommitInfo("b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e7f80", NOW - timedelta(days=1),
                                       "Retry payment once more", 30, 8),))
GONE_REF = _ref("path", "tests/old_fixtures/", "tests/old_fixtures/", RefStatus.MISSING,
                "no such folder at HEAD (deleted in 5d6e7f8)")

CHECKS = {
    RENAMED.id: _check(RENAMED, Verdict.STALE, 0.3, "a path it names was renamed", RENAME_REF,
                       _ref("command", "make test", "make:test", RefStatus.OK, "target test exists")),
    PYTHON.id: _check(PYTHON, Verdict.STALE, 0.2, "the repository says another Python version", PYTHON_REF),
    CHANGED.id: _check(CHANGED, Verdict.CHANGED, 0.55, "a file it names changed since it was written", CHANGED_REF),
    SCOPE.id: _check(SCOPE, Verdict.OUT_OF_SCOPE, 0.5, "names nothing in this repository (Expo is not a dependency)"),
    VAGUE.id: _check(VAGUE, Verdict.UNVERIFIABLE, 0.5, "names nothing that can be checked"),
    FRESH.id: _check(FRESH, Verdict.FRESH, 0.9, "every reference still holds",
                     _ref("command", "make test", "make:test", RefStatus.OK, "target test exists")),
    REVOKED.id: _check(REVOKED, Verdict.STALE, 0.1, "a folder it names is gone", GONE_REF),
}
ENTRIES = [RENAMED, PYTHON, CHANGED, SCOPE, VAGUE, FRESH, REVOKED]


def _failing_ids(fail_on: frozenset[str], baseline: set[str] | None = None,
                 checks: dict[str, EntryCheck] = CHECKS) -> list[tuple[str, str | None]]:
    """(entry id, reference value) of each failing finding."""
    return [(entry.id, ref.value if ref else None)
            for entry, _, ref in failing_findings(ENTRIES, checks, fail_on=fail_on, baseline=baseline)]


def _fingerprints(fail_on: frozenset[str], checks: dict[str, EntryCheck] = CHECKS) -> set[str]:
    """The fingerprints of the failing findings, as the CLI passes them to the reports."""
    return {fingerprint(*finding) for finding in failing_findings(ENTRIES, checks, fail_on=fail_on, baseline=None)}


# -- fail-on -----------------------------------------------------------------------------------------


def test_parse_fail_on_accepts_verdicts_and_statuses() -> None:
    assert parse_fail_on("stale,contradicted") == frozenset({"stale", "contradicted"})
    assert parse_fail_on(" Stale , out-of-scope ") == frozenset({"stale", "out-of-scope"})
    assert parse_fail_on("none") == frozenset()
    assert {"stale", "changed", "unverifiable", "out-of-scope", "blocked", "missing", "renamed", "moved",
            "contradicted"} == FINDING_KINDS


@pytest.mark.parametrize("text", ["stail", "stale,fresh", "ok", ""])
def test_parse_fail_on_rejects_unknown_names_listing_the_valid_ones(text: str) -> None:
    with pytest.raises(ValueError) as raised:
        parse_fail_on(text)
    message = str(raised.value)
    assert "\n" not in message
    assert all(kind in message for kind in FINDING_KINDS)
    if text:
        assert repr(text.split(",")[-1]) in message


def test_default_fail_on_stale_fails_loaded_stale_entries_only() -> None:
    assert _failing_ids(frozenset({"stale"})) == [(RENAMED.id, "src/shop/utils.py"), (PYTHON.id, "python:3.10")]


def test_fail_on_matches_reference_statuses_and_verdicts() -> None:
    assert _failing_ids(frozenset({"contradicted"})) == [(PYTHON.id, "python:3.10")]
    assert _failing_ids(frozenset({"changed"})) == [(CHANGED.id, "src/shop/checkout.py")]
    assert _failing_ids(frozenset({"out-of-scope", "unverifiable"})) == [(SCOPE.id, None), (VAGUE.id, None)]
    assert _failing_ids(frozenset()) == []


def test_revoked_superseded_and_purged_entries_never_fail() -> None:
    everything = frozenset(FINDING_KINDS)
    assert REVOKED.id not in {entry_id for entry_id, _ in _failing_ids(everything)}
    active = [replace(REVOKED, status=Status.ACTIVE)]
    assert failing_findings(active, CHECKS, fail_on=everything, baseline=None)
    for status in (Status.SUPERSEDED, Status.PURGED):
        assert failing_findings([replace(REVOKED, status=status)], CHECKS, fail_on=everything, baseline=None) == []


def test_the_same_reference_named_twice_is_one_finding() -> None:
    twice = replace(CHECKS[RENAMED.id], references=(RENAME_REF, replace(RENAME_REF, start=60, end=77)))
    found = list(iter_findings([RENAMED], {RENAMED.id: twice}))
    assert [ref for _, _, ref in found] == [RENAME_REF]


# -- fingerprints ------------------------------------------------------------------------------------


def test_fingerprint_is_stable_when_evidence_commits_lines_and_citation_change() -> None:
    check = CHECKS[RENAMED.id]
    before = fingerprint(RENAMED, check, RENAME_REF)
    moved_entry = replace(RENAMED, provenance=replace(RENAMED.provenance, citation="memory/2026-01-19.md:9"))
    later_check = replace(check, head="0" * 40, checked_at=NOW + timedelta(days=2), confidence=0.1)
    later_ref = replace(RENAME_REF, evidence="renamed to src/shop/pricing.py in ffff000", start=40, end=57,
                        commits=(CommitInfo("ffff000aaaabbbbccccdddd0000111122223333"),))
    assert fingerprint(moved_entry, later_check, later_ref) == before
    assert len(before) >= 16 and before.isalnum()


def test_fingerprint_changes_with_status_verdict_entry_and_value() -> None:
    check = CHECKS[RENAMED.id]
    before = fingerprint(RENAMED, check, RENAME_REF)
    assert fingerprint(RENAMED, check, replace(RENAME_REF, status=RefStatus.MISSING)) != before
    assert fingerprint(RENAMED, check, replace(RENAME_REF, value="src/shop/other.py")) != before
    assert fingerprint(replace(RENAMED, id="m-ffffffffffff"), check, RENAME_REF) != before
    scope = CHECKS[SCOPE.id]
    assert fingerprint(SCOPE, scope, None) != fingerprint(SCOPE, replace(scope, verdict=Verdict.UNVERIFIABLE), None)
    assert fingerprint(SCOPE, scope, None) == fingerprint(SCOPE, replace(scope, reason="other words"), None)


# -- baselines ---------------------------------------------------------------------------------------


def _with_new_missing_path() -> dict[str, EntryCheck]:
    """The same checks a week later: the renamed entry's `make test` target is now gone too."""
    new_ref = _ref("command", "make test", "make:test", RefStatus.MISSING, "no target test in Makefile")
    return {**CHECKS, RENAMED.id: replace(CHECKS[RENAMED.id], references=(RENAME_REF, new_ref))}


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_baseline_round_trip_accepts_known_findings_and_fails_new_ones(tmp_path: Path, fmt: str) -> None:
    fail_on = frozenset({"stale", "changed", "out-of-scope"})
    failing = _fingerprints(fail_on)
    if fmt == "json":
        report = report_json(ENTRIES, CHECKS, repo=str(REPO), head=HEAD, fail_on=fail_on, failing=failing)
    else:
        report = report_sarif(ENTRIES, CHECKS, repo_root=REPO, fail_on=fail_on, failing=failing)
    path = tmp_path / f"baseline.{fmt}"
    path.write_text(json.dumps(report, indent=2), encoding="utf-8")
    baseline = load_baseline(path)
    assert _failing_ids(fail_on) and _failing_ids(fail_on, baseline) == []
    later = _with_new_missing_path()
    assert _failing_ids(fail_on, baseline, later) == [(RENAMED.id, "make:test")]
    sarif = report_sarif(ENTRIES, later, repo_root=REPO, fail_on=fail_on, failing=set(), baseline=baseline)
    states = {(r["properties"]["entryId"], r["properties"].get("reference", {}).get("value")): r["baselineState"]
              for r in sarif["runs"][0]["results"]}
    assert states[(RENAMED.id, "make:test")] == "new"
    assert states[(RENAMED.id, "src/shop/utils.py")] == "unchanged"


@pytest.mark.parametrize(("name", "content"), [
    ("missing.json", None),
    ("garbage.json", "{not json"),
    ("other.json", json.dumps({"tool": "eslint", "files": []})),
    ("list.json", "[1, 2, 3]"),
    ("eslint.sarif", json.dumps({"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "eslint"}}, "results": [
        {"message": {"text": "x"}, "partialFingerprints": {"memrevFinding/v1": "abc"}}]}]})),
    ("rows.json", json.dumps({"tool": "memrev", "version": 1, "entries": [{"id": "m-a"}]})),
    ("latin1.json", b"\xff\xfe\x00broken"),
])
def test_invalid_baseline_raises_one_line_naming_the_file(tmp_path: Path, name: str, content) -> None:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(ValueError) as raised:
        load_baseline(path)
    assert str(path) in str(raised.value) and "\n" not in str(raised.value)


# -- JSON --------------------------------------------------------------------------------------------


def test_report_json_shape() -> None:
    failing = _fingerprints(frozenset({"stale"}))
    report = report_json(ENTRIES, CHECKS, repo=str(REPO), head=HEAD, fail_on=frozenset({"stale"}), failing=failing)
    assert json.loads(json.dumps(report)) == report
    assert (report["tool"], report["version"], report["repo"], report["head"]) == ("memrev", 1, str(REPO), HEAD)
    assert report["summary"] == {"fresh": 1, "stale": 3, "changed": 1, "unverifiable": 1, "out-of-scope": 1,
                                 "blocked": 0}
    assert report["failing"] == 2
    rows = {row["id"]: row for row in report["entries"]}
    assert list(rows) == [entry.id for entry in ENTRIES]
    renamed = rows[RENAMED.id]
    assert renamed["source"] == {"agent": "openclaw", "file": "memory/2026-01-19.md", "anchor": "entry",
                                 "citation": "memory/2026-01-19.md:4"}
    assert renamed["verdict"] == "stale" and renamed["failing"] is True
    assert renamed["fingerprints"] == [fingerprint(RENAMED, CHECKS[RENAMED.id], RENAME_REF)]
    assert renamed["references"][0]["fingerprint"] == renamed["fingerprints"][0]
    assert "fingerprint" not in renamed["references"][1]  # the ok reference is no finding
    assert renamed["references"][0]["suggestion"].endswith("`src/shop/pricing.py`")
    assert [rows[i]["failing"] for i in (CHANGED.id, SCOPE.id, FRESH.id, REVOKED.id)] == [False] * 4
    assert rows[FRESH.id]["fingerprints"] == [] and len(rows[SCOPE.id]["fingerprints"]) == 1
    assert rows[REVOKED.id]["status"] == "revoked"


# -- SARIF -------------------------------------------------------------------------------------------


MINIMAL_SARIF_SCHEMA = {
    "type": "object", "required": ["version", "runs"],
    "properties": {"version": {"const": "2.1.0"}, "runs": {"type": "array", "items": {
        "type": "object", "required": ["tool"],
        "properties": {"tool": {"type": "object", "required": ["driver"], "properties": {"driver": {
            "type": "object", "required": ["name"], "properties": {"rules": {"type": "array", "items": {
                "type": "object", "required": ["id"]}}}}}},
            "results": {"type": "array", "items": {
                "type": "object", "required": ["message"],
                "properties": {"message": {"type": "object", "anyOf": [{"required": ["text"]}, {"required": ["id"]}]},
                               "level": {"enum": ["none", "note", "warning", "error"]},
                               "baselineState": {"enum": ["new", "unchanged", "updated", "absent"]}}}}}}}}}


def _sarif() -> dict:
    """The SARIF log for the sample entries with the default fail-on."""
    return report_sarif(ENTRIES, CHECKS, repo_root=REPO, fail_on=frozenset({"stale"}),
                        failing=_fingerprints(frozenset({"stale"})))


def test_sarif_has_the_required_structure_and_rules() -> None:
    log = _sarif()
    assert json.loads(json.dumps(log)) == log
    assert log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json" and log["version"] == "2.1.0"
    run = log["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "memrev" and driver["informationUri"].startswith("https://")
    ids = [rule["id"] for rule in driver["rules"]]
    assert len(ids) == len(set(ids)) == len(FINDING_KINDS) + 1  # "changed" is both a status and a verdict
    assert {"memrev.reference.renamed", "memrev.reference.missing", "memrev.reference.moved",
            "memrev.reference.changed", "memrev.reference.contradicted", "memrev.entry.out-of-scope"} <= set(ids)
    for rule in driver["rules"]:
        assert rule["shortDescription"]["text"] and rule["help"]["text"]
    assert "MEMORYROOT" in run["originalUriBaseIds"]
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == REPO.as_uri() + "/"
    for result in run["results"]:
        assert ids[result["ruleIndex"]] == result["ruleId"]
        assert result["message"]["text"] and result["partialFingerprints"]["memrevFinding/v1"]
    prints = [r["partialFingerprints"]["memrevFinding/v1"] for r in run["results"]]
    assert len(prints) == len(set(prints)) == 6  # every finding, failing or not; no result for the fresh entry


def test_sarif_validates_against_a_minimal_schema_when_jsonschema_is_installed() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(_sarif(), MINIMAL_SARIF_SCHEMA)


def _result(log: dict, entry: Entry) -> dict:
    """The one result for an entry."""
    found = [r for r in log["runs"][0]["results"] if r["properties"]["entryId"] == entry.id]
    assert len(found) == 1
    return found[0]


def test_sarif_results_point_at_the_memory_file_and_line_with_the_right_level() -> None:
    log = _sarif()
    renamed = _result(log, RENAMED)
    assert (renamed["ruleId"], renamed["level"]) == ("memrev.reference.renamed", "error")
    where = renamed["locations"][0]["physicalLocation"]
    assert where["artifactLocation"] == {"uri": "memory/2026-01-19.md", "uriBaseId": "MEMORYROOT"}
    assert where["region"] == {"startLine": 4}
    assert "renamed to src/shop/pricing.py" in renamed["message"]["text"]
    assert "-> replace `src/shop/utils.py` with `src/shop/pricing.py`" in renamed["message"]["text"]
    assert renamed["properties"]["failing"] is True

    python = _result(log, PYTHON)
    assert (python["ruleId"], python["level"]) == ("memrev.reference.contradicted", "error")
    where = python["locations"][0]["physicalLocation"]
    assert where["artifactLocation"] == {"uri": "AGENTS.md", "uriBaseId": "%SRCROOT%"}
    assert where["region"] == {"startLine": 12, "endLine": 20}

    changed = _result(log, CHANGED)
    assert (changed["ruleId"], changed["level"]) == ("memrev.reference.changed", "warning")
    assert changed["locations"][0]["physicalLocation"] == {"artifactLocation": {"uri": Path(CLAUDE_FILE).as_uri()}}
    assert changed["properties"]["failing"] is False

    scope = _result(log, SCOPE)
    assert (scope["ruleId"], scope["level"]) == ("memrev.entry.out-of-scope", "note")
    assert "physicalLocation" not in scope["locations"][0]
    assert scope["locations"][0]["logicalLocations"][0]["name"] == SCOPE.id

    vague = _result(log, VAGUE)
    assert (vague["ruleId"], vague["level"]) == ("memrev.entry.unverifiable", "note")
    assert vague["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "memories/MEMORY.md"

    revoked = _result(log, REVOKED)
    assert revoked["level"] == "error" and revoked["suppressions"][0]["kind"] == "external"
    assert "suppressions" not in renamed


def test_sarif_messages_show_hidden_characters() -> None:
    text = _result(_sarif(), CHANGED)["message"]["text"]
    assert "\u202e" not in text and "⟨U+202E⟩latest⟨U+202C⟩" in text


@pytest.mark.parametrize(("source", "citation", "expected"), [
    (Source(file="memory/2026-01-19.md"), "memory/2026-01-19.md:4", ("memory/2026-01-19.md", 4, None)),
    (Source(), "memory/2026-01-19.md:4", ("memory/2026-01-19.md", 4, None)),
    (Source(file="/w/.codex/memories/MEMORY.md"), "memories/MEMORY.md:7-15", ("/w/.codex/memories/MEMORY.md", 7, 15)),
    (Source(), "AGENTS.md: Pricing", ("AGENTS.md", None, None)),
    (Source(), "memories/MEMORY.md §2", ("memories/MEMORY.md", None, None)),
    (Source(file="notes.md", anchor="line-4"), None, ("notes.md", 4, None)),
    (Source(file="notes.md", anchor="line-4-9"), "other.md:30", ("notes.md", 4, 9)),
    (Source(file="notes.md", anchor="deploy"), None, ("notes.md", None, None)),
    (Source(), None, (None, None, None)),
])
def test_entry_location_from_citation_or_anchor(source: Source, citation: str | None, expected: tuple) -> None:
    entry = Entry(id="m-x", text="x", source=source, provenance=Provenance(citation=citation))
    assert entry_location(entry) == expected


# -- text --------------------------------------------------------------------------------------------


def test_report_text_lists_findings_with_visible_hidden_characters_and_a_summary() -> None:
    lines = report_text(ENTRIES, CHECKS, now=NOW)
    text = "\n".join(lines)
    assert lines[-1] == "7 entries: 1 fresh, 3 stale, 1 changed, 1 unverifiable, 1 out-of-scope"
    assert FRESH.id not in text
    header = next(line for line in lines if line.startswith(CHANGED.id))
    assert "changed 0.55" in header and "The checkout⟨U+200B⟩ flow is in src/shop/checkout.py" in header
    assert "and retries twice" not in header
    assert "\u200b" not in text and "\u202e" not in text
    assert "hidden characters: U+200B ZERO WIDTH SPACE ×1" in text
    at = lines.index(next(line for line in lines if line.startswith(RENAMED.id)))
    assert "stale 0.30" in lines[at] and "written 22d ago" in lines[at]
    assert lines[at + 1].startswith("  renamed path `src/shop/utils.py`: renamed to src/shop/pricing.py in 1a2b3c4")
    assert lines[at + 2].startswith("    ") and " ".join(line.strip() for line in lines[at + 1:at + 3]).endswith(
        "(Split pricing out of utils) -> replace `src/shop/utils.py` with `src/shop/pricing.py`")
    python = next(line for line in lines if line.startswith(PYTHON.id))
    assert "verified 20d ago" in python
    assert any(line.startswith(REVOKED.id) and "[revoked, not loaded]" in line for line in lines)
    assert any(line.strip() == "names nothing in this repository (Expo is not a dependency)" for line in lines)


def test_report_text_wraps_to_width_and_cuts_long_first_lines() -> None:
    long = replace(RENAMED, text="word " * 60 + "\u200b" * 30)
    lines = report_text([long], {long.id: CHECKS[RENAMED.id]}, now=NOW, width=72)
    assert lines[0].endswith("…") and len(lines[0]) <= 72
    assert all(len(line) <= 72 for line in lines if " " in line.strip())
    assert lines[2].startswith("    ") and lines[-1] == "1 entry: 1 stale"


def test_report_text_counts_unchecked_entries() -> None:
    assert report_text([FRESH, SCOPE], {FRESH.id: CHECKS[FRESH.id]}, now=NOW) == ["2 entries: 1 fresh, 1 unchecked"]
