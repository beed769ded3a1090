"""Hermes's pending memory writes: imported as staged entries, approved or rejected through Hermes's lock and format."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from memrev.core.sources.base import SourceRef
from memrev.core.sources.hermes import ADAPTER, parse_entries
from memrev.core.sources.hermes_pending import MARK, is_staged, pending_folder

DELIM = "\n§\n"


@pytest.fixture
def hermes(tmp_path: Path) -> Path:
    """A Hermes home with two notes in MEMORY.md, one in USER.md and an empty pending folder."""
    home = tmp_path / ".hermes"
    (home / "memories").mkdir(parents=True)
    (home / "pending" / "memory").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_text(DELIM.join(["User prefers dark mode", "Project uses Python 3.10"]),
                                                 encoding="utf-8")
    (home / "memories" / "USER.md").write_text("Name is Ada", encoding="utf-8")
    return home


def stage(home: Path, pending_id: str, action: str, *, content: str | None = None, old_text: str | None = None,
          matched: str | None = None, target: str = "memory") -> Path:
    """Write one staged record the way Hermes does (`<home>/pending/memory/<id>.json`)."""
    payload: dict[str, object] = {"action": action, "target": target, "content": content, "old_text": old_text}
    if matched is not None:
        payload["matched_entry"] = matched
    record = {"id": pending_id, "subsystem": "memory", "action": action, "summary": f"{action} to {target}",
              "origin": "background_review", "created_at": 1788943580.5, "payload": payload}
    path = home / "pending" / "memory" / f"{pending_id}.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def read(home: Path):
    return ADAPTER.read(SourceRef("hermes", home / "memories"))


def memory(home: Path, name: str = "MEMORY.md") -> list[str]:
    return parse_entries((home / "memories" / name).read_text(encoding="utf-8"))


# -- import -------------------------------------------------------------------------------------------------


def test_each_staged_write_is_an_entry_marked_staged_with_its_action_and_target(hermes: Path) -> None:
    stage(hermes, "aaaa0001", "add", content="Uses uv for envs")
    stage(hermes, "aaaa0002", "replace", content="Project uses Python 3.12", old_text="3.10",
          matched="Project uses Python 3.10")
    stage(hermes, "aaaa0003", "remove", old_text="dark", matched="User prefers dark mode")
    stage(hermes, "aaaa0004", "add", content="Prefers terse replies", target="user")
    found = read(hermes)
    staged = [n for n in found.entries if n.anchor.startswith(MARK)]
    assert [(n.text, n.attributes["action"], n.attributes["target_entry"]) for n in staged] == [
        ("Uses uv for envs", "add", ""),
        ("Project uses Python 3.12", "replace", "Project uses Python 3.10"),
        ("User prefers dark mode", "remove", "User prefers dark mode"),
        ("Prefers terse replies", "add", ""),
    ]
    assert staged[1].anchor == ('staged by Hermes: replace in MEMORY.md, pending aaaa0002, background_review; '
                                'target: "Project uses Python 3.10"')
    assert staged[3].type.value == "user" and "in USER.md" in staged[3].anchor
    assert staged[0].written_at is not None and staged[0].written_at_basis == "recorded"
    assert all(path in found.files for path in (n.file for n in staged))
    assert found.warnings == []


def test_import_through_the_store_shows_a_pending_entry_marked_staged(store, hermes: Path) -> None:
    from memrev.core.sources.sync import import_source

    stage(hermes, "bbbb0001", "add", content="Uses uv for envs")
    result = import_source(store, SourceRef("hermes", hermes / "memories"), actor="test")
    assert len(result.added) == 4
    (entry,) = [e for e in store.entries() if is_staged(e)]
    assert entry.status.value == "pending" and entry.text == "Uses uv for envs"
    assert entry.source.anchor.startswith("staged by Hermes: add in MEMORY.md, pending bbbb0001")


@pytest.mark.parametrize("name, data, message", [
    ("json.json", b"{not json", "not JSON (line 1"),
    ("utf8.json", b'{"payload": {"action": "add", "content": "caf\xe9"}}', "invalid UTF-8 at byte"),
    ("batch.json", json.dumps({"payload": {"action": "batch", "operations": [{}, {}]}}).encode(),
     "a batch of 2 operations; memrev does not decide batches yet"),
    ("odd.json", json.dumps({"payload": {"action": "append", "content": "x"}}).encode(), "unknown action 'append'"),
    ("nocontent.json", json.dumps({"payload": {"action": "add"}}).encode(), "a staged add with no content"),
    ("notarget.json", json.dumps({"payload": {"action": "remove"}}).encode(), "names no target entry"),
    ("list.json", b"[1, 2]", "no `payload` object"),
])
def test_a_bad_staged_file_is_one_warning_and_left_as_is(hermes: Path, name: str, data: bytes, message: str) -> None:
    path = hermes / "pending" / "memory" / name
    path.write_bytes(data)
    stage(hermes, "cccc0001", "add", content="Still imported")
    found = read(hermes)
    (warning,) = found.warnings
    assert str(path) in warning and message in warning and "\n" not in warning
    assert [n.text for n in found.entries if n.anchor.startswith(MARK)] == ["Still imported"]
    assert path.read_bytes() == data


def test_a_symlink_out_of_the_pending_folder_is_not_followed(hermes: Path, tmp_path: Path) -> None:
    outside = tmp_path / "secret.json"
    outside.write_text(json.dumps({"payload": {"action": "add", "content": "from outside"}}), encoding="utf-8")
    link = hermes / "pending" / "memory" / "link.json"
    link.symlink_to(outside)
    found = read(hermes)
    assert found.warnings == [f"{link}: is a symlink; memrev reads only regular staged files (left as is)"]
    assert not [n for n in found.entries if n.text == "from outside"] and link.is_symlink()


def test_a_hard_link_out_of_the_pending_folder_is_not_read(hermes: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps({"payload": {"action": "add", "content": "aliased"}}), encoding="utf-8")
    os.link(outside, hermes / "pending" / "memory" / "alias.json")
    found = read(hermes)
    assert len(found.warnings) == 1 and "hard link shared with a file outside" in found.warnings[0]
    assert not [n for n in found.entries if n.text == "aliased"]


def test_no_pending_folder_reads_as_before(hermes: Path) -> None:
    (hermes / "pending" / "memory").rmdir()
    found = read(hermes)
    assert [n.text for n in found.entries] == ["User prefers dark mode", "Project uses Python 3.10", "Name is Ada"]
    assert found.warnings == [] and pending_folder(hermes / "memories") == hermes / "pending" / "memory"
