"""Claude Code's newest topic-file shapes on real folders: nested `metadata:` types, `modified`, `pinned`, `[[name]]`
links, the variant with no MEMORY.md, and write-back that changes only the bytes memrev means to change."""

from __future__ import annotations

import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from memrev.core.model import EntryType
from memrev.core.sources.base import SourceRead, SourceRef
from memrev.core.sources.claude import ClaudeAdapter
from memrev.core.sources.reconcile import reconcile

SHAPES = Path(__file__).resolve().parents[2] / "fixtures" / "claude" / "shapes"


@pytest.fixture
def adapter(tmp_path) -> ClaudeAdapter:
    return ClaudeAdapter(home=tmp_path / "home", env={})


def folder(tmp_path: Path, name: str) -> Path:
    """A copy of one fixture folder, named `memory` as Claude names it."""
    target = tmp_path / name / "memory"
    shutil.copytree(SHAPES / name, target)
    return target


def snapshot(memdir: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(memdir.rglob("*")) if path.is_file()}


def natives(read: SourceRead) -> dict[str, object]:
    return {native.file.name: native for native in read.entries}


def entries(read: SourceRead) -> list:
    return reconcile(read, []).entries


def test_both_type_shapes_times_pins_and_links_are_read(tmp_path, adapter):
    memdir = folder(tmp_path, "indexed")
    found = natives(adapter.read(SourceRef("claude", memdir)))
    staging, freeze = found["feedback_staging_db.md"], found["project_payments_freeze.md"]
    tone, oncall = found["user_review_tone.md"], found["reference_oncall.md"]
    assert (staging.type, freeze.type, tone.type, oncall.type) == (
        EntryType.FEEDBACK, EntryType.PROJECT, EntryType.USER, EntryType.REFERENCE)
    assert staging.attributes["type_at"] == "metadata.type" and freeze.attributes["type_at"] == "type"
    assert staging.written_at == datetime(2026, 7, 21, 9, 14, 3, tzinfo=timezone.utc)
    assert staging.written_at_basis == "recorded"
    assert freeze.written_at == datetime(2026, 7, 28, 16, 40, 12, 250000, tzinfo=timezone.utc)
    assert oncall.written_at_basis == "mtime"  # no `modified`: the file time is all there is
    assert (freeze.attributes["pinned"], tone.attributes["pinned"]) == ("yes", "yes")
    assert "pinned" not in staging.attributes
    assert staging.attributes["links"].split("\n") == ["project_payments_freeze", "staging_seeds"]
    assert tone.attributes["links"] == "Payments freeze"
    assert "links" not in oncall.attributes  # `[[...]]` inside a code span is code, not a link
    assert oncall.attributes["description"] == "Paging runbook for incident #42 # and later ones"


def test_a_link_to_no_memory_is_a_warning_naming_the_file(tmp_path, adapter):
    memdir = folder(tmp_path, "indexed")
    read = adapter.read(SourceRef("claude", memdir))
    links = [warning for warning in read.warnings if "links to [[" in warning]
    assert links == [f"{memdir / 'feedback_staging_db.md'}: links to [[staging_seeds]], which is no memory in {memdir}"]


def test_more_than_four_pinned_memories_is_a_warning(tmp_path, adapter):
    memdir = folder(tmp_path, "indexed")
    for number in range(2):
        (memdir / f"project_pin_{number}.md").write_text(
            f"---\nname: Pin {number}\nmetadata:\n  type: project\n  pinned: true\n---\nPinned note {number}.\n")
    assert not [w for w in adapter.read(SourceRef("claude", memdir)).warnings if "memories are pinned" in w]  # four: fine
    (memdir / "project_pin_2.md").write_text("---\nname: Pin 2\ntype: project\npinned: yes\n---\nPinned note 2.\n")
    pinned = [w for w in adapter.read(SourceRef("claude", memdir)).warnings if "memories are pinned" in w]
    assert len(pinned) == 1 and pinned[0].startswith(f"{memdir}: 5 memories are pinned (")
    assert "at most 4 pinned" in pinned[0]


@pytest.mark.parametrize("name", ["indexed", "generated"])
def test_writing_back_unchanged_entries_keeps_every_byte(tmp_path, adapter, name):
    memdir = folder(tmp_path, name)
    crlf = memdir / "user_crlf.md"
    crlf.write_bytes(b"---\r\nname: CRLF\r\nmetadata: {type: user}\r\nmodified: 2026-08-01T00:00:00Z\r\n---\r\n"
                     b"Written on Windows.\r\n")
    before = snapshot(memdir)
    read = adapter.read(SourceRef("claude", memdir))
    result = adapter.write(SourceRef("claude", memdir), entries(read), expected=read)
    assert result.written == [] and result.removed == []
    assert snapshot(memdir) == before


def test_an_edited_text_changes_only_the_body_and_the_modified_value(tmp_path, adapter):
    memdir = folder(tmp_path, "indexed")
    path = memdir / "feedback_staging_db.md"
    old = path.read_text()
    read = adapter.read(SourceRef("claude", memdir))
    new_text = "Staging tests run against the shared Postgres on db-stage-3."
    edited = [e.evolve(text=new_text) if e.source.file == str(path) else e for e in entries(read)]
    start = datetime.now(timezone.utc).replace(microsecond=0)
    adapter.write(SourceRef("claude", memdir), edited, expected=read)
    text = path.read_text()
    old_front, new_front = old.split("---\n")[1], text.split("---\n")[1]
    changed = [(a, b) for a, b in zip(old_front.splitlines(), new_front.splitlines()) if a != b]
    assert len(old_front.splitlines()) == len(new_front.splitlines())
    assert len(changed) == 1 and changed[0][1].startswith("modified: ") and changed[0][1].endswith("Z")
    assert datetime.fromisoformat(changed[0][1][len("modified: "):].replace("Z", "+00:00")) >= start
    assert text.endswith(f"---\n{new_text}\n")
    again = natives(adapter.read(SourceRef("claude", memdir)))["feedback_staging_db.md"]
    assert again.text == new_text and again.written_at >= start and again.written_at_basis == "recorded"


