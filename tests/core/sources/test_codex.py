"""The Codex adapter on fixture trees: the memories folder (`codex`) and the AGENTS.md chain (`agents-md`)."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
import subprocess
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import pytest

from memrev.core.model import Entry, EntryType, ScopeKind, Source, WrittenBy
from memrev.core.sources.base import DriftError, SourceRead, SourceRef
from memrev.core.sources.codex import ADAPTER, CodexAdapter
from memrev.core.sources.reconcile import reconcile
from memrev.core.sources.sync import import_source
from memrev.core.store.records import EntryFilter

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "codex"
THREAD_1 = "0196a1b2-0000-7000-8000-000000000001"
THREAD_2 = "0196b000-0000-7000-8000-000000000002"

SCHEMA = """
CREATE TABLE stage1_outputs (
    thread_id TEXT PRIMARY KEY,
    source_updated_at INTEGER NOT NULL,
    raw_memory TEXT NOT NULL,
    rollout_summary TEXT NOT NULL,
    rollout_slug TEXT,
    generated_at INTEGER NOT NULL,
    usage_count INTEGER,
    last_usage INTEGER,
    selected_for_phase2 INTEGER NOT NULL DEFAULT 0,
    selected_for_phase2_source_updated_at INTEGER
);
CREATE INDEX idx_stage1_outputs_source_updated_at ON stage1_outputs(source_updated_at DESC, thread_id DESC);
CREATE TABLE jobs (
    kind TEXT NOT NULL,
    job_key TEXT NOT NULL,
    status TEXT NOT NULL,
    worker_id TEXT,
    ownership_token TEXT,
    started_at INTEGER,
    finished_at INTEGER,
    lease_until INTEGER,
    retry_at INTEGER,
    retry_remaining INTEGER NOT NULL,
    last_error TEXT,
    input_watermark INTEGER,
    last_success_watermark INTEGER,
    PRIMARY KEY (kind, job_key)
);
CREATE INDEX idx_jobs_kind_status_retry_lease ON jobs(kind, status, retry_at, lease_until);
"""


@dataclass
class Tree:
    """A copied fixture: the user's home, Codex's home and memories folder, and a git repo with AGENTS.md files."""

    base: Path
    home: Path
    codex: Path
    memories: Path
    repo: Path
    shop: Path

    @property
    def handbook(self) -> Path:
        return self.memories / "MEMORY.md"

    @property
    def summary(self) -> Path:
        return self.memories / "memory_summary.md"

    @property
    def db(self) -> Path:
        return self.codex / "memories_1.sqlite"


def _git_repo(path: Path) -> None:
    """A real repository with one commit, so the project has a root commit."""
    path.mkdir(parents=True, exist_ok=True)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"]
    subprocess.run([*git, "init", "-q", str(path)], check=True)
    (path / "README").write_text("x\n")
    subprocess.run([*git, "-C", str(path), "add", "README"], check=True)
    subprocess.run([*git, "-C", str(path), "commit", "-q", "-m", "init"], check=True)


@pytest.fixture
def tree(tmp_path: Path) -> Tree:
    base = tmp_path / "fx"
    shutil.copytree(FIXTURES, base)
    home = base / "home"
    _git_repo(home / "src" / "shop")
    _git_repo(base / "repo")
    codex = home / ".codex"
    return Tree(base, home, codex, codex / "memories", base / "repo", home / "src" / "shop")


def _make_db(path: Path, *, wal: bool = True, schema: str = SCHEMA) -> None:
    """Codex's memories_1.sqlite with the schema of memory_migrations/0001_memories.sql."""
    conn = sqlite3.connect(path)
    if wal:
        conn.execute("pragma journal_mode=wal")
    conn.executescript(schema)
    conn.commit()
    conn.close()


