"""Read a path that is not at the repository root the way a person would: relative to a folder the entry names
earlier, under the folders of a tree drawing, or under any package root of a monorepo; and say where a folder
that is gone went, from the files it held."""

from __future__ import annotations

from collections import Counter

from memrev.core.check.git_history import History, PathEvent
from memrev.core.check.repo_index import RepoIndex

_TREE_GLYPHS = "│├└┣┗┃─━|+\\-* \t"
"""Characters that draw a tree (`├── src/`, `│   └─ app.py`, `|-- lib/`) before an item's name."""
MAX_MATCHES_SHOWN = 3


def tree_parents(text: str, start: int) -> list[str] | None:
    """The folders above a tree item, outermost first, read from the lines above it by indentation; None when the
    reference is not drawn in a tree."""
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start]
    if not before or before.strip(_TREE_GLYPHS) or not any(glyph in before for glyph in "│├└┣┗┃|+\\"):
        return None
    column = len(before)
    parents: list[str] = []
    end = line_start - 1
    while end > 0 and column > 0:
        begin = text.rfind("\n", 0, end) + 1
        line = text[begin:end]
        end = begin - 1
        if not line.strip() or line.strip().startswith("```"):
            break
        name_at = len(line) - len(line.lstrip(_TREE_GLYPHS))
        if name_at < column:
            name = line[name_at:].split()[0] if line[name_at:].split() else ""
            if name.endswith("/"):
                parents.insert(0, name.strip("/"))
            column = name_at
    return parents


def suffix_matches(index: RepoIndex, path: str) -> list[str]:
    """Files and folders whose path ends with `/path` (the same path under another folder or package root)."""
    last = path.rsplit("/", 1)[-1]
    ending = "/" + path
    found = [p for p in index.by_basename.get(last, ()) if p.endswith(ending)]
    found += [f for f in index.folder_by_basename.get(last, ()) if f.endswith(ending)]
    return sorted(found)


def readings(index: RepoIndex, path: str, folders: list[str], tree: list[str] | None) -> list[tuple[str, str]]:
    """Where `path` may be, as (repository path, how it was read), nearest reading first: under the tree's
    folders, under a folder the entry names, then under any other folder."""
    found: list[tuple[str, str]] = []
    if tree:
        for skip in range(len(tree)):  # the drawing's root may be the repository itself
            candidate = "/".join([*tree[skip:], path])
            if candidate in index.files or candidate in index.folders:
                found.append((candidate, "under the folders drawn above it"))
                break
    for folder in folders:
        candidate = f"{folder}/{path}"
        if candidate in index.files or candidate in index.folders:
            found.append((candidate, f"relative to {folder}/, named earlier in the entry"))
    if not found:
        matches = suffix_matches(index, path)
        shown = ", ".join(matches[:MAX_MATCHES_SHOWN]) + (", …" if len(matches) > MAX_MATCHES_SHOWN else "")
        found += [(match, f"under another folder or package root ({len(matches)} found: {shown})")
                  for match in matches[:1]]
    return found


def folder_files(history: History, folder: str) -> list[str]:
    """Every path HEAD's history ever had under `folder`, remembered per folder until the history grows."""
    cache = history.folder_cache
    if cache.get("") != len(history.shas):
        cache.clear()
        cache[""] = len(history.shas)
    if folder not in cache:
        prefix = folder + "/"
        cache[folder] = [path for path in history.events if path.startswith(prefix)]
    return cache[folder]  # type: ignore[return-value]


def folder_fate(index: RepoIndex, folder: str, since: int | None = None
                ) -> tuple[str | None, list[PathEvent], PathEvent | None, list[str]] | None:
    """Where a folder that is gone went: (its new folder when the files it held at `since` that moved all moved
    into that one, the renames, the last deletion, the folders its files went to when they went apart); None when
    no file was ever under it."""
    history = index.history
    files = folder_files(history, folder)
    if not files:
        return None
    if since is not None and since >= 0:
        files = [path for path in files if history.existed_at(path, since)] or files
    kept: Counter[str] = Counter()
    targets: Counter[str] = Counter()
    renames: list[PathEvent] = []
    deletion: PathEvent | None = None
    for path in files:
        final, steps, deleted = history.follow(path, since if since is not None else -1, first=since is not None)
        if deleted is not None:
            if deletion is None or deleted.commit > deletion.commit:
                deletion = deleted
            continue
        rest = path[len(folder) + 1:]
        if steps and final in index.files:
            (kept if final.endswith("/" + rest) else targets)[_destination(final, rest)] += 1
            renames.append(steps[0])
    # one folder took every file that kept its name (or, when none did, every file that moved): a rename
    if len(kept) == 1 or not kept and len(targets) == 1:
        new = next(iter(kept or targets))
        if new in index.folders:
            return new, sorted(renames, key=lambda e: e.commit), deletion, []
    return None, [], deletion, [target for target, _ in (kept + targets).most_common()]


def _destination(final: str, rest: str) -> str:
    """The folder a file under a folder went to: its new path less the part below the folder (a file renamed on
    the way keeps its sub-folders: `a/sub/x.ts` -> `b/sub/y.ts` went to `b`)."""
    if final.endswith("/" + rest):
        return final[:-len(rest) - 1]
    parent, below = final.rsplit("/", 1)[0], rest.rsplit("/", 1)[0] if "/" in rest else ""
    return parent[:-len(below) - 1] if below and parent.endswith("/" + below) else parent


def meant_then(index: RepoIndex, name: str, since: int | None) -> str | None:
    """The one file a bare file name named when the entry was verified (position `since`), when exactly one file
    of that name was in the tree then."""
    if since is None or since < 0 or not name or "/" in name:
        return None
    history = index.history
    candidates = history.basenames.get(name, set()) | set(index.by_basename.get(name, ()))
    then = [path for path in candidates if history.existed_at(path, since)]
    return then[0] if len(then) == 1 else None


def historic_matches(history: History, path: str) -> list[str]:
    """Paths HEAD's history ever had (files, or folders holding files) that end with `/path`, remembered per path
    until the history grows."""
    cache = history.folder_cache
    if cache.get("") != len(history.shas):
        cache.clear()
        cache[""] = len(history.shas)
    key = "\x00" + path
    if key not in cache:
        ending, inner = "/" + path, "/" + path + "/"
        found: set[str] = set()
        for known in history.events:
            if known.endswith(ending):
                found.add(known)
            cut = known.find(inner)
            if cut >= 0:
                found.add(known[:cut + len(inner) - 1])
        cache[key] = sorted(found)
    return cache[key]  # type: ignore[return-value]
