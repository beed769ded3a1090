"""Read HEAD's history where git cannot read some file versions (a partial clone, a mirror missing objects): the
unreadable paths are left out of the full log and their changes are taken from a log that reads no file contents,
so the check degrades to saying what it cannot tell instead of failing."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, field
from pathlib import Path

MAX_EXCLUDED = 5_000
"""Past this many unreadable paths the full log is not retried: every path keeps only the content-free log."""
_NULL_OID = "0" * 40


@dataclass
class Gaps:
    """What could not be read: the paths whose versions git lacks, and one line saying so."""

    paths: set[str] = field(default_factory=set)
    problem: str | None = None


def first_line(error: object) -> str:
    """The first meaningful line git wrote about a failure (`fatal: unable to read …`), shortened."""
    text = str(getattr(error, "stderr", "") or error)
    lines = [line.strip().strip("'") for line in text.splitlines() if line.strip()]
    found = next((line for line in lines if "fatal:" in line or "error:" in line), lines[0] if lines else "")
    found = found[found.find("fatal:"):] if "fatal:" in found else found
    return found[:160]


def raw_changes(root: Path, revision: str, log_format: str) -> tuple[str | None, dict[str, list[tuple[str, str]]]]:
    """The content-free log (`--raw`, exact renames only, which reads no file versions) as its output, and the
    (path, object) pairs each commit's changes name; (None, {}) when even that log cannot be read."""
    done = subprocess.run(["git", "-C", str(root), "log", revision, "-M100%", "--raw", "--no-abbrev", "-z",
                           "--topo-order", "--reverse", "--no-color", f"--format={log_format}"],
                          capture_output=True, check=False)
    if done.returncode != 0:
        return None, {}
    output = done.stdout.decode("utf-8", "surrogateescape")
    objects: dict[str, list[tuple[str, str]]] = {}
    for record in output.split("\x1e"):
        tokens = record.split("\x00")
        if len(tokens) < 4:
            continue
        pairs = objects.setdefault(tokens[0], [])
        position = 4
        while position < len(tokens):
            token = tokens[position].lstrip("\n")
            position += 1
            if not token.startswith(":"):
                continue
            parts = token.split()
            if len(parts) < 5:
                continue
            old, new, status = parts[2], parts[3], parts[4]
            paths = tokens[position:position + (2 if status[:1] in ("R", "C") else 1)]
            position += len(paths)
            if paths:
                pairs.append((paths[0], old))
                pairs.append((paths[-1], new))
    return output, objects


def missing_paths(root: Path, objects: dict[str, list[tuple[str, str]]]) -> set[str]:
    """The paths one of whose versions git lacks, asked in one `cat-file --batch-check`."""
    wanted = sorted({oid for pairs in objects.values() for _, oid in pairs if oid != _NULL_OID})
    if not wanted:
        return set()
    done = subprocess.run(["git", "-C", str(root), "cat-file", "--batch-check"], input="\n".join(wanted).encode() + b"\n",
                          capture_output=True, check=False)
    lacking = {line.split()[0] for line in done.stdout.decode().splitlines() if line.endswith(" missing")}
    return {path for pairs in objects.values() for path, oid in pairs if oid in lacking}


def excluding(paths: set[str]) -> list[str]:
    """The pathspec that leaves these paths out (every other path in), read literally."""
    return ["--full-history", "--sparse", "--", ".", *(f":(exclude,literal){path}" for path in sorted(paths))]


def describe(paths: set[str], why: str, *, full_log: bool) -> str:
    """One line for the notes: how many paths lack versions here and what that costs."""
    shown = ", ".join(sorted(paths)[:2]) + (", …" if len(paths) > 2 else "")
    cost = "their renames and line counts are unknown" if full_log else \
        "renames are known only when a file moved unedited, and no line counts"
    count = f"{len(paths)} path(s) ({shown})" if paths else "some paths"
    return f"git cannot read some file versions here ({why}): {count} lack objects, so {cost}"
