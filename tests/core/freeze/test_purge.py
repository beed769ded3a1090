"""Purge on a real demo: every agent's native memory imported into a real store, purged, frozen and searched byte
by byte (the database, its WAL and SHM, every file of the agents' folders)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memrev.core.freeze.plan import build_plan
from memrev.core.freeze.policy import Unreviewed
from memrev.core.freeze.purge import PurgeError, preview, purge, purge_entries, select_entries, verify
from memrev.core.freeze.rollback import rollback
from memrev.core.freeze.write import freeze
from memrev.core.model import Entry, Status
from memrev.core.review.actions import ReviewError, edit, revoke
from memrev.core.review.undo import undo
from memrev.core.sources.sync import import_source
from memrev.core.store.freezes import freezes

CLAUDE_SESSION = "4f1c2a9e-demo-claude-session"


def forms(text: str) -> set[bytes]:
    """A text's bytes as a file may hold them: UTF-8, UTF-16 both ways, JSON-escaped both ways."""
    return {text.encode(), text.encode("utf-16-le"), text.encode("utf-16-be"),
            json.dumps(text)[1:-1].encode(), json.dumps(text, ensure_ascii=False)[1:-1].encode()}


def found_anywhere(world, *texts: str) -> list[str]:
    """Every file (database, WAL, SHM, journals, the agents' folders) holding any form of any text or line."""
    needles = {form for text in texts for piece in [text, *[l for l in text.splitlines() if len(l.strip()) >= 12]]
               for form in forms(piece.strip())}
    db = world.store.path
    files = [p for p in db.parent.rglob("*") if p.is_file() and not p.is_relative_to(world.root)]
    files += [p for folder in (world.root / "home", world.root / "shop") for p in folder.rglob("*")
              if p.is_file() and ".git" not in p.parts]
    return sorted(str(p) for p in files if any(needle in p.read_bytes() for needle in needles))


def native(world, kind: str, word: str) -> Entry:
    """The entry imported from a source of this kind whose text holds `word`."""
    return next(e for e in world.store.entries() if e.source.agent == kind and word in e.text and e.id.startswith("m-"))


def test_after_purge_and_freeze_no_byte_of_the_text_is_left_and_the_log_says_who_purged_it(world):
    hermes = native(world, "hermes", "DEPLOY_TOKEN")
    claude = native(world, "claude", "docker Postgres")
    revoke(world.store, [claude.id], actor="ana", reason="wrong")
    freeze(world.store, build_plan(world.store, unreviewed=Unreviewed.HOLD), actor="ana")  # snapshots hold both
    texts = [hermes.text, claude.text]
    assert found_anywhere(world, *texts), "the search sees the texts before the purge"
    report = purge_entries(world.store, [hermes.id, claude.id], actor="ana", reason="leaked a token name")
    assert report.ok and report.residue.total == 0 and report.residue.searched, report.lines()
    freeze(world.store, build_plan(world.store, unreviewed=Unreviewed.HOLD), actor="ana")
    assert found_anywhere(world, *texts) == []
    for entry_id in (hermes.id, claude.id):
        event = next(e for e in world.store.events(entry_id) if e.action == "purge")
        assert (event.actor, event.reason, event.after["status"]) == ("ana", "leaked a token name", "purged")
        assert all(e.before is None and e.after is None for e in world.store.events(entry_id)
                   if e.action not in ("purge", "purge-check"))
    assert world.store.search("DEPLOY_TOKEN") == []
    kinds = [record.kind for record in freezes(world.store)]
    assert kinds == ["freeze", "purge", "freeze"], "the purge's own write is in the freeze history"


def test_purging_a_session_removes_exactly_its_entries(world):
    before = {e.id: (e.text, e.status, e.removed_at) for e in world.store.entries()}
    selection = select_entries(world.store, session=CLAUDE_SESSION)
    chosen = {e.id for e in selection.entries}
    memory = world.sources["claude"].root
    topics_on_disk = [p for p in memory.rglob("*.md") if p.name != "MEMORY.md"]  # the session wrote every one
    assert len(chosen) == len(topics_on_disk) >= 3 and all(world.store.get(i).source.agent == "claude" for i in chosen)
    topics = {Path(world.store.get(i).source.file) for i in chosen}
    report = purge(world.store, preview(world.store, selection, actor="ana"), actor="ana")
    after = {e.id: (e.text, e.status, e.removed_at) for e in world.store.entries()}
    assert {i for i in before if after[i] != before[i]} == chosen
    assert all(after[i][:2] == ("", Status.PURGED) for i in chosen)
    team = {path for path in topics if "team" in path.parts}
    assert team and not any(path.exists() for path in topics - team) and (memory / "MEMORY.md").exists()
    # Claude's shared team/ memory is written only alongside other team entries: left, named, and counted
    assert not report.ok and report.remains == [str(path) for path in team]
    assert any(line.startswith("  remains on disk: ") and str(next(iter(team))) in line for line in report.lines())


def test_an_unknown_id_is_refused_and_nothing_changes(world):
    files, mark = world.files(), world.store.change_mark()
    with pytest.raises(PurgeError, match="no entry with id 'nope'"):
        purge_entries(world.store, [native(world, "hermes", "DEPLOY_TOKEN").id, "nope"], actor="ana")
    with pytest.raises(PurgeError, match="session 'no-such-session'"):
        select_entries(world.store, session="no-such-session")
    assert world.files() == files and world.store.change_mark() == mark


