"""The SQLite store: entries, revisions, links, the append-only event log, search and locking, on real files."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
import time
from datetime import datetime, timezone

import pytest

from memrev.core.model import Entry, EntryType, Link, LinkKind, Project, Provenance, Scope, ScopeKind, Source, Status
from memrev.core.store.memory_store import MemoryStore, StoreError, default_db_path
from memrev.core.store.records import EntryFilter

SHOP = Project.from_parts(root_commit="a1b2c3", remote="github.com/acme/shop", path="/src/shop")
BLOG = Project.from_parts(root_commit="d4e5f6", remote="github.com/acme/blog", path="/src/blog")


def entry(entry_id: str, text: str, **fields) -> Entry:
    return Entry(id=entry_id, text=text, **fields)


def test_apply_adds_entries_with_an_event_each(store):
    a = entry("m-a", "Use tabs for indentation.", type=EntryType.FEEDBACK)
    b = entry("m-b", "The shop deploys from main.", type=EntryType.PROJECT, scope=Scope(ScopeKind.TEAM, SHOP))

    result = store.apply([a, b], actor="claude", reason="first import")

    assert result.added == ["m-a", "m-b"]
    assert result.revised == [] and result.unchanged == []
    assert store.count() == 2
    assert store.get("m-a") == a
    assert store.get("m-b") == b
    assert store.get("m-missing") is None
    events = store.events()
    assert [(e.action, e.entry_id, e.actor, e.reason) for e in events] == [
        ("import", "m-a", "claude", "first import"),
        ("import", "m-b", "claude", "first import"),
    ]
    assert events[0].before is None
    assert events[0].after["text"] == "Use tabs for indentation."
    assert events[1].after["scope"]["project"]["key"] == SHOP.key
    assert [r.version for r in store.revisions("m-a")] == [1]


def test_apply_forces_version_1_for_a_new_entry(store):
    store.apply([entry("m-a", "x", version=7)], actor="t")
    assert store.get("m-a").version == 1


def test_reapplying_identical_entries_changes_nothing(store):
    batch = [
        entry("m-a", "Use tabs.", type=EntryType.FEEDBACK),
        entry("m-b", "Deploy from main.", scope=Scope(ScopeKind.TEAM, SHOP)),
    ]
    store.apply(batch, actor="claude")
    events_before = store.events()
    entries_before = store.entries()

    result = store.apply(batch, actor="claude")

    assert result.unchanged == ["m-a", "m-b"]
    assert result.added == [] and result.revised == []
    assert store.events() == events_before
    assert store.entries() == entries_before
    assert [r.version for r in store.revisions("m-a")] == [1]
    assert [r.version for r in store.revisions("m-b")] == [1]


def test_changed_text_makes_revision_2_and_keeps_revision_1(store, clock):
    store.apply([entry("m-a", "Use tabs for indentation.")], actor="claude")
    result = store.apply([entry("m-a", "Use four spaces for indentation.")], actor="claude", reason="style changed")

    assert result.revised == ["m-a"]
    current = store.get("m-a")
    assert current.text == "Use four spaces for indentation."
    assert current.version == 2

    revisions = store.revisions("m-a")
    assert [(r.version, r.entry.text) for r in revisions] == [
        (1, "Use tabs for indentation."),
        (2, "Use four spaces for indentation."),
    ]
    assert revisions[0].created_at < revisions[1].created_at

    revise = store.events("m-a")[-1]
    assert revise.action == "revise"
    assert revise.reason == "style changed"
    assert revise.before["text"] == "Use tabs for indentation." and revise.before["version"] == 1
    assert revise.after["text"] == "Use four spaces for indentation." and revise.after["version"] == 2
    assert revise.at == clock.now


@pytest.mark.parametrize(
    "change",
    [
        {"type": EntryType.USER},
        {"scope": Scope(ScopeKind.TEAM)},
        {"scope": Scope(ScopeKind.PRIVATE, SHOP)},
    ],
)
def test_changed_type_or_scope_is_a_revision(store, change):
    original = entry("m-a", "Same words.", type=EntryType.FEEDBACK)
    store.apply([original], actor="t")
    result = store.apply([original.evolve(**change)], actor="t")
    assert result.revised == ["m-a"]
    assert store.get("m-a").version == 2
    for name, value in change.items():
        assert getattr(store.get("m-a"), name) == value


def test_search_follows_a_revision(store):
    store.apply([entry("m-a", "Use tabs for indentation.")], actor="t")
    store.apply([entry("m-a", "Use spaces for indentation.")], actor="t")
    assert store.search("spaces") == ["m-a"]
    assert store.search("tabs") == []


def test_set_status_changes_status_and_logs_it(store):
    store.apply([entry("m-a", "Use tabs.")], actor="claude")

    updated = store.set_status("m-a", Status.CONFIRMED, actor="alice", reason="checked the repo")

    assert updated.status is Status.CONFIRMED
    assert store.get("m-a").status is Status.CONFIRMED
    event = store.events("m-a")[-1]
    assert (event.action, event.actor, event.reason) == ("status:confirmed", "alice", "checked the repo")
    assert event.before == {"status": "pending"}
    assert event.after == {"status": "confirmed"}


def test_set_status_of_a_missing_entry_is_a_store_error(store):
    with pytest.raises(StoreError, match="m-nope"):
        store.set_status("m-nope", Status.CONFIRMED, actor="alice")
    assert store.events() == []


def test_revoke_links_to_the_correction_and_logs_it(store):
    store.apply([entry("m-old", "Use tabs."), entry("m-fix", "Actually, use spaces.")], actor="claude")

    revoked = store.revoke("m-old", by="m-fix", actor="alice", reason="team switched to spaces")

    assert revoked.status is Status.REVOKED
    assert revoked.links == (Link(LinkKind.REVOKED_BY, "m-fix", "team switched to spaces"),)
    assert store.get("m-old") == revoked
    event = store.events("m-old")[-1]
    assert (event.action, event.actor, event.reason) == ("revoke", "alice", "team switched to spaces")
    assert event.before == {"status": "pending"}
    assert event.after == {"status": "revoked", "revoked_by": "m-fix"}


def test_revoke_by_a_missing_entry_changes_nothing(store):
    store.apply([entry("m-old", "Use tabs.")], actor="claude")
    events = store.events()
    with pytest.raises(StoreError, match="m-ghost"):
        store.revoke("m-old", by="m-ghost", actor="alice", reason="?")
    assert store.get("m-old").status is Status.PENDING
    assert store.get("m-old").links == ()
    assert store.events() == events


def test_supersede_links_both_ways_and_logs_it(store):
    store.apply([entry("m-old", "Node 18."), entry("m-new", "Node 22.")], actor="claude")

    old = store.supersede("m-old", new_id="m-new", actor="alice", reason="upgraded")

    assert old.status is Status.SUPERSEDED
    assert old.links == (Link(LinkKind.SUPERSEDED_BY, "m-new", "upgraded"),)
    new = store.get("m-new")
    assert new.status is Status.PENDING
    assert new.links == (Link(LinkKind.SUPERSEDES, "m-old", "upgraded"),)
    event = store.events("m-old")[-1]
    assert (event.action, event.reason) == ("supersede", "upgraded")
    assert event.after == {"status": "superseded", "superseded_by": "m-new"}


def test_revoked_is_sticky_across_a_reimport_with_changed_text(store):
    store.apply([entry("m-old", "Use tabs."), entry("m-fix", "Use spaces.")], actor="claude")
    store.revoke("m-old", by="m-fix", actor="alice", reason="wrong")

    # the agent's file still has the entry, slightly reworded, and it comes in as pending again
    result = store.apply([entry("m-old", "Use tabs, always.", status=Status.PENDING)], actor="claude")

    assert result.revised == ["m-old"]
    current = store.get("m-old")
    assert current.text == "Use tabs, always."
    assert current.version == 2
    assert current.status is Status.REVOKED
    assert current.links == (Link(LinkKind.REVOKED_BY, "m-fix", "wrong"),)
    assert store.revisions("m-old")[-1].entry.status is Status.REVOKED
    assert store.events("m-old")[-1].after["status"] == "revoked"


@pytest.mark.parametrize("status", [Status.SUPERSEDED, Status.BLOCKED, Status.PURGED])
def test_other_final_statuses_are_sticky_too(store, status):
    store.apply([entry("m-a", "Use tabs.")], actor="claude")
    store.set_status("m-a", status, actor="alice")
    store.apply([entry("m-a", "Use tabs!", status=Status.ACTIVE)], actor="claude")
    assert store.get("m-a").status is status
    assert store.get("m-a").text == "Use tabs!"


def test_confirmed_entry_whose_text_changed_needs_review_again(store):
    store.apply([entry("m-a", "Use tabs.")], actor="claude")
    store.set_status("m-a", Status.CONFIRMED, actor="alice")
    store.apply([entry("m-a", "Use tabs, except in YAML.")], actor="claude")
    assert store.get("m-a").status is Status.PENDING


def test_confirmed_entry_reimported_unchanged_stays_confirmed(store):
    store.apply([entry("m-a", "Use tabs.")], actor="claude")
    store.set_status("m-a", Status.CONFIRMED, actor="alice")
    store.apply([entry("m-a", "Use tabs.")], actor="claude")
    assert store.get("m-a").status is Status.CONFIRMED


@pytest.mark.parametrize("statement", ["update events set reason = 'forged'", "delete from events"])
def test_events_are_append_only(store, db_path, statement):
    store.apply([entry("m-a", "Use tabs.")], actor="claude")
    with pytest.raises(store.binding.module.DatabaseError, match="append-only"):
        store.conn.execute(statement)
    # enforced by the file itself, not by memrev's Python code: a plain sqlite3 client is refused too
    other = sqlite3.connect(db_path, isolation_level=None)
    try:
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            other.execute(statement)
    finally:
        other.close()
    assert [(e.action, e.reason) for e in store.events()] == [("import", "")]


def test_a_commit_rejected_by_a_deferred_foreign_key_leaves_nothing(store, db_path):
    good = entry("m-good", "Fine on its own.")
    dangling = entry("m-bad", "Points nowhere.", links=(Link(LinkKind.SUPERSEDES, "m-does-not-exist", "?"),))

    with pytest.raises(StoreError, match="missing entry"):
        store.apply([good, dangling], actor="claude")

    assert store.count() == 0
    assert store.events() == []
    assert store.revisions("m-good") == []
    # the store is still usable afterwards (the failed transaction did not stay open)
    assert store.apply([good], actor="claude").added == ["m-good"]
    store.close()
    with MemoryStore(db_path) as reopened:
        assert [e.id for e in reopened.entries()] == ["m-good"]
        assert [e.entry_id for e in reopened.events()] == ["m-good"]


def test_an_exception_inside_a_batch_rolls_back_entries_and_events(store, db_path):
    def parse_agent_file():
        yield entry("m-1", "First entry parsed fine.")
        raise RuntimeError("the agent file is truncated")

    with pytest.raises(RuntimeError, match="truncated"):
        store.apply(parse_agent_file(), actor="claude")

    assert store.get("m-1") is None
    assert store.events() == []
    assert not store.conn.in_transaction
    store.close()
    with MemoryStore(db_path) as reopened:
        assert reopened.count() == 0
        assert reopened.events() == []


def test_an_exception_inside_store_transaction_rolls_back(store):
    store.apply([entry("m-a", "Use tabs.")], actor="claude")
    with pytest.raises(KeyError):
        with store.transaction() as conn:
            conn.execute("update entries set text = 'tampered' where id = 'm-a'")
            conn.execute(
                "insert into events(at, actor, action, entry_id, reason) values ('2025-01-01', 'x', 'edit', 'm-a', '')"
            )
            raise KeyError("boom")
    assert store.get("m-a").text == "Use tabs."
    assert [e.action for e in store.events()] == ["import"]
    assert store.search("tampered") == []


def _sample(store) -> None:
    store.apply(
        [
            entry("m-1", "Use tabs.", type=EntryType.FEEDBACK),
            entry("m-2", "Shop deploys from main.", type=EntryType.PROJECT, scope=Scope(ScopeKind.TEAM, SHOP)),
            entry("m-3", "Shop uses Postgres 16.", type=EntryType.PROJECT, scope=Scope(ScopeKind.PRIVATE, SHOP),
                  source=Source(agent="codex")),
            entry("m-4", "Blog is built with Hugo.", type=EntryType.REFERENCE, scope=Scope(ScopeKind.TEAM, BLOG)),
            entry("m-5", "I prefer short answers.", type=EntryType.USER),
        ],
        actor="claude",
    )
    store.set_status("m-2", Status.CONFIRMED, actor="alice")


@pytest.mark.parametrize(
    ("where", "expected"),
    [
        (None, ["m-1", "m-2", "m-3", "m-4", "m-5"]),
        (EntryFilter(), ["m-1", "m-2", "m-3", "m-4", "m-5"]),
        (EntryFilter(type=EntryType.PROJECT), ["m-2", "m-3"]),
        (EntryFilter(scope_kind=ScopeKind.TEAM), ["m-2", "m-4"]),
        (EntryFilter(status=Status.CONFIRMED), ["m-2"]),
        (EntryFilter(status=Status.PENDING), ["m-1", "m-3", "m-4", "m-5"]),
        (EntryFilter(project_key=SHOP.key), ["m-2", "m-3"]),
        (EntryFilter(agent="codex"), ["m-3"]),
        (EntryFilter(type=EntryType.PROJECT, scope_kind=ScopeKind.TEAM), ["m-2"]),
        (EntryFilter(type=EntryType.USER, project_key=SHOP.key), []),
    ],
)
def test_entry_filter(store, where, expected):
    _sample(store)
    assert {e.id for e in store.entries(where)} == set(expected)


def test_entries_come_in_type_then_id_order(store):
    _sample(store)
    listed = store.entries()
    assert [(e.type.value, e.id) for e in listed] == sorted((e.type.value, e.id) for e in listed)
    assert store.entries(EntryFilter(project_key=SHOP.key))[0].scope.project == SHOP


def test_group_counts(store):
    _sample(store)
    counts = store.group_counts()
    assert counts["type"] == {"feedback": 1, "project": 2, "reference": 1, "user": 1}
    assert counts["scope"] == {"private · global": 2, "team · shop": 1, "private · shop": 1, "team · blog": 1}
    assert sum(counts["type"].values()) == store.count()


def test_fts_search_finds_by_word_and_ranks(store):
    store.apply(
        [
            entry("m-once", "Run the migrations, then restart the web workers and check the migrations log."),
            entry("m-many", "Migrations: migrations migrations."),
            entry("m-none", "The cat sat on the mat."),
        ],
        actor="t",
    )
    assert store.search("migrations") == ["m-many", "m-once"]
    assert store.search("MIGRATIONS") == ["m-many", "m-once"]
    assert store.search("restart") == ["m-once"]
    assert store.search("restart migrations") == ["m-once"]  # every word must match
    assert store.search("migrations", limit=1) == ["m-many"]
    assert store.search("giraffe") == []
    assert store.search("   ") == []
    # quotes and FTS operators in user input are taken literally, not as syntax
    assert store.search('"cat') == ["m-none"]
    assert store.search("cat OR giraffe") == []
    assert store.search("mat*") == ["m-none"]


def test_neighbours_returns_the_nearest_text_first_and_excludes(store):
    store.apply(
        [
            entry("m-deploy", "Run the database migrations before every deploy."),
            entry("m-deploy2", "Deploy only after database migrations finish."),
            entry("m-cat", "The office cat is called Biscuit."),
            entry("m-lunch", "Team lunch is on Fridays at noon."),
        ],
        actor="t",
    )
    near = store.neighbours("Run the database migrations before every deploy.", k=3)
    assert [entry_id for entry_id, _ in near][:2] == ["m-deploy", "m-deploy2"]
    assert len(near) == 3
    assert near[0][1] == pytest.approx(0.0, abs=1e-5)
    distances = [d for _, d in near]
    assert distances == sorted(distances)

    others = store.neighbours(store.get("m-deploy").text, k=2, exclude="m-deploy")
    assert [entry_id for entry_id, _ in others][0] == "m-deploy2"
    assert "m-deploy" not in [entry_id for entry_id, _ in others]
    assert len(others) == 2


def test_neighbours_follow_a_revision(store):
    store.apply([entry("m-a", "The office cat is called Biscuit."), entry("m-b", "Lunch is at noon.")], actor="t")
    store.apply([entry("m-a", "Database migrations run before deploys.")], actor="t")
    [(nearest, distance)] = store.neighbours("Database migrations run before deploys.", k=1)
    assert nearest == "m-a" and distance == pytest.approx(0.0, abs=1e-5)
    old_text = dict(store.neighbours("The office cat is called Biscuit.", k=2))
    assert old_text["m-a"] > 0.5  # the old text's vector is gone


def test_neighbours_with_wordless_texts(store):
    """An entry of only punctuation or emoji has a zero vector; lookups must neither crash nor rank it."""
    store.apply([entry("m-a", "Use tabs."), entry("m-dots", "..."), entry("m-emoji", "🙂🙂")], actor="t")
    near = store.neighbours("tabs", k=10)
    assert [entry_id for entry_id, _ in near] == ["m-a"]
    assert store.neighbours("!!!", k=5) == []


def test_reopening_the_file_keeps_everything(db_path, clock):
    with MemoryStore(db_path, clock=clock) as first:
        _sample(first)
        first.apply([entry("m-1", "Use tabs, not spaces.", type=EntryType.FEEDBACK)], actor="claude")
        first.revoke("m-4", by="m-1", actor="alice", reason="moved")
        entries, events = first.entries(), first.events()
        revisions = first.revisions("m-1")
        near = first.neighbours("Use tabs, not spaces.", k=2)

    with MemoryStore(db_path, clock=clock) as again:
        assert again.entries() == entries
        assert again.events() == events
        assert again.revisions("m-1") == revisions
        assert again.search("Hugo") == ["m-4"]
        assert again.neighbours("Use tabs, not spaces.", k=2) == near
        assert again.group_counts()["scope"]["team · shop"] == 1


def test_events_limit_gives_the_most_recent_oldest_first(store):
    store.apply([entry(f"m-{i}", f"entry number {i}") for i in range(5)], actor="t")
    assert [e.entry_id for e in store.events(limit=2)] == ["m-3", "m-4"]
    assert [e.entry_id for e in store.events("m-1")] == ["m-1"]


def _python(code: str, *args: str, **kwargs) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k not in ("MEMREV_SQLITE", "MEMREV_DB")}
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, **kwargs,
    )


def test_a_writer_waits_for_another_process_holding_the_write_lock(store, db_path):
    holder = _python(
        """
        import sys, time
        from memrev.core.store.memory_store import MemoryStore
        store = MemoryStore(sys.argv[1])
        with store.transaction() as conn:
            conn.execute("insert into meta(key, value) values ('held-by', 'other process')")
            print("locked", flush=True)
            time.sleep(1.0)
        print("released", flush=True)
        """,
        str(db_path),
    )
    try:
        assert holder.stdout.readline().strip() == "locked", holder.stderr.read()
        started = time.monotonic()
        result = store.apply([entry("m-a", "Written while another process held the lock.")], actor="t")
        waited = time.monotonic() - started
        out, err = holder.communicate(timeout=20)
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()
    assert holder.returncode == 0, err
    assert out.strip() == "released"
    assert result.added == ["m-a"]
    assert waited > 0.5  # it waited for the lock rather than failing with "database is locked"
    # and it ran after the other transaction committed, not interleaved with it
    assert store.conn.execute("select value from meta where key = 'held-by'").fetchone()[0] == "other process"
    assert store.get("m-a") is not None


def test_two_stores_in_one_process_see_each_others_writes(db_path):
    with MemoryStore(db_path) as one, MemoryStore(db_path) as two:
        one.apply([entry("m-a", "From one.")], actor="t")
        assert two.get("m-a").text == "From one."
        two.set_status("m-a", Status.ACTIVE, actor="t")
        assert one.get("m-a").status is Status.ACTIVE


def test_opening_a_file_that_is_not_a_database_is_a_store_error(tmp_path):
    path = tmp_path / "notes.db"
    path.write_text("These are my notes, not a database.\n" * 100)
    with pytest.raises(StoreError) as caught:
        MemoryStore(path)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(str(path))
    assert "not" in message and "database" in message
    assert path.read_text().startswith("These are my notes")  # and the file is left alone


def test_opening_a_folder_is_a_store_error(tmp_path):
    with pytest.raises(StoreError) as caught:
        MemoryStore(tmp_path)
    assert "\n" not in str(caught.value)
    assert "folder" in str(caught.value)


def test_opening_creates_missing_parent_folders(tmp_path):
    path = tmp_path / "deep" / "er" / "memrev.db"
    with MemoryStore(path) as store:
        store.apply([entry("m-a", "x")], actor="t")
    assert path.is_file()


def test_default_db_path(monkeypatch, tmp_path):
    monkeypatch.setenv("MEMREV_DB", str(tmp_path / "custom.db"))
    assert default_db_path() == tmp_path / "custom.db"
    monkeypatch.delenv("MEMREV_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_db_path() == tmp_path / "xdg" / "memrev" / "memrev.db"


def test_times_are_stored_in_utc(store):
    written = datetime(2025, 2, 3, 4, 5, 6, tzinfo=timezone.utc)
    store.apply([entry("m-a", "x", provenance=Provenance(written_at=written, session="s-1"))], actor="t")
    got = store.get("m-a")
    assert got.provenance.written_at == written
    assert got.provenance.session == "s-1"


def test_an_entry_read_back_has_every_field_it_was_stored_with(store):
    """Rows are rebuilt without the dataclasses' generated __init__, so no field may be forgotten."""
    from dataclasses import fields

    project = Project(key="p-1", name="shop", root_commit="abc", remote="git@x:shop.git")
    entry = Entry(id="m-full", text="Use uv for installs.", type=EntryType.FEEDBACK,
                  scope=Scope(kind=ScopeKind.TEAM, project=project),
                  source=Source(agent="claude", file="/p/CLAUDE.md", anchor="## Tools"),
                  provenance=Provenance(written_at=datetime(2026, 5, 1, tzinfo=timezone.utc), written_at_basis="recorded",
                                        session="s-1", cwd="/p", branch="main", commit="c0ffee", citation="/p/CLAUDE.md:3"),
                  verified_at=datetime(2026, 5, 2, tzinfo=timezone.utc), verified_commit="c0ffee", confidence=0.9,
                  confidence_reason="checked", links=(Link(LinkKind.SUPERSEDES, "m-old", "newer"),))
    store.apply([Entry(id="m-old", text="Use pip for installs."), entry], actor="test")
    back = store.get("m-full")
    for part, original in ((back, entry), (back.scope, entry.scope), (back.source, entry.source),
                           (back.provenance, entry.provenance)):
        assert set(vars(part)) == {f.name for f in fields(part)}
        assert part == original


def test_neighbours_keeps_every_entry_as_near_as_the_kth(store):
    """Which of equally near entries make a cut of k must not depend on the order they were written: all stay."""
    store.apply([entry(f"m-{index}", "Run the database migrations before every deploy.") for index in range(9)]
                + [entry("m-cat", "The office cat is called Biscuit.")], actor="t")
    near = store.neighbours("Run the database migrations before every deploy.", k=2)  # more ties than 2k + 1
    assert sorted(entry_id for entry_id, _ in near) == [f"m-{index}" for index in range(9)]