def test_a_changed_type_is_set_where_the_file_keeps_it(tmp_path, adapter):
    memdir = folder(tmp_path, "indexed")
    before = {name: (memdir / name).read_text() for name in
              ("user_review_tone.md", "reference_oncall.md", "project_payments_freeze.md")}
    read = adapter.read(SourceRef("claude", memdir))
    retyped = {"user_review_tone.md": EntryType.FEEDBACK, "reference_oncall.md": EntryType.PROJECT,
               "project_payments_freeze.md": EntryType.REFERENCE}
    adapter.write(SourceRef("claude", memdir), [e.evolve(type=retyped.get(Path(e.source.file).name, e.type))
                                                for e in entries(read)], expected=read)
    assert (memdir / "user_review_tone.md").read_text() == before["user_review_tone.md"].replace(
        "metadata: {type: user, pinned: true}", "metadata: {type: feedback, pinned: true}")
    assert (memdir / "reference_oncall.md").read_text() == before["reference_oncall.md"].replace(
        "  type: reference\n", "  type: project\n")
    freeze = (memdir / "project_payments_freeze.md").read_text()
    old_lines, new_lines = before["project_payments_freeze.md"].splitlines(), freeze.splitlines()
    assert [(a, b) for a, b in zip(old_lines, new_lines) if a != b][0] == ("type: project", "type: reference")
    assert new_lines[5].startswith("modified: 20") and new_lines[5].endswith("Z") and "." in new_lines[5]
    again = natives(adapter.read(SourceRef("claude", memdir)))
    assert {name: again[name].type for name in retyped} == retyped


def test_the_variant_without_an_index_gets_no_memory_md(tmp_path, adapter):
    memdir = folder(tmp_path, "generated")
    read = adapter.read(SourceRef("claude", memdir))
    assert {native.attributes["indexed"] for native in read.entries} == {"generated"}
    assert not read.warnings
    from memrev.core.model import Entry, Scope, Source

    fresh = Entry(id="m-fresh", text="Tag releases as vYYYY.MM.DD.", type=EntryType.PROJECT, scope=Scope(),
                  source=Source(agent="claude"))
    kept = [e for e in entries(read) if not e.source.file.endswith("project_branches.md")]
    result = adapter.write(SourceRef("claude", memdir), [*kept, fresh], expected=read)
    assert not (memdir / "MEMORY.md").exists()
    assert [path.name for path in result.removed] == ["project_branches.md"]
    created = [path for path in result.written if path.name.startswith("project_")]
    text = created[0].read_text()
    assert "\nmetadata:\n  type: project\nmodified: " in text  # the folder's shape: nested type, a modified time
    again = natives(adapter.read(SourceRef("claude", memdir)))
    assert again[created[0].name].type == EntryType.PROJECT and again[created[0].name].written_at_basis == "recorded"


def test_an_empty_folder_still_gets_an_index_for_its_first_memory(tmp_path, adapter):
    memdir = tmp_path / "p" / "memory"
    memdir.mkdir(parents=True)
    (memdir / "MEMORY.md").write_text("")
    (memdir / "MEMORY.md").unlink()
    read = adapter.read(SourceRef("claude", memdir))
    from memrev.core.model import Entry, Scope, Source

    fresh = Entry(id="m-first", text="Use UTC in logs.", type=EntryType.FEEDBACK, scope=Scope(),
                  source=Source(agent="claude"))
    adapter.write(SourceRef("claude", memdir), [fresh], expected=read)
    assert (memdir / "MEMORY.md").read_text().startswith("- [Use UTC in logs.](feedback_use_utc_in.md)")


def test_an_unknown_frontmatter_key_is_reported_once_and_kept_on_write_back(tmp_path, adapter):
    memdir = folder(tmp_path, "indexed")
    (memdir / "project_second.md").write_text("---\nname: Second\norigin: dream\ntype: project\n---\nAnother.\n")
    read = adapter.read(SourceRef("claude", memdir))
    unknown = [w for w in read.warnings if "unknown to memrev" in w]
    assert unknown == [
        f"{memdir / 'feedback_staging_db.md'} (and 1 more file): frontmatter key 'origin' is unknown to memrev; "
        "kept untouched on write-back",
        f"{memdir / 'feedback_staging_db.md'}: frontmatter key 'metadata.confidence' is unknown to memrev; "
        "kept untouched on write-back"]
    path = memdir / "feedback_staging_db.md"
    old = path.read_text()
    changed = [e.evolve(text="Staging runs on db-stage-4.", type=EntryType.PROJECT)
               if e.source.file == str(path) else e for e in entries(read)]
    adapter.write(SourceRef("claude", memdir), changed, expected=read)
    new = path.read_text()
    for line in ("# written by the extraction pass", "metadata:", "  confidence: medium", "origin: session-extraction"):
        assert line in new.splitlines()
    old_keys = [line.split(":")[0] for line in old.split("---\n")[1].splitlines()]
    new_keys = [line.split(":")[0] for line in new.split("---\n")[1].splitlines()]
    assert new_keys == old_keys  # same keys, same order, the type changed where it stood
    assert "  type: project\n" in new and new.endswith("---\nStaging runs on db-stage-4.\n")
