"""A freeze against hostile conditions: a read-only file, a disk that fills half-way through."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from memrev.core.freeze.plan import build_plan
from memrev.core.freeze.policy import Unreviewed
from memrev.core.freeze.write import FreezeRefused, freeze
from memrev.core.review.actions import revoke
from memrev.core.store.freezes import freezes


def _revoke(world, kind: str, word: str) -> None:
    """Revoke the entry of a source whose text holds `word`."""
    entry = next(e for e in world.store.entries() if e.source.agent == kind and word in e.text)
    revoke(world.store, [entry.id], actor="ana", reason="wrong")


def test_a_file_made_read_only_is_named_and_nothing_is_written(world):
    _revoke(world, "hermes", "DEPLOY_TOKEN")
    memory = world.sources["hermes"].root / "MEMORY.md"
    memory.chmod(0o444)
    try:
        before = world.files()
        plan = build_plan(world.store, unreviewed=Unreviewed.HOLD)
        assert any("read-only" in line and str(memory) in line for line in plan.problems)
        with pytest.raises(FreezeRefused, match="read-only"):
            freeze(world.store, plan, actor="ana")
        assert world.files() == before
    finally:
        memory.chmod(0o644)


@pytest.fixture
def tiny_disk(world):
    """Hermes's memory folder moved onto a 64 KB tmpfs (root only; skipped where mounting is not allowed)."""
    folder = world.sources["hermes"].root
    saved = {path.name: path.read_bytes() for path in folder.iterdir() if path.is_file()}
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small filesystem needs root")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        for name, data in saved.items():
            (folder / name).write_bytes(data)
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=False)


def test_a_disk_that_fills_half_way_leaves_every_file_as_it_was(world, tiny_disk: Path):
    for kind, word in (("agents-md", "Releases"), ("codex", "directly"), ("hermes", "DEPLOY_TOKEN"),
                       ("openclaw", "flaky")):
        _revoke(world, kind, word)
    from memrev.core.review.actions import edit

    edited = next(e for e in world.store.entries() if e.source.agent == "claude" and "parse_price" in e.text
                  and e.id.startswith("m-"))  # a source written before Hermes's full disk stops the freeze
    edit(world.store, edited.id, edited.text + " (checked by Ana)", actor="ana")
    stored = {e.id: (e.text, e.status, e.removed_at, e.version) for e in world.store.entries()}
    plan = build_plan(world.store, unreviewed=Unreviewed.HOLD)
    order = [source.ref.kind for source in plan.changed]
    assert order.index("hermes") > 0, "some source is written before the one whose disk is full"
    before = world.files()
    filler = os.open(tiny_disk / "filler", os.O_WRONLY | os.O_CREAT)  # the disk fills: no room for Hermes's write
    try:
        while os.write(filler, b"x" * 4096):
            pass
    except OSError:
        pass
    finally:
        os.close(filler)
    with pytest.raises(FreezeRefused, match="undone"):
        freeze(world.store, plan, actor="ana")
    (tiny_disk / "filler").unlink()
    assert {p: b for p, b in world.files().items() if p.name != "filler"} == before
    assert freezes(world.store) == []
    assert not list(tiny_disk.glob("*.tmp")), "no temporary file is left where Hermes would load it"
    after = {e.id: (e.text, e.status, e.removed_at, e.version) for e in world.store.entries()}
    assert after == stored, "the store never followed the half-written files: the person's edit is still there"
    assert build_plan(world.store, unreviewed=Unreviewed.HOLD).problems == [], "no drift: store and files agree"
