"""`memrev demo` tells where it built everything, how to open it again with its repository, and how to remove it."""

from __future__ import annotations

import os
import select
import shlex
import sys
import time
from pathlib import Path

import pytest
from test_cli import run


def open_command(output: str) -> list[str]:
    """The `open it again:` command the demo printed, split as a shell would."""
    line = next(line for line in output.splitlines() if line.startswith("open it again:"))
    return shlex.split(line.split(":", 1)[1])


def test_no_tui_prints_an_open_command_with_the_repository(tmp_path: Path) -> None:
    folder = tmp_path / "demo"
    result = run(folder / "memrev.db", "demo", "--no-tui", "--dir", str(folder))
    assert result.exit_code == 0, result.stderr
    command = open_command(result.stdout)
    assert command == ["memrev", "--db", str(folder / "memrev.db"), "--repo", str(folder / "shop")]
    assert f"demo folder:     {folder}" in result.stdout
    assert f"rm -rf {folder}" in result.stdout and "stays until you remove it" in result.stdout


def test_a_database_outside_the_folder_is_named_for_removal_too(tmp_path: Path) -> None:
    folder, db = tmp_path / "demo", tmp_path / "elsewhere.db"
    result = run(db, "demo", "--no-tui", "--dir", str(folder))
    assert result.exit_code == 0, result.stderr
    assert f"rm {db}" in result.stdout


@pytest.mark.skipif(os.name == "nt", reason="needs a POSIX pseudo-terminal")
def test_the_app_demo_prints_where_it_is_before_and_after_the_app(tmp_path: Path) -> None:
    import pty

    folder = tmp_path / "demo"
    env = {**os.environ, "MEMREV_DB": str(tmp_path / "unused.db"), "PYTHONPATH": os.pathsep.join(sys.path)}
    pid, fd = pty.fork()
    if pid == 0:  # the child: the real command in a real terminal
        os.execve(sys.executable, [sys.executable, "-c", "from memrev.tui.entry import main; main()", "demo",
                                   "--dir", str(folder)], env)
    output, started, quit_sent = b"", time.monotonic(), False
    while time.monotonic() - started < 60:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
        if not quit_sent and b"memrev" in output and time.monotonic() - started > 8:
            os.write(fd, b"q")
            quit_sent = True
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    text = output.decode("utf-8", "replace")
    assert os.WEXITSTATUS(status) == 0, text[-2000:]
    assert text.count(f"open it again:   memrev --db {folder / 'memrev.db'} --repo {folder / 'shop'}") == 2
    assert text.count(f"rm -rf {folder}") == 2
    assert text.index("demo folder:") < text.index("\x1b[?1049h")  # before the app takes the screen
