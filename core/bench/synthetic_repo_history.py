"""Plan and simulate the benchmark repository's history as one fast-import stream, recording what made entries stale."""

from __future__ import annotations

import os
import random
import subprocess
import tempfile
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Callable

AUTHOR_NAME = "Bench Author"
AUTHOR_EMAIL = "bench@example.com"
START = datetime(2024, 1, 1, tzinfo=timezone.utc)
"""The date of the first commit; each later commit comes `STEP` after the one before."""
STEP = timedelta(minutes=30)
BRANCH = "main"
TAG = "v1.0"
"""The one tag, on the first verified commit, so `tag v1.0` references have something to find."""
EXTRA_FILES = ("pyproject.toml", "Makefile", "README.md")
"""The files next to the Python package, all in the first commit."""

RENAME_RATE = 0.015
"""Share of commits that rename a file (`R old new`); a `CHAIN_SHARE` of them rename a renamed file again."""
CHAIN_SHARE = 0.2
RENAME_EDIT_SHARE = 0.5
"""Share of renames that also change a line of the renamed file."""
DELETE_RATE = 0.005
SYMBOL_RATE = 0.005
"""Share of commits that delete a function (its whole `def`) from a file."""
MOVE_RATE = 0.0025
"""Share of commits that move a function from one file to another."""
FLAG_RATE = 0.005
"""Share of commits that remove a file's argparse flag."""
BUMP_AT = 0.75
"""Where in history `requires-python` goes from >=3.10 to >=3.12."""
VERIFIED_AT = (0.40, 0.44, 0.48, 0.52)
"""Where in history the entries were last verified (each entry names one of these commits)."""

MIN_FILES, MIN_COMMITS = 100, 50
"""The smallest sizes that still fit every kind of change."""


@dataclass
class _File:
    """One synthetic Python file as the simulation tracks it: where it is and what it defines now."""

    id: int
    path: str | None
    funcs: list[str]
    flag: bool
    env: bool
    limit: int


@dataclass(frozen=True)
class _Event:
    """A change that can make an entry stale: its kind, commit index, file, and the old and new names."""

    kind: str
    at: int
    file: int
    old: str
    new: str = ""


@dataclass
class _Plan:
    """The decided shape of history: initial files, one special change per chosen commit, and the file pools."""

    files: list[_File]
    commits: int
    width: int
    specials: dict[int, tuple[str, ...]]
    verified: tuple[int, ...]
    stable: list[int]
    editable: int


@dataclass
class _History:
    """What the simulated history did: the fast-import stream and every staleness-making event."""

    stream: bytes
    events: list[_Event]
    live_files: int


# -- sizes and names ------------------------------------------------------------------------------


def _check_sizes(files: int, commits: int, entries: int) -> None:
    """Refuse sizes too small to hold every kind of change the entries rely on."""
    if files < MIN_FILES or commits < MIN_COMMITS or entries < 1:
        raise ValueError(f"need files >= {MIN_FILES}, commits >= {MIN_COMMITS} and entries >= 1")


def _prepare(path: Path) -> None:
    """Create an empty repository with `main` as its branch; refuse a folder that already holds something."""
    if path.exists() and any(path.iterdir()):
        raise FileExistsError(f"{path} is not empty")
    path.mkdir(parents=True, exist_ok=True)
    _git(path, "init", "-q", "-b", BRANCH)


