"""The JSONL exchange format: a lossless round trip, and bad files refused with file:line messages."""

from __future__ import annotations

import io
import json
from datetime import datetime, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memrev.core.model import (
    Entry,
    EntryType,
    Link,
    LinkKind,
    Project,
    Provenance,
    Scope,
    ScopeKind,
    Source,
    Status,
    WrittenBy,
)
from memrev.core.store.jsonl import ImportFileError, read_jsonl, write_jsonl
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.serialize import entry_from_dict, entry_to_dict

SHOP = Project.from_parts(root_commit="a1b2c3d4", remote="github.com/acme/shop", path="/src/shop", name="shop")


def _rich_entries() -> list[Entry]:
    written = datetime(2025, 1, 2, 3, 4, 5, tzinfo=timezone.utc)
    return [
        Entry(
            id="m-full",
            text="Deploys go through `make release`.\nNever push tags by hand. — ünïcødé ✓ 中文 🙂",
            type=EntryType.PROJECT,
            scope=Scope(ScopeKind.TEAM, SHOP),
            source=Source(agent="claude", file="/src/shop/CLAUDE.md", anchor="## Release"),
            provenance=Provenance(
                written_at=written,
                written_at_basis="file-mtime",
                written_by=WrittenBy.AGENT,
                session="sess-42",
                cwd="/src/shop",
                branch="main",
                commit="0123abcd",
                citation="https://example.test/pr/7",
            ),
            verified_at=datetime(2025, 2, 1, 0, 0, 1, tzinfo=timezone.utc),
            verified_commit="89abcdef",
            confidence=0.875,
            confidence_reason="matches the Makefile",
        ),
        Entry(id="m-old", text="Releases are tagged by hand.", type=EntryType.PROJECT, scope=Scope(ScopeKind.TEAM, SHOP),
              confidence=0.1, confidence_reason="contradicted"),
        Entry(id="m-user", text="Prefers short answers.", type=EntryType.USER, confidence=1.0,
              provenance=Provenance(written_by=WrittenBy.HUMAN)),
        Entry(id="m-global", text="", confidence=0.0),
    ]


def _store_with_everything(path) -> MemoryStore:
    store = MemoryStore(path)
    store.apply(_rich_entries(), actor="claude")
    store.supersede("m-old", new_id="m-full", actor="alice", reason="the Makefile does it now")
    store.set_status("m-user", Status.CONFIRMED, actor="alice")
    return store


def test_export_then_import_into_a_fresh_store_gives_equal_entries(tmp_path):
    with _store_with_everything(tmp_path / "a.db") as source:
        exported = source.entries()
        path = tmp_path / "export.jsonl"
        with path.open("w", encoding="utf-8") as out:
            assert write_jsonl(exported, out) == len(exported)

    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(exported)
    assert all(isinstance(json.loads(line), dict) for line in lines)

    batch = read_jsonl(path)
    assert batch.skipped == []
    assert batch.entries == exported

    with MemoryStore(tmp_path / "b.db") as fresh:
        result = fresh.apply(batch.entries, actor="import")
        assert sorted(result.added) == sorted(e.id for e in exported)
        assert fresh.entries() == exported

    full = next(e for e in exported if e.id == "m-full")
    assert full.provenance.written_at == datetime(2025, 1, 2, 3, 4, 5, tzinfo=timezone.utc)
    assert full.verified_at == datetime(2025, 2, 1, 0, 0, 1, tzinfo=timezone.utc)
    assert full.scope.project == SHOP
    assert full.confidence == 0.875
    assert full.links == (Link(LinkKind.SUPERSEDES, "m-old", "the Makefile does it now"),)
    assert next(e for e in exported if e.id == "m-old").status is Status.SUPERSEDED


def test_exported_file_is_utf8_not_escaped(tmp_path):
    out = io.StringIO()
    write_jsonl(_rich_entries()[:1], out)
    assert "中文 🙂" in out.getvalue()
    assert out.getvalue().endswith("\n")


def _write(tmp_path, lines: list[bytes], name: str = "in.jsonl"):
    path = tmp_path / name
    path.write_bytes(b"".join(line + b"\n" for line in lines))
    return path


GOOD_1 = b'{"id": "m-1", "text": "first good line"}'
GOOD_3 = b'{"id": "m-3", "text": "third good line"}'

BAD_LINES = {
    "invalid JSON": (b'{"text": "unterminated', "invalid JSON"),
    "invalid UTF-8": (b'{"text": "caf\xe9"}', "invalid UTF-8"),
    "array, not an object": (b'["text", "x"]', "JSON object"),
    "string, not an object": (b'"just a string"', "JSON object"),
    "missing text": (b'{"id": "m-2", "type": "user"}', "text"),
    "text not a string": (b'{"text": 42}', "text"),
    "confidence above 1": (b'{"text": "x", "confidence": 1.5}', "confidence"),
    "confidence a word": (b'{"text": "x", "confidence": "high"}', "confidence"),
    "confidence a bool": (b'{"text": "x", "confidence": true}', "confidence"),
    "confidence NaN": (b'{"text": "x", "confidence": NaN}', "confidence"),
    "bad status": (b'{"text": "x", "status": "deleted"}', "status"),
    "bad scope kind": (b'{"text": "x", "scope": {"kind": "public"}}', "scope.kind"),
    "bad written_by": (b'{"text": "x", "provenance": {"written_by": "robot"}}', "provenance.written_by"),
    "bad link kind": (b'{"text": "x", "links": [{"kind": "likes", "target": "m-1"}]}', "links[0].kind"),
    "bad time": (b'{"text": "x", "verified_at": "yesterday"}', "verified_at"),
    "duplicate id": (b'{"id": "m-1", "text": "same id again"}', "duplicate id 'm-1' (first on line 1)"),
    "lone surrogate in text": (b'{"text": "bad \\ud800 text"}', "text: unpaired surrogate U+D800"),
    "lone surrogate elsewhere": (b'{"text": "ok", "provenance": {"session": "\\udfff"}}', "provenance.session"),
    "lone surrogate in a link reason": (
        b'{"text": "ok", "links": [{"kind": "supersedes", "target": "m-1", "reason": "\\ud83d"}]}',
        "links[0].reason",
    ),
}


