"""The status of each kind of reference against a repository index, with evidence a reviewer can follow."""

from __future__ import annotations

import builtins
import re
from dataclasses import replace
from typing import Callable

from memrev.core.check.claim_checks import check_command_claim, check_version_claim
from memrev.core.check.context import EntryContext, result, short, unverifiable
from memrev.core.check.git_history import PathEvent
from memrev.core.check.model import RefStatus, ReferenceCheck
from memrev.core.check.path_checks import check_path
from memrev.core.check.references import Reference
from memrev.core.check.signature_claims import check_signature
from memrev.core.check.repo_index import RepoIndex
from memrev.core.check.folder_scripts import folder_script
from memrev.core.check.definition_change import definition_change, recipe_change, recipe_clause
from memrev.core.check.stated_change import defined_then, statement_around
from memrev.core.check.symbol_history import used_at
from memrev.core.check.tool_checks import check_tool, tool_of

_BUILTINS = frozenset(dir(builtins)) | frozenset("""
self cls this super console JSON Math Object Array String Number Promise window document process require module
exports os sys re json subprocess pathlib datetime typing collections functools itertools asyncio logging
""".split())
"""Names a language provides, which no repository defines."""
_WEB_GLOBALS = frozenset("""
window document navigator location history localStorage sessionStorage indexedDB fetch console globalThis
setTimeout setInterval clearTimeout clearInterval requestAnimationFrame cancelAnimationFrame queueMicrotask
structuredClone crypto performance screen alert confirm prompt matchMedia getComputedStyle addEventListener
removeEventListener dispatchEvent atob btoa caches customElements URL URLSearchParams Blob File FileReader
FormData Headers Request Response WebSocket Worker SharedWorker ServiceWorker EventSource BroadcastChannel
AbortController AbortSignal TextEncoder TextDecoder IntersectionObserver ResizeObserver MutationObserver
CustomEvent Event Notification Intl Date RegExp Map Set WeakMap WeakSet Symbol Proxy Reflect Buffer
__dirname __filename import
""".split())
"""Browser and JavaScript runtime APIs (`window.localStorage`, `navigator.clipboard`, `fetch()`): named beside a
component, they are what it calls, never a name the repository defines or loses."""

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

_RUNNER = re.compile(r"^(?:sudo\s+)?(?:(?:uv|poetry|pdm|hatch|pipenv)\s+run\s+|npx\s+|uvx\s+|pipx\s+run\s+|"
                     r"python3?\s+-m\s+)?(?:--?[A-Za-z][\w-]*\s+)*(?P<tool>\w[\w.-]*)")


def check_reference(ref: Reference, ctx: EntryContext) -> ReferenceCheck:
    """The status of one reference with its evidence."""
    checker = _CHECKS.get(ref.kind, unverifiable)
    return checker(ref, ctx)


# -- names: symbols, flags, environment variables ---------------------------------------------------


