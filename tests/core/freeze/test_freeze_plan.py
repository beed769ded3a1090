"""The freeze preview and the freeze itself on every agent's real files: policy, bytes, caps, drift."""

from __future__ import annotations

import pytest

from memrev.core.freeze.plan import build_plan
from memrev.core.freeze.policy import Unreviewed
from memrev.core.freeze.write import FreezeRefused, freeze, refusal
from memrev.core.model import Status
from memrev.core.review.actions import confirm, revoke
from memrev.core.sources.hermes_pending import is_staged
from memrev.core.sources.sync import import_source
from memrev.core.store.freezes import freezes

KINDS = ["claude", "claude-md", "codex", "agents-md", "hermes", "openclaw"]


def live(world, kind):
    """The entries of one source the store holds as loadable now."""
    ref = world.sources[kind]
    return [e for e in world.store.entries() if e.source.agent == kind and e.removed_at is None
            and e.status not in (Status.REVOKED, Status.SUPERSEDED, Status.PURGED, Status.BLOCKED)
            and str(ref.root) in (e.source.file or "")]


def test_a_freeze_refuses_while_entries_need_a_person_and_writes_nothing(world):
    before = world.files()
    plan = build_plan(world.store)
    assert plan.needs_person, "the demo has open conflicts a person must settle"
    why = refusal(plan)
    assert all(choice.entry.id in why for choice in plan.needs_person)
    with pytest.raises(FreezeRefused, match="need a person"):
        freeze(world.store, plan, actor="ana")
    assert world.files() == before
    assert freezes(world.store) == []


def test_settling_the_conflicts_lets_the_freeze_through(world):
    plan = build_plan(world.store)
    ids = [choice.entry.id for choice in plan.needs_person]
    confirm(world.store, ids, actor="ana")
    assert build_plan(world.store).needs_person == []


@pytest.mark.parametrize("kind", KINDS)
def test_the_preview_is_byte_for_byte_what_the_freeze_writes_and_importing_it_gives_the_reviewed_set(world, kind):
    victim = live(world, kind)[0]
    revoke(world.store, [victim.id], actor="ana", reason="wrong")
    plan = build_plan(world.store, only=[world.sources[kind]], unreviewed=Unreviewed.HOLD)
    [source] = plan.sources
    assert source.problem is None, source.problem
    assert source.changed, f"revoking an entry of {kind} must change a file"
    assert victim.id in [choice.entry.id for choice in source.left_out]
    outcome = freeze(world.store, plan, actor="ana")
    for path in source.changed:
        expected = source.after[path]
        assert (path.read_bytes() if path.exists() else None) == expected
    import_source(world.store, source.ref, actor="import")
    held = {choice.entry.id for choice in source.choices if choice.held}  # out of the files, still in review
    written = [e for e in source.kept if not is_staged(e)]  # a staged Hermes write waits in its queue, unwritten
    assert sorted(e.text for e in live(world, kind) if e.id not in held) == sorted(e.text for e in written)
    assert outcome.freeze_id == freezes(world.store)[0].id


def test_hermes_is_previewed_as_hermes_prints_its_frozen_block(world):
    plan = build_plan(world.store, agent="hermes", unreviewed=Unreviewed.HOLD)
    memory = plan.sources[0].loaded.parts[0]
    entries = ["The shop CLI exports CSV with `shop export`.", "Deploys need the DEPLOY_TOKEN environment variable set."]
    content = "\n§\n".join(entries)
    separator = "═" * 46
    header = f"MEMORY (your personal notes) [{int(len(content) / 2200 * 100)}% — {len(content):,}/2,200 chars]"
    assert memory.text == f"{separator}\n{header}\n{separator}\n{content}"
    user = plan.sources[0].loaded.parts[1]
    assert user.text.splitlines()[1].startswith("USER PROFILE (who the user is) [")
    assert [(cap.used, cap.limit) for cap in memory.caps] == [(len(content), 2200)]


def test_claude_loads_the_index_and_only_recalls_topic_files(world):
    instructions, memdir = build_plan(world.store, agent="claude", unreviewed=Unreviewed.HOLD).sources
    if instructions.ref.kind == "claude":
        instructions, memdir = memdir, instructions
    assert instructions.loaded.parts and instructions.loaded.parts[0].title.endswith("CLAUDE.md")
    index = memdir.loaded.parts[0]
    assert index.title.endswith("MEMORY.md")
    assert {cap.name: cap.limit for cap in index.caps} == {"lines": 200, "size": 25_000}
    topics = sorted(str(p) for p in memdir.ref.root.rglob("*.md") if p.name != "MEMORY.md")
    assert sorted(memdir.loaded.on_demand) == topics and len(topics) >= 3


def test_a_snapshot_over_the_agents_cap_is_refused_never_cut(world):
    ref = world.sources["hermes"]
    (ref.root.parent / "config.yaml").write_text("memory:\n  memory_char_limit: 60\n", encoding="utf-8")
    before = world.files()
    plan = build_plan(world.store, agent="hermes", unreviewed=Unreviewed.HOLD)
    [source] = plan.sources
    assert source.problem and "60" in source.problem
    assert "leave out" in source.problem
    with pytest.raises(FreezeRefused):
        freeze(world.store, plan, actor="ana")
    assert world.files() == before


def test_an_agent_write_between_preview_and_freeze_is_refused_and_nothing_is_written(world):
    for kind in ("hermes", "openclaw"):
        revoke(world.store, [live(world, kind)[0].id], actor="ana", reason="wrong")
    plan = build_plan(world.store, unreviewed=Unreviewed.HOLD)
    memory = world.sources["hermes"].root / "MEMORY.md"
    memory.write_text(memory.read_text(encoding="utf-8") + "\n§\nWritten by Hermes meanwhile.", encoding="utf-8")
    before = world.files()
    with pytest.raises(FreezeRefused, match="changed since"):
        freeze(world.store, plan, actor="ana")
    assert world.files() == before
    assert "Written by Hermes meanwhile." in memory.read_text(encoding="utf-8")


