"""The status of each kind of reference against a repository index, with evidence a reviewer can follow."""

from __future__ import annotations

import builtins
import fnmatch
import re
from dataclasses import dataclass, field
from typing import Callable

from .check_model import CommitInfo, RefStatus, ReferenceCheck
from .git_history import PathEvent
from .model import Entry
from .references import Reference
from .repo_facts import check_command_claim, check_version_claim
from .repo_index import RepoIndex

MAX_LISTED_COMMITS = 10
"""A `changed` reference lists at most this many commits (newest first); the count covers all of them."""

_BUILTINS = frozenset(dir(builtins)) | frozenset("""
self cls this super console JSON Math Object Array String Number Promise window document process require module
exports os sys re json subprocess pathlib datetime typing collections functools itertools asyncio logging
""".split())
"""Names a language provides, which no repository defines."""

_WELL_KNOWN_ENV = frozenset("""
HOME PATH USER SHELL PWD TMPDIR TMP TEMP LANG LC_ALL EDITOR VISUAL TERM CI PYTHONPATH VIRTUAL_ENV NODE_ENV
XDG_CONFIG_HOME XDG_DATA_HOME XDG_CACHE_HOME GITHUB_TOKEN GITHUB_ACTIONS DISPLAY SSH_AUTH_SOCK
""".split())
"""Environment variables every system has; no repository confirms or refutes them."""

_EXTERNAL_TOOLS = frozenset("""
git gh curl wget ssh scp rsync ls cat grep rg sed awk find tar zip unzip chmod chown cp mv rm mkdir sudo docker
podman kubectl helm terraform pip pip3 pipx python python3 py npm npx pnpm yarn bun node deno uv uvx poetry pdm
hatch tox nox pytest ruff mypy black isort flake8 pylint cargo rustc go gcc clang make cmake java javac mvn gradle
brew apt apt-get dnf yum systemctl journalctl openssl jq psql mysql redis-cli aws gcloud az
""".split())
"""Commands whose flags belong to the tool, not to the repository, so the repository cannot check them."""

_AGENT_FILES = frozenset("MEMORY.md USER.md memory.md memory_summary.md raw_memories.md".split())
_AGENT_FOLDERS = frozenset("rollout_summaries sessions memories memory skills .codex .claude .hermes .openclaw".split())
"""Agents' own memory files and folders, which entries name but which live in the agent's home, not the repository."""

_RUNNER = re.compile(r"^(?:sudo\s+)?(?:(?:uv|poetry|pdm|hatch|pipenv)\s+run\s+|npx\s+|uvx\s+|pipx\s+run\s+|"
                     r"python3?\s+-m\s+)?(?P<tool>[\w.-]+)")


@dataclass
class EntryContext:
    """What the checks of one entry share: the entry, the index, the commit it was last known true at, its files."""

    entry: Entry
    index: RepoIndex
    since: int
    """Position in history of the commit the entry was verified (or written) at; -1 for before all, None unknown."""
    since_label: str
    cited: set[str] = field(default_factory=set)
    """Paths the entry names, as written (repository-relative)."""
    current: set[str] = field(default_factory=set)
    """Where those paths are now (themselves, or their rename targets)."""
    commits: dict[str, str | None] = field(default_factory=dict)
    """Commit names in the entry, resolved to full SHAs (None when unknown)."""


def baseline(entry: Entry, index: RepoIndex) -> tuple[int | None, str]:
    """Where in history an entry was last known true: its verified commit or time, else the commit or time of writing."""
    history = index.history
    for sha, label in ((entry.verified_commit, "verified"), (entry.provenance.commit, "written")):
        if sha and sha in history.position:
            return history.position[sha], f"{label} at {sha[:8]}"
    for when, label in ((entry.verified_at, "verified"), (entry.provenance.written_at, "written")):
        if when is not None and len(history):
            return history.index_at_or_before(when), f"{label} on {when:%Y-%m-%d}"
    return None, "never verified"


