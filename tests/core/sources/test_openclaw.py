"""The OpenClaw adapter on real workspace trees: discovery, provenance, change detection, write-back and bad files."""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

import pytest

from memrev.core.model import Entry, EntryType, ScopeKind, Source, WrittenBy
from memrev.core.sources.base import DriftError, SourceRead, SourceRef
from memrev.core.sources.openclaw import ADAPTER
from memrev.core.sources.openclaw_workspace import BOOTSTRAP_MAX_CHARS
from memrev.core.sources.reconcile import reconcile
from memrev.core.sources.sync import import_source
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.records import EntryFilter

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "openclaw"


# -- helpers ---------------------------------------------------------------------------------------


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A copy of the fixture home, safe to change."""
    shutil.copytree(FIXTURES / "home", tmp_path / "home", symlinks=True)
    return tmp_path / "home"


@pytest.fixture
def workspace(home: Path) -> Path:
    return home / ".openclaw" / "workspace"


def copy_fixture(tmp_path: Path, name: str) -> Path:
    """A copy of one fixture tree under tmp_path."""
    shutil.copytree(FIXTURES / name, tmp_path / name, symlinks=True)
    return tmp_path / name


def ref_for(workspace: Path) -> SourceRef:
    return ADAPTER.source_for("openclaw", workspace)


def entries_of(read: SourceRead) -> list[Entry]:
    """The read as store entries (ids and citations as an import would give them)."""
    return reconcile(read, []).entries


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file and symlink under a folder: its bytes, or the link's target (never followed)."""
    found: dict[str, bytes] = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            rel = str(path.relative_to(folder))
            if path.is_symlink():
                found[rel] = b"link->" + os.readlink(path).encode()
            elif path.is_file():
                found[rel] = path.read_bytes()
    return found


def by_text(read: SourceRead, start: str):
    """The one native entry whose text starts so."""
    [native] = [entry for entry in read.entries if entry.text.startswith(start)]
    return native


def write_same(workspace: Path, change=None):
    """Read, optionally change the entries, write them back; returns (result, read before)."""
    ref = ref_for(workspace)
    read = ADAPTER.read(ref)
    entries = entries_of(read)
    if change is not None:
        entries = change(entries)
    return ADAPTER.write(ref, entries, expected=read), read


# -- discovery -------------------------------------------------------------------------------------


def test_discover_default_workspace(home: Path, workspace: Path, tmp_path: Path) -> None:
    [ref] = ADAPTER.discover(cwd=tmp_path, home=home, env={})
    assert ref.kind == "openclaw" and ref.root == workspace
    assert ref.label == f"openclaw:{workspace}"


def test_discover_env_override_and_older_clawd(tmp_path: Path) -> None:
    old = copy_fixture(tmp_path, "old-home")
    bad = copy_fixture(tmp_path, "bad-workspace")
    [ref] = ADAPTER.discover(cwd=tmp_path, home=old, env={})
    assert ref.root == old / "clawd"
    [ref] = ADAPTER.discover(cwd=tmp_path, home=old, env={"OPENCLAW_WORKSPACE": "bad-workspace"})
    assert ref.root == bad  # relative to the given cwd, and the override wins over ~/clawd
    (old / "ws").mkdir()
    (old / "ws" / "memory.md").write_text("- x\n")
    [ref] = ADAPTER.discover(cwd=tmp_path, home=old, env={"OPENCLAW_WORKSPACE": "~/ws"})
    assert ref.root == old / "ws"
    assert ADAPTER.discover(cwd=tmp_path, home=old, env={"OPENCLAW_WORKSPACE": str(tmp_path / "none")}) == []
    assert ADAPTER.discover(cwd=tmp_path, home=tmp_path / "empty-home", env={}) == []


def test_source_for_spellings(workspace: Path, tmp_path: Path) -> None:
    for spelling in (workspace, workspace / "memory", workspace / "MEMORY.md"):
        assert ADAPTER.source_for("openclaw", spelling).root == workspace
    with pytest.raises(ValueError, match=str(tmp_path)):
        ADAPTER.source_for("openclaw", tmp_path)
    with pytest.raises(ValueError):
        ADAPTER.source_for("openclaw", workspace / "memory" / "2026-05-04.md")


# -- reading ---------------------------------------------------------------------------------------


