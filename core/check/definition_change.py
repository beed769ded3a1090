"""Whether what an entry names changed its meaning after verification although it still exists: a symbol whose
signature changed or whose definition lost what the entry states about it, a make recipe or a package script
whose command no longer runs what the entry states it runs."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from memrev.core.check.repo_index import RepoIndex
from memrev.core.check.stated_change import WINDOW, stated_words

MAX_BLOCK_LINES = 200
"""A definition is read for at most this many lines."""
MAX_TEXTS_CACHED = 2_048
MAX_CALLED = 30
"""At most this many words of a changed recipe are looked up as targets or scripts it calls."""
MAX_COMPARED_CACHED = 100_000
"""At most this many definitions compared (then and now) are remembered; the oldest are dropped past it."""
_WORD = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*[\w]|[A-Za-z_]\w*")


def text_at(index: RepoIndex, sha: str, path: str) -> str | None:
    """A file's text as commit `sha` had it (None when it had none, or git cannot read it), read once."""
    key = (sha, path)
    cache = index.texts_then
    if key not in cache:
        try:
            _, kind, _, data = index.repo.git.get_object_data(f"{sha}:{path}")
        except Exception:  # noqa: BLE001 - not in that commit, or an object the clone lacks
            kind, data = None, b""
        text = data.decode("utf-8", "replace") if kind in ("blob", b"blob") and b"\x00" not in data[:8192] else None
        if len(cache) >= MAX_TEXTS_CACHED:
            del cache[next(iter(cache))]
        cache[key] = text
    return cache[key]


def definition_block(text: str, line: int) -> list[str]:
    """The lines of the definition starting at `line` (1-based): it and every line indented deeper, with a closing
    bracket at its own indentation."""
    lines = text.splitlines()
    if not 0 < line <= len(lines):
        return []
    head = lines[line - 1]
    indent = len(head) - len(head.lstrip())
    block = [head]
    for following in lines[line:line + MAX_BLOCK_LINES]:
        stripped = following.strip()
        depth = len(following) - len(following.lstrip())
        if stripped and depth <= indent:
            if stripped[0] in ")]}":
                block.append(following)
            break
        block.append(following)
    return block


def _definition_line(text: str, name: str) -> int | None:
    """The line where `text` defines `name` (the first such line), read as the index reads definitions."""
    from memrev.core.check.code_tokens import scan_text

    return next((line for defined, line in scan_text(text).definitions if defined == name), None)


def _compared(index: RepoIndex, sha: str, path: str, name: str, line: int) -> tuple[str | None, frozenset[str]] | None:
    """The definition of `name` then and now, compared once per (commit, file state): its signature change in
    words, and the words its definition lost; None when either side cannot be read."""
    key = (sha, path, name, line, index.stats.get(path))
    cache = index.definition_diffs
    if key in cache:
        return cache[key]
    found: tuple[str | None, frozenset[str]] | None = None
    now_text, then_text = index.read_text(path), text_at(index, sha, path)
    then_line = _definition_line(then_text, name) if then_text is not None and now_text is not None else None
    if then_line is not None and now_text is not None and then_text is not None:
        before, after = definition_block(then_text, then_line), definition_block(now_text, line)
        if before and after:
            signature = None
            if " ".join(before[0].split()) != " ".join(after[0].split()):
                signature = f"{name}'s signature changed: was `{_short(before[0])}`, now `{_short(after[0])}`"
            lost = frozenset(_WORD.findall("\n".join(before))) - frozenset(_WORD.findall("\n".join(after)))
            found = (signature, lost)
    if len(cache) >= MAX_COMPARED_CACHED:
        del cache[next(iter(cache))]
    cache[key] = found
    return found


def definition_change(index: RepoIndex, sha: str, path: str, name: str, line: int, statement: str) -> str | None:
    """How the definition of `name` in `path` changed since commit `sha`, in words, or None when it kept its
    signature and everything the entry states about it (or cannot be compared)."""
    compared = _compared(index, sha, path, name, line)
    if compared is None:
        return None
    signature, gone = compared
    if signature is not None:
        return signature
    lost = sorted((stated_words(statement) - {name}) & gone) if gone else []
    if lost:
        shown = ", ".join(lost[:5]) + (f" and {len(lost) - 5} more" if len(lost) > 5 else "")
        return f"{name}'s definition no longer has {shown}, which the entry states"
    return None