def _db_exec(path: Path, sql: str, params: tuple = ()) -> None:
    conn = sqlite3.connect(path)
    conn.execute(sql, params)
    conn.commit()
    conn.close()


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _snapshot(folder: Path) -> dict[str, str]:
    """Every file under a folder with its digest (symlinks by their target), to prove nothing else changed."""
    result = {}
    for path in sorted(folder.rglob("*")):
        if path.is_symlink():
            result[str(path)] = "link:" + str(path.readlink())
        elif path.is_file():
            result[str(path)] = _sha(path)
    return result


def _codex_ref(adapter: CodexAdapter, tree: Tree, env: dict[str, str] | None = None) -> SourceRef:
    refs = adapter.discover(cwd=tree.shop, home=tree.home, env=env or {})
    return next(ref for ref in refs if ref.kind == "codex")


def _agents_ref(adapter: CodexAdapter, tree: Tree, cwd: Path | None = None) -> SourceRef:
    refs = adapter.discover(cwd=cwd or tree.repo / "services" / "api", home=tree.home, env={})
    return next(ref for ref in refs if ref.kind == "agents-md")


def _entries(read: SourceRead) -> list[Entry]:
    return reconcile(read, []).entries


def _by_anchor(read: SourceRead, anchor: str) -> list:
    return [entry for entry in read.entries if entry.anchor == anchor]


# -- codex: discovery ---------------------------------------------------------------------------------


def test_discover_default_home_env_override_and_absent(tree: Tree, tmp_path: Path) -> None:
    adapter = CodexAdapter()
    refs = adapter.discover(cwd=tree.shop, home=tree.home, env={})
    kinds = {ref.kind: ref for ref in refs}
    assert kinds["codex"].root == tree.memories
    assert str(tree.codex) in kinds["codex"].detail
    other = tmp_path / "elsewhere"
    shutil.copytree(tree.codex, other)
    refs = adapter.discover(cwd=tree.shop, home=tree.home, env={"CODEX_HOME": str(other)})
    assert [ref.root for ref in refs if ref.kind == "codex"] == [other / "memories"]
    empty = tmp_path / "empty-codex"
    (empty / "memories").mkdir(parents=True)
    (empty / "memories" / "raw_memories.md").write_text("# Raw Memories\n")
    assert adapter.discover(cwd=tmp_path, home=tmp_path, env={"CODEX_HOME": str(empty)}) == []


def test_source_for_spellings(tree: Tree, tmp_path: Path) -> None:
    adapter = CodexAdapter()
    for spelling in (tree.codex, tree.memories, tree.handbook):
        assert adapter.source_for("codex", spelling).root == tree.memories
    with pytest.raises(ValueError, match=str(tmp_path)):
        adapter.source_for("codex", tmp_path)
    ref = adapter.source_for("agents-md", tree.repo / "services")
    assert ref.root == tree.repo and str(tree.repo / "services") in ref.detail
    files = list(adapter.read(ref).files)
    assert files == [tree.repo / "AGENTS.md", tree.repo / "services" / "AGENTS.override.md"]  # no global file
    with pytest.raises(ValueError, match="no AGENTS"):
        adapter.source_for("agents-md", tmp_path)
    with pytest.raises(ValueError):
        adapter.source_for("hermes", tree.codex)


# -- codex: reading -----------------------------------------------------------------------------------


