"""Build a large, deterministic git repository and memory entries written against it, to time the staleness checker.

The whole history goes through one `git fast-import` stream, so 20,000 commits over 50,000 files take seconds,
not hours. A seeded simulation decides every change (edits, renames, rename chains, deletions, removed and
moved functions, removed flags, one Python bump) and remembers what it did, so each entry can be written to be
fresh or stale on purpose. Author, committer, dates and contents are fixed: the same seed gives the same SHAs.
"""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import tempfile
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from memrev.core.model import Entry, EntryType, Project, Provenance, Scope, ScopeKind, Source, WrittenBy
from memrev.core.project import identify_project

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

MIX = (
    ("ok", 0.70), ("renamed", 0.10), ("deleted", 0.05), ("symbol", 0.05), ("flag", 0.05),
    ("moved", 0.015), ("commit", 0.02), ("python", 0.01), ("tag", 0.005),
)
"""Entry categories and their shares: what state each entry's references are in at HEAD."""
CATEGORIES = tuple(name for name, _ in MIX)

MIN_FILES, MIN_COMMITS = 100, 50
"""The smallest sizes that still fit every kind of change."""

_TEMPLATES = (
    "Parsing lives in `{path}` (`{sym}`); {extra}.",
    "`{sym}` is defined in `{path}`; {extra}.",
    "When touching `{path}`, keep `{sym}()` backwards compatible; {extra}.",
    "The helper `{sym}` in `{path}` clips values to the limit; {extra}.",
)
_EXTRAS = {
    "flag": ("run it with `{value}`", "the CLI exposes it as `{value}`"),
    "env": ("it reads `{value}` at start-up", "set `{value}` to change its timeout"),
    "symbol": ("`{value}` sits next to it", "it calls nothing but `{value}`"),
    "commit": ("it was last reworked in `{value}`",),
    "make": ("check it with `make test`", "run `make test` after changing it"),
}
_COMMIT_TEXTS = (
    "Commit `{sha}` changed `{path}`; verify it with `make test`.",
    "`{path}` was fixed in `{sha}`; `make lint` must stay clean.",
)
_PYTHON_TEXTS = (
    "The project requires Python 3.10; run `make test` and `make lint` before pushing.",
    "CI runs `make test` on Python 3.10, then `make lint`.",
)
_TAG_TEXT = "Release builds start from tag `v1.0`; run `make lint` first and keep `README.md` current."


@dataclass(frozen=True)
class SyntheticRepo:
    """A built benchmark repository, the entries written against it, and what its history contains."""

    path: Path
    entries: list[Entry]
    editable: str
    """A tracked Python file several entries reference, for the incremental (one edited file) figure."""
    editable_symbol: str
    """A function defined in `editable` that entries reference; deleting its `def` line makes them stale."""
    files: int
    """Files in the HEAD tree."""
    commits: int
    renames: int
    """Rename operations in history (a chain a -> b -> c counts two)."""
    categories: dict[str, str] = field(default_factory=dict)
    """Entry id -> the category it was written as (see `CATEGORIES`): `ok` ones should check fresh."""


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


def build_synthetic_repo(
    path: Path, *, files: int = 50_000, commits: int = 20_000, entries: int = 10_000, seed: int = 7
) -> SyntheticRepo:
    """Build the repository at `path` (absent or empty) in one fast-import run, then write `entries` against it."""
    _check_sizes(files, commits, entries)
    path = Path(path)
    _prepare(path)
    rng = random.Random(seed)
    plan = _plan(files, commits, rng)
    history = _simulate(plan, rng)
    shas = _import(path, history.stream, commits)
    _checkout(path)
    project = identify_project(path)
    made, categories = _entries(plan, history.events, shas, project, entries, rng)
    editable = plan.files[plan.editable]
    return SyntheticRepo(
        path=path, entries=made, editable=editable.path or "", editable_symbol=editable.funcs[0],
        files=history.live_files + len(EXTRA_FILES), commits=commits,
        renames=sum(event.kind == "rename" for event in history.events), categories=categories,
    )


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


# -- entries ----------------------------------------------------------------------------------------


def _category_counts(total: int) -> dict[str, int]:
    """How many entries each category gets; at least one of each once there are enough entries."""
    counts = {name: int(share * total) for name, share in MIX if name != "ok"}
    if total >= 2 * len(MIX):
        counts = {name: max(1, count) for name, count in counts.items()}
    return {"ok": total - sum(counts.values()), **counts}


def _sha_ref(shas: Sequence[str], upto: int, rng: random.Random) -> str:
    """A 12-character abbreviation of a commit at or before `upto`, one with both a digit and a letter."""
    index = rng.randrange(upto + 1)
    for _ in range(upto + 1):
        short = shas[index][:12]
        if any(c.isdigit() for c in short) and any(c.isalpha() for c in short):
            return short
        index = (index - 1) % (upto + 1)
    return shas[index][:12]


