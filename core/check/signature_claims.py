"""What an entry states about a named function's parameters ("`retries` defaults to 3", "`connect(host, port)`",
"`connect()` takes two arguments"), read from its text and checked against the function's definition now and
when the entry was verified: a value the code no longer has is `contradicted`, anything unsure `unverifiable`."""

from __future__ import annotations

import re

from memrev.core.check.context import EntryContext, result
from memrev.core.check.definition_change import text_at
from memrev.core.check.model import RefStatus, ReferenceCheck
from memrev.core.check.references import Reference
from memrev.core.check.signatures import Signature, same_value, signatures

_NUMBERS = {"no": 0, "zero": 0, "one": 1, "a single": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_VALUE = r"(?P<value>`[^`\n]{1,40}`|\"[^\"\n]{0,40}\"|'[^'\n]{0,40}'|-?\d[\d_]*(?:\.\d+)?|[A-Za-z_]\w*)"
_DEFAULT = re.compile(
    rf"`(?P<param>[A-Za-z_]\w*)`\s*(?:(?:defaults?\s+to|default(?:s)?\s+(?:is|value\s+is))\s+{_VALUE}"
    rf"|\((?:default(?:s\s+to)?\s*[:=]?\s*){_VALUE.replace('value', 'value1')}\))"
    rf"|(?<![\w`])(?P<param2>[a-z_][a-z0-9]*_[a-z0-9_]+|[a-z]+[A-Z]\w*)\s+defaults?\s+to\s+{_VALUE.replace('value', 'value2')}")
_ARITY = re.compile(r"`(?P<func>[A-Za-z_][\w.]*)(?:\(\))?`\s+(?:now\s+)?(?:takes|accepts|expects)\s+(?:exactly\s+)?"
                    r"(?P<count>no|zero|one|a single|two|three|four|five|six|\d)\s+(?:positional\s+)?"
                    r"(?:arguments?|args?|parameters?|params?)\b")
_CALL = re.compile(r"`(?P<func>[A-Za-z_][\w.]*)\((?P<args>[^()`\n]*[^\s()`\n][^()`\n]*)\)`")
_ARG = re.compile(r"(?:\.\.\.|\*{1,2})?[A-Za-z_]\w*(?:\??\s*:\s*[\w.\[\]|<> ]+)?(?:\s*=\s*[^,=]+)?")
_FUNCTION = re.compile(r"([A-Za-z_]\w*)\(\)?|`([A-Za-z_][\w.]*)`")
_NAMED_FUNCTION = re.compile(r"[A-Za-z_]\w*\(|`[A-Za-z_][\w.]*`")
"""A function named beside a default: called (`fetch(`) or in backticks (`` `fetch` ``), checked as one later."""
MAX_DEFINITIONS = 6
"""At most this many files defining a named function are read."""


def signature_references(text: str) -> list[Reference]:
    """The default, arity and signature claims of an entry's text, each spanning the words that state it."""
    found: list[Reference] = []
    if "default" not in text and "(" not in text and " takes " not in text and " accepts " not in text \
            and " expects " not in text:
        return found  # most entries state nothing of a signature: a few lookups decide it
    for match in _DEFAULT.finditer(text) if "default" in text else ():
        param = match["param"] or match["param2"]
        value = match["value"] or match["value1"] or match["value2"]
        start = text.rfind("\n", 0, match.start()) + 1
        end = text.find("\n", match.end())
        beside = text[start:match.start()] + " " + text[match.end():end if end >= 0 else len(text)]
        if not _NAMED_FUNCTION.search(beside):
            continue  # no function named beside it (`fetch()` or `fetch`): whose parameter it is cannot be told
        found.append(Reference("signature", match.group(0), match.start(), match.end(),
                               f"default:{param}:{value.strip('`')}"))
    for match in _ARITY.finditer(text):
        found.append(Reference("signature", match.group(0), match.start(), match.end(),
                               f"arity:{match['func'].rsplit('.', 1)[-1]}:{_NUMBERS.get(match['count'], match['count'])}"))
    for match in _CALL.finditer(text) if "(" in text else ():
        args = [arg.strip() for arg in match["args"].split(",")]
        if all(_ARG.fullmatch(arg) for arg in args):  # names, not values: a signature, not a call example
            found.append(Reference("signature", match.group(0).strip("`"), match.start() + 1, match.end() - 1,
                                   f"signature:{match['func'].rsplit('.', 1)[-1]}:{','.join(args)}"))
    return found


def _line(text: str, position: int) -> str:
    """The line of `text` holding `position`."""
    start = text.rfind("\n", 0, position) + 1
    end = text.find("\n", position)
    return text[start:end if end >= 0 else len(text)]


def _definitions(ctx: EntryContext, func: str, sha: str | None = None) -> list[tuple[str, Signature]]:
    """Where `func` is defined now (or, with `sha`, in those same files at that commit), with its signatures."""
    where = sorted(ctx.index.definitions.get(func, {}))[:MAX_DEFINITIONS]
    found = []
    for path in where:
        text = ctx.index.read_text(path) if sha is None else text_at(ctx.index, sha, path)
        found += [(path, sig) for sig in signatures(path, text or "", func)]
    return found


def _then(ctx: EntryContext, func: str) -> list[tuple[str, Signature]]:
    """The function's signatures when the entry was verified (in the files that define it now), or []."""
    since = ctx.since
    if since is None or not 0 <= since < len(ctx.index.history.shas):
        return []
    return _definitions(ctx, func, ctx.index.history.shas[since])


def check_signature(ref: Reference, ctx: EntryContext) -> ReferenceCheck:
    """A stated default, arity or signature against the named function's definition."""
    what, _, rest = ref.value.partition(":")
    if what == "default":
        param, _, value = rest.partition(":")
        return _check_default(ref, ctx, param, value)
    func, _, said = rest.partition(":")
    sigs = _definitions(ctx, func)
    if not sigs:
        return result(ref, RefStatus.UNVERIFIABLE, f"no Python or TypeScript file of the repository defines {func}()")
    path, first = sigs[0]
    shown = f"{path}:{first.line} {first.text()}"
    memory = ("memory", said, "entry text")
    facts = (memory, ("repository", first.text(), f"{path}:{first.line}"))
    then = [sig for _, sig in _then(ctx, func)]
    if what == "arity":
        count = int(said)
        if any(_fits(sig, count) for _, sig in sigs):
            return result(ref, RefStatus.OK, f"{shown} takes {count} argument(s)", facts=facts)
        if then and not any(_fits(sig, count) for sig in then):
            return result(ref, RefStatus.UNVERIFIABLE, f"{shown}; it did not take {count} argument(s) when the "
                          "entry was verified either", facts=facts)
        return result(ref, RefStatus.CONTRADICTED, f"memory says {func}() takes {count} argument(s); {shown}",
                      first.text(), facts=facts)
    args = [arg for arg in said.split(",") if arg]
    names = [re.split(r"[?:=\s]", arg.lstrip(".*"), maxsplit=1)[0] for arg in args]
    for _, sig in sigs:
        if _fits(sig, len(args)) and all(_name_fits(sig, name, arg) for name, arg in zip(names, args)):
            return result(ref, RefStatus.OK, f"{shown} matches", facts=facts)
    quoted = any([p.name for p in sig.params if not p.rest][:len(names)] == names for sig in then)
    if then and not quoted and not any(_fits(sig, len(args)) for sig in then):
        return result(ref, RefStatus.UNVERIFIABLE, f"{shown}; {func}({', '.join(args)}) did not fit it when the "
                      "entry was verified either: a call or a shorthand, not the signature", facts=facts)
    if quoted or not any(_fits(sig, len(args)) for _, sig in sigs):
        why = "as the entry wrote it when verified; " if quoted else ""
        return result(ref, RefStatus.CONTRADICTED, f"memory says {func}({', '.join(args)}) {why}now {shown}",
                      first.text(), facts=facts)
    return result(ref, RefStatus.UNVERIFIABLE, f"{shown} takes as many arguments under other names: the entry "
                  "may show a call, not the signature", facts=facts)


def _fits(sig: Signature, count: int) -> bool:
    """Whether a call with `count` arguments fits the signature."""
    low, high = sig.arity()
    return low <= count and (high is None or count <= high)


def _name_fits(sig: Signature, name: str, arg: str) -> bool:
    """Whether one written parameter is one of the signature's, with the same default when it states one."""
    param = next((p for p in sig.params if p.name == name), None)
    if param is None:
        return any(p.rest for p in sig.params) and arg.startswith(("...", "*"))
    stated = arg.split("=", 1)[1] if "=" in arg else None
    return stated is None or param.default is not None and same_value(stated, param.default)


def _check_default(ref: Reference, ctx: EntryContext, param: str, value: str) -> ReferenceCheck:
    """A parameter's stated default against the functions the entry's line names that have that parameter."""
    line = _line(ctx.entry.text, ref.start)
    funcs = []
    for match in _FUNCTION.finditer(line):
        name = (match.group(1) or match.group(2) or "").rsplit(".", 1)[-1]
        if name and name != param and name not in funcs and name in ctx.index.definitions:
            funcs.append(name)
    memory = ("memory", value, "entry text")
    having = [(path, sig, p) for func in funcs for path, sig in _definitions(ctx, func)
              for p in sig.params if p.name == param]
    if having:
        for path, sig, p in having:
            if p.default is not None and same_value(value, p.default):
                return result(ref, RefStatus.OK, f"{path}:{sig.line} {sig.text()}", facts=(
                    memory, ("repository", p.default, f"{path}:{sig.line}")))
        path, sig, p = having[0]
        now = f"defaults to {p.default}" if p.default is not None else "has no default"
        return result(ref, RefStatus.CONTRADICTED, f"memory says {param} defaults to {value}; {path}:{sig.line} "
                      f"{sig.text()}: {param} {now}", f"{param} {now}", facts=(
                          memory, ("repository", p.default or "no default", f"{path}:{sig.line}")))
    for func in funcs:
        then = [sig for _, sig in _then(ctx, func) if any(p.name == param for p in sig.params)]
        now = _definitions(ctx, func)
        if then and now:
            path, sig = now[0]
            return result(ref, RefStatus.CONTRADICTED, f"{func}() had a parameter {param} when verified and no "
                          f"longer has: {path}:{sig.line} {sig.text()}", sig.text(), facts=(memory,))
    named = ", ".join(f"{func}()" for func in funcs) or "no function of the repository"
    return result(ref, RefStatus.UNVERIFIABLE, f"{named} named beside it has no parameter {param}: whose default it "
                  "is cannot be told", facts=(memory,))