def test_purging_twice_has_nothing_left_to_do(world):
    entry = native(world, "openclaw", "flaky")
    assert purge_entries(world.store, [entry.id], actor="ana").ok
    files, mark = world.files(), world.store.change_mark()
    again = purge_entries(world.store, [entry.id], actor="ana")
    assert again.ids == [] and again.already == [entry.id] and again.ok
    assert again.summary() == "nothing to purge: 1 already purged"
    assert world.files() == files and world.store.change_mark() == mark


def test_an_agent_file_changed_since_import_keeps_the_text_on_disk_and_the_store_part_completes(world):
    entry = native(world, "hermes", "DEPLOY_TOKEN")
    memory = Path(entry.source.file)
    memory.write_text(memory.read_text(encoding="utf-8") + "\n§\nThe agent wrote this since the import.",
                      encoding="utf-8")
    changed = memory.read_bytes()
    report = purge_entries(world.store, [entry.id], actor="ana")
    assert not report.ok and memory.read_bytes() == changed
    assert [part.ref.kind for part in report.refused] == ["hermes"]
    assert "changed since memrev imported it" in report.refused[0].refused
    assert report.remains == [str(memory)], "the residue check names the file that still holds it"
    assert any("remains on disk" in line and str(memory) in line for line in report.lines())
    assert world.store.get(entry.id).text == "" and report.store.rewritten
    assert found_anywhere(world, entry.text) == [str(memory)]
    result = import_source(world.store, world.sources["hermes"], actor="ana")  # as the message says: re-import
    assert world.store.get(entry.id).text == "", "a purged text never comes back into memrev"
    assert any("still holds 1 purged entry" in warning for warning in result.read.warnings)
    freeze(world.store, build_plan(world.store, unreviewed=Unreviewed.KEEP), actor="ana")  # then freeze
    assert found_anywhere(world, entry.text) == [] and "since the import" in memory.read_text(encoding="utf-8")


def test_a_read_only_agent_file_is_left_alone_and_named(world):
    entry = native(world, "hermes", "DEPLOY_TOKEN")
    memory = Path(entry.source.file)
    memory.chmod(0o444)
    try:
        report = purge_entries(world.store, [entry.id], actor="ana")
    finally:
        memory.chmod(0o644)
    assert "read-only" in report.refused[0].refused and str(memory) in report.refused[0].refused
    assert entry.text in memory.read_text(encoding="utf-8") and world.store.get(entry.id).text == ""
    assert report.remains == [str(memory)]


def test_undo_cannot_bring_a_purged_text_back(world):
    entry = native(world, "openclaw", "flaky")
    edit(world.store, entry.id, entry.text + " Checked by Ana.", actor="ana")
    purge_entries(world.store, [entry.id], actor="ana")
    with pytest.raises(ReviewError, match="nothing to undo"):
        undo(world.store, actor="ana")
    assert world.store.get(entry.id).text == "" and found_anywhere(world, entry.text) == []


def test_a_rollback_after_a_purge_puts_the_files_back_without_the_text(world):
    entry = native(world, "hermes", "DEPLOY_TOKEN")
    revoke(world.store, [entry.id], actor="ana", reason="the token moved")
    first = freeze(world.store, build_plan(world.store, unreviewed=Unreviewed.HOLD), actor="ana")
    memory = Path(entry.source.file)
    assert entry.text not in memory.read_text(encoding="utf-8")  # the freeze left it out; its `before` holds it
    assert purge_entries(world.store, [entry.id], actor="ana").ok
    rollback(world.store, first.freeze_id, actor="ana")
    restored = memory.read_text(encoding="utf-8")
    assert "shop export" in restored, "the other entries are back as they were before the freeze"
    assert found_anywhere(world, entry.text) == []


def test_a_codex_correction_note_that_quotes_the_text_loses_it(world):
    entry = native(world, "codex", "flaky")
    revoke(world.store, [entry.id], actor="ana", reason="wrong")
    freeze(world.store, build_plan(world.store, unreviewed=Unreviewed.HOLD), actor="ana")
    notes = list((world.sources["codex"].root / "extensions" / "ad_hoc" / "notes").glob("memrev-correction-*.md"))
    assert notes and "Forget" in notes[0].read_text(encoding="utf-8")
    report = purge_entries(world.store, [entry.id], actor="ana")
    assert report.ok, report.lines()
    assert not notes[0].exists() and found_anywhere(world, entry.text) == []


def test_verify_shows_where_an_entry_not_purged_is_and_what_a_purge_recorded(world):
    entry = native(world, "hermes", "DEPLOY_TOKEN")
    before = verify(world.store, entry.id)
    assert before.found and str(Path(entry.source.file)) in [hit.path for hit in before.residue.hits]
    purge_entries(world.store, [entry.id], actor="ana", reason="why not")
    after = verify(world.store, entry.id)
    assert after.residue is None and "purged (by ana" in after.what
    assert any("found 0 in" in line for line in after.recorded)
    assert verify(world.store, text=entry.text).found == 0
    assert verify(world.store, text="The shop CLI exports CSV with `shop export`.").found > 0


def test_the_other_entries_of_the_file_stay_byte_for_byte_in_their_order(world):
    entry = native(world, "hermes", "DEPLOY_TOKEN")
    memory = Path(entry.source.file)
    pieces = ["The agent's first note, before it.", entry.text, "Another note, written after it.",
              *[p for p in memory.read_text(encoding="utf-8").split("\n§\n") if p != entry.text]]
    memory.write_text("\n§\n".join(pieces), encoding="utf-8")
    import_source(world.store, world.sources["hermes"], actor="import")
    assert purge_entries(world.store, [entry.id], actor="ana").ok
    assert memory.read_text(encoding="utf-8") == "\n§\n".join(p for p in pieces if p != entry.text)
