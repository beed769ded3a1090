"""Both SQLite binding paths: sqlean with sqlite-vec, and the stock sqlite3 with or without extension loading."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import sysconfig
import textwrap

import pytest

from memrev.core.model import Entry, Link, LinkKind, Status
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.sqlite_binding import BINDING_ENV, choose_binding, stdlib_can_load_extensions

SYSTEM_PYTHON = "/usr/bin/python3"


def test_default_binding_has_vectors():
    binding = choose_binding()
    if stdlib_can_load_extensions():
        assert binding.name in {"stdlib", "sqlean"}
    else:
        # this interpreter's sqlite3 lacks enable_load_extension, so the fallback must be taken
        assert binding.name == "sqlean"
    assert binding.vec_available is True
    assert binding.vec_problem == ""
    conn = binding.connect(":memory:")
    try:
        assert conn.execute("select vec_version()").fetchone()[0].startswith("v")
    finally:
        conn.close()


def test_default_store_has_semantic_search(tmp_path):
    with MemoryStore(tmp_path / "m.db") as store:
        assert store.semantic_enabled
        assert store.semantic_notice == ""


@pytest.fixture
def stdlib_without_vec():
    if stdlib_can_load_extensions():
        pytest.skip("this interpreter's sqlite3 can load extensions; the no-vector path needs one that cannot")
    return choose_binding("stdlib")


def test_stdlib_binding_here_has_no_vectors(stdlib_without_vec):
    binding = stdlib_without_vec
    assert binding.name == "stdlib"
    assert binding.module is sqlite3
    assert binding.vec_available is False
    assert "extensions" in binding.vec_problem


def test_store_on_stdlib_without_vectors_still_works(tmp_path, stdlib_without_vec):
    with MemoryStore(tmp_path / "m.db", binding=stdlib_without_vec) as store:
        assert store.semantic_enabled is False
        notice = store.semantic_notice
        assert "\n" not in notice
        assert notice.startswith("semantic search is off")

        store.apply([Entry(id="m-a", text="Use tabs for indentation."), Entry(id="m-b", text="Lunch at noon.")],
                    actor="t")
        store.apply([Entry(id="m-a", text="Use spaces for indentation.")], actor="t")
        store.supersede("m-b", new_id="m-a", actor="t", reason="r")

        assert [e.id for e in store.entries()] == ["m-a", "m-b"]
        assert store.get("m-a").version == 2
        assert store.search("spaces") == ["m-a"]
        assert store.search("tabs") == []
        assert store.neighbours("Use spaces for indentation.") == []
        assert [e.action for e in store.events()] == ["import", "import", "revise", "supersede"]


def test_env_chooses_the_binding(monkeypatch, tmp_path):
    monkeypatch.setenv(BINDING_ENV, "stdlib")
    assert choose_binding().name == "stdlib"
    with MemoryStore(tmp_path / "m.db") as store:
        assert store.binding.name == "stdlib"
    monkeypatch.setenv(BINDING_ENV, "SQLean")
    assert choose_binding().name == "sqlean"
    monkeypatch.setenv(BINDING_ENV, "auto")
    assert choose_binding().vec_available
    # an explicit preference wins over the environment
    monkeypatch.setenv(BINDING_ENV, "stdlib")
    assert choose_binding("sqlean").name == "sqlean"


@pytest.mark.parametrize("value", ["postgres", "sqlite", "std lib"])
def test_an_invalid_binding_choice_is_refused(monkeypatch, value):
    monkeypatch.setenv(BINDING_ENV, value)
    with pytest.raises(ValueError, match=BINDING_ENV):
        choose_binding()
    with pytest.raises(ValueError, match=BINDING_ENV):
        choose_binding(value)


def _system_python_with_extensions() -> str:
    if not os.path.exists(SYSTEM_PYTHON):
        pytest.skip(f"{SYSTEM_PYTHON} does not exist on this machine")
    probe = subprocess.run(
        [SYSTEM_PYTHON, "-c",
         "import sqlite3, sys; print(hasattr(sqlite3.Connection, 'enable_load_extension'), "
         "'%d.%d' % sys.version_info[:2])"],
        capture_output=True, text=True, timeout=30,
    )
    if probe.returncode != 0:
        pytest.skip(f"{SYSTEM_PYTHON} does not run: {probe.stderr.strip()}")
    can_load, version = probe.stdout.split()
    if can_load != "True":
        pytest.skip(f"{SYSTEM_PYTHON}'s sqlite3 lacks enable_load_extension")
    if version != "%d.%d" % sys.version_info[:2]:
        pytest.skip(f"{SYSTEM_PYTHON} is Python {version}; the venv's packages are for another version")
    return SYSTEM_PYTHON


def test_stdlib_with_extension_loading_uses_stdlib_and_vectors(tmp_path):
    python = _system_python_with_extensions()
    code = textwrap.dedent(
        """
        import json, site, sys
        site.addsitedir(sys.argv[1])
        from memrev.core.model import Entry
        from memrev.core.store.memory_store import MemoryStore
        with MemoryStore(sys.argv[2]) as store:
            store.apply([Entry(id="m-a", text="Run database migrations before deploy."),
                         Entry(id="m-b", text="The office cat is called Biscuit.")], actor="t")
            print(json.dumps({
                "binding": store.binding.name,
                "module": store.binding.module.__name__,
                "semantic": store.semantic_enabled,
                "neighbours": store.neighbours("database migrations before deploy", k=2),
                "search": store.search("Biscuit"),
            }))
        """
    )
    env = {k: v for k, v in os.environ.items() if k not in (BINDING_ENV, "MEMREV_DB", "PYTHONPATH", "VIRTUAL_ENV")}
    run = subprocess.run(
        [python, "-c", code, sysconfig.get_paths()["purelib"], str(tmp_path / "m.db")],
        capture_output=True, text=True, env=env, timeout=60,
    )
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["binding"] == "stdlib"
    assert report["module"] == "sqlite3"
    assert report["semantic"] is True
    assert [entry_id for entry_id, _ in report["neighbours"]][0] == "m-a"
    assert report["search"] == ["m-b"]

    # the file it wrote is an ordinary memrev database for the sqlean path too
    with MemoryStore(tmp_path / "m.db") as store:
        assert {e.id for e in store.entries()} == {"m-a", "m-b"}
        assert store.neighbours("database migrations before deploy", k=1)[0][0] == "m-a"


def test_a_vector_database_read_without_vectors_then_backfilled(tmp_path, stdlib_without_vec):
    path = tmp_path / "m.db"
    with MemoryStore(path) as store:
        assert store.semantic_enabled
        store.apply([Entry(id="m-old", text="The office cat is called Biscuit."),
                     Entry(id="m-keep", text="Team lunch is on Fridays.")], actor="t")

    # an interpreter that cannot load sqlite-vec still reads and writes the file
    with MemoryStore(path, binding=stdlib_without_vec) as plain:
        assert {e.id for e in plain.entries()} == {"m-old", "m-keep"}
        assert plain.search("Biscuit") == ["m-old"]
        plain.apply([Entry(id="m-new", text="Run database migrations before every deploy.")], actor="t")
        plain.apply([Entry(id="m-old", text="Rotate the staging credentials every month.")], actor="t")
        plain.revoke("m-keep", by="m-new", actor="t", reason="r")

    # back on sqlean: the entries written while vectors were off are found by meaning
    with MemoryStore(path) as store:
        assert store.semantic_enabled
        [(nearest, distance)] = store.neighbours("Run database migrations before every deploy.", k=1)
        assert nearest == "m-new" and distance == pytest.approx(0.0, abs=1e-5)
        # and a text revised while vectors were off is not found under its old meaning
        [(nearest, distance)] = store.neighbours("Rotate the staging credentials every month.", k=1)
        assert nearest == "m-old" and distance == pytest.approx(0.0, abs=1e-5)
        old = dict(store.neighbours("The office cat is called Biscuit.", k=3))
        assert old["m-old"] > 0.5
        assert store.get("m-keep").status is Status.REVOKED
        assert store.get("m-keep").links == (Link(LinkKind.REVOKED_BY, "m-new", "r"),)
        vectors = store.conn.execute("select count(*) from entry_vectors").fetchone()[0]
        assert vectors == store.count() == 3


def test_changing_the_embedder_rebuilds_the_vectors(tmp_path):
    from memrev.core.store.embedding import HashingEmbedder

    path = tmp_path / "m.db"
    with MemoryStore(path) as store:
        store.apply([Entry(id="m-a", text="Run database migrations before deploy."),
                     Entry(id="m-b", text="The office cat is called Biscuit.")], actor="t")
    with MemoryStore(path, embedder=HashingEmbedder(64)) as store:
        assert store.conn.execute("select value from meta where key = 'embedder'").fetchone()[0] == "hashing-v1-64"
        assert store.neighbours("database migrations before deploy", k=1)[0][0] == "m-a"
        assert store.conn.execute("select count(*) from entry_vectors").fetchone()[0] == 2