def test_read_files_and_provenance(workspace: Path) -> None:
    read = ADAPTER.read(ref_for(workspace))
    memory = workspace / "memory"
    assert set(read.files) == {
        workspace / "MEMORY.md", memory / "2026-02-30.md", memory / "2026-05" / "2026-05-02.md",
        memory / "2026-05-03.md", memory / "2026-05-04.md", memory / "context-digest.md",
        memory / "important" / "2026-05-01-db-seeding.md",
    }  # not AGENTS.md / SOUL.md (bootstrap, not memory) nor notes.txt (not .md)
    assert all(entry.file in read.files for entry in read.entries)
    assert read.entries[0].file == workspace / "MEMORY.md"  # MEMORY.md first, then memory/ in order

    fixed = by_text(read, "10:40 fixed flaky OrderTest")
    assert (fixed.file, fixed.anchor, fixed.line_start, fixed.line_end) == (memory / "2026-05-03.md", "2026-05-03", 3, 3)
    assert fixed.written_at == datetime(2026, 5, 3, 10, 40, tzinfo=timezone.utc)
    assert fixed.written_at_basis == "filename" and fixed.type is EntryType.PROJECT
    assert (fixed.scope_kind, fixed.project, fixed.written_by) == (ScopeKind.PRIVATE, None, WrittenBy.AGENT)
    untimed = by_text(read, "Looked at the slow checkout query")
    assert untimed.written_at == datetime(2026, 5, 3, tzinfo=timezone.utc) and untimed.written_at_basis == "filename"
    assert by_text(read, "17:30 deployed").anchor == "2026-05-03/deploy"
    assert by_text(read, "16:20 paired").written_at == datetime(2026, 5, 2, 16, 20, tzinfo=timezone.utc)
    assert by_text(read, "09:15 rotated").anchor == "entry"  # under no heading

    mtime = datetime.fromtimestamp((workspace / "MEMORY.md").stat().st_mtime, timezone.utc)
    pnpm = by_text(read, "Ana prefers pnpm")
    assert (pnpm.anchor, pnpm.type, pnpm.written_at_basis, pnpm.written_at) == ("memory/user", EntryType.USER, "mtime", mtime)
    assert pnpm.citation == f"{workspace / 'MEMORY.md'}:7"
    staging = by_text(read, "Staging database")
    assert staging.text == "Staging database is reset every Sunday at 03:00 UTC.\nSeed it with `make seed` before running integration tests."
    assert (staging.line_start, staging.line_end, staging.anchor) == (15, 16, "memory/projects/shop")
    assert staging.type is EntryType.PROJECT
    assert by_text(read, "Keep the monorepo").attributes["marker"] == "1. "
    assert by_text(read, "Curated long-term notes").anchor == "memory"
    assert by_text(read, "The old Heroku notes").anchor == "memory/decisions"
    seeding = by_text(read, "Integration tests need")
    assert seeding.written_at_basis == "mtime" and seeding.type is EntryType.PROJECT  # an evergreen memory/ file
    assert read.warnings == [f"{memory / '2026-02-30.md'}: 2026-02-30 is not a real date; "
                             "read as an evergreen file dated by its mtime"]


def test_invalid_date_is_evergreen(workspace: Path) -> None:
    read = ADAPTER.read(ref_for(workspace))
    native = by_text(read, "08:00 this log")
    assert native.written_at_basis == "mtime"
    assert native.written_at == datetime.fromtimestamp((workspace / "memory" / "2026-02-30.md").stat().st_mtime, timezone.utc)


def test_bad_files_warn_and_the_rest_reads(tmp_path: Path) -> None:
    bad = copy_fixture(tmp_path, "bad-workspace")
    (bad / "memory" / "weird.md").mkdir()  # one more folder named like a file, empty
    before = snapshot(bad)
    read = ADAPTER.read(ref_for(bad))
    assert snapshot(bad) == before  # reading never changes a file
    warnings = "\n".join(read.warnings)
    assert f"{bad / 'memory' / '2026-05-01.md'}:2: invalid UTF-8" in warnings
    assert f"{bad / 'memory' / '2026-05-02.md'}: empty file" in warnings
    assert f"{bad / 'memory' / '2026-05-03.md'}: is a folder, expected a file" in warnings
    assert f"{bad / 'memory' / 'weird.md'}: is a folder" in warnings
    assert len(read.warnings) == 4 and "MEMORY.md" not in warnings  # a BOM is fine for OpenClaw
    assert [entry.text for entry in read.entries] == [
        "A file that starts with a byte order mark.",
        "A note inside a folder named like a daily log.",  # OpenClaw walks into such a folder too
        "This file reads fine.",
    ]
    assert by_text(read, "A file that starts").line_start == 3
    assert bad / "memory" / "2026-05-01.md" not in read.files
    result = ADAPTER.write(ref_for(bad), entries_of(read), expected=read)
    assert result.written == [] and snapshot(bad) == before