def repo_relative(value: str, entry: Entry, index: RepoIndex) -> str | None:
    """A path as a repository-relative one, or None when it points outside the repository."""
    if value.startswith("~") or value.startswith("../") or value == "..":
        return None
    if value.startswith("/"):
        for base in (str(index.root), entry.provenance.cwd):
            if base and value.rstrip("/") == base.rstrip("/"):
                return ""
            if base and value.startswith(base.rstrip("/") + "/"):
                return value[len(base.rstrip("/")) + 1:]
        return None
    return value.strip("/") if value.endswith("/") else value


def check_reference(ref: Reference, ctx: EntryContext) -> ReferenceCheck:
    """The status of one reference with its evidence."""
    checker = _CHECKS.get(ref.kind, _unverifiable)
    return checker(ref, ctx)


def _result(ref: Reference, status: RefStatus, evidence: str, suggestion: str | None = None,
            commits: tuple[CommitInfo, ...] = (), facts: tuple[tuple[str, str, str], ...] = (),
            path: str | None = None) -> ReferenceCheck:
    """A reference check built from the reference and what was found."""
    return ReferenceCheck(ref.kind, ref.text, ref.value, ref.start, ref.end, status, evidence, suggestion, commits,
                          facts, path)


def _unverifiable(ref: Reference, ctx: EntryContext) -> ReferenceCheck:
    """Nothing in a repository can check this reference."""
    return _result(ref, RefStatus.UNVERIFIABLE, "nothing in the repository to check it against")


def _short(commit: CommitInfo) -> str:
    """A commit as `abc12345 "subject"`."""
    return f'{commit.sha[:8]} "{commit.subject}"'


# -- paths -----------------------------------------------------------------------------------------


def resolve_path(ref: Reference, ctx: EntryContext) -> tuple[str | None, str | None]:
    """The repository path a path reference means, or (None, why it cannot be checked)."""
    index = ctx.index
    relative = repo_relative(ref.value, ctx.entry, index)
    if relative is None:
        return None, "outside the repository"
    if any(char in relative for char in "*?["):
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
    if path is None:
        if problem == "a pattern, not one file":
            relative = repo_relative(ref.value, ctx.entry, index) or ref.value
            matched = fnmatch.filter(index.files, relative)
            if matched:
                return _result(ref, RefStatus.OK, f"matches {len(matched)} file(s), e.g. {sorted(matched)[0]}")
        return _result(ref, RefStatus.UNVERIFIABLE, problem or "cannot be checked")
    if path == "":
        return _result(ref, RefStatus.OK, "the repository's own folder")
    if path not in index.files and (path.rsplit("/", 1)[-1] in _AGENT_FILES or path.split("/", 1)[0] in _AGENT_FOLDERS):
        return _result(ref, RefStatus.UNVERIFIABLE, f"{path} is an agent's own memory file, not a repository file")
    ctx.cited.add(path)
    if path in index.folders:
        ctx.current.add(path)
        return _result(ref, RefStatus.OK, f"folder {path}/ exists", path=path)
    if path in index.files:
        ctx.current.add(path)
        return _changed_since(ref, ctx, path)
    return _gone(ref, ctx, path)


def _changed_since(ref: Reference, ctx: EntryContext, path: str) -> ReferenceCheck:
    """An existing file: `changed` when commits touched it after the entry's baseline, else `ok`."""
    index = ctx.index
    names = index.names.get(path)
    if ref.line and names is not None and names.lines and ref.line > names.lines:
        return _result(ref, RefStatus.CHANGED, f"line {ref.line} is past the end of {path} ({names.lines} lines)",
                       path=path)
    if ctx.since is None:
        return _result(ref, RefStatus.OK, f"{path} exists (never verified: changes cannot be dated)", path=path)
    events = index.history.changes_since(path, ctx.since)
    if not events:
        return _result(ref, RefStatus.OK, f"{path} exists, unchanged since {ctx.since_label}", path=path)
    commits = tuple(index.history.commit_info(e.commit, e) for e in reversed(events))
    added = sum(c.added or 0 for c in commits)
    removed = sum(c.removed or 0 for c in commits)
    evidence = (f"{path} changed in {len(commits)} commit(s) since {ctx.since_label}: +{added} -{removed} lines "
                f"(latest {_short(commits[0])})")
    base = index.history.shas[ctx.since] if ctx.since >= 0 else None
    hint = f"git diff {base[:12]} HEAD -- {path}" if base else f"git log -- {path}"
    return _result(ref, RefStatus.CHANGED, evidence, hint, commits[:MAX_LISTED_COMMITS], path=path)


