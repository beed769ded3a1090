"""The residue check finds a text in every form a file may hold it, and searches every file memrev keeps or knows."""

from __future__ import annotations

import base64
import json
from pathlib import Path

from memrev.core.freeze.residue import known_files, search
from memrev.core.store.scrub import needle_texts

TEXT = "Ünïcödé note: the \"staging\" password hint is in Priya's drawer.\nSecond line long enough to count."


def test_each_form_is_found_in_a_real_file(tmp_path: Path):
    needles = needle_texts([TEXT])
    samples = {
        "utf8.md": TEXT.encode(),
        "utf16le.bin": b"\xff\xfe" + TEXT.encode("utf-16-le"),
        "utf16be.bin": TEXT.encode("utf-16-be"),
        "json-ascii.json": json.dumps({"text": TEXT}).encode(),
        "json.json": json.dumps({"text": TEXT}, ensure_ascii=False).encode(),
        "undo.sql": ("insert into entries values ('" + TEXT.replace("'", "''") + "')").encode(),
        "split.bin": b"\x00" * 100 + "Second line long enough to count.".encode() + b"\x00" * 100,
        "clean.md": b"nothing of it here",
    }
    for name, data in samples.items():
        (tmp_path / name).write_bytes(data)
    report = search(sorted(tmp_path.iterdir()), needles)
    found = {Path(hit.path).name: hit.forms for hit in report.hits}
    assert set(found) == set(samples) - {"clean.md"}
    assert "utf-16-le" in found["utf16le.bin"] and "utf-16-be" in found["utf16be.bin"]
    assert "json-ascii" in found["json-ascii.json"] and "sql" in found["undo.sql"]
    assert len(report.searched) == len(samples) and report.total > len(samples)


def test_a_journal_is_searched_with_the_file_bytes_it_saved(tmp_path: Path):
    journals = tmp_path / "writeback"
    journals.mkdir()
    step = {"path": "/x/MEMORY.md", "before": base64.b64encode(TEXT.encode()).decode(), "after": "0" * 64}
    (journals / "freeze-1.json").write_text(json.dumps({"root": "/x", "steps": [step]}), encoding="utf-8")
    assert TEXT.encode() not in (journals / "freeze-1.json").read_bytes()
    report = search([journals / "freeze-1.json", tmp_path / "absent.db"], needle_texts([TEXT]))
    assert [Path(hit.path).name for hit in report.hits] == ["freeze-1.json"]
    assert report.searched == [str(journals / "freeze-1.json")], "a file that is not there is not counted"


def test_the_files_searched_are_the_database_its_wal_and_shm_the_journals_and_every_agent_file(world):
    db = world.store.path.resolve()
    (db.parent / "writeback").mkdir(exist_ok=True)
    (db.parent / "writeback" / "left-by-a-kill.json").write_text("{}", encoding="utf-8")
    (db.parent / f"{db.name}.bak").write_bytes(b"a backup someone made")
    files = {str(path) for path in known_files(world.store)}
    assert {str(db), f"{db}-wal", f"{db}-shm", f"{db}.bak", str(db.parent / "writeback" / "left-by-a-kill.json")} <= files
    hermes = world.sources["hermes"].root
    assert {str(hermes / "MEMORY.md"), str(hermes / "USER.md")} <= files
    claude = world.sources["claude"].root
    assert str(claude / "MEMORY.md") in files and any("team" in path for path in files)
