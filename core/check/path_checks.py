"""Path references: does the file or folder still exist, where did it go, and did it change since verification?"""

from __future__ import annotations

import fnmatch
import subprocess
import re
from dataclasses import replace

from memrev.core.check.cited_lines import cited_fate, hunks_since
from memrev.core.check.context import MAX_LISTED_COMMITS, EntryContext, repo_relative, result, short
from memrev.core.check.git_history import PathEvent
from memrev.core.check.model import CommitInfo, RefStatus, ReferenceCheck
from memrev.core.check.path_context import (folder_fate, folder_files, historic_matches, meant_then, readings,
                                            tree_parents)
from memrev.core.check.references import Reference
from memrev.core.check.repo_index import RepoIndex
from memrev.core.check.stated_change import lost_words, statement_around

_ROUTE = r"(?:[^/\[\]]+|\[{1,2}(?:\.\.\.)?[\w-]+\]{1,2})"
_ROUTE_SEGMENTS = re.compile(rf"(?:{_ROUTE}/)*{_ROUTE}/?")
"""A path whose brackets are whole route folders (`[id]`, `[...slug]`): one file, not a glob pattern."""

_AGENT_FILES = frozenset("MEMORY.md USER.md memory.md memory_summary.md raw_memories.md".split())
_AGENT_FOLDERS = frozenset("rollout_summaries sessions memories memory skills .codex .claude .hermes .openclaw".split())
"""Agents' own memory files and folders, which entries name but which live in the agent's home, not the repository."""

def resolve_path(ref: Reference, ctx: EntryContext) -> tuple[str | None, str | None]:
    """The repository path a path reference means, or (None, why it cannot be checked)."""
    index = ctx.index
    relative = repo_relative(ref.value, ctx.entry, index)
    if relative is None:
        return None, "outside the repository"
    if any(char in relative for char in "*?") or "[" in relative and not _ROUTE_SEGMENTS.fullmatch(relative):
        return None, "a pattern, not one file"
    if not relative or ref.has_folder or relative in index.files or relative in index.folders:
        return relative, None
    matches = index.by_basename.get(relative, [])
    if len(matches) == 1:
        return matches[0], None
    if len(matches) > 1:
        shown = ", ".join(sorted(matches)[:3]) + (", …" if len(matches) > 3 else "")
        return None, f"{len(matches)} files are named {relative} ({shown}): which one is meant is unclear"
    gone = index.history.basenames.get(relative, set())
    if len(gone) == 1:
        return next(iter(gone)), None
    return relative, None


def check_path(ref: Reference, ctx: EntryContext) -> ReferenceCheck:
    """Does the file or folder still exist, where did it go, and did it change since the entry was verified?"""
    index = ctx.index
    path, problem = resolve_path(ref, ctx)
    if path is not None or problem and " files are named " in problem:
        meant = _bare_name_then(ref, ctx, path)
        if isinstance(meant, ReferenceCheck):
            return meant
        if meant is not None:
            path, problem = meant, None
    if path is None:
        if problem == "a pattern, not one file":
            relative = repo_relative(ref.value, ctx.entry, index) or ref.value
            matched = fnmatch.filter(index.files, relative)
            if matched:
                return result(ref, RefStatus.OK, f"matches {len(matched)} file(s), e.g. {sorted(matched)[0]}")
        return result(ref, RefStatus.UNVERIFIABLE, problem or "cannot be checked")
    if path == "":
        return result(ref, RefStatus.OK, "the repository's own folder")
    if path not in index.files and path not in index.folders and (
            path.rsplit("/", 1)[-1] in _AGENT_FILES or path.split("/", 1)[0] in _AGENT_FOLDERS) and not (
            index.history.events.get(path) or folder_files(index.history, path)):  # a skill the repository had is its own
        return result(ref, RefStatus.UNVERIFIABLE, f"{path} is an agent's own memory file, not a repository file")
    ctx.cited.add(path)
    if path in index.folders:
        ctx.current.add(path)
        return result(ref, RefStatus.OK, f"folder {path}/ exists", path=path)
    if path in index.files:
        ctx.current.add(path)
        return _changed_since(ref, ctx, path)
    return _gone(ref, ctx, path)


