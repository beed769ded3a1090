"""The PreToolUse hook's round trip, measured as Claude Code pays it: one `memrev` process per tool call."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from memrev.core.bench.store import Figure

HOOK = "hook round trip (non-memory call)"
AIM_MS = 150.0
RUNS = 15


def _memrev() -> str:
    """The installed console script next to this Python."""
    script = Path(sys.executable).parent / ("memrev.exe" if os.name == "nt" else "memrev")
    return str(script) if script.exists() else "memrev"


def _median_ms(argv: list[str], payload: str, env: dict[str, str], runs: int) -> float:
    """The median wall time of running one command with `payload` on stdin."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(argv, input=payload, capture_output=True, text=True, env=env, check=False, timeout=60)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def run_hook_bench(runs: int = RUNS) -> Figure:
    """Median round trip of the hook for a Bash call, against the full command line answering the same call."""
    payload = json.dumps({"session_id": "s", "cwd": os.getcwd(), "hook_event_name": "PreToolUse",
                          "tool_name": "Bash", "tool_input": {"command": "ls"}, "tool_use_id": "t"})
    with tempfile.TemporaryDirectory(prefix="memrev-bench-hook-") as folder:
        env = {**os.environ, "MEMREV_DB": str(Path(folder) / "memrev.db")}
        fast = _median_ms([_memrev(), "hook", "claude-pre-tool-use"], payload, env, runs)
        full = _median_ms([sys.executable, "-c", "import sys; from memrev.tui.cli.main import main; main()", "hook",
                           "claude-pre-tool-use"], payload, env, runs)
    return Figure(HOOK, fast, "ms", f"< {AIM_MS:g} ms", full, "the same call through the full command line",
                  full / fast if fast else None, fast < AIM_MS, f"median of {runs} process starts each")
