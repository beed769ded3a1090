"""Reading never blocks or grows without bound: FIFOs, devices and over-large files are refused with one line,
in every reader that touches an agent's folder and in the jsonl importer."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from memrev.core.safe_io import SourceFileError, read_bounded, read_head, read_text
from memrev.core.sources.base import SourceRef
from memrev.core.sources.hermes import HermesAdapter
from memrev.core.store.jsonl import ImportFileError, read_jsonl

pytestmark = pytest.mark.skipif(os.name == "nt" or not Path("/dev/zero").exists(), reason="POSIX FIFOs and devices")


def finishes(action, seconds: float = 10.0):
    """Run `action` in a thread and fail (instead of hanging the suite) when it does not return in time."""
    outcome: dict[str, object] = {}

    def run() -> None:
        try:
            outcome["value"] = action()
        except Exception as error:  # noqa: BLE001 - the test inspects it
            outcome["error"] = error

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "the read blocked"
    return outcome


def test_a_fifo_is_refused_before_anything_blocks(tmp_path: Path) -> None:
    fifo = tmp_path / "MEMORY.md"
    os.mkfifo(fifo)
    outcome = finishes(lambda: read_text(fifo, root=tmp_path))
    assert isinstance(outcome["error"], SourceFileError) and "is a FIFO" in str(outcome["error"])
    assert finishes(lambda: read_head(fifo, 10))["value"] is None


def test_a_link_to_dev_zero_inside_the_folder_is_a_device(tmp_path: Path) -> None:
    (tmp_path / "zero").symlink_to("/dev/zero")
    outcome = finishes(lambda: read_bounded(tmp_path / "zero"))
    assert "is a device" in str(outcome["error"])
    outside = finishes(lambda: read_text(tmp_path / "zero", root=tmp_path))  # also outside the folder
    assert isinstance(outside["error"], SourceFileError)


def test_a_file_over_the_cap_is_refused_without_reading_it_whole(tmp_path: Path) -> None:
    big = tmp_path / "big.md"
    with big.open("wb") as out:
        out.truncate(2_000_000)
    with pytest.raises(SourceFileError, match="over the 1,000,000-byte limit"):
        read_bounded(big, max_bytes=1_000_000)


def test_a_file_swapped_for_a_symlink_after_the_check_is_not_followed(tmp_path: Path) -> None:
    secret = tmp_path.parent / f"{tmp_path.name}-secret"
    secret.write_text("ssh key", encoding="utf-8")
    path = tmp_path / "notes.md"
    path.symlink_to(secret)
    with pytest.raises(SourceFileError, match="is a symlink; not followed"):
        read_bounded(path, follow=False)


def test_jsonl_from_a_fifo_or_dev_zero_is_one_line_error(tmp_path: Path) -> None:
    fifo = tmp_path / "in.jsonl"
    os.mkfifo(fifo)
    for path, needle in ((fifo, "is a FIFO"), (Path("/dev/zero"), "is a device")):
        outcome = finishes(lambda p=path: read_jsonl(p))
        assert isinstance(outcome["error"], ImportFileError) and needle in str(outcome["error"])


def test_a_hermes_memory_file_that_is_a_fifo_is_one_warning_and_user_md_still_imports(tmp_path: Path) -> None:
    memories = tmp_path / ".hermes" / "memories"
    memories.mkdir(parents=True)
    os.mkfifo(memories / "MEMORY.md")
    (memories / "USER.md").write_text("Ana prefers small commits.", encoding="utf-8")
    outcome = finishes(lambda: HermesAdapter().read(SourceRef("hermes", memories)))
    read = outcome["value"]
    assert [entry.text for entry in read.entries] == ["Ana prefers small commits."]  # type: ignore[attr-defined]
    assert any("MEMORY.md: is a FIFO" in warning for warning in read.warnings)  # type: ignore[attr-defined]


def test_a_claude_folder_with_a_fifo_or_dev_zero_as_memory_md_is_looked_at_without_hanging(tmp_path: Path) -> None:
    from memrev.core.sources.claude import ADAPTER

    fifo_folder, zero_folder = tmp_path / "fifo", tmp_path / "zero"
    fifo_folder.mkdir()
    zero_folder.mkdir()
    os.mkfifo(fifo_folder / "MEMORY.md")
    (zero_folder / "MEMORY.md").symlink_to("/dev/zero")
    for folder in (fifo_folder, zero_folder):
        outcome = finishes(lambda f=folder: ADAPTER.source_for("claude", f))
        assert isinstance(outcome.get("error"), ValueError), outcome  # not a memory folder: one line, no hang


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="forks a child that drops to the `nobody` user (root reads everything)")
def test_an_unreadable_hermes_file_is_one_warning_and_the_readable_one_still_imports() -> None:
    import json
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="memrev-perm-", dir="/tmp"))
    try:
        memories = folder / ".hermes" / "memories"
        memories.mkdir(parents=True)
        (memories / "MEMORY.md").write_text("A private note.", encoding="utf-8")
        (memories / "USER.md").write_text("Ana prefers small commits.", encoding="utf-8")
        for path in (folder, folder / ".hermes", memories):
            path.chmod(0o755)
        (memories / "USER.md").chmod(0o644)
        (memories / "MEMORY.md").chmod(0o000)
        reader, writer = os.pipe()
        child = os.fork()
        if child == 0:  # the child: no longer root, so the mode bits apply; every module is already loaded
            try:
                os.close(reader)
                os.setgid(65534)
                os.setuid(65534)
                read = HermesAdapter().read(SourceRef("hermes", memories))
                os.write(writer, json.dumps({"texts": [e.text for e in read.entries],
                                             "warnings": read.warnings}).encode())
            finally:
                os._exit(0)
        os.close(writer)
        with os.fdopen(reader, "rb") as pipe:
            found = json.loads(pipe.read() or b"{}")
        os.waitpid(child, 0)
        assert found["texts"] == ["Ana prefers small commits."]
        assert any("MEMORY.md: cannot read" in warning for warning in found["warnings"])
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_a_folder_swapped_for_a_link_during_writes_never_sends_a_write_outside(tmp_path: Path) -> None:
    from memrev.core.safe_io import atomic_write, remove_file

    root = tmp_path / "memory"
    team = root / "team"
    team.mkdir(parents=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "victim.md").write_text("someone else's file", encoding="utf-8")
    stop = threading.Event()

    def swap() -> None:
        """Keep replacing team/ with a link to the outside folder and back, as a hostile process would."""
        parked = root / "team.real"
        while not stop.is_set():
            try:
                team.rename(parked)
                team.symlink_to(outside)
                team.unlink()
                parked.rename(team)
            except OSError:
                pass

    swapper = threading.Thread(target=swap, daemon=True)
    swapper.start()
    try:
        for attempt in range(300):
            for action in (lambda: atomic_write(team / "victim.md", b"memrev's text", root=root),
                           lambda: remove_file(team / "victim.md", root=root)):
                try:
                    action()
                except (SourceFileError, OSError):
                    pass  # refused or raced: either is fine, as long as nothing outside is touched
    finally:
        stop.set()
        swapper.join(5)
    assert (outside / "victim.md").read_text(encoding="utf-8") == "someone else's file"
    assert sorted(p.name for p in outside.iterdir()) == ["victim.md"]  # no temporary file left there either