def _git_env() -> dict[str, str]:
    """The environment for every git call: no user or system config, no inherited repository variables."""
    env = {k: v for k, v in os.environ.items() if k not in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE")}
    env.update(GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull, LC_ALL="C")
    return env


def _git(path: Path, *args: str, data: bytes | None = None) -> str:
    """Run one git command in `path` and return its output, raising with git's message on failure."""
    run = subprocess.run(["git", *args], cwd=path, input=data, capture_output=True, env=_git_env())
    if run.returncode != 0:
        raise RuntimeError(f"git {args[0]} failed: {run.stderr.decode(errors='replace').strip()}")
    return run.stdout.decode()


def _stem(file_id: int, width: int) -> str:
    """The number that names a file and everything it defines, zero-padded so no name prefixes another."""
    return f"{file_id:0{width}d}"


def _initial_path(file_id: int, width: int) -> str:
    """Where a file starts: 100 files per `sub_N` folder, five of those per `mod_NNN` folder."""
    return f"pkg/mod_{file_id // 500:03d}/sub_{file_id // 100 % 5}/file_{_stem(file_id, width)}.py"


def _renamed_path(file: _File, hop: int, width: int, rng: random.Random, folders: int) -> str:
    """A new, unique name for a renamed file, in its own folder or (half the time) another one."""
    current = file.path or ""
    folder = current.rsplit("/", 1)[0]
    if rng.random() < 0.5:
        folder = f"pkg/mod_{rng.randrange(folders):03d}/sub_{rng.randrange(5)}"
    return f"{folder}/file_{_stem(file.id, width)}_r{hop}.py"


def _flag(file_id: int, width: int) -> str:
    """The argparse flag a file defines."""
    return f"--opt-{_stem(file_id, width)}"


def _env(file_id: int, width: int) -> str:
    """The environment variable a file reads."""
    return f"APP_SETTING_{_stem(file_id, width)}"


# -- contents -------------------------------------------------------------------------------------


def _render(file: _File, width: int) -> str:
    """A file's text now: a docstring, a LIMIT line that edits change, its functions, and its flag or variable."""
    stem = _stem(file.id, width)
    lines = [f'"""Synthetic module {stem} for the memrev benchmark."""']
    imports = (["import argparse"] if file.flag else []) + (["import os"] if file.env else [])
    lines += imports + [""] if imports else []
    lines.append(f"LIMIT = {file.limit}")
    for name in file.funcs:
        body = "return min(value, LIMIT)" if name.endswith("_a") else "return len(str(value)) + LIMIT"
        lines += ["", "", f"def {name}(value):", f"    {body}"]
    if file.flag:
        lines += ["", "", "parser = argparse.ArgumentParser()",
                  f'parser.add_argument("{_flag(file.id, width)}", type=int, default=LIMIT)']
    if file.env:
        lines += ["", f'TIMEOUT = int(os.environ.get("{_env(file.id, width)}", "30"))']
    return "\n".join(lines) + "\n"


def _pyproject(python: str) -> str:
    """The project metadata, with the given `requires-python` bound."""
    return (f'[project]\nname = "synthetic-app"\nversion = "0.1.0"\nrequires-python = "{python}"\n'
            'dependencies = []\n')


_MAKEFILE = ".PHONY: test lint\n\ntest:\n\tpython -m pytest -q\n\nlint:\n\tpython -m ruff check pkg\n"
_README = "# synthetic-app\n\nA generated code base for the memrev staleness benchmark.\nRun `make test`.\n"


# -- the plan ---------------------------------------------------------------------------------------


def _initial_files(count: int, width: int, rng: random.Random) -> list[_File]:
    """Every Python file as the first commit adds it: one or two functions, some with a flag or variable."""
    made = []
    for file_id in range(count):
        stem = _stem(file_id, width)
        funcs = [f"name_{stem}_a"] + ([f"name_{stem}_b"] if rng.random() < 0.5 else [])
        made.append(_File(file_id, _initial_path(file_id, width), funcs, rng.random() < 0.4,
                          rng.random() < 0.3, rng.randrange(1, 100)))
    return made


def _take(pool: list[int], count: int, keep: Callable[[int], bool]) -> list[int]:
    """Remove and return the first `count` ids in `pool` that `keep` accepts."""
    taken, rest = [], []
    for file_id in pool:
        (taken if len(taken) < count and keep(file_id) else rest).append(file_id)
    pool[:] = rest
    return taken


def _event_counts(commits: int) -> dict[str, int]:
    """How many changes of each kind the history gets, with a floor so small builds still have every kind."""
    renames = max(4, round(RENAME_RATE * commits))
    chains = max(1, round(CHAIN_SHARE * renames))
    return {
        "rename": renames - chains, "chain": chains, "delete": max(2, round(DELETE_RATE * commits)),
        "symbol": max(2, round(SYMBOL_RATE * commits)), "move": max(1, round(MOVE_RATE * commits)),
        "flag": max(2, round(FLAG_RATE * commits)),
    }


def _plan(files: int, commits: int, rng: random.Random) -> _Plan:
    """Decide the initial files, which files each kind of change hits, and at which commits."""
    width = max(5, len(str(files)))
    initial = _initial_files(files - len(EXTRA_FILES), width, rng)
    pool = list(range(len(initial)))
    rng.shuffle(pool)
    counts = _event_counts(commits)
    has_b = lambda i: len(initial[i].funcs) > 1  # noqa: E731
    renamed = _take(pool, counts["rename"], lambda i: True)
    targets = {
        "delete": _take(pool, counts["delete"], lambda i: True),
        "symbol": _take(pool, counts["symbol"], has_b),
        "move": _take(pool, counts["move"], has_b),
        "flag": _take(pool, counts["flag"], lambda i: initial[i].flag),
    }
    editable = pool.pop()
    destinations = [i for i in pool if len(initial[i].funcs) == 1][: counts["move"]]  # stays under 20 lines
    verified = tuple(round(share * (commits - 1)) for share in VERIFIED_AT)
    bump = round(BUMP_AT * (commits - 1))
    specials = _place(renamed, counts["chain"], targets, destinations, commits, verified[-1], bump, rng)
    return _Plan(initial, commits, width, specials, verified, sorted(pool), editable)


def _place(
    renamed: list[int], chains: int, targets: dict[str, list[int]], destinations: list[int],
    commits: int, last_verified: int, bump: int, rng: random.Random,
) -> dict[int, tuple[str, ...]]:
    """Give each change its own commit; half of each kind lands after the last verified commit."""
    used = {0, bump}

    def slot(late: bool) -> int:
        low = last_verified + 1 if late else 1
        while True:
            index = rng.randrange(low, commits)
            if index not in used:
                used.add(index)
                return index

    specials: dict[int, tuple[str, ...]] = {bump: ("bump",)}
    for n, file_id in enumerate(renamed):
        late = n % 2 == 0
        if n < chains:
            first, second = sorted((slot(late), slot(late)))
            specials[first], specials[second] = ("rename", str(file_id), "1"), ("rename", str(file_id), "2")
        else:
            specials[slot(late)] = ("rename", str(file_id), "1")
    for kind, ids in targets.items():
        for n, file_id in enumerate(ids):
            extra = (str(destinations[n]),) if kind == "move" else ()
            specials[slot(n % 2 == 0)] = (kind, str(file_id), *extra)
    return specials


# -- the simulation and its fast-import stream ------------------------------------------------------


class _Simulation:
    """Play the plan commit by commit, keeping file state and writing the fast-import stream as it goes."""

    def __init__(self, plan: _Plan, rng: random.Random) -> None:
        """Start from copies of the plan's initial files (the plan keeps the originals) with an empty stream."""
        self.plan, self.rng = plan, rng
        self.files = [replace(file, funcs=list(file.funcs)) for file in plan.files]
        self.folders = len(plan.files) // 500 + 1
        self.parts: list[str] = ["feature done\n"]
        self.events: list[_Event] = []
        self.deleted = 0

    def run(self) -> _History:
        """The whole history: the initial commit, every later one, the tag, and `done`."""
        self._initial_commit()
        for index in range(1, self.plan.commits):
            self._later_commit(index)
        self._tag()
        self.parts.append("done\n")
        return _History("".join(self.parts).encode(), self.events, len(self.files) - self.deleted)

    def _header(self, index: int, message: str) -> None:
        """Open commit number `index` (mark index + 1) with the fixed author and its date."""
        stamp = int((START + index * STEP).timestamp())
        who = f"{AUTHOR_NAME} <{AUTHOR_EMAIL}> {stamp} +0000"
        self.parts.append(f"commit refs/heads/{BRANCH}\nmark :{index + 1}\nauthor {who}\ncommitter {who}\n")
        self.parts.append(_data(message + "\n"))

    def _content(self, file: _File) -> str:
        """The file command writing a simulated file's current content at its current path."""
        return _file_command(file.path or "", _render(file, self.plan.width))

    def _initial_commit(self) -> None:
        """Commit 0: every Python file plus pyproject (Python 3.10), Makefile and README."""
        self._header(0, "Initial import")
        for name, text in zip(EXTRA_FILES, (_pyproject(">=3.10"), _MAKEFILE, _README)):
            self.parts.append(_file_command(name, text))
        self.parts.extend(self._content(file) for file in self.files)

    def _later_commit(self, index: int) -> None:
        """One later commit: its special change if it has one, and one to three line edits (zero to two beside one)."""
        special = self.plan.specials.get(index)
        message, busy, commands = self._special(index, special) if special else ("", set(), [])
        edited = self._pick_edits(self.rng.randint(0, 2) if special else self.rng.randint(1, 3), busy)
        for file_id in edited:
            self.files[file_id].limit += 1
            commands.append(self._content(self.files[file_id]))
        if not message:
            message = "Tune " + ", ".join((self.files[i].path or "").rsplit("/", 1)[-1] for i in edited)
        self._header(index, message)
        self.parts.extend(commands)

    def _pick_edits(self, count: int, busy: set[int]) -> list[int]:
        """Distinct live files to edit, none of them part of this commit's special change."""
        chosen: list[int] = []
        while len(chosen) < count:
            file_id = self.rng.randrange(len(self.files))
            if self.files[file_id].path is not None and file_id not in busy and file_id not in chosen:
                chosen.append(file_id)
        return chosen

    def _special(self, index: int, special: tuple[str, ...]) -> tuple[str, set[int], list[str]]:
        """Apply a special change; return its message, the files it touched and its file commands."""
        kind = special[0]
        if kind == "bump":
            return "Require Python 3.12", set(), [_file_command("pyproject.toml", _pyproject(">=3.12"))]
        file = self.files[int(special[1])]
        handlers = {"rename": self._rename, "delete": self._delete, "symbol": self._remove_symbol,
                    "flag": self._remove_flag, "move": self._move}
        return handlers[kind](index, file, special[2:])

    def _rename(self, index: int, file: _File, args: tuple[str, ...]) -> tuple[str, set[int], list[str]]:
        """Rename a file (`R old new`), half the time also changing a line of it."""
        old = file.path or ""
        file.path = _renamed_path(file, int(args[0]), self.plan.width, self.rng, self.folders)
        commands = [f"R {old} {file.path}\n"]
        if self.rng.random() < RENAME_EDIT_SHARE:
            file.limit += 1
            commands.append(self._content(file))
        self.events.append(_Event("rename", index, file.id, old, file.path))
        return f"Rename {old} to {file.path}", {file.id}, commands

    def _delete(self, index: int, file: _File, args: tuple[str, ...]) -> tuple[str, set[int], list[str]]:
        """Delete a file."""
        old, file.path = file.path or "", None
        self.deleted += 1
        self.events.append(_Event("delete", index, file.id, old))
        return f"Delete {old}", {file.id}, [f"D {old}\n"]

    def _remove_symbol(self, index: int, file: _File, args: tuple[str, ...]) -> tuple[str, set[int], list[str]]:
        """Delete a file's second function, `def` and body."""
        name = file.funcs.pop()
        self.events.append(_Event("symbol", index, file.id, name))
        return f"Remove {name}", {file.id}, [self._content(file)]

    def _remove_flag(self, index: int, file: _File, args: tuple[str, ...]) -> tuple[str, set[int], list[str]]:
        """Drop a file's argparse flag."""
        file.flag = False
        flag = _flag(file.id, self.plan.width)
        self.events.append(_Event("flag", index, file.id, flag))
        return f"Drop the {flag} option", {file.id}, [self._content(file)]

    def _move(self, index: int, file: _File, args: tuple[str, ...]) -> tuple[str, set[int], list[str]]:
        """Move a file's second function into another file."""
        target = self.files[int(args[0])]
        name = file.funcs.pop()
        target.funcs.append(name)
        self.events.append(_Event("move", index, file.id, name, target.path or ""))
        return f"Move {name} to {target.path}", {file.id, target.id}, [self._content(file), self._content(target)]

    def _tag(self) -> None:
        """Tag the first verified commit as `v1.0`."""
        stamp = int((START + self.plan.verified[0] * STEP).timestamp())
        self.parts.append(f"tag {TAG}\nfrom :{self.plan.verified[0] + 1}\n"
                          f"tagger {AUTHOR_NAME} <{AUTHOR_EMAIL}> {stamp} +0000\n")
        self.parts.append(_data("Release 1.0\n"))


def _data(text: str) -> str:
    """A fast-import `data` block holding `text` exactly."""
    return f"data {len(text.encode())}\n{text}\n"


def _file_command(path: str, text: str) -> str:
    """A fast-import command writing `text` as a regular file at `path`."""
    return f"M 100644 inline {path}\n{_data(text)}"


def _simulate(plan: _Plan, rng: random.Random) -> _History:
    """Run the plan through a simulation and return its stream and events."""
    return _Simulation(plan, rng).run()


def _import(path: Path, stream: bytes, commits: int) -> list[str]:
    """Feed the stream to `git fast-import` and return the SHA of every commit, oldest first."""
    with tempfile.TemporaryDirectory(prefix="memrev-marks-") as folder:
        marks = Path(folder) / "marks"
        _git(path, "fast-import", "--quiet", f"--export-marks={marks}", data=stream)
        by_mark = dict(line.split() for line in marks.read_text().splitlines())
    return [by_mark[f":{index + 1}"] for index in range(commits)]


def _checkout(path: Path) -> None:
    """Fill the working tree and index from HEAD, and set the identity and config a normal clone would have."""
    _git(path, "-c", "checkout.workers=0", "reset", "-q", "--hard", "HEAD")
    for key, value in (("user.name", AUTHOR_NAME), ("user.email", AUTHOR_EMAIL), ("gc.auto", "0")):
        _git(path, "config", key, value)