def recipe(text: str, file: str, name: str) -> str | None:
    """The command a make target or package script runs, normalised (None when the file does not have it)."""
    if file.endswith("package.json"):
        try:
            scripts = json.loads(text).get("scripts") or {}
        except (ValueError, AttributeError):
            return None
        value = scripts.get(name) if isinstance(scripts, dict) else None
        return " ".join(value.split()) if isinstance(value, str) else None
    rule = re.compile(rf"^(?:[^\s:#=][^:#=]*\s)?{re.escape(name)}(?:\s[^:#=]*)?::?(?![=])(.*)$")
    lines = text.splitlines()
    for number, line in enumerate(lines):
        match = rule.match(line)
        if match is None:
            continue
        body = [match.group(1).strip()]
        for following in lines[number + 1:number + 1 + MAX_BLOCK_LINES]:
            if following.startswith("\t"):
                body.append(following.strip())
            elif following.strip():
                break
        return " ; ".join(part for part in body if part)
    return None


def _essence(recipe_text: str) -> str:
    """What a recipe runs: its commands without comments (`## help`), echoed messages, `@`/`-` prefixes, line
    continuations and spacing, so a reworded help text or message is no change of what `make test` does."""
    kept = []
    for part in recipe_text.split(" ; "):
        part = re.sub(r"(?:^|\s)#.*$", "", part).strip().lstrip("@-+").strip()
        if part and not re.match(r"(?:echo|printf)\b|:(?:\s|$)", part):
            kept.append(" ".join(part.replace("\\", " ").split()))
    return " ; ".join(kept)


_COMMAND_MENTION = re.compile(r"\b(?:make|just|npm|pnpm|yarn|bun)\s+(?:run\s+)?[\w:.-]+")
"""A command an entry names (`make lint`, `npm run build`): stated beside a target, it is not what the target runs."""


@dataclass(frozen=True)
class RecipeChange:
    """How a make target's or package script's command changed: both commands in words, and what the entry states
    the target runs that its command no longer runs."""

    how: str
    lost: tuple[str, ...]


def recipe_change(index: RepoIndex, sha: str, file: str, name: str, statement: str = "") -> RecipeChange | None:
    """How the command of a make target or package script changed since commit `sha`, with the words of
    `statement` (the entry's line) it ran then and no longer runs; None when it did not change (or either side
    cannot be read); compared once per file state, as a warm check asks again."""
    key = (sha, file, name, statement, index.stats.get(file))
    cache = index.recipe_changes
    if key not in cache:
        if len(cache) >= MAX_COMPARED_CACHED:
            del cache[next(iter(cache))]
        cache[key] = _recipe_change(index, sha, file, name, statement)
    return cache[key]  # type: ignore[return-value]


def _recipe_change(index: RepoIndex, sha: str, file: str, name: str, statement: str) -> RecipeChange | None:
    """`recipe_change`, worked out."""
    now_text, then_text = index.read_text(file), text_at(index, sha, file)
    if now_text is None or then_text is None:
        return None
    before, after = recipe(then_text, file, name), recipe(now_text, file, name)
    if before is None or after is None or _essence(before) == _essence(after):
        return None
    ran = _words(" ".join(stated_words(_essence(before))))  # its paths only say where, as in the statement
    runs = _words(_with_called(now_text, file, name, _essence(after)))
    stated = _words(" ".join(stated_words(_COMMAND_MENTION.sub(" ", statement)))) - _words(name)
    how = f"it ran `{_short(before)}` when verified and now runs `{_short(after)}`"
    return RecipeChange(how, tuple(sorted(stated & ran - runs)))


def _with_called(text: str, file: str, name: str, command: str) -> str:
    """A command with the commands of the targets or scripts of the same file it calls or depends on, one level
    deep (`db-start: dc-start`, `npm run test:unit`): what it runs through them, it still runs."""
    called = []
    for word in command.split()[:MAX_CALLED]:
        word = word.strip("\"'();&|")
        inner = recipe(text, file, word) if word and word != name else None
        if inner is not None:
            called.append(_essence(inner))
    return " ; ".join([command, *called])


def recipe_clause(text: str, start: int, end: int) -> str:
    """What the line of an entry says around the command at `start`-`end`: from the command before it on the line
    to the one after it, so `make lint` runs ruff, while `make types` beside it on the line states nothing."""
    first = max(text.rfind("\n", 0, start) + 1, start - WINDOW)
    last = text.find("\n", end)
    last = min(len(text) if last < 0 else last, end + WINDOW)
    before = [mention.end() for mention in _COMMAND_MENTION.finditer(text, first, start)]
    after = _COMMAND_MENTION.search(text, end, last)
    return text[before[-1] if before else first:after.start() if after else last]


def _words(text: str) -> frozenset[str]:
    """The words of a command or statement, in lower case, so `Pytest` in prose is the `pytest` a recipe runs."""
    return frozenset(word.lower() for word in _WORD.findall(text))


def _short(text: str, limit: int = 60) -> str:
    """One line of code, cut to `limit` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"