def _bare_name_then(ref: Reference, ctx: EntryContext, path: str | None) -> str | ReferenceCheck | None:
    """A bare file name read as the one file of that name the entry was verified with: that file when it is still
    there (even when the name is now ambiguous), where it went when it was renamed or moved, or its deletion."""
    name = ref.value.strip("/")
    if ref.has_folder or "/" in name:
        return path
    then = meant_then(ctx.index, name, ctx.since)
    if then is None or then == path:
        return path
    if then in ctx.index.files:
        return then
    gone = _gone(ref, ctx, then)
    if gone.status not in (RefStatus.RENAMED, RefStatus.MISSING):
        return path
    now = ctx.index.by_basename.get(name, [])
    also = f" (a file of that name is now at {now[0]})" if gone.status is RefStatus.MISSING and len(now) == 1 else ""
    return replace(gone, evidence=f"{name} was {then} when {ctx.since_label}; {gone.evidence}{also}")


def _changed_since(ref: Reference, ctx: EntryContext, path: str) -> ReferenceCheck:
    """An existing file: `changed` when a cited line range may have moved or what the entry states about the file
    left it after the entry's baseline; a file merely edited since is `ok`, with the edits as a note."""
    index = ctx.index
    names = index.names.get(path)
    if ref.line and names is not None and names.lines and ref.line > names.lines:
        return result(ref, RefStatus.CHANGED, f"line {ref.line} is past the end of {path} ({names.lines} lines)",
                       path=path)
    if ctx.since is None:
        return result(ref, RefStatus.OK, f"{path} exists (never verified: changes cannot be dated)", path=path)
    events = index.history.changes_since(path, ctx.since)
    if not events:
        return result(ref, RefStatus.OK, f"{path} exists, unchanged since {ctx.since_label}", path=path)
    listed = tuple(index.history.commit_info(e.commit, e) for e in events[:-MAX_LISTED_COMMITS - 1:-1])
    added = sum(e.added or 0 for e in events)
    removed = sum(e.removed or 0 for e in events)
    edits = (f"changed in {len(events)} commit(s) since {ctx.since_label}: +{added} -{removed} lines "
             f"(latest {short(listed[0])})")
    base = index.history.shas[ctx.since] if ctx.since >= 0 else None
    hint = f"git diff {base[:12]} HEAD -- {path}" if base else f"git log -- {path}"
    if ref.line:
        return _cited_lines(ref, ctx, path, edits, hint, listed)
    lost = lost_words(index, statement_around(ctx.entry.text, ref.start, ref.end), path, ctx.since)
    if lost is None and path in index.history.unreadable:
        return result(ref, RefStatus.OK, f"{path} exists; whether what the entry states is still there cannot be "
                       f"told: git cannot read the version {ctx.since_label} here (missing objects) (note: {edits})",
                       commits=listed, path=path)
    if lost is None and (index.root / path).is_dir():  # a submodule: its pinned commit moved, as submodules do
        return result(ref, RefStatus.OK, f"{path} is a submodule of the repository (note: its commit {edits})",
                       commits=listed, path=path)
    if lost is None:
        return result(ref, RefStatus.CHANGED, f"{path} {edits}", hint, listed, path=path)
    if lost:
        shown = ", ".join(lost[:5]) + (f" and {len(lost) - 5} more" if len(lost) > 5 else "")
        return result(ref, RefStatus.CHANGED, f"{path} no longer has {shown}, which the entry states; {edits}",
                       hint, listed, path=path)
    return result(ref, RefStatus.OK, f"{path} exists; what the entry states is still there (note: {edits})",
                   commits=listed, path=path)