def test_memory_md_as_folder_and_hard_linked_names(tmp_path: Path) -> None:
    folder_ws = tmp_path / "a"
    (folder_ws / "MEMORY.md").mkdir(parents=True)
    (folder_ws / "memory.md").write_text("- lower-case memory file\n")
    read = ADAPTER.read(ref_for(folder_ws))
    assert read.warnings == [f"{folder_ws / 'MEMORY.md'}: is a folder, expected a file; skipped"]
    assert [entry.text for entry in read.entries] == ["lower-case memory file"]
    linked_ws = tmp_path / "b"
    linked_ws.mkdir()
    (linked_ws / "MEMORY.md").write_text("- one fact\n")
    os.link(linked_ws / "MEMORY.md", linked_ws / "memory.md")  # one file under both names: read once
    assert [entry.text for entry in ADAPTER.read(ref_for(linked_ws)).entries] == ["one fact"]


# -- change detection through the store -------------------------------------------------------------


@pytest.fixture
def memstore(tmp_path: Path):
    with MemoryStore(tmp_path / "m.db") as opened:
        yield opened


def test_import_then_identical_import(workspace: Path, memstore: MemoryStore) -> None:
    ref = ref_for(workspace)
    first = import_source(memstore, ref, actor="test")
    assert len(first.added) == len(first.read.entries) == 17 and not first.removed
    again = import_source(memstore, ref, actor="test")
    assert (again.added, again.revised, again.removed) == ([], [], [])
    assert len(again.unchanged) == 17


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_added_changed_removed_moved(workspace: Path, memstore: MemoryStore) -> None:
    ref = ref_for(workspace)
    import_source(memstore, ref, actor="test")
    ids = {entry.text: entry.id for entry in memstore.entries(EntryFilter(agent="openclaw"))}
    daily = workspace / "memory" / "2026-05-03.md"

    _edit(workspace / "memory" / "2026-05-04.md", "vault.\n", "vault.\n- 18:00 new fact about the queue.\n")
    result = import_source(memstore, ref, actor="test")
    [added] = result.added
    assert memstore.get(added).text == "18:00 new fact about the queue." and not result.removed and not result.revised

    webhook = ids["14:05 Ana asked to keep the payment webhook retry limit at 3."]
    _edit(daily, "retry limit at 3.", "retry limit at 5.")
    result = import_source(memstore, ref, actor="test")
    assert result.revised == [webhook] and not result.added and not result.removed
    assert [rev.entry.text[-2:] for rev in memstore.revisions(webhook)] == ["3.", "5."]

    seq = ids["Looked at the slow checkout query; EXPLAIN shows a seq scan on orders.created_at."]
    _edit(daily, "- Looked at the slow checkout query; EXPLAIN shows a seq scan on orders.created_at.\n", "")
    result = import_source(memstore, ref, actor="test")
    assert result.removed == [seq] and not result.added
    gone = memstore.get(seq)
    assert gone is not None and gone.removed_at is not None  # marked, not deleted

    fixed = ids["10:40 fixed flaky OrderTest by seeding DB"]
    _edit(daily, "- 10:40 fixed flaky OrderTest by seeding DB\n", "")
    _edit(daily, "green.\n", "green.\n- 10:40 fixed flaky OrderTest by seeding DB\n")  # moved under ## Deploy
    result = import_source(memstore, ref, actor="test")
    assert not result.added and not result.removed
    moved = memstore.get(fixed)
    assert moved is not None and moved.removed_at is None and moved.source.anchor == "2026-05-03/deploy"
    assert moved.provenance.citation == f"{daily}:8"  # same id, new place (citation follows it)


# -- write-back ------------------------------------------------------------------------------------


def test_round_trip_is_byte_identical(workspace: Path, home: Path) -> None:
    before = snapshot(home)
    result, read = write_same(workspace)
    assert result.written == [] and sorted(result.unchanged) == sorted(p for p, d in read.files.items() if d)
    assert snapshot(home) == before
    assert not (workspace / "MEMORY.md.tmp").exists()