def _gone(ref: Reference, ctx: EntryContext, path: str) -> ReferenceCheck:
    """A path that does not exist now: renamed (follow the chain), deleted (by which commit), or never there."""
    index = ctx.index
    history = index.history
    final, renames, deletion = history.follow(path)
    steps = tuple(history.commit_info(event.commit, event) for event in renames)
    if renames and final in index.files and deletion is None:
        ctx.current.add(final)
        chain = " -> ".join([path, *(event.other or "" for event in renames)])
        where = f"renamed {len(renames)} times: {chain}" if len(renames) > 1 else f"renamed to {final}"
        return _result(ref, RefStatus.RENAMED, f"{where} in {', '.join(_short(c) for c in steps)}", final, steps,
                       path=final)
    if deletion is not None:
        deleted = history.commit_info(deletion.commit, deletion)
        before = f"renamed to {final}, then " if renames else ""
        return _result(ref, RefStatus.MISSING, f"{before}deleted in {_short(deleted)}", None, (*steps, deleted))
    if history.events.get(path) or renames:
        return _result(ref, RefStatus.MISSING, f"{final} is deleted in the working tree (not committed)")
    if path in index.ignored([path]):
        return _result(ref, RefStatus.UNVERIFIABLE, f"{path} is ignored by git (a build output or local file)")
    if index.shallow:
        return _result(ref, RefStatus.UNVERIFIABLE, f"{path} is not here, and this shallow clone lacks older history")
    return _result(ref, RefStatus.MISSING, f"{path} is not in the repository and never was in HEAD's history")


# -- names: symbols, flags, environment variables ---------------------------------------------------


def check_symbol(ref: Reference, ctx: EntryContext) -> ReferenceCheck:
    """Is the name still defined, and in the file the entry names, or has it moved or gone?"""
    index = ctx.index
    parts = ref.value.split(".")
    name = parts[-1]
    if ref.value in _BUILTINS or parts[0] in _BUILTINS and len(parts) > 1 and parts[0][:1].isupper():
        return _result(ref, RefStatus.UNVERIFIABLE, f"{ref.value} is a language built-in")
    where = index.definitions.get(name, {})
    if where:
        cited_files = ctx.current | {p for p in ctx.cited if p not in index.folders}
        if cited_files and not cited_files & where.keys():
            target = sorted(where)[0]
            named = ", ".join(sorted(cited_files))
            return _result(ref, RefStatus.MOVED, f"{name} is defined in {target}:{where[target]}, not in {named}",
                           target)
        module = "/".join(parts[:-1])
        if len(parts) > 1 and parts[0].islower() and _module_exists(index, module) and not any(
                _in_module(path, module) for path in where):
            target = sorted(where)[0]
            return _result(ref, RefStatus.MOVED, f"{name} is no longer in {module}; defined in {target}:{where[target]}",
                           target)
        preferred = sorted(where, key=lambda p: (p not in cited_files, p))[0]
        return _result(ref, RefStatus.OK, f"defined in {preferred}:{where[preferred]}")
    if index.token_count.get(name) or index.token_count.get(ref.value):
        sample = index.token_sample.get(name) or index.token_sample.get(ref.value)
        named = sorted(p for p in ctx.current if p in index.files and _is_code(p))
        if named:  # the entry says where it is defined, and no file defines it any more
            return _result(ref, RefStatus.MISSING, f"{name} is no longer defined in {', '.join(named)} or anywhere "
                           f"else (still mentioned in {sample})" + _touched_files(ctx))
        return _result(ref, RefStatus.OK, f"used in {sample} (defined outside this repository)")
    if not index.files:
        return _unverifiable(ref, ctx)
    if not marked_as_code(ref, ctx.entry.text):
        return _result(ref, RefStatus.UNVERIFIABLE, f"{ref.value} is not in the repository, and the entry does not "
                       "mark it as code")
    return _result(ref, RefStatus.MISSING, f"{ref.value} is not defined or used anywhere in the repository"
                   + _touched_files(ctx))