def _cited_lines(ref: Reference, ctx: EntryContext, path: str, edits: str, hint: str,
                 listed: tuple[CommitInfo, ...]) -> ReferenceCheck:
    """Cited lines of an edited file: `changed` only when an edit falls inside them; moved or kept lines hold, the
    moved ones with where they are now."""
    history = ctx.index.history
    first, last = ref.line or 0, ref.line_end or ref.line or 0
    since = ctx.since if ctx.since is not None else -1
    hunks = hunks_since(ctx.index, history.shas[since], path) if 0 <= since and history.existed_at(path, since) \
        else None
    cited = f"line {first} is" if first == last else f"lines {first}-{last} are"
    if hunks is None:
        return result(ref, RefStatus.CHANGED, f"{path} {edits}; the cited lines may have moved", hint, listed,
                       path=path)
    fate = cited_fate(hunks, first, last)
    if fate.touched:
        return result(ref, RefStatus.CHANGED, f"{path} {edits}; the edits touch the cited {cited.rsplit(' ', 1)[0]}", hint, listed,
                       path=path)
    if fate.first != first:
        now = f"line {fate.first}" if first == last else f"lines {fate.first}-{fate.last}"
        return result(ref, RefStatus.OK, f"{path}: the cited {cited} unchanged, now at {now} (note: {edits})",
                       f"{path}:{fate.first}" + (f"-{fate.last}" if first != last else ""), listed, path=path)
    return result(ref, RefStatus.OK, f"{path}: the cited {cited} unchanged (note: {edits})", commits=listed,
                   path=path)


def _gone(ref: Reference, ctx: EntryContext, path: str) -> ReferenceCheck:
    """A path that does not exist now: renamed (follow the chain), deleted (by which commit), or never there."""
    index = ctx.index
    history = index.history
    final, renames, deletion = history.follow(path)
    if ctx.since is not None:  # the file the entry meant: the one at `path` when it was verified
        then = history.follow(path, ctx.since, first=True)
        if then[1] or then[2] is not None:
            final, renames, deletion = then
    steps = tuple(history.commit_info(event.commit, event) for event in renames)
    if renames and final in index.files:  # there now, even if it was deleted and added back on the way
        ctx.current.add(final)
        chain = " -> ".join([path, *(event.other or "" for event in renames)])
        where = f"renamed {len(renames)} times: {chain}" if len(renames) > 1 else f"renamed to {final}"
        return result(ref, RefStatus.RENAMED, f"{where} in {', '.join(short(c) for c in steps)}", final, steps,
                       path=final)
    if deletion is not None and ({path, final} & history.unreadable):
        return result(ref, RefStatus.UNVERIFIABLE, f"{final} is gone, but git cannot read its versions here (missing "
                       "objects), so whether it was renamed or deleted cannot be told")
    if deletion is not None:
        deleted = history.commit_info(deletion.commit, deletion)
        before = f"renamed to {final}, then " if renames else ""
        return result(ref, RefStatus.MISSING, f"{before}deleted in {short(deleted)}", None, (*steps, deleted))
    if history.events.get(path) or renames:
        return result(ref, RefStatus.MISSING, f"{final} is deleted in the working tree (not committed)")
    if ctx.since is not None and 0 <= ctx.since and not any(history.existed_at(f, ctx.since)
                                                             for f in folder_files(history, path)):
        read = _in_context(ref, ctx, path, tree_parents(ctx.entry.text, ref.start))
        if read is not None:  # no folder of this path when verified: the entry meant the one of that name
            return read
    fate = folder_fate(index, path, ctx.since)
    gone_then = fate is not None and ctx.since is not None and 0 <= ctx.since < len(history.shas) and not _in_tree(
        index, history.shas[ctx.since], path)
    if fate is not None and not gone_then:
        return _folder_gone(ref, ctx, path, *fate)
    tree = tree_parents(ctx.entry.text, ref.start)
    read = _in_context(ref, ctx, path, tree)
    if read is not None:
        return read
    then = historic_matches(history, path)
    if len(then) == 1 and then[0] != path and tree is None:
        gone = _gone(ref, ctx, then[0])
        return replace(gone, evidence=f"read as {then[0]} (the one path under another folder that ends so, in the "
                       f"history); {gone.evidence}")
    if gone_then:  # that folder was gone before the entry was verified: it meant another of the name
        return result(ref, RefStatus.UNVERIFIABLE, f"folder {path}/ was already gone when {ctx.since_label}, so the "
                      "entry means another folder of that name: which one is unclear")
    if path in index.ignored([path]):
        return result(ref, RefStatus.UNVERIFIABLE, f"{path} is ignored by git (a build output or local file)")
    if index.shallow:
        return result(ref, RefStatus.UNVERIFIABLE, f"{path} is not here, and this shallow clone lacks older history")
    if history.problem and not history.events:
        return result(ref, RefStatus.UNVERIFIABLE, f"{path} is not in the repository, and {history.problem}")
    where = "drawn in a tree, and no folder above it or elsewhere holds it" if tree is not None else \
        "read from the root, from a folder the entry names or from any package root"
    return result(ref, RefStatus.UNVERIFIABLE, f"{path} is not in the repository and never was in HEAD's history, "
                   f"{where}: what it refers to cannot be told")