def test_round_trip_through_the_store(workspace: Path, home: Path, memstore: MemoryStore) -> None:
    ref = ref_for(workspace)
    before = snapshot(home)
    synced = import_source(memstore, ref, actor="test")
    stored = memstore.entries(EntryFilter(agent="openclaw"))
    assert ADAPTER.write(ref, stored, expected=synced.read).written == []
    assert snapshot(home) == before


def test_write_removes_changes_and_appends(workspace: Path) -> None:
    agents_before = (workspace / "AGENTS.md").read_bytes()
    digest_before = (workspace / "memory" / "context-digest.md").read_bytes()

    def change(entries: list[Entry]) -> list[Entry]:
        kept = [e for e in entries if not e.text.startswith(("Ana works from Lisbon", "The old Heroku", "Looked at"))]
        kept = [e.evolve(text=e.text.replace("retry limit at 3", "retry limit at 5")) for e in kept]
        kept = [e.evolve(text=e.text.replace("make seed", "make db-seed")) if e.text.startswith("Staging") else e
                for e in kept]
        return kept + [Entry(id="m-new", text="Ana wants release notes in Portuguese too.")]

    result, read = write_same(workspace, change)
    assert sorted(result.written) == [workspace / "MEMORY.md", workspace / "memory" / "2026-05-03.md"]
    assert (workspace / "MEMORY.md").read_text() == """# Memory

Curated long-term notes; loaded only in the main, private session.

## User

- Ana prefers pnpm; never suggest npm or yarn.

## Projects

### shop

- CI runs on GitHub Actions; the deploy job needs the `PROD_DEPLOY` approval.
- Staging database is reset every Sunday at 03:00 UTC.
  Seed it with `make db-seed` before running integration tests.

## Decisions

1. Keep the monorepo; split out only the mobile app.
2. Postgres over MySQL for the order service (JSONB queries).
- Ana wants release notes in Portuguese too.
"""
    assert (workspace / "memory" / "2026-05-03.md").read_text() == """# 2026-05-03

- 10:40 fixed flaky OrderTest by seeding DB
- 14:05 Ana asked to keep the payment webhook retry limit at 5.

## Deploy

- 17:30 deployed shop v2.14.0 to staging; smoke tests green.
"""
    assert (workspace / "AGENTS.md").read_bytes() == agents_before
    assert (workspace / "memory" / "context-digest.md").read_bytes() == digest_before
    again = ADAPTER.read(ref_for(workspace))
    wanted = Counter(e.text for e in change(entries_of(read)))
    assert Counter(e.text for e in again.entries) == wanted


def test_dropping_paragraphs_closes_gaps_and_keeps_headings(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "MEMORY.md").write_text("First paragraph.\n\n## Notes\n\nSecond paragraph.\n\nThird paragraph.\n")
    result, _ = write_same(ws, lambda entries: [e for e in entries if not e.text.startswith(("First", "Third"))])
    assert result.written == [ws / "MEMORY.md"]
    assert (ws / "MEMORY.md").read_text() == "## Notes\n\nSecond paragraph.\n"
    write_same(ws, lambda entries: [])
    assert (ws / "MEMORY.md").read_text() == "## Notes\n"


def test_daily_log_keeps_its_name_when_emptied(workspace: Path) -> None:
    log = workspace / "memory" / "2026-05-04.md"
    result, _ = write_same(workspace, lambda entries: [e for e in entries if e.source.file != str(log)])
    assert result.written == [log] and log.exists() and log.read_text() == ""


def test_new_entries_create_memory_md_or_use_memory_md(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "memory" / "2026-05-04.md").write_text("- 09:15 something\n")
    texts = ["Plain fact.", "Two paragraphs:\n\nsecond one.", "# not a heading", "Notes:\n- a\n- b"]
    new = [Entry(id=f"m-n{i}", text=text) for i, text in enumerate(texts)]
    result, _ = write_same(ws, lambda entries: entries + new)
    assert result.written == [ws / "MEMORY.md"]
    assert [e.text for e in ADAPTER.read(ref_for(ws)).entries] == texts + ["09:15 something"]
    other = tmp_path / "lower"
    other.mkdir()
    (other / "memory.md").write_text("Existing paragraph.\n")
    write_same(other, lambda entries: entries + new[:1])
    assert (other / "memory.md").read_text() == "Existing paragraph.\n\n- Plain fact.\n"
    assert sorted(p.name for p in other.iterdir()) == ["memory.md"]