def test_read_entries_with_provenance(tree: Tree) -> None:
    adapter = CodexAdapter()
    read = adapter.read(_codex_ref(adapter, tree))
    assert read.warnings == []
    assert set(read.files) == {tree.summary, tree.handbook}
    assert len(read.entries) == 15
    assert [e.file for e in read.entries[:6]] == [tree.summary] * 6
    profile, *_ = read.entries
    assert profile.anchor == "summary/user-profile" and profile.type == EntryType.USER
    assert profile.project is None and profile.written_at_basis == "mtime"
    topic = _by_anchor(read, "summary/whats-in-memory")[0]
    assert topic.text.startswith("shop integration tests:") and "\n- desc: flaky order test" in topic.text
    assert (topic.line_start, topic.line_end) == (22, 24)

    task1 = _by_anchor(read, "task-group:shop repo integration tests/task:1")[0]
    assert task1.type == EntryType.PROJECT and task1.scope_kind == ScopeKind.PRIVATE
    assert task1.text.startswith("## Task 1: fix flaky order test") and task1.text.endswith("OrderTest")
    assert (task1.line_start, task1.line_end) == (6, 14)
    assert task1.written_at == datetime(2026, 5, 3, 10, 40, tzinfo=timezone.utc)
    assert task1.written_at_basis == "recorded" and task1.written_by == WrittenBy.AGENT
    assert task1.session == THREAD_1 and task1.branch == "fix/flaky-order-test"
    assert task1.cwd == str(tree.shop)
    assert task1.project is not None and task1.project.root_commit and task1.project.name == "shop"
    assert task1.attributes["keywords"] == "pytest, docker compose, seed_db, OrderTest"
    assert task1.attributes["reuse_rule"] == "safe for this checkout only"

    prefs = _by_anchor(read, "task-group:shop repo integration tests/user-preferences")
    assert [p.type for p in prefs] == [EntryType.USER, EntryType.USER]
    assert prefs[1].session == THREAD_2  # from the [Task 2] it cites
    knowledge = _by_anchor(read, "task-group:shop repo integration tests/reusable-knowledge")
    assert knowledge[1].text.endswith("workers read the schema name from `PYTEST_XDIST_WORKER`")
    failure = _by_anchor(read, "task-group:shop repo integration tests/failures-and-how-to-do-differently")[0]
    assert failure.type == EntryType.FEEDBACK and failure.project == task1.project

    legacy = _by_anchor(read, "task-group:legacy billing release builds/task:1")[0]
    assert legacy.project is not None and legacy.project.root_commit is None
    assert legacy.project.path == "/srv/build/legacy-billing"  # not on this machine, still a project by path
    assert {e.file for e in read.entries} == {tree.summary, tree.handbook}  # never raw_memories, rollouts, skills


def test_sqlite_thread_provenance_read_only(tree: Tree) -> None:
    _make_db(tree.db)
    _db_exec(tree.db, "insert into stage1_outputs (thread_id, source_updated_at, raw_memory, rollout_summary, "
             "generated_at, usage_count, last_usage) values (?, ?, 'raw', 'summary', ?, 3, ?)",
             (THREAD_1, 1_777_800_000, 1_777_800_600, 1_778_000_000))
    before = _snapshot(tree.codex)
    adapter = CodexAdapter()
    read = adapter.read(_codex_ref(adapter, tree))
    task1 = _by_anchor(read, "task-group:shop repo integration tests/task:1")[0]
    assert task1.written_at == datetime.fromtimestamp(1_777_800_000, timezone.utc)
    assert task1.written_at_basis == "thread"
    assert task1.attributes["usage_count"] == "3"
    assert task1.attributes["last_usage"].startswith("2026-05-05")
    task2 = _by_anchor(read, "task-group:shop repo integration tests/task:2")[0]
    assert task2.written_at_basis == "recorded"  # no DB row for thread 2
    assert _snapshot(tree.codex) == before  # the DB byte for byte, and no -wal/-shm files appeared


def test_sqlite_missing_table_and_locked_db_warn(tree: Tree) -> None:
    _make_db(tree.db, wal=False, schema="create table unrelated(x);")
    adapter = CodexAdapter(busy_timeout=0.05)
    ref = _codex_ref(adapter, tree)
    read = adapter.read(ref)
    assert len(read.entries) == 15
    assert len(read.warnings) == 1 and str(tree.db) in read.warnings[0] and "stage1_outputs" in read.warnings[0]
    tree.db.unlink()
    _make_db(tree.db, wal=False)
    holder = sqlite3.connect(tree.db, isolation_level=None)
    holder.execute("begin exclusive")
    try:
        read = adapter.read(ref)
        assert len(read.entries) == 15
        assert len(read.warnings) == 1 and "locked" in read.warnings[0] and str(tree.db) in read.warnings[0]
        entries = _entries(read) + [Entry(id="m-new", text="a new preference", type=EntryType.USER)]
        with pytest.raises(ValueError, match="lease"):
            adapter.write(ref, entries, expected=read)
    finally:
        holder.rollback()
        holder.close()