def check_symbol(ref: Reference, ctx: EntryContext) -> ReferenceCheck:
    """Is the name still defined, and in the file the entry names, or has it moved or gone?"""
    index = ctx.index
    parts = ref.value.split(".")
    name = parts[-1]
    if ref.value in _BUILTINS or parts[0] in _BUILTINS and len(parts) > 1 and parts[0][:1].isupper():
        return result(ref, RefStatus.UNVERIFIABLE, f"{ref.value} is a language built-in")
    where = index.definitions.get(name, {})
    if where:
        folders, cited_files = _named_places(ctx)
        inside = bool(folders) and any(path.startswith(folder + "/") for folder in folders for path in where)
        if cited_files and not cited_files & where.keys() and not inside and defined_then(
                index, ctx.since, name, cited_files) is not False:
            # it moved only if the file the entry names defined it when the entry was verified
            target = sorted(where)[0]
            named = ", ".join(sorted(cited_files))
            return result(ref, RefStatus.MOVED, f"{name} is defined in {target}:{where[target]}, not in {named}",
                           target)
        ghost = _ghost_file(ctx, where, cited_files)
        if ghost is not None:
            target = sorted(where)[0]
            return result(ref, RefStatus.MOVED, f"{name} is defined in {target}:{where[target]}, not in {ghost} (no such "
                           f"file, now or in the history, beside it in the same folder)", target)
        module = "/".join(parts[:-1])
        if len(parts) > 1 and parts[0].islower() and _module_exists(index, "/".join(parts)):
            return result(ref, RefStatus.OK, f"{ref.value} is a module or package of the repository")
        if len(parts) > 1 and parts[0].islower() and _module_exists(index, module) and not any(
                _in_module(path, module) for path in where) and not _module_names(index, module, name):
            target = sorted(where)[0]
            return result(ref, RefStatus.MOVED, f"{name} is no longer in {module}; defined in {target}:{where[target]}",
                           target)
        preferred = min(cited_files & where.keys() or where)
        change = _definition_changed(ref, ctx, name, preferred, where[preferred])
        if change is not None:
            return change
        return result(ref, RefStatus.OK, f"defined in {preferred}:{where[preferred]}")
    besides = ctx.own_file
    used = max(index.code_uses(name, besides=besides), index.code_uses(ref.value, besides=besides))
    if parts[0] in _WEB_GLOBALS and (used == 0 or ctx.current & index.files):
        return result(ref, RefStatus.UNVERIFIABLE, f"{ref.value} is a browser or JavaScript runtime API, not a name "
                      "the repository defines")
    if used > 0:
        sample = index.token_sample.get(name) or index.token_sample.get(ref.value)
        named = sorted(p for p in ctx.current if p in index.files and _is_code(p))
        if named and defined_then(index, ctx.since, name, set(named) | ctx.cited) is not False:
            # the entry says where it is defined (and it was, when verified), and no file defines it any more
            return result(ref, RefStatus.MISSING, f"{name} is no longer defined in {', '.join(named)} or anywhere "
                           f"else (still mentioned in {sample})" + _touched_files(ctx))
        return result(ref, RefStatus.OK, f"used in {sample} (defined outside this repository)")
    if len(parts) > 1 and parts[0].islower() and _module_exists(index, "/".join(parts)):
        return result(ref, RefStatus.OK, f"{ref.value} is a module or package of the repository")
    if not index.files:
        return unverifiable(ref, ctx)
    owner = parts[0]
    if len(parts) > 1 and owner[:1].islower() and owner not in index.definitions and not _module_exists(index, owner):
        return result(ref, RefStatus.UNVERIFIABLE, f"{ref.value} is called on {owner}, which this repository does not "
                       "define: the class it belongs to cannot be told")
    docs = index.doc_sample.get(name) or index.doc_sample.get(ref.value)
    mentioned = f" (only documentation mentions it: {docs})" if docs else ""
    if not marked_as_code(ref, ctx.entry.text):
        return result(ref, RefStatus.UNVERIFIABLE, f"{ref.value} is not in the repository's code, and the entry "
                       f"does not mark it as code{mentioned}")
    return result(ref, RefStatus.MISSING, f"{ref.value} is not defined or used anywhere in the repository's code"
                   + mentioned + _touched_files(ctx))


def _named_places(ctx: EntryContext) -> tuple[set[str], set[str]]:
    """The folders and the files (code, never documents nor names of no history) the entry names, where they are
    now; worked out once per entry after its paths were checked, for every name it cites."""
    key = (len(ctx.cited), len(ctx.current))
    if ctx.places is not None and ctx.places[0] == key:
        return ctx.places[1], ctx.places[2]
    index = ctx.index
    folders = {p for p in ctx.current if p in index.folders}
    files = {p for p in ctx.current | ctx.cited if (p in index.files or "." in p.rsplit("/", 1)[-1]
                                                    and index.history.events.get(p))
             and p not in index.prose and not p.endswith(_DOC_SUFFIXES)}  # never a file of no history
    ctx.places = (key, folders, files)
    return folders, files