def test_a_deleted_source_folder_is_named_and_blocks_the_freeze(world):
    import shutil

    shutil.rmtree(world.sources["openclaw"].root)
    plan = build_plan(world.store, unreviewed=Unreviewed.HOLD)
    assert any("openclaw" in line for line in plan.problems)
    with pytest.raises(FreezeRefused, match="openclaw"):
        freeze(world.store, plan, actor="ana")


def test_unknown_frontmatter_and_comments_are_left_as_the_agent_wrote_them(world):
    memdir = world.sources["claude"].root
    topic = memdir / "project_price_helpers.md"
    text = topic.read_text(encoding="utf-8").replace("type: project\n", "type: project\nreviewed_by: ana # keep\n")
    topic.write_text(text + "<!-- trailing note the agent left -->\n", encoding="utf-8")
    workspace = world.sources["openclaw"].root / "MEMORY.md"
    workspace.write_text("# Preferences\n\n- Ana likes small pull requests.\n- Ana reviews on Fridays.\n\n"
                         "<!-- keep: owner note -->\n",
                         encoding="utf-8")
    for kind in ("claude", "openclaw"):
        import_source(world.store, world.sources[kind], actor="import")
    revoke(world.store, [next(e.id for e in live(world, "claude") if "Postgres" in e.text or "docker" in e.text)],
           actor="ana", reason="moved to sqlite")
    revoke(world.store, [next(e.id for e in live(world, "openclaw") if "Fridays" in e.text)], actor="ana",
           reason="not any more")
    kept_topic = topic.read_bytes()
    plan = build_plan(world.store, only=[world.sources["claude"]], unreviewed=Unreviewed.HOLD)
    freeze(world.store, plan, actor="ana")
    plan = build_plan(world.store, agent="openclaw", unreviewed=Unreviewed.HOLD)
    freeze(world.store, plan, actor="ana")
    assert topic.read_bytes() == kept_topic
    after = workspace.read_text(encoding="utf-8")
    assert "Fridays" not in after and "<!-- keep: owner note -->" in after and "small pull requests" in after


def test_codex_corrections_also_go_where_codex_reads_them_an_ad_hoc_note(world):
    from memrev.core.review.actions import edit

    ref = world.sources["codex"]
    entries = live(world, "codex")
    wrong = next(e for e in entries if "uv only" in e.text)
    revoke(world.store, [wrong.id], actor="ana", reason="the shop moved to pip-tools")
    rewritten = next(e for e in entries if "directly" in e.text)
    edit(world.store, rewritten.id, rewritten.text.replace("directly", "directly, never through a mock"), actor="ana")
    plan = build_plan(world.store, only=[ref], unreviewed=Unreviewed.HOLD)
    [source] = plan.sources
    [(note, data)] = source.extra.items()
    assert note.parent == ref.root / "extensions" / "ad_hoc" / "notes" and note in source.changed
    text = data.decode("utf-8")
    assert "Forget:" in text and "uv only" in text and "pip-tools" in text
    assert "Remember instead:" in text and "never through a mock" in text
    freeze(world.store, plan, actor="ana")
    assert note.read_bytes() == data
    import_source(world.store, ref, actor="import")
    assert sorted(e.text for e in live(world, "codex")) == sorted(e.text for e in source.kept)
    again = build_plan(world.store, only=[ref], unreviewed=Unreviewed.HOLD)
    assert again.sources[0].extra == {} and again.sources[0].changed == [], "a correction is written once"


def test_a_later_run_reads_each_source_for_the_user_it_was_imported_for(world, tmp_path):
    from memrev.core.sources import claude, codex
    from memrev.core.sources.registry import discover_all

    home = world.root / "home"
    (home / ".claude" / "CLAUDE.md").write_text("# Ana's own rules\nAlways answer in English.\n", encoding="utf-8")
    (home / ".codex" / "AGENTS.md").write_text("# Global\nNever push to main.\n", encoding="utf-8")
    for ref in discover_all(cwd=world.root / "shop", home=home, env={}):
        if ref.kind in ("claude-md", "agents-md"):
            import_source(world.store, ref, actor="import")
    claude.ADAPTER._contexts.clear()  # a new process: nothing remembered but what the store kept
    codex.ADAPTER._contexts.clear()
    plan = build_plan(world.store, unreviewed=Unreviewed.HOLD)
    by_kind = {source.ref.kind: source for source in plan.sources}
    assert plan.problems == []
    assert any(part.title == str(home / ".claude" / "CLAUDE.md") for part in by_kind["claude-md"].loaded.parts)
    assert any(part.title == str(home / ".codex" / "AGENTS.md") for part in by_kind["agents-md"].loaded.parts)


def test_a_preview_the_store_has_moved_past_is_refused(world):
    plan = build_plan(world.store, unreviewed=Unreviewed.HOLD)
    before = world.files()
    kept = next(e for e in live(world, "hermes") if "CSV" in e.text)
    revoke(world.store, [kept.id], actor="bo", reason="decided in another window")  # after the preview
    with pytest.raises(FreezeRefused, match="store changed since the preview"):
        freeze(world.store, plan, actor="ana")
    assert world.files() == before and freezes(world.store) == []
    freeze(world.store, build_plan(world.store, unreviewed=Unreviewed.HOLD), actor="ana")
    assert "CSV" not in (world.sources["hermes"].root / "MEMORY.md").read_text(encoding="utf-8")