def test_summary_v1_header_warnings(tree: Tree) -> None:
    adapter = CodexAdapter()
    ref = _codex_ref(adapter, tree)
    text = tree.summary.read_text()
    tree.summary.write_text("v2" + text[2:])
    read = adapter.read(ref)
    assert any(str(tree.summary) in w and "'v1'" in w and "regenerate" in w for w in read.warnings)
    assert len(read.entries) == 15
    tree.summary.write_bytes(b"\xef\xbb\xbf" + text.encode())
    read = adapter.read(ref)
    assert any("byte-order mark" in w and str(tree.summary) in w for w in read.warnings)
    tree.summary.write_text("")
    read = adapter.read(ref)
    assert any(str(tree.summary) in w and "empty" in w for w in read.warnings)
    assert len(read.entries) == 9


def test_bad_files_warn_and_the_rest_reads(tree: Tree, tmp_path: Path) -> None:
    adapter = CodexAdapter()
    ref = _codex_ref(adapter, tree)
    tree.handbook.write_bytes(tree.handbook.read_bytes() + b"\n- broken \xff byte\n")
    before = _snapshot(tree.base)
    read = adapter.read(ref)
    assert _snapshot(tree.base) == before
    assert len(read.warnings) == 1 and str(tree.handbook) in read.warnings[0] and "UTF-8" in read.warnings[0]
    assert len(read.entries) == 6 and tree.handbook not in read.files

    tree.handbook.unlink()
    outside = tmp_path / "outside.md"
    outside.write_text("# Task Group: secret\n\nscope: x\napplies_to: cwd=/x; reuse_rule=y\n\n## Reusable knowledge\n\n- leaked\n")
    tree.handbook.symlink_to(outside)
    read = adapter.read(ref)
    assert any("outside the memory folder" in w and str(tree.handbook) in w for w in read.warnings)
    assert all("leaked" not in e.text for e in read.entries)
    stolen = Entry(id="m-x", text="leaked, edited", source=Source(agent="codex", file=str(tree.handbook),
                                                                  anchor="task-group:secret/reusable-knowledge"))
    with pytest.raises(ValueError, match="could not be read"):
        adapter.write(ref, _entries(read) + [stolen], expected=read)
    result = adapter.write(ref, _entries(read) + [Entry(id="m-n", text="new tip")], expected=read)
    assert result.written == [tree.summary]
    assert outside.read_text().endswith("- leaked\n") and tree.handbook.is_symlink()

    tree.handbook.unlink()
    tree.handbook.write_text("# Task Group: no header\n\n## Task 1: x\n")
    tree.summary.unlink()
    tree.summary.mkdir()
    read = adapter.read(ref)
    assert any(str(tree.summary) in w and "folder" in w for w in read.warnings)
    assert any(str(tree.handbook) in w and "applies_to" in w for w in read.warnings)
    assert [e.anchor for e in read.entries] == ["task-group:no header/task:1"]


# -- codex: change detection through the store --------------------------------------------------------