def _in_tree(index: RepoIndex, sha: str, path: str) -> bool:
    """Whether git's own tree of commit `sha` holds `path` (true when that cannot be told)."""
    done = subprocess.run(["git", "-C", str(index.root), "cat-file", "-t", f"{sha}:{path}"], capture_output=True,
                          check=False)
    return done.returncode == 0 or b"does not exist" not in done.stderr


def _folder_gone(ref: Reference, ctx: EntryContext, path: str, new: str | None, moves: list[PathEvent],
                 deletion: PathEvent | None, apart: list[str]) -> ReferenceCheck:
    """A folder that is gone: renamed when its files went to one new folder, else deleted (by its last commit) or
    split (naming where its files went)."""
    history = ctx.index.history
    if new is not None:
        ctx.current.add(new)
        first = history.commit_info(moves[0].commit, moves[0])
        suggestion = new + ("/" if ref.value.endswith("/") else "")
        return result(ref, RefStatus.RENAMED, f"folder renamed to {new}/ in {short(first)} ({len(moves)} file(s) "
                       "moved with it)", suggestion, (first,), path=new)
    went = ""
    if apart:
        went = f"; they went to {', '.join(f + '/' for f in apart[:3])}" + (f" and {len(apart) - 3} more folder(s)"
                                                                          if len(apart) > 3 else "")
    if deletion is not None:
        deleted = history.commit_info(deletion.commit, deletion)
        how = "deleted or moved apart" if apart else "deleted"
        return result(ref, RefStatus.MISSING, f"folder {path}/ is gone: its files were {how} (the last deleted in "
                       f"{short(deleted)}){went}", None, (deleted,))
    return result(ref, RefStatus.MISSING, f"folder {path}/ is gone: its files were moved apart{went}")


def _in_context(ref: Reference, ctx: EntryContext, path: str, tree: list[str] | None) -> ReferenceCheck | None:
    """The path read as a person would (under a tree's folders, a folder named earlier, any package root), checked
    there; None when no reading finds it."""
    index = ctx.index
    folders = {p for p in ctx.cited if p in index.folders}
    folders |= {p.rsplit("/", 1)[0] for p in ctx.cited if "/" in p and p in index.files}
    found = readings(index, path, sorted(folders - {path}), tree)
    if not found:
        return None
    where, how = found[0]
    ctx.current.add(where)
    if where in index.folders:
        held = result(ref, RefStatus.OK, f"folder {where}/ exists", path=where)
    else:
        held = _changed_since(ref, ctx, where)
    return replace(held, evidence=f"read as {where} ({how}); {held.evidence}")