def _definition_changed(ref: Reference, ctx: EntryContext, name: str, path: str,
                        line: int) -> ReferenceCheck | None:
    """`changed` when the definition the entry names changed its signature, or lost what the entry states about it,
    since the entry was verified (in the same file); None when it did not or cannot be told."""
    index, since = ctx.index, ctx.since
    if since is None or not 0 <= since < len(index.history.shas) or not index.history.changes_since(path, since):
        return None
    sha = index.history.shas[since]
    how = definition_change(index, sha, path, name, line, statement_around(ctx.entry.text, ref.start, ref.end))
    if how is None:
        return None
    return result(ref, RefStatus.CHANGED, f"defined in {path}:{line}, but {how} since {ctx.since_label}",
                   f"git diff {sha[:12]} HEAD -- {path}", path=path)


def _recipe_changed(ref: Reference, ctx: EntryContext, checked: ReferenceCheck) -> ReferenceCheck:
    """A make target or package script that still exists but no longer runs what the entry states it runs
    (`make test` runs pytest) is `changed`; one whose command merely changed stays `ok`, with the change as a note."""
    index, since = ctx.index, ctx.since
    tool, _, name = ref.value.partition(":")
    table = index.facts.make_targets if tool == "make" else index.facts.scripts if tool == "script" else {}
    file = table.get(name)
    if file is None or since is None or not 0 <= since < len(index.history.shas) or not (
            index.history.changes_since(file, since)):
        return checked
    sha = index.history.shas[since]
    change = recipe_change(index, sha, file, name, recipe_clause(ctx.entry.text, ref.start, ref.end))
    if change is None:
        return checked
    what = f"make {name}" if tool == "make" else f"script {name!r}"
    if not change.lost:
        return replace(checked, evidence=f"{checked.evidence} (note: {what} changed its command since "
                       f"{ctx.since_label}: {change.how})")
    return result(ref, RefStatus.CHANGED, f"{file} still defines {what}, but it no longer runs {', '.join(change.lost)}"
                   f", which the entry states: {change.how}", f"git diff {sha[:12]} HEAD -- {file}",
                   facts=checked.facts, path=file)


def _ghost_file(ctx: EntryContext, where: dict[str, int], cited_files: set[str]) -> str | None:
    """A code file the entry names for a name that no commit ever had, in a folder where the name is defined now
    (`parse_price` "lives in src/shop/utils.py" while src/shop/helpers.py defines it): the entry is wrong about where
    it lives. None when the entry names a file that holds it, or names no such file (a script at the root such as
    `deploy.sh` is not one)."""
    if cited_files & where.keys():
        return None
    index = ctx.index
    for path in sorted(ctx.current | ctx.cited):
        folder = path.rsplit("/", 1)[0] if "/" in path else ""
        if folder and folder in index.folders and path.endswith(_CODE_SUFFIXES) and path not in index.files \
                and path not in index.prose and not index.history.events.get(path) \
                and any(defined.rsplit("/", 1)[0] == folder for defined in where):
            return path
    return None


