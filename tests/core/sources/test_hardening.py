"""Importer hardening on real folders: a memory folder that is a home or the root, hard links out of the folder,
Hermes's sticky profile, and environment paths used exactly as given."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from memrev.core.model import Entry, EntryType, Scope, Source
from memrev.core.sources.base import SourceRef
from memrev.core.sources.claude import ClaudeAdapter
from memrev.core.sources.codex import ADAPTER as CODEX
from memrev.core.sources.hermes import ADAPTER as HERMES
from memrev.core.sources.openclaw import ADAPTER as OPENCLAW


def topic(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(f"---\nname: {name}\ndescription: {text}\ntype: feedback\n---\n{text}\n")
    return path


def test_a_memory_folder_of_home_or_root_is_refused_in_one_line(tmp_path):
    home = tmp_path / "home"
    topic(home, "notes.md", "A file in the home folder that is no memory.")  # the folder looks like memory
    adapter = ClaudeAdapter(home=home, env={})
    for given in (home, Path("/"), tmp_path):
        with pytest.raises(ValueError) as refused:
            adapter.source_for("claude", given)
        assert "may not be" in str(refused.value) and "\n" not in str(refused.value)
    with pytest.raises(ValueError, match="a home folder"):
        adapter.read(SourceRef("claude", home))


def test_an_auto_memory_directory_setting_of_home_is_refused_not_imported(tmp_path):
    home, project = tmp_path / "home", tmp_path / "src" / "app"
    project.mkdir(parents=True)
    topic(home, "notes.md", "A file in the home folder that is no memory.")
    (home / ".claude").mkdir()
    settings = home / ".claude" / "settings.json"
    env = {"MEMREV_CLAUDE_MANAGED_DIR": str(tmp_path / "managed")}
    adapter = ClaudeAdapter(home=home, env=env)
    settings.write_text(json.dumps({"autoMemoryDirectory": "~"}))  # Claude ignores a bare `~`: so does memrev
    assert [ref.root for ref in adapter.discover(cwd=project, home=home, env=env) if ref.kind == "claude"] == []
    settings.write_text(json.dumps({"autoMemoryDirectory": str(home)}))  # the same folder spelt out
    refs = [ref for ref in adapter.discover(cwd=project, home=home, env=env) if ref.kind == "claude"]
    assert [ref.root for ref in refs] == [home.resolve()]
    with pytest.raises(ValueError, match=r"may not be a home folder .*refused, nothing read"):
        adapter.read(refs[0])


def test_a_hard_link_to_a_file_outside_is_skipped_and_never_written(tmp_path):
    memdir, outside = tmp_path / "p" / "memory", tmp_path / "secret_key.md"
    topic(memdir, "feedback_ok.md", "Run the linter before pushing.")
    outside.write_text("---\nname: key\ntype: user\n---\nPRIVATE KEY MATERIAL\n")
    os.link(outside, memdir / "feedback_alias.md")
    topic(memdir, "feedback_twin.md", "A file with two names, both inside.")
    os.link(memdir / "feedback_twin.md", memdir / "feedback_twin_copy.md")
    adapter, ref = ClaudeAdapter(home=tmp_path / "home", env={}), SourceRef("claude", memdir)
    read = adapter.read(ref)
    assert sorted(n.file.name for n in read.entries) == ["feedback_ok.md", "feedback_twin.md",
                                                          "feedback_twin_copy.md"]
    assert [w for w in read.warnings if "hard link" in w] == [
        f"{memdir / 'feedback_alias.md'}: a hard link shared with a file outside {memdir} (2 links, 1 inside); "
        "not read, written or deleted"]
    assert not [n for n in read.entries if "PRIVATE" in n.text]
    fresh = Entry(id="m-new", text="Alias the key here.", type=EntryType.FEEDBACK, scope=Scope(),
                  source=Source(agent="claude"))
    adapter.write(ref, [fresh], expected=read)  # every read entry dropped, one added
    assert outside.read_text().endswith("PRIVATE KEY MATERIAL\n")
    assert (memdir / "feedback_alias.md").exists() and os.stat(outside).st_nlink == 2


def test_a_hermes_file_hard_linked_outside_gives_no_entries_and_is_never_rewritten(tmp_path):
    memories, outside = tmp_path / ".hermes" / "memories", tmp_path / "elsewhere.txt"
    memories.mkdir(parents=True)
    outside.write_text("ssh-ed25519 AAAA private\n§\nanother line")
    os.link(outside, memories / "MEMORY.md")
    ref = SourceRef("hermes", memories)
    read = HERMES.read(ref)
    assert read.entries == [] and any("hard link shared with a file outside" in w for w in read.warnings)
    entry = Entry(id="m-h", text="Prefers terse replies.", scope=Scope(), source=Source(agent="hermes"))
    with pytest.raises(ValueError, match="nothing written"):
        HERMES.write(ref, [entry], expected=read)
    assert outside.read_text() == "ssh-ed25519 AAAA private\n§\nanother line"


def test_an_openclaw_file_hard_linked_outside_is_skipped(tmp_path):
    workspace, outside = tmp_path / "ws", tmp_path / "diary.md"
    (workspace / "memory").mkdir(parents=True)
    (workspace / "MEMORY.md").write_text("- Deploys go through the staging queue.\n")
    outside.write_text("- Private diary line.\n")
    os.link(outside, workspace / "memory" / "2026-08-01.md")
    read = OPENCLAW.read(OPENCLAW.source_for("openclaw", workspace))
    assert [n.text for n in read.entries] == ["Deploys go through the staging queue."]
    assert any("2026-08-01.md: a hard link shared" in w for w in read.warnings)


def test_environment_paths_are_used_exactly_as_given(tmp_path):
    home, cwd = tmp_path / "home", tmp_path / "cwd"
    cwd.mkdir()
    codex_spaced, codex_plain = tmp_path / "codex ", tmp_path / "codex"
    for folder, text in ((codex_spaced, "spaced"), (codex_plain, "plain")):
        (folder / "memories").mkdir(parents=True)
        (folder / "memories" / "memory_summary.md").write_text(f"v1\nThe {text} home.\n")
    refs = [ref for ref in CODEX.discover(cwd=cwd, home=home, env={"CODEX_HOME": str(codex_spaced)})
            if ref.kind == "codex"]
    assert [ref.root for ref in refs] == [codex_spaced / "memories"]
    hermes_spaced = tmp_path / " hermes"
    (hermes_spaced / "memories").mkdir(parents=True)
    (tmp_path / "hermes" / "memories").mkdir(parents=True)
    refs = HERMES.discover(cwd=tmp_path, home=home, env={"HERMES_HOME": " hermes"})
    assert [ref.root for ref in refs] == [hermes_spaced / "memories"]
    workspace = tmp_path / "ws "
    workspace.mkdir()
    (workspace / "MEMORY.md").write_text("- The spaced workspace.\n")
    (tmp_path / "ws").mkdir()
    (tmp_path / "ws" / "MEMORY.md").write_text("- The plain workspace.\n")
    refs = OPENCLAW.discover(cwd=tmp_path, home=home, env={"OPENCLAW_WORKSPACE": "ws "})
    assert [ref.root for ref in refs] == [workspace]
    assert [n.text for n in OPENCLAW.read(refs[0]).entries] == ["The spaced workspace."]