@pytest.mark.parametrize("case", list(BAD_LINES))
def test_a_bad_line_fails_the_whole_file_naming_path_and_line(tmp_path, case):
    bad, fragment = BAD_LINES[case]
    path = _write(tmp_path, [GOOD_1, bad, GOOD_3])

    with MemoryStore(tmp_path / "m.db") as store:
        with pytest.raises(ImportFileError) as caught:
            store.apply(read_jsonl(path).entries, actor="import")
        assert store.count() == 0

    message = str(caught.value)
    assert message.startswith(f"{path}:2: ")
    assert fragment in message
    assert "\n" not in message


@pytest.mark.parametrize("case", list(BAD_LINES))
def test_skip_invalid_keeps_the_good_lines_and_lists_the_bad(tmp_path, case):
    bad, fragment = BAD_LINES[case]
    path = _write(tmp_path, [GOOD_1, bad, GOOD_3])

    batch = read_jsonl(path, skip_invalid=True)

    assert [e.id for e in batch.entries] == ["m-1", "m-3"]
    assert len(batch.skipped) == 1
    assert batch.skipped[0].startswith(f"{path}:2: ") and fragment in batch.skipped[0]
    with MemoryStore(tmp_path / "m.db") as store:
        assert store.apply(batch.entries, actor="import").added == ["m-1", "m-3"]


def test_skip_invalid_over_a_file_of_many_bad_lines(tmp_path):
    bads = [bad for bad, _ in BAD_LINES.values()]
    lines = [GOOD_1, *bads, GOOD_3]
    path = _write(tmp_path, lines)

    batch = read_jsonl(path, skip_invalid=True)

    assert [e.id for e in batch.entries] == ["m-1", "m-3"]
    assert [message.split(": ", 1)[0] for message in batch.skipped] == [
        f"{path}:{number}" for number in range(2, 2 + len(bads))
    ]


def test_a_byte_order_mark_at_the_start_is_accepted(tmp_path):
    path = _write(tmp_path, [b"\xef\xbb\xbf" + GOOD_1, GOOD_3])
    batch = read_jsonl(path)
    assert [e.id for e in batch.entries] == ["m-1", "m-3"]
    assert batch.entries[0].text == "first good line"


def test_blank_lines_are_skipped_but_counted(tmp_path):
    path = _write(tmp_path, [GOOD_1, b"", b"   ", b'{"text": 1}', GOOD_3])
    with pytest.raises(ImportFileError, match=r":4: "):
        read_jsonl(path)
    path = _write(tmp_path, [GOOD_1, b"", b"\t", GOOD_3], name="ok.jsonl")
    assert [e.id for e in read_jsonl(path).entries] == ["m-1", "m-3"]


def test_crlf_line_endings_are_read(tmp_path):
    path = tmp_path / "win.jsonl"
    path.write_bytes(GOOD_1 + b"\r\n" + GOOD_3 + b"\r\n")
    assert [e.text for e in read_jsonl(path).entries] == ["first good line", "third good line"]


def test_a_minimal_line_gets_defaults_and_a_stable_id(tmp_path):
    path = _write(tmp_path, [b'{"text": "Use tabs."}'])
    [first] = read_jsonl(path).entries
    [again] = read_jsonl(path).entries
    assert first.id == again.id and first.id.startswith("m-")
    assert first.type is EntryType.UNKNOWN
    assert first.status is Status.PENDING
    assert first.confidence == 0.5
    assert first.scope == Scope()
    assert first.source.agent == "jsonl"


def test_a_folder_is_an_import_error(tmp_path):
    with pytest.raises(ImportFileError) as caught:
        read_jsonl(tmp_path)
    assert str(caught.value).startswith(f"{tmp_path}:")
    assert "folder" in str(caught.value)


def test_a_missing_file_is_an_import_error(tmp_path):
    path = tmp_path / "nope.jsonl"
    with pytest.raises(ImportFileError) as caught:
        read_jsonl(path)
    assert str(caught.value).startswith(f"{path}:")
    assert "\n" not in str(caught.value)


def test_an_empty_file_imports_nothing(tmp_path):
    path = tmp_path / "empty.jsonl"
    path.write_bytes(b"")
    batch = read_jsonl(path)
    assert batch.entries == [] and batch.skipped == []


texts = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=200)
confidences = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)


@settings(max_examples=150, deadline=None, database=None)
@given(text=texts, confidence=confidences, entry_type=st.sampled_from(EntryType), status=st.sampled_from(Status))
def test_entry_dict_round_trip(text, confidence, entry_type, status):
    entry = Entry(id="m-prop", text=text, confidence=confidence, type=entry_type, status=status,
                  scope=Scope(ScopeKind.TEAM, SHOP), source=Source(agent="claude", file="f.md"))
    data = entry_to_dict(entry)
    assert entry_from_dict(data) == entry
    # and through the JSON text a file actually holds
    line = json.dumps(data, ensure_ascii=False, sort_keys=True)
    assert entry_from_dict(json.loads(line)) == entry
