"""Whether what an entry states about a file it names left that file after the entry was verified: the words and
names the entry shares with the file as it was then, now gone from it. A file merely edited keeps the entry's claim;
a file that lost what the entry says about it is what `changed` means."""

from __future__ import annotations

import functools
import re

from memrev.core.check.code_tokens import FileNames, scan_bytes
from memrev.core.check.repo_index import RepoIndex

_WORD = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*[\w]|[A-Za-z_]\w*")
"""Names, words and flags, as the index splits a file (so both sides compare alike)."""
_PATHLIKE = re.compile(r"[\w.@~-]*(?:/[\w.@*-]+)+/?|[\w-]+\.[A-Za-z]\w*|https?://\S+")
"""Paths, file names and addresses in an entry: their parts say where, not what, so they are left out."""
_STOP = frozenset("""
the and for with from into onto that this these those there then than when where which while what who whom whose
are was were been being have has had having not but all any each every some more most other such only own same
its it's our your their them they you use used uses using run runs see also can may must should would could will
about after before over under again once here just very too via per out off yes now new old file files line lines
make makes made keep keeps set sets get gets add adds one two three lives live living defined define
""".split())
WINDOW = 1_000
"""How far around a reference its statement is read, on a very long line."""
MAX_BLOB_TOKENS_CACHED = 20_000
"""At most this many old file versions are remembered (their tokens); the oldest are dropped past it."""


@functools.lru_cache(maxsize=65_536)
def stated_words(text: str) -> frozenset[str]:
    """The words and names an entry states, without paths, short words and common English (remembered: a warm
    check reads the same statements again)."""
    plain = _PATHLIKE.sub(" ", text)
    return frozenset(word for word in _WORD.findall(plain) if len(word) >= 3 and word.lower() not in _STOP)


def names_at(index: RepoIndex, sha: str, path: str) -> FileNames | None:
    """The names `path` mentioned and defined as commit `sha` had it (None when it had no such file, or a binary
    one); read through GitPython's long-running `cat-file --batch`, once per (commit, path)."""
    key = (sha, path)
    cache = index.blob_tokens
    if key in cache:
        return cache[key]
    try:
        _, kind, _, data = index.repo.git.get_object_data(f"{sha}:{path}")
    except Exception:  # noqa: BLE001 - not in that commit: nothing to compare with
        kind, data = None, b""
    found = scan_bytes(data) if kind == b"blob" or kind == "blob" else None
    if len(cache) >= MAX_BLOB_TOKENS_CACHED:
        del cache[next(iter(cache))]
    cache[key] = found
    return found


def tokens_at(index: RepoIndex, sha: str, path: str) -> frozenset[str] | None:
    """The tokens of `path` as commit `sha` had it (see `names_at`)."""
    names = names_at(index, sha, path)
    return names.tokens if names is not None else None


def defined_then(index: RepoIndex, since: int | None, name: str, paths: set[str]) -> bool | None:
    """Whether one of `paths` defined `name` at position `since` of the history; None when that cannot be told."""
    if since is None or since < 0 or since >= len(index.history.shas):
        return None
    sha = index.history.shas[since]
    known = False
    for path in paths:
        names = names_at(index, sha, path)
        if names is None:
            continue
        known = True
        if any(defined == name for defined, _ in names.definitions):
            return True
    return False if known else None


def statement_around(text: str, start: int, end: int) -> str:
    """The line of an entry that holds a reference (at most `WINDOW` characters on either side): what it says
    about the file it names."""
    first = max(text.rfind("\n", 0, start) + 1, start - WINDOW)
    last = text.find("\n", end)
    return text[first:min(last if last >= 0 else len(text), end + WINDOW)]


def lost_words(index: RepoIndex, statement: str, path: str, since: int) -> list[str] | None:
    """The words a statement makes that `path` had at position `since` of the history and no longer has in any
    case, sorted, leaving out the file's own name (`README` of README.md); None when the file as it was then cannot
    be read."""
    names = index.names.get(path)
    current = names.tokens if names is not None else frozenset()
    candidates = stated_words(statement) - current
    if not candidates:
        return []
    if since < 0 or since >= len(index.history.shas):
        return None
    before = tokens_at(index, index.history.shas[since], path)
    if before is None:
        return None
    gone = candidates & before
    if gone:  # prose capitalises what code writes in lower case (`Zod`, `import { z } from "zod"`)
        stem = path.rsplit("/", 1)[-1].split(".", 1)[0]
        kept = {token.lower() for token in current} | {part.lower() for part in re.split(r"[\W_]+", stem)}
        gone = {word for word in gone if word.lower() not in kept}  # nor is the file's own name what it states
    return sorted(gone)
