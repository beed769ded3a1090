"""The minimal exchange record the design starts from imports: `source` as a citation string, `scope` as its kind,
a top-level `written_at`; a field memrev does not know is a warning naming file, line and field (an error with
strict)."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest

from memrev.core.model import ScopeKind
from memrev.core.store.jsonl import ImportFileError, read_jsonl

MINIMAL = {"text": "The project requires Python 3.12.", "source": "thread/commit", "written_at": "2026-08-10",
           "verified_at": None}


def _file(tmp_path: Path, *records: dict) -> Path:
    path = tmp_path / "memories.jsonl"
    path.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    return path


def test_the_minimal_record_imports_with_its_citation_and_time(tmp_path: Path) -> None:
    (entry,) = read_jsonl(_file(tmp_path, MINIMAL)).entries
    assert entry.text == MINIMAL["text"] and entry.verified_at is None
    assert entry.provenance.citation == "thread/commit"
    assert entry.provenance.written_at == datetime(2026, 8, 10, tzinfo=timezone.utc)
    assert entry.source.agent == "jsonl"


@pytest.mark.parametrize(("source", "commit", "session"), [
    ("94439db", "94439db", None),
    ("0008246e1b2c3d4e5f60718293a4b5c6d7e8f901", "0008246e1b2c3d4e5f60718293a4b5c6d7e8f901", None),
    ("session:7f3a9c", None, "7f3a9c"),
    ("5f0c7a1e-2b3d-4c5e-8f90-1a2b3c4d5e6f", None, "5f0c7a1e-2b3d-4c5e-8f90-1a2b3c4d5e6f"),
    ("https://github.com/acme/shop/pull/42", None, None),
    ("cafe", None, None),  # too short, and a word: not a commit
])
def test_a_source_string_is_read_as_a_commit_a_session_or_a_citation(tmp_path: Path, source: str,
                                                                     commit: str | None, session: str | None) -> None:
    (entry,) = read_jsonl(_file(tmp_path, {"text": "x", "source": source})).entries
    assert (entry.provenance.commit, entry.provenance.session, entry.provenance.citation) == (commit, session, source)


def test_scope_as_a_string_is_its_kind_and_a_bad_one_names_the_kinds(tmp_path: Path) -> None:
    (entry,) = read_jsonl(_file(tmp_path, {"text": "x", "scope": "team"})).entries
    assert entry.scope.kind is ScopeKind.TEAM and entry.scope.project is None
    with pytest.raises(ImportFileError, match=r"memories.jsonl:1: scope.kind: 'global' is not one of private, team"):
        read_jsonl(_file(tmp_path, {"text": "x", "scope": "global"}))


def test_written_at_given_twice_with_different_times_is_an_error(tmp_path: Path) -> None:
    same = {"text": "x", "written_at": "2026-08-10", "provenance": {"written_at": "2026-08-10T00:00:00Z"}}
    assert read_jsonl(_file(tmp_path, same)).entries
    with pytest.raises(ImportFileError, match="given at the top and in provenance"):
        read_jsonl(_file(tmp_path, {**same, "written_at": "2026-08-11"}))


def test_an_unknown_field_is_a_warning_and_with_strict_an_error(tmp_path: Path) -> None:
    path = _file(tmp_path, {**MINIMAL, "mood": "happy"}, {"text": "y", "provenance": {"tool": "x"}})
    batch = read_jsonl(path)
    assert len(batch.entries) == 2
    assert batch.warnings == [f"{path}:1: unknown field 'mood' (ignored)",
                              f"{path}:2: unknown field 'provenance.tool' (ignored)"]
    with pytest.raises(ImportFileError, match=r":1: unknown field 'mood' \(--strict\)"):
        read_jsonl(path, strict=True)
    skipped = read_jsonl(path, strict=True, skip_invalid=True)
    assert skipped.entries == [] and len(skipped.skipped) == 2
