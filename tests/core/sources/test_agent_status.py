"""OpenClaw's own `status: superseded` above a USER.md directive: memrev files the entry as superseded (never
recalled or checked as active memory), keeps the directive in the file as OpenClaw wrote it, follows the mark
back to active, never lets the mark override a person's decision, and refuses a person's confirm or edit of a
directive it marked superseded, saying how to make it active in OpenClaw's own format."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from memrev.core.freeze.plan import build_plan
from memrev.core.freeze.policy import Unreviewed
from memrev.core.freeze.write import freeze
from memrev.core.recall.recall import SHUT_OUT
from memrev.core.review.actions import ReviewError, confirm, edit
from memrev.core.sources.openclaw import ADAPTER
from memrev.core.sources.sync import import_source

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "openclaw" / "annotated"
OLD = "Prefer detailed explanations for every code change."
NEW = "Prefer concise implementation summaries unless more detail is requested."


def workspace(tmp_path: Path) -> Path:
    target = tmp_path / "ws"
    shutil.copytree(FIXTURE, target)
    return target


def sync(store, root: Path) -> None:
    import_source(store, ADAPTER.source_for("openclaw", root), actor="ada")


def by_text(store, text: str):
    return next(e for e in store.entries() if e.text == text)


def test_a_superseded_directive_is_filed_superseded_and_kept_in_the_file(store, tmp_path: Path) -> None:
    root = workspace(tmp_path)
    sync(store, root)
    old, new = by_text(store, OLD), by_text(store, NEW)
    assert old.status.value == "superseded" and old.status in SHUT_OUT  # recall never hands it out
    assert old.confidence_reason == "marked superseded in USER.md by openclaw (observed 2026-05-10)"
    assert store.events(old.id)[-1].actor == "openclaw"
    assert new.status.value == "pending"
    user = (root / "USER.md").read_bytes()
    plan = build_plan(store, agent="openclaw", unreviewed=Unreviewed.KEEP)
    (choice,) = [c for source in plan.sources for c in source.choices if c.entry.id == old.id]
    assert choice.kept and "marked superseded by the agent itself" in choice.reason
    freeze(store, plan, actor="ada")
    assert (root / "USER.md").read_bytes() == user  # OpenClaw's own record of the change stays
    logged = len(store.events(old.id))
    sync(store, root)
    assert by_text(store, OLD).status.value == "superseded" and len(store.events(old.id)) == logged


def test_a_directive_marked_active_again_is_back_in_review(store, tmp_path: Path) -> None:
    root = workspace(tmp_path)
    sync(store, root)
    user = root / "USER.md"
    user.write_text(user.read_text(encoding="utf-8").replace("2026-05-10 | status: superseded",
                                                             "2026-05-10 | status: active"), encoding="utf-8")
    sync(store, root)
    old = by_text(store, OLD)
    assert old.status.value == "pending" and "marked active again in USER.md by openclaw" in old.confidence_reason


def test_a_persons_decision_stands_over_the_agents_mark(store, tmp_path: Path) -> None:
    root = workspace(tmp_path)
    user = root / "USER.md"
    text = user.read_text(encoding="utf-8")
    user.write_text(text.replace("status: superseded", "status: active"), encoding="utf-8")
    sync(store, root)
    confirm(store, [by_text(store, OLD).id], actor="ada")
    user.write_text(text, encoding="utf-8")  # OpenClaw marks it superseded after the person confirmed it
    sync(store, root)
    assert by_text(store, OLD).status.value == "confirmed"


def test_confirming_a_directive_the_agent_superseded_is_refused_with_how_to_bring_it_back(store, tmp_path: Path) -> None:
    root = workspace(tmp_path)
    sync(store, root)
    old = by_text(store, OLD)
    user = root / "USER.md"
    before = user.read_bytes()
    for attempt in (lambda: confirm(store, [old.id], actor="ada"),
                    lambda: edit(store, old.id, OLD + " Still.", actor="ada")):
        with pytest.raises(ReviewError) as error:
            attempt()
        message = str(error.value)
        assert "\n" not in message and "undo" not in message  # no action of a person to undo: the agent marked it
        assert f"{old.id} is a directive openclaw marked superseded in USER.md (observed 2026-05-10)" in message
        assert "change its header in USER.md to `status: active` and re-import" in message
    assert by_text(store, OLD) == old and user.read_bytes() == before  # nothing changed, in memrev or the file
    user.write_text(before.decode("utf-8").replace("status: superseded", "status: active"), encoding="utf-8")
    sync(store, root)  # the person re-activated it in OpenClaw's own format: back in review, and confirmable
    assert confirm(store, [old.id], actor="ada").changed_ids == [old.id]
    assert by_text(store, OLD).status.value == "confirmed"


def test_a_directive_a_person_superseded_still_says_to_undo_it(store, tmp_path: Path) -> None:
    root = workspace(tmp_path)
    user = root / "USER.md"
    user.write_text(user.read_text(encoding="utf-8").replace("status: superseded", "status: active"), encoding="utf-8")
    sync(store, root)
    old, new = by_text(store, OLD), by_text(store, NEW)
    store.supersede(old.id, new_id=new.id, actor="ada", reason="concise wins")
    with pytest.raises(ReviewError, match="superseded: undo that"):
        confirm(store, [old.id], actor="ada")