def marked_as_code(ref: Reference, text: str) -> bool:
    """Whether the entry presents a name as code: in backticks, called with `()`, dotted or CamelCase."""
    if ref.text.endswith("()") or "." in ref.value or re.fullmatch(r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+", ref.value):
        return True
    line_start = text.rfind("\n", 0, ref.start) + 1
    return text.count("`", line_start, ref.start) % 2 == 1


_DOC_SUFFIXES = (".md", ".mdx", ".rst", ".txt", ".adoc")
"""Documents a symbol is never expected in, even when they are gone."""
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
    """Whether a file is the module named by a dotted path, or (outside Python) a file of the package folder it
    names (`shell.Register` of Go's internal/shell/registry.go)."""
    folder = path.rsplit("/", 1)[0] if "/" in path else ""
    return path.endswith((f"{module}.py", f"{module}/__init__.py")) or not path.endswith((".py", ".pyi")) and (
        folder == module or folder.endswith("/" + module))


def _module_names(index: RepoIndex, module: str, name: str) -> bool:
    """Whether the module's own file still names `name` (`configure = _instance.configure`, a re-export)."""
    last = module.rsplit("/", 1)[-1]
    files = [*index.by_basename.get(f"{last}.py", []), *index.by_basename.get("__init__.py", [])]
    return any(_in_module(path, module) and name in getattr(index.names.get(path), "tokens", ()) for path in files)


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
    return f"; {latest[2]} changed in {short(ctx.index.history.commit_info(latest[0]))}"


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
        return result(ref, RefStatus.UNVERIFIABLE, f"a flag of {tool}, not of this repository")
    held = _mentioned(ref, ctx)
    if held is not None:
        return held
    if not ref.value.startswith("--"):
        return result(ref, RefStatus.UNVERIFIABLE, f"{ref.value} is too short to look for")
    return result(ref, RefStatus.MISSING, f"no code or configuration file in the repository mentions {ref.value}"
                   + _touched_files(ctx))


def check_env(ref: Reference, ctx: EntryContext) -> ReferenceCheck:
    """Does any file still read or set the environment variable?"""
    if ref.value in _WELL_KNOWN_ENV:
        return result(ref, RefStatus.UNVERIFIABLE, f"{ref.value} is a standard environment variable")
    held = _mentioned(ref, ctx)
    if held is not None:
        return held
    index, since = ctx.index, ctx.since
    if since is not None and 0 <= since < len(index.history.shas) and not used_at(index, index.history.shas[since],
                                                                                  ref.value):
        return result(ref, RefStatus.UNVERIFIABLE, f"no code or configuration file reads or sets {ref.value} now, "
                      f"nor when {ctx.since_label.split(' ', 1)[0]}: it names something outside the repository")
    return result(ref, RefStatus.MISSING, f"no code or configuration file in the repository reads or sets "
                   f"{ref.value}" + _touched_files(ctx))


def _mentioned(ref: Reference, ctx: EntryContext) -> ReferenceCheck | None:
    """`ok` when code or configuration mentions the name; `unverifiable` when only documentation does (it may
    describe what is gone); None when nothing but agents' instructions, or nothing at all, mentions it."""
    index = ctx.index
    if index.code_uses(ref.value, besides=ctx.own_file) > 0:
        return result(ref, RefStatus.OK, f"{ref.value} appears in {index.token_sample.get(ref.value)}")
    docs = index.doc_sample.get(ref.value)
    if docs is not None and docs != ctx.own_file:
        return result(ref, RefStatus.UNVERIFIABLE, f"only documentation mentions {ref.value} ({docs}); no code or "
                       "configuration file does")
    return None


# -- commits and refs --------------------------------------------------------------------------------


def check_commit(ref: Reference, ctx: EntryContext) -> ReferenceCheck:
    """Does the pinned commit still exist, is it in HEAD's history, and how far behind HEAD is it?"""
    index = ctx.index
    full = ctx.commits.get(ref.value)
    if full is None:
        if index.shallow:
            return result(ref, RefStatus.UNVERIFIABLE, f"{ref.value} is not in this shallow clone")
        return result(ref, RefStatus.MISSING, f"no commit {ref.value}: history was rewritten (force-push) "
                       "or it was never fetched")
    position = index.history.position.get(full)
    if position is None:
        return result(ref, RefStatus.MISSING, f"{full[:8]} exists but is not in HEAD's history "
                       "(rewritten, or on another branch)")
    behind = len(index.history) - 1 - position
    info = index.history.commit_info(position)
    return result(ref, RefStatus.OK, f"{short(info)} is in HEAD's history, {behind} commit(s) behind HEAD",
                   commits=(info,))


def check_ref(ref: Reference, ctx: EntryContext) -> ReferenceCheck:
    """Does the branch or tag exist, and does a tag still point at the commit the entry pins?"""
    refs = ctx.index.refs
    label, _, name = ref.value.partition(":")
    if label == "tag":
        target = refs.tags.get(name)
        if target is None:
            return result(ref, RefStatus.MISSING, f"no tag {name} in the repository")
        pinned = {sha for sha in ctx.commits.values() if sha}
        if pinned and target not in pinned:
            shown = ", ".join(sorted(sha[:8] for sha in pinned))
            return result(ref, RefStatus.CONTRADICTED, f"tag {name} now points at {target[:8]}, not {shown}",
                           target[:12], facts=(("memory", shown, "entry text"), ("repository", target[:12], f"tag {name}")))
        return result(ref, RefStatus.OK, f"tag {name} points at {target[:8]}")
    short = name.split("/", 1)[1] if name.startswith(("origin/", "upstream/")) else name
    if name in refs.branches or name in refs.remotes or short in refs.branches:
        return result(ref, RefStatus.OK, f"branch {name} exists")
    if any(remote.endswith("/" + name) for remote in refs.remotes):
        return result(ref, RefStatus.OK, f"branch {name} exists on a remote")
    return result(ref, RefStatus.MISSING, f"no branch {name} in the repository")


# -- commands and versions ------------------------------------------------------------------------


def check_claim(ref: Reference, ctx: EntryContext) -> ReferenceCheck:
    """A command or version claim against the repository's facts (current facts outrank memory)."""
    index = ctx.index
    tool = tool_of(ref.value) if ref.kind == "command" else None
    if tool is not None and ref.value.startswith("tool:"):
        named = check_tool(ref, ctx, tool)
        return named or result(ref, RefStatus.UNVERIFIABLE, f"{tool} is not configured in the repository now, nor "
                               "when the entry was verified: it may run from outside the repository")
    if ref.kind == "command":
        claim = check_command_claim(ref.value, index.facts, index.files)
        if tool is not None and claim.status == "unverifiable":
            named = check_tool(ref, ctx, tool)
            if named is not None and named.status is RefStatus.MISSING:
                return named
    else:
        claim = check_version_claim(ref.value, index.facts)
    if ref.kind == "command" and claim.status == "missing" and ref.value.startswith("script:"):
        defined = folder_script(ctx, ref.value.partition(":")[2])
        if defined is not None:  # run in the package folder the entry names, whose package.json defines it
            return result(ref, RefStatus.OK, f"{defined} defines script {ref.value.partition(':')[2]!r}")
    if ref.kind == "command" and claim.status == "missing" and claim.evidence.startswith("no "):
        kind = "package.json" if ref.value.startswith("script:") else "Makefile" if ref.value.startswith("make:") \
            else None
        nested = sorted(index.by_basename.get(kind, ()))[:2] if kind else []
        if nested:  # the command runs in a package folder, not at the root
            return result(ref, RefStatus.UNVERIFIABLE, f"{claim.evidence} at its root; it may run in a package "
                           f"folder ({', '.join(nested)}), which one is unclear", facts=tuple(claim.facts))
    checked = result(ref, RefStatus(claim.status), claim.evidence, claim.suggestion, facts=tuple(claim.facts))
    return _recipe_changed(ref, ctx, checked) if ref.kind == "command" and checked.status is RefStatus.OK else checked


_CHECKS: dict[str, Callable[[Reference, EntryContext], ReferenceCheck]] = {
    "path": check_path, "symbol": check_symbol, "flag": check_flag, "env": check_env, "commit": check_commit,
    "ref": check_ref, "command": check_claim, "version": check_claim,
    "signature": check_signature,
}