class _EntryWriter:
    """Write entries category by category, each naming a path, a symbol and one more thing.

    It reads files as the plan first wrote them (the simulation changed copies), which is what they were at
    every verified commit except for the names the recorded events changed.
    """

    def __init__(self, plan: _Plan, events: list[_Event], shas: list[str], rng: random.Random) -> None:
        """Index the events by kind and prepare a cycling, seeded supply of targets per category."""
        self.plan, self.shas, self.rng = plan, shas, rng
        first = plan.verified[0]
        chains: dict[int, list[_Event]] = {}
        for event in events:
            if event.kind == "rename":
                chains.setdefault(event.file, []).append(event)
        kinds = ("delete", "symbol", "flag", "move")
        late = {kind: [e for e in events if e.kind == kind and e.at > first] for kind in kinds}
        stable = [i for i in plan.stable if i != plan.editable]
        self.supply: dict[str, Iterator[Any]] = {
            "ok": _cycle(stable, rng), "commit": _cycle(stable, rng),
            "renamed": _cycle([chain for chain in chains.values() if chain[-1].at > first], rng),
            "deleted": _cycle(late["delete"], rng), "symbol": _cycle(late["symbol"], rng),
            "flag": _cycle(late["flag"], rng), "moved": _cycle(late["move"], rng),
        }

    def write(self, category: str) -> tuple[str, int]:
        """The text of one entry of `category` and the index of the commit it was verified at."""
        if category == "python":
            return self.rng.choice(_PYTHON_TEXTS), self.rng.choice(self.plan.verified)
        if category == "tag":
            return _TAG_TEXT, self.rng.choice(self.plan.verified)
        target = next(self.supply[category])
        if category == "ok":
            return self._ok(self.plan.files[target])
        if category == "commit":
            return self._commit(self.plan.files[target])
        if category == "renamed":
            return self._renamed(target)
        return self._changed(category, target)

    def editable_entry(self) -> tuple[str, int]:
        """An entry about the editable file and its first function."""
        return self._about(self.plan.files[self.plan.editable], self.rng.choice(self.plan.verified),
                           sym=self.plan.files[self.plan.editable].funcs[0])

    def _ok(self, file: _File) -> tuple[str, int]:
        """A file untouched by renames, deletions and removals: everything it names holds at HEAD."""
        return self._about(file, self.rng.choice(self.plan.verified))

    def _commit(self, file: _File) -> tuple[str, int]:
        """A real commit SHA next to a stable file and a make target."""
        verified = self.rng.choice(self.plan.verified)
        text = self.rng.choice(_COMMIT_TEXTS).format(sha=_sha_ref(self.shas, verified, self.rng), path=file.path)
        return text, verified

    def _renamed(self, chain: list[_Event]) -> tuple[str, int]:
        """A file by the path it had when verified, which one or two later renames changed."""
        verified = self._verified_before(chain[-1].at)
        path = next(e.old for e in chain if e.at > verified)
        return self._about(self.plan.files[chain[0].file], verified, path=path)

    def _changed(self, category: str, event: _Event) -> tuple[str, int]:
        """A file whose deletion, removed function, removed flag or moved function came after it was verified."""
        file = self.plan.files[event.file]
        verified = self._verified_before(event.at)
        if category == "flag":
            return self._about(file, verified, extra="flag")
        if category in ("symbol", "moved"):
            return self._about(file, verified, sym=event.old)
        return self._about(file, verified)

    def _verified_before(self, at: int) -> int:
        """A verified commit earlier than commit index `at`."""
        return self.rng.choice([v for v in self.plan.verified if v < at])

    def _about(self, file: _File, verified: int, *, path: str | None = None, sym: str | None = None,
               extra: str | None = None) -> tuple[str, int]:
        """A templated text naming the file's path, one of its functions and one more of its features."""
        sym = sym or self.rng.choice(file.funcs)
        if extra is None:
            features = (["flag"] if file.flag else []) + (["env"] if file.env else []) + \
                (["symbol"] if len(file.funcs) > 1 else [])
            extra = self.rng.choice(features) if features and self.rng.random() < 0.85 else \
                self.rng.choice(("commit", "make"))
        width = self.plan.width
        value = {"flag": _flag(file.id, width), "env": _env(file.id, width), "make": "",
                 "symbol": next((f for f in file.funcs if f != sym), ""),
                 "commit": _sha_ref(self.shas, verified, self.rng) if extra == "commit" else ""}[extra]
        phrase = self.rng.choice(_EXTRAS[extra]).format(value=value)
        text = self.rng.choice(_TEMPLATES).format(path=path or file.path, sym=sym, extra=phrase)
        return text, verified


def _cycle(items: Sequence[Any], rng: random.Random) -> Iterator[Any]:
    """The items in a seeded shuffled order, over and over (empty stays empty)."""
    order = list(items)
    rng.shuffle(order)
    return itertools.cycle(order) if order else iter(())


def _entries(
    plan: _Plan, events: list[_Event], shas: list[str], project: Project, total: int, rng: random.Random
) -> tuple[list[Entry], dict[str, str]]:
    """`total` entries in a seeded mix of categories, all scoped to the benchmark repository's project."""
    counts = _category_counts(total)
    order = [name for name in CATEGORIES for _ in range(counts[name])]
    rng.shuffle(order)
    writer = _EntryWriter(plan, events, shas, rng)
    editable_left = min(max(3, total // 1000), counts["ok"])
    made, categories = [], {}
    for index, category in enumerate(order):
        if category == "ok" and editable_left:
            editable_left -= 1
            text, verified = writer.editable_entry()
        else:
            text, verified = writer.write(category)
        entry_id = f"bench-{index:05d}"
        made.append(_entry(entry_id, text, shas[verified], START + verified * STEP, project))
        categories[entry_id] = category
    return made, categories


def _entry(entry_id: str, text: str, sha: str, when: datetime, project: Project) -> Entry:
    """One agent-written project entry, verified and written at the given commit."""
    return Entry(
        id=entry_id, text=text, type=EntryType.PROJECT, scope=Scope(kind=ScopeKind.PRIVATE, project=project),
        source=Source(agent="bench", file=f"bench/{entry_id}.md"),
        provenance=Provenance(written_at=when, written_at_basis="recorded", written_by=WrittenBy.AGENT,
                              branch=BRANCH, commit=sha),
        verified_at=when, verified_commit=sha,
    )