def test_import_tracks_additions_revisions_removals_and_moves(tree: Tree, store) -> None:
    ref = _codex_ref(ADAPTER, tree)
    first = import_source(store, ref, actor="test")
    assert len(first.added) == 15
    again = import_source(store, ref, actor="test")
    assert (again.added, again.revised, again.removed, len(again.unchanged)) == ([], [], [], 15)

    def id_of(text_start: str) -> str:
        return next(e.id for e in store.entries(EntryFilter(agent="codex")) if e.text.startswith(text_start))

    task2, failure = id_of("## Task 2:"), id_of("symptom: OrderTest")
    moved = id_of("pytest-xdist with")
    text = tree.handbook.read_text()
    text = text.replace("speed up the integration suite, partly done", "speed up the integration suite, done with xdist")
    text = text.replace("- symptom: OrderTest fails with \"relation orders does not exist\" -> cause: unseeded DB -> "
                        "fix: run seed_db before the suite [Task 1]\n", "")
    knowledge_1 = "- `docker compose up -d db` then `pnpm -w test:integration`; the DB must be seeded with `pnpm seed_db` first [Task 1]\n"
    knowledge_2 = ("- pytest-xdist with `-n 4` halves the suite time but needs one DB schema per worker [Task 2]\n"
                   "  - workers read the schema name from `PYTEST_XDIST_WORKER`\n")
    text = text.replace(knowledge_1 + knowledge_2, knowledge_2 + knowledge_1)
    text = text.replace("not a description of it [Task 2]\n", "not a description of it [Task 2]\n- run the linter before pushing [Task 2]\n")
    tree.handbook.write_text(text)
    result = import_source(store, ref, actor="test")
    assert len(result.added) == 1 and store.get(result.added[0]).text == "run the linter before pushing [Task 2]"
    assert result.revised == [task2] and len(store.revisions(task2)) == 2
    assert result.removed == [failure] and store.get(failure).removed_at is not None
    assert moved in result.unchanged and store.get(moved).text.startswith("pytest-xdist")
    last = import_source(store, ref, actor="test")
    assert (last.added, last.revised, last.removed) == ([], [], [])


# -- codex: writing back ------------------------------------------------------------------------------


def test_write_round_trip_is_byte_identical(tree: Tree) -> None:
    _make_db(tree.db)
    adapter = CodexAdapter()
    ref = _codex_ref(adapter, tree)
    before = _snapshot(tree.codex)
    read = adapter.read(ref)
    result = adapter.write(ref, _entries(read), expected=read)
    assert result.written == [] and set(result.unchanged) == {tree.summary, tree.handbook}
    assert _snapshot(tree.codex) == before


def test_write_edit_remove_and_add(tree: Tree) -> None:
    _make_db(tree.db)
    adapter = CodexAdapter()
    ref = _codex_ref(adapter, tree)
    db_before = _sha(tree.db)
    untouched = {path: digest for path, digest in _snapshot(tree.codex).items()
                 if not path.endswith(("MEMORY.md", "memory_summary.md"))}
    read = adapter.read(ref)
    entries = []
    for entry in _entries(read):
        if entry.text.startswith("## Task 2:"):
            continue  # removed: its whole block goes
        if entry.text.startswith("the user wants the exact command"):
            entry = entry.evolve(text="the user wants the exact command in the answer\nand the expected output [Task 2]")
        entries.append(entry)
    entries.append(Entry(id="m-new", text="prefers answers under ten lines", type=EntryType.USER))
    result = adapter.write(ref, entries, expected=read)
    assert set(result.written) == {tree.summary, tree.handbook}
    handbook = tree.handbook.read_text()
    assert "## Task 2" not in handbook and "integration_speed" not in handbook and "pytest-xdist, compose" not in handbook
    assert ("- the user wants the exact command in the answer\n  and the expected output [Task 2]\n\n## Reusable knowledge"
            in handbook)
    assert "### keywords\n\n- pytest, docker compose, seed_db, OrderTest\n\n## User preferences\n" in handbook
    summary = tree.summary.read_text()
    assert summary.split("\n", 1)[0] == "v1"
    assert "- use pnpm, never npm or yarn, in ~/src/shop\n- prefers answers under ten lines\n\n## General Tips" in summary
    assert {p: d for p, d in _snapshot(tree.codex).items() if p in untouched} == untouched
    assert _sha(tree.db) == db_before
    again = adapter.read(ref)
    assert sorted(e.text for e in again.entries) == sorted(e.text for e in entries)
    assert adapter.write(ref, _entries(again), expected=again).written == []