def marked_as_code(ref: Reference, text: str) -> bool:
    """Whether the entry presents a name as code: in backticks, called with `()`, dotted or CamelCase."""
    if ref.text.endswith("()") or "." in ref.value or re.fullmatch(r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+", ref.value):
        return True
    line_start = text.rfind("\n", 0, ref.start) + 1
    return text.count("`", line_start, ref.start) % 2 == 1


_CODE_SUFFIXES = (".py", ".pyi", ".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx", ".go", ".rs", ".rb", ".java", ".kt",
                  ".swift", ".c", ".h", ".cc", ".cpp", ".hpp", ".cs", ".php", ".scala", ".ex", ".exs", ".lua", ".sh")


def _is_code(path: str) -> bool:
    """Whether a file is source code, where the names an entry cites would be defined."""
    return path.endswith(_CODE_SUFFIXES)


def _module_exists(index: RepoIndex, module: str) -> bool:
    """Whether a dotted module path (as folders) names a Python module or package in the repository."""
    last = module.rsplit("/", 1)[-1]
    if any(_in_module(path, module) for path in index.by_basename.get(f"{last}.py", [])):
        return True
    return any(folder == module or folder.endswith("/" + module) for folder in index.folders)


def _in_module(path: str, module: str) -> bool:
    """Whether a file is the module named by a dotted path."""
    return path.endswith((f"{module}.py", f"{module}/__init__.py"))


def _touched_files(ctx: EntryContext) -> str:
    """A hint naming the newest commit that touched a file the entry names after its baseline, if any."""
    if ctx.since is None:
        return ""
    latest: tuple[int, PathEvent, str] | None = None
    for path in sorted(ctx.cited | ctx.current):
        for event in ctx.index.history.changes_since(path, ctx.since):
            if latest is None or event.commit > latest[0]:
                latest = (event.commit, event, path)
    if latest is None:
        return ""
    return f"; {latest[2]} changed in {_short(ctx.index.history.commit_info(latest[0]))}"


def flag_command(ref: Reference, text: str) -> str | None:
    """The command a flag is given to, read back from the code span or line it sits in."""
    line_start = text.rfind("\n", 0, ref.start) + 1
    tick = text.rfind("`", line_start, ref.start)
    before = text[tick + 1 if tick >= 0 else line_start:ref.start]
    match = _RUNNER.match(before.strip()) if tick >= 0 else None
    return match.group("tool") if match else None


def check_flag(ref: Reference, ctx: EntryContext) -> ReferenceCheck:
    """Does any file still define or mention the flag (unless it belongs to a tool like git or pip)?"""
    index = ctx.index
    tool = flag_command(ref, ctx.entry.text)
    scripts = index.facts.scripts
    if tool and tool in _EXTERNAL_TOOLS and tool not in scripts:
        return _result(ref, RefStatus.UNVERIFIABLE, f"a flag of {tool}, not of this repository")
    if index.token_count.get(ref.value):
        return _result(ref, RefStatus.OK, f"{ref.value} appears in {index.token_sample.get(ref.value)}")
    if not ref.value.startswith("--"):
        return _result(ref, RefStatus.UNVERIFIABLE, f"{ref.value} is too short to look for")
    return _result(ref, RefStatus.MISSING, f"no file in the repository mentions {ref.value}" + _touched_files(ctx))


def check_env(ref: Reference, ctx: EntryContext) -> ReferenceCheck:
    """Does any file still read or set the environment variable?"""
    index = ctx.index
    if ref.value in _WELL_KNOWN_ENV:
        return _result(ref, RefStatus.UNVERIFIABLE, f"{ref.value} is a standard environment variable")
    if index.token_count.get(ref.value):
        return _result(ref, RefStatus.OK, f"{ref.value} appears in {index.token_sample.get(ref.value)}")
    return _result(ref, RefStatus.MISSING, f"no file in the repository reads or sets {ref.value}" + _touched_files(ctx))


# -- commits and refs --------------------------------------------------------------------------------


def check_commit(ref: Reference, ctx: EntryContext) -> ReferenceCheck:
    """Does the pinned commit still exist, is it in HEAD's history, and how far behind HEAD is it?"""
    index = ctx.index
    full = ctx.commits.get(ref.value)
    if full is None:
        if index.shallow:
            return _result(ref, RefStatus.UNVERIFIABLE, f"{ref.value} is not in this shallow clone")
        return _result(ref, RefStatus.MISSING, f"no commit {ref.value}: history was rewritten (force-push) "
                       "or it was never fetched")
    position = index.history.position.get(full)
    if position is None:
        return _result(ref, RefStatus.MISSING, f"{full[:8]} exists but is not in HEAD's history "
                       "(rewritten, or on another branch)")
    behind = len(index.history) - 1 - position
    info = index.history.commit_info(position)
    return _result(ref, RefStatus.OK, f"{_short(info)} is in HEAD's history, {behind} commit(s) behind HEAD",
                   commits=(info,))


def check_ref(ref: Reference, ctx: EntryContext) -> ReferenceCheck:
    """Does the branch or tag exist, and does a tag still point at the commit the entry pins?"""
    refs = ctx.index.refs
    label, _, name = ref.value.partition(":")
    if label == "tag":
        target = refs.tags.get(name)
        if target is None:
            return _result(ref, RefStatus.MISSING, f"no tag {name} in the repository")
        pinned = {sha for sha in ctx.commits.values() if sha}
        if pinned and target not in pinned:
            shown = ", ".join(sorted(sha[:8] for sha in pinned))
            return _result(ref, RefStatus.CONTRADICTED, f"tag {name} now points at {target[:8]}, not {shown}",
                           target[:12], facts=(("memory", shown, "entry text"), ("repository", target[:12], f"tag {name}")))
        return _result(ref, RefStatus.OK, f"tag {name} points at {target[:8]}")
    short = name.split("/", 1)[1] if name.startswith(("origin/", "upstream/")) else name
    if name in refs.branches or name in refs.remotes or short in refs.branches:
        return _result(ref, RefStatus.OK, f"branch {name} exists")
    if any(remote.endswith("/" + name) for remote in refs.remotes):
        return _result(ref, RefStatus.OK, f"branch {name} exists on a remote")
    return _result(ref, RefStatus.MISSING, f"no branch {name} in the repository")


# -- commands and versions ------------------------------------------------------------------------


def check_claim(ref: Reference, ctx: EntryContext) -> ReferenceCheck:
    """A command or version claim against the repository's facts (current facts outrank memory)."""
    index = ctx.index
    if ref.kind == "command":
        claim = check_command_claim(ref.value, index.facts, index.files)
    else:
        claim = check_version_claim(ref.value, index.facts)
    return _result(ref, RefStatus(claim.status), claim.evidence, claim.suggestion, facts=tuple(claim.facts))


_CHECKS: dict[str, Callable[[Reference, EntryContext], ReferenceCheck]] = {
    "path": check_path, "symbol": check_symbol, "flag": check_flag, "env": check_env, "commit": check_commit,
    "ref": check_ref, "command": check_claim, "version": check_claim,
}