def test_changed_paragraph_that_would_not_read_back_becomes_an_item(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "MEMORY.md").write_text("# Memory\n\nA paragraph.\n\nAnother.\n")
    new_text = "Checklist:\n- lint\n- test"
    write_same(ws, lambda entries: [e.evolve(text=new_text) if e.text == "A paragraph." else e for e in entries])
    assert (ws / "MEMORY.md").read_text() == "# Memory\n\n- Checklist:\n  - lint\n  - test\n\nAnother.\n"
    assert [e.text for e in ADAPTER.read(ref_for(ws)).entries] == [new_text, "Another."]


def test_crlf_bom_and_duplicates_survive(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    original = b"\xef\xbb\xbf# Memory\r\n\r\n- same\r\n- same\r\n- other\r\n"
    (ws / "MEMORY.md").write_bytes(original)
    result, read = write_same(ws)
    assert result.written == [] and (ws / "MEMORY.md").read_bytes() == original
    assert len(read.entries) == 3
    write_same(ws, lambda entries: [e.evolve(text="changed") if e.text == "other" else e for e in entries])
    assert (ws / "MEMORY.md").read_bytes() == b"\xef\xbb\xbf# Memory\r\n\r\n- same\r\n- same\r\n- changed\r\n"


def test_drift_refuses_and_writes_nothing(workspace: Path, home: Path) -> None:
    ref = ref_for(workspace)
    read = ADAPTER.read(ref)
    entries = [e for e in entries_of(read) if not e.text.startswith("Ana prefers")]
    log = workspace / "memory" / "2026-05-04.md"
    log.write_text(log.read_text() + "- 19:00 appended by OpenClaw meanwhile\n")
    before = snapshot(home)
    with pytest.raises(DriftError, match="2026-05-04.md: changed since memrev read it"):
        ADAPTER.write(ref, entries, expected=read)
    assert snapshot(home) == before


def test_drift_when_memory_md_appears(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "memory" / "notes.md").write_text("- a note\n")
    ref = ref_for(ws)
    read = ADAPTER.read(ref)
    (ws / "MEMORY.md").write_text("- written by OpenClaw meanwhile\n")
    with pytest.raises(DriftError, match="MEMORY.md: appeared"):
        ADAPTER.write(ref, entries_of(read) + [Entry(id="m-x", text="new")], expected=read)
    assert (ws / "MEMORY.md").read_text() == "- written by OpenClaw meanwhile\n"


def test_bootstrap_cap(workspace: Path, home: Path) -> None:
    before = snapshot(home)
    huge = Entry(id="m-huge", text="x" * BOOTSTRAP_MAX_CHARS)
    with pytest.raises(ValueError, match=r"MEMORY.md: would be [\d,]+ characters, over OpenClaw's 20,000"):
        write_same(workspace, lambda entries: entries + [huge])
    assert snapshot(home) == before
    big = "- " + "y" * BOOTSTRAP_MAX_CHARS + "\n- short\n"
    (workspace / "MEMORY.md").write_text(big)
    read = ADAPTER.read(ref_for(workspace))
    assert any("MEMORY.md: 20,011 characters, over OpenClaw's" in warning for warning in read.warnings)
    result, _ = write_same(workspace, lambda entries: [e for e in entries if e.text != "short"])
    assert result.written == [workspace / "MEMORY.md"]  # shrinking an oversized file is allowed


def test_symlinks_are_skipped_for_reading_and_writing(workspace: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    (outside / "folder").mkdir(parents=True)
    (outside / "secret.md").write_text("- secret outside the workspace\n")
    (outside / "folder" / "more.md").write_text("- more outside\n")
    memory = workspace / "memory"
    (memory / "linked.md").symlink_to(outside / "secret.md")
    (memory / "inner-link.md").symlink_to(memory / "2026-05-04.md")  # inside, but still a symlink: skipped
    (memory / "linkdir").symlink_to(outside / "folder", target_is_directory=True)
    outside_before = snapshot(outside)
    read = ADAPTER.read(ref_for(workspace))
    for link in ("linked.md", "inner-link.md", "linkdir"):
        assert f"{memory / link}: is a symlink; OpenClaw skips symlinked memory" in "\n".join(read.warnings)
        assert memory / link not in read.files
    assert not any("outside" in e.text for e in read.entries)
    assert sum(e.text.startswith("09:15 rotated") for e in read.entries) == 1
    result = ADAPTER.write(ref_for(workspace), entries_of(read)[1:] + [Entry(id="m-n", text="new")], expected=read)
    assert result.written == [workspace / "MEMORY.md"]
    assert snapshot(outside) == outside_before
    assert all((memory / link).is_symlink() for link in ("linked.md", "inner-link.md", "linkdir"))
    forged = Entry(id="m-f", text="secret outside the workspace",
                   source=Source(agent="openclaw", file=str(memory / "linked.md"), anchor="entry"))
    read = ADAPTER.read(ref_for(workspace))
    with pytest.raises(ValueError, match="linked.md: is outside this workspace; nothing written"):
        ADAPTER.write(ref_for(workspace), entries_of(read) + [forged], expected=read)
    inner = forged.evolve(source=Source(agent="openclaw", file=str(memory / "inner-link.md")))
    with pytest.raises(ValueError, match="inner-link.md: was not read"):
        ADAPTER.write(ref_for(workspace), entries_of(read) + [inner], expected=read)
    assert snapshot(outside) == outside_before


def test_symlinked_memory_md_and_memory_folder(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    (outside / "memory").mkdir(parents=True)
    (outside / "MEMORY.md").write_text("- outside memory\n")
    (outside / "memory" / "2026-05-04.md").write_text("- outside log\n")
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "MEMORY.md").symlink_to(outside / "MEMORY.md")
    (ws / "memory").symlink_to(outside / "memory", target_is_directory=True)
    before = snapshot(outside)
    ref = ref_for(ws)
    read = ADAPTER.read(ref)
    assert read.entries == [] and read.files == {}
    assert read.warnings == [f"{ws / 'MEMORY.md'}: is a symlink; OpenClaw skips symlinked memory, so memrev "
                             "neither reads nor writes it",
                             f"{ws / 'memory'}: is a symlink; OpenClaw skips symlinked memory, so memrev "
                             "neither reads nor writes it"]
    with pytest.raises(ValueError, match="MEMORY.md: not a readable regular file"):
        ADAPTER.write(ref, [Entry(id="m-n", text="new")], expected=read)
    assert ADAPTER.write(ref, [], expected=read).written == []
    assert snapshot(outside) == before and (ws / "MEMORY.md").is_symlink()


def test_sqlite_index_files_are_never_touched(workspace: Path, home: Path) -> None:
    index_files = []
    for folder in (workspace / "memory", home / ".openclaw" / "memory"):
        folder.mkdir(exist_ok=True)
        db = folder / "main.sqlite"
        with sqlite3.connect(db) as conn:
            conn.execute("create table files(path text primary key, hash text not null)")
            conn.execute("insert into files values ('MEMORY.md', 'abc')")
        conn.close()
        for suffix in ("-wal", "-shm", "-journal"):
            (folder / f"main.sqlite{suffix}").write_bytes(b"sidecar " + suffix.encode())
        index_files += [db] + [folder / f"main.sqlite{s}" for s in ("-wal", "-shm", "-journal")]
    before = {path: (path.read_bytes(), path.stat().st_mtime_ns) for path in index_files}
    result, read = write_same(workspace, lambda entries: [e for e in entries if not e.text.startswith("09:15")]
                              + [Entry(id="m-n", text="new fact")])
    assert workspace / "memory" / "2026-05-04.md" in result.written
    assert not any(path.name.startswith("main.sqlite") for path in read.files)
    assert {path: (path.read_bytes(), path.stat().st_mtime_ns) for path in index_files} == before


def test_tab_indented_continuation_reads_and_round_trips(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    original = "- first line\n\n\tsecond paragraph of the same item\n- next\n"
    (ws / "MEMORY.md").write_text(original)
    result, read = write_same(ws)
    assert [e.text for e in read.entries] == ["first line\n\n\tsecond paragraph of the same item", "next"]
    assert result.written == [] and (ws / "MEMORY.md").read_text() == original


def test_file_swapped_for_a_symlink_after_the_read_is_refused(workspace: Path, tmp_path: Path) -> None:
    ref = ref_for(workspace)
    read = ADAPTER.read(ref)
    log = workspace / "memory" / "2026-05-04.md"
    keep = workspace / "memory" / "kept-copy.md"
    log.rename(keep)
    log.symlink_to(keep)  # same bytes through the link, so only the link check can notice
    entries = [e for e in entries_of(read) if not e.text.startswith(("09:15", "Ana prefers"))]
    memory_before = (workspace / "MEMORY.md").read_bytes()
    with pytest.raises(DriftError, match="2026-05-04.md: became a symlink"):
        ADAPTER.write(ref, entries, expected=read)
    assert (workspace / "MEMORY.md").read_bytes() == memory_before and log.is_symlink()