def test_write_drops_an_emptied_task_group(tree: Tree) -> None:
    adapter = CodexAdapter()
    ref = _codex_ref(adapter, tree)
    read = adapter.read(ref)
    keep = [e for e in _entries(read) if "legacy billing" not in (e.source.anchor or "")]
    adapter.write(ref, keep, expected=read)
    text = tree.handbook.read_text()
    assert "legacy billing" not in text
    assert text.endswith("fix: run seed_db before the suite [Task 1]\n")
    assert len(adapter.read(ref).entries) == len(keep)


def test_write_refuses_while_consolidation_holds_the_lease(tree: Tree) -> None:
    _make_db(tree.db)
    until = int(time.time()) + 3600
    _db_exec(tree.db, "insert into jobs (kind, job_key, status, lease_until, retry_remaining) "
             "values ('memory_consolidate_global', 'global', 'running', ?, 3)", (until,))
    db_before = _sha(tree.db)
    adapter = CodexAdapter()
    ref = _codex_ref(adapter, tree)
    read = adapter.read(ref)
    before = _snapshot(tree.memories)
    entries = _entries(read) + [Entry(id="m-new", text="a new tip")]
    expiry = datetime.fromtimestamp(until, timezone.utc).strftime("%Y-%m-%d %H:%M:%S")
    with pytest.raises(ValueError, match=f"lease until {expiry} UTC") as error:
        adapter.write(ref, entries, expected=read)
    assert "\n" not in str(error.value)
    assert _snapshot(tree.memories) == before
    assert adapter.write(ref, _entries(read), expected=read).written == []  # nothing to write, no refusal
    assert _sha(tree.db) == db_before
    _db_exec(tree.db, "update jobs set lease_until = ?", (int(time.time()) - 10,))  # the lease ran out
    expired = _sha(tree.db)
    assert adapter.write(ref, entries, expected=read).written == [tree.summary]
    assert _sha(tree.db) == expired
    assert not Path(str(tree.db) + "-wal").exists() and not Path(str(tree.db) + "-shm").exists()


def test_write_refuses_on_drift(tree: Tree) -> None:
    adapter = CodexAdapter()
    ref = _codex_ref(adapter, tree)
    read = adapter.read(ref)
    changed = tree.handbook.read_text() + "\n# Task Group: added by Codex\n"
    tree.handbook.write_text(changed)
    summary_before = _sha(tree.summary)
    with pytest.raises(DriftError, match="MEMORY.md"):
        adapter.write(ref, _entries(read) + [Entry(id="m-new", text="x")], expected=read)
    assert tree.handbook.read_text() == changed and _sha(tree.summary) == summary_before


def test_write_caps_and_schema(tree: Tree) -> None:
    adapter = CodexAdapter()
    ref = _codex_ref(adapter, tree)
    read = adapter.read(ref)
    before = _snapshot(tree.memories)
    with pytest.raises(ValueError, match="token limit"):
        adapter.write(ref, _entries(read) + [Entry(id="m-big", text="x" * 21_000)], expected=read)
    bold = [e.evolve(text="**always** seed the DB [Task 1]") if e.text.startswith("`docker compose up") else e
            for e in _entries(read)]
    with pytest.raises(ValueError, match="bold"):
        adapter.write(ref, bold, expected=read)
    headless = [e.evolve(text="fix flaky order test") if e.text.startswith("## Task 1: fix") else e
                for e in _entries(read)]
    with pytest.raises(ValueError, match="## Task"):
        adapter.write(ref, headless, expected=read)
    assert _snapshot(tree.memories) == before
    tree.summary.write_text(tree.summary.read_text() + "\n- " + "y" * 21_000 + "\n")
    read = adapter.read(ref)
    assert any("token limit" in w and str(tree.summary) in w for w in read.warnings)


def test_write_does_not_follow_a_symlinked_memory_file(tree: Tree, tmp_path: Path) -> None:
    adapter = CodexAdapter()
    ref = _codex_ref(adapter, tree)
    real = tree.memories / "real_summary.md"
    tree.summary.rename(real)
    tree.summary.symlink_to(real.name)  # inside the folder: read, but never written through
    read = adapter.read(ref)
    assert len(read.entries) == 15
    before = _snapshot(tree.memories)
    with pytest.raises(ValueError, match="symlink"):
        adapter.write(ref, _entries(read) + [Entry(id="m-new", text="x")], expected=read)
    assert _snapshot(tree.memories) == before


# -- agents-md ----------------------------------------------------------------------------------------


def test_agents_discovery_order_and_fields(tree: Tree) -> None:
    adapter = CodexAdapter()
    ref = _agents_ref(adapter, tree)
    assert ref.root == tree.repo and str(tree.repo / "services" / "api") in ref.detail
    read = adapter.read(ref)
    assert read.warnings == []
    assert list(read.files) == [tree.codex / "AGENTS.md", tree.repo / "AGENTS.md",
                                tree.repo / "services" / "AGENTS.override.md", tree.repo / "services" / "api" / "AGENTS.md"]
    assert [e.anchor for e in read.entries] == ["entry"] * 3 + ["intro", "setup", "tests", "style", "services"] + ["entry"] * 3
    global_entry = read.entries[0]
    assert global_entry.type == EntryType.USER and global_entry.scope_kind == ScopeKind.PRIVATE
    assert global_entry.project is None and global_entry.written_by == WrittenBy.HUMAN
    tests = _by_anchor(read, "tests")[0]
    assert "# runs unit tests only" in tests.text and (tests.line_start, tests.line_end) == (10, 17)
    assert tests.type == EntryType.PROJECT and tests.scope_kind == ScopeKind.TEAM
    assert tests.project is not None and tests.project.root_commit and tests.project.name == "repo"
    assert _by_anchor(read, "services")[0].text.startswith("## Services\n\nLocal override")


def test_agents_global_override_and_no_git_root(tree: Tree, tmp_path: Path) -> None:
    adapter = CodexAdapter()
    (tree.codex / "AGENTS.override.md").write_text("  \n")
    read = adapter.read(_agents_ref(adapter, tree))
    assert any("AGENTS.override.md" in w and "empty" in w for w in read.warnings)
    assert read.entries[0].text == "Answer in plain English and keep summaries short."
    (tree.codex / "AGENTS.override.md").write_text("Temporary global rule.\n")
    read = adapter.read(_agents_ref(adapter, tree))
    assert tree.codex / "AGENTS.md" not in read.files and read.entries[0].text == "Temporary global rule."
    loose = tmp_path / "loose"
    shutil.copytree(FIXTURES / "repo", loose)
    ref = _agents_ref(adapter, tree, loose / "services" / "api")
    assert ref.root == loose / "services" / "api"
    assert list(adapter.read(ref).files)[1:] == [loose / "services" / "api" / "AGENTS.md"]


def test_agents_budget_truncates_then_stops(tree: Tree) -> None:
    override = tree.repo / "services" / "AGENTS.override.md"
    override.write_text("## First\n\n" + "word " * 7000 + "\n\n## Second\n\nbeyond the budget\n")
    adapter = CodexAdapter()
    read = adapter.read(_agents_ref(adapter, tree))
    assert any(str(override) in w and "truncates it at line" in w for w in read.warnings)
    api = tree.repo / "services" / "api" / "AGENTS.md"
    assert any(str(api) in w and "not loaded" in w for w in read.warnings)
    assert [e.anchor for e in read.entries if e.file == override] == ["first"]
    assert api not in read.files


def test_agents_bad_files(tree: Tree, tmp_path: Path) -> None:
    adapter = CodexAdapter()
    api = tree.repo / "services" / "api" / "AGENTS.md"
    api.write_bytes(b"ok line\n\xfe bad\n")
    override = tree.repo / "services" / "AGENTS.override.md"
    override.unlink()
    outside = tmp_path / "outside.md"
    outside.write_text("## Outside\n\nnot part of the repo\n")
    override.symlink_to(outside)
    before = _snapshot(tree.base)
    read = adapter.read(_agents_ref(adapter, tree))
    assert _snapshot(tree.base) == before
    assert any(str(api) in w and "UTF-8" in w for w in read.warnings)
    assert any(str(override) in w and "outside" in w for w in read.warnings)
    assert all("not part of the repo" not in e.text for e in read.entries)
    assert len(read.entries) == 7  # global 3 + root 4
    override.unlink()
    override.mkdir()
    read = adapter.read(_agents_ref(adapter, tree))
    assert any(str(override) in w and "folder" in w for w in read.warnings)
    assert tree.repo / "services" / "AGENTS.md" in read.files  # the next name is used
    (tree.repo / "AGENTS.md").write_text("\n\n")
    read = adapter.read(_agents_ref(adapter, tree))
    assert any(str(tree.repo / "AGENTS.md") in w and "empty" in w for w in read.warnings)


def test_agents_import_changes_through_the_store(tree: Tree, store) -> None:
    ref = _agents_ref(ADAPTER, tree)
    assert len(import_source(store, ref, actor="test").added) == 11
    root = tree.repo / "AGENTS.md"
    style = next(e.id for e in store.entries(EntryFilter(agent="agents-md")) if e.text.startswith("## Style"))
    setup = next(e.id for e in store.entries(EntryFilter(agent="agents-md")) if e.text.startswith("## Setup"))
    text = root.read_text().replace("no `any`.", "no `any`; prefer `unknown`.")
    text = text.replace("## Setup\n\n- Install with `pnpm install`; never use npm.\n- Start the database with "
                        "`docker compose up -d db`.\n\n", "")
    root.write_text(text + "\n## Releases\n\nTag releases with `pnpm release`.\n")
    result = import_source(store, ref, actor="test")
    assert result.revised == [style] and len(store.revisions(style)) == 2
    assert result.removed == [setup] and store.get(setup).removed_at is not None
    assert len(result.added) == 1
    assert import_source(store, ref, actor="test").revised == []


def test_agents_write_back(tree: Tree) -> None:
    adapter = CodexAdapter()
    ref = _agents_ref(adapter, tree)
    before = _snapshot(tree.base)
    read = adapter.read(ref)
    assert adapter.write(ref, _entries(read), expected=read).written == []
    assert _snapshot(tree.base) == before
    entries = [e.evolve(text="## Tests\n\nRun `pnpm -w test` and `pnpm lint` before every commit.")
               if e.source.anchor == "tests" else e for e in _entries(read) if e.source.anchor != "style"]
    entries.append(Entry(id="m-new", text="Log with `pino`, never `console.log`."))
    result = adapter.write(ref, entries, expected=read)
    api = tree.repo / "services" / "api" / "AGENTS.md"
    assert set(result.written) == {tree.repo / "AGENTS.md", api}
    root_text = (tree.repo / "AGENTS.md").read_text()
    assert "## Style" not in root_text and root_text.endswith("pnpm -w test` and `pnpm lint` before every commit.\n")
    assert api.read_text().endswith("`openapi.yaml`.\n\nLog with `pino`, never `console.log`.\n")
    assert not (tree.repo / "AGENTS.override.md").exists() and not (api.parent / "AGENTS.override.md").exists()
    after = _snapshot(tree.base)
    assert {p for p in after if after[p] != before.get(p)} == {str(tree.repo / "AGENTS.md"), str(api)}
    again = adapter.read(ref)
    assert sorted(e.text for e in again.entries) == sorted(e.text for e in entries)


def test_agents_write_refusals(tree: Tree) -> None:
    adapter = CodexAdapter()
    ref = _agents_ref(adapter, tree)
    read = adapter.read(ref)
    before = _snapshot(tree.base)
    with pytest.raises(ValueError, match="32,768-byte budget"):
        adapter.write(ref, _entries(read) + [Entry(id="m-big", text="z" * 40_000)], expected=read)
    (tree.repo / "services" / "api" / "AGENTS.md").write_text("changed by hand\n")
    before = _snapshot(tree.base)
    with pytest.raises(DriftError):
        adapter.write(ref, _entries(read)[:-1], expected=read)
    assert _snapshot(tree.base) == before
