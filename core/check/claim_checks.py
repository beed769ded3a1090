"""Version and command claims of an entry checked against what the repository states, each with one line of evidence."""

from __future__ import annotations

import difflib
import re
from typing import Callable, Collection

from memrev.core.check.fact_sources import MAKEFILES, normalise
from memrev.core.check.facts import JS_MANAGERS, ClaimCheck, Fact, RepoFacts, one_line
from memrev.core.check.version_spec import compare, compare_bounds, suggest

# -- version claims --------------------------------------------------------------------

_LABELS = {"python": "Python", "node": "Node"}
_MEMORY = "entry text"


def _where(facts: list[Fact]) -> str:
    """Where the first fact comes from, and the next one when there are several and the line stays short."""
    def say(fact: Fact) -> str:
        """One fact as '<file> <what it says>'."""
        return f"{fact.source} {fact.detail or fact.value}"
    first = say(facts[0])
    if len(facts) > 1 and len(first) + len(say(facts[1])) < 80:
        more = f", +{len(facts) - 2} more" if len(facts) > 2 else ""
        return f"{first} (also {say(facts[1])}{more})"
    return first


def _verdict(said: str, claim: str, requirement: str, where: str, label: str,
             facts: tuple[tuple[str, str, str], ...]) -> ClaimCheck:
    """ok / contradicted (with the repository's version as suggestion) / unverifiable when either side is unclear."""
    verdict = compare(claim, requirement)
    if verdict is None:
        return ClaimCheck("unverifiable", one_line(f"cannot compare {said} with {where}", 120), facts=facts)
    suggestion = f"{label} {suggest(claim, requirement)}" if verdict == "contradicted" else None
    return ClaimCheck(verdict, one_line(f"memory says {said}; {where}", 120), suggestion, facts)


def check_version_claim(value: str, facts: RepoFacts) -> ClaimCheck:
    """A version claim (python:3.10, node:>=20, package-manager:uv, package:pytest:8.4) against the repository."""
    kind, _, rest = value.partition(":")
    if kind == "package-manager":
        return _check_manager(rest.split(":")[0], facts)
    if kind == "package":
        name, _, version = rest.partition(":")
        memory = ("memory", version, _MEMORY)
        entry = facts.packages.get(re.sub(r"[-_.]+", "-", name.lower()))
        if entry is None:
            return ClaimCheck("unverifiable", one_line(f"memory says {name} {version}; no lock file or pin in the "
                                                       f"repository names {name}", 120), facts=(memory,))
        return _verdict(f"{name} {version}", version, entry[0], f"{entry[1]} has {name} {entry[0]}", name,
                        (memory, ("repository", entry[0], entry[1])))
    if kind == "setting":
        name, _, number = rest.partition(":")
        label, found = name.replace("-", " "), facts.all(name)
        memory = ("memory", number, _MEMORY)
        if not found:
            return ClaimCheck("unverifiable", f"memory says {label} {number}; no formatter or linter configuration "
                                              f"in the repository sets the {label}", facts=(memory,))
        ok = found[0].value == number
        style = facts.all("indent-style")
        if name == "indent" and ok and style and style[0].value == "tab":  # "2-space indentation" in a tab project
            return ClaimCheck("contradicted", one_line(f"memory says {number}-space indentation; {_where(style)}", 120),
                              "indent with tabs", (memory, *(("repository", f.value, f.source) for f in style)))
        return ClaimCheck("ok" if ok else "contradicted", one_line(f"memory says {label} {number}; {_where(found)}",
                                                                   120), None if ok else f"{label} {found[0].value}",
                          (memory, *(("repository", fact.value, fact.source) for fact in found)))
    if kind in _LABELS:
        label, found = _LABELS[kind], facts.all(kind)
        memory = ("memory", rest, _MEMORY)
        if not found:
            return ClaimCheck("unverifiable", f"memory says {label} {rest}; nothing in the repository states the "
                                              f"{label} version", facts=(memory,))
        checked = _verdict(f"{label} {rest}", rest, found[0].value, _where(found), label,
                           (memory, *(("repository", fact.value, fact.source) for fact in found)))
        return _bounded(checked, f"{label} {rest}", rest, found) if checked.status != "contradicted" else checked
    return ClaimCheck("unverifiable", one_line(f"memrev cannot check {value!r} against the repository", 120))


def _bounded(checked: ClaimCheck, said: str, claim: str, found: list[Fact]) -> ClaimCheck:
    """A range with an upper bound or a list of versions also against the lists of supported versions (CI matrices,
    classifiers) and an upper bound of the requirement: contradicted only when every one of them disagrees."""
    verdicts = [(compare_bounds(claim, fact.value), fact) for fact in found]
    told = [(verdict, fact) for verdict, fact in verdicts if verdict is not None]
    if not told or any(verdict == "ok" for verdict, _ in told):
        return checked
    fact = told[0][1]
    return ClaimCheck("contradicted", one_line(f"memory says {said}; {fact.source} {fact.detail or fact.value}", 120),
                      f"{said.split(' ')[0]} {fact.value.replace(' || ', ', ')}", checked.facts)


def _check_manager(claim: str, facts: RepoFacts) -> ClaimCheck:
    """A package manager claim against the first lock file (or packageManager) of the same language."""
    js = claim in JS_MANAGERS
    found = [fact for fact in facts.all("package-manager") if (fact.value in JS_MANAGERS) == js]
    memory = ("memory", claim, _MEMORY)
    if not found:
        language = "JavaScript" if js else "Python"
        return ClaimCheck("unverifiable", f"memory says {claim}; no {language} lock file in the repository",
                          facts=(memory,))
    setting = found[0].detail.split(" =")[0]  # packageManager, when it comes from package.json
    where = f"the repository uses {found[0].value} ({found[0].source}" + (f" {setting}" if setting else "")
    where += f"; also {found[1].value} in {found[1].source})" if len(found) > 1 else ")"
    ok = found[0].value == claim
    return ClaimCheck("ok" if ok else "contradicted", one_line(f"memory says {claim}; {where}", 120),
                      None if ok else found[0].value,
                      (memory, *(("repository", fact.value, fact.source) for fact in found)))


# -- command claims ---------------------------------------------------------------------------------------------


def _none(evidence: str, arg: str) -> ClaimCheck:
    """"missing" because the repository has nothing of the kind at all."""
    return ClaimCheck("missing", evidence, facts=(("memory", arg, "entry text"),))


def _lookup(names: list[str], table: dict[str, str], what: str, where: str, command: Callable[[str], str],
            exists: Callable[[str], bool] | None = None) -> ClaimCheck:
    """ok when every name is defined; else missing, naming the file and suggesting the closest defined name."""
    memory = ("memory", ",".join(names), "entry text")
    absent = [name for name in names if not (exists(name) if exists else name in table)]
    if not absent:
        source = table.get(names[0], where)
        return ClaimCheck("ok", one_line(f"{source} defines {what} {', '.join(map(repr, names))}", 120),
                          facts=(memory, ("repository", ",".join(names), source)))
    near = nearest(absent[0], list(table))
    evidence = f"{where} has no {what} {absent[0]!r}" + (f"; closest is {near[0]!r} ({near[1]})" if near else "")
    found = (("repository", near[0], table[near[0]]),) if near else ()
    return ClaimCheck("missing", one_line(evidence, 120), command(near[0]) if near else None, (memory, *found))


def nearest(name: str, names: list[str]) -> tuple[str, str] | None:
    """The defined name close enough to offer in place of a missing one, with how close: one that shares a word
    (`lint` and `lint:fix`) or is at least 80% alike (`tests` and `test`); `publint` is not offered for `lint`."""
    words = {word for word in re.split(r"[:._-]+", name.lower()) if len(word) >= 3}
    scored = sorted(((difflib.SequenceMatcher(None, name, other).ratio(), other) for other in names), reverse=True)
    for ratio, other in scored:
        shared = sorted(words & set(re.split(r"[:._-]+", other.lower())))
        if shared:
            return other, f"shares {shared[0]!r}"
        if ratio >= 0.8:
            return other, f"{ratio:.0%} alike"
    return None


def check_command_claim(value: str, facts: RepoFacts, tracked: Collection[str]) -> ClaimCheck:
    """A command claim (make:test, script:build, run:pytest, tox:py312, nox:tests) against what the repository has."""
    tool, _, arg = value.partition(":")
    names = [name for name in arg.split(",") if name] or [arg]
    if tool == "make":
        makefiles = [name for name in MAKEFILES if name in tracked] or sorted(set(facts.make_targets.values()))
        if not makefiles:
            return _none("no Makefile in the repository", arg)
        return _lookup([arg], facts.make_targets, "target", makefiles[0], lambda name: f"make {name}")
    if tool == "script":
        if not facts.scripts:
            return _none("no package.json or pyproject.toml scripts in the repository", arg)
        js = next((f.value for f in facts.all("package-manager") if f.value in JS_MANAGERS), "npm")
        return _lookup([arg], facts.scripts, "script", " or ".join(sorted(set(facts.scripts.values()))),
                       lambda name: f"{js} run {name}" if facts.scripts[name] == "package.json" else name)
    if tool == "run":
        return _check_run(arg, facts, tracked)
    if tool == "tox":
        configs = [fact.source for fact in facts.all("test-command") if fact.value == "tox"]
        if not configs:
            return _none("no tox configuration in the repository", arg)

        def exists(env: str) -> bool:
            """A listed env, ALL, or a pyXY factor of a listed env (py312 runs for py312-django42)."""
            return env == "ALL" or env in facts.tox_envs or bool(re.fullmatch(r"py\d+", env)) and any(
                env in listed.split("-") for listed in facts.tox_envs)
        return _lookup(names, facts.tox_envs, "env", configs[0], lambda name: f"tox -e {name}", exists)
    if tool == "nox":
        if "noxfile.py" not in tracked and not facts.nox_sessions:
            return _none("no noxfile.py in the repository", arg)
        return _lookup(names, facts.nox_sessions, "session", "noxfile.py", lambda name: f"nox -s {name}")
    return ClaimCheck("unverifiable", f"memrev does not read {tool} commands yet",
                      facts=(("memory", arg, "entry text"),))


def _check_run(arg: str, facts: RepoFacts, tracked: Collection[str]) -> ClaimCheck:
    """`uv run X` and the like: ok for a project script, a tracked file or module, or a known package."""
    memory = ("memory", arg, "entry text")
    module = arg.replace(".", "/")
    candidates = [arg, f"{arg}.py", f"{module}.py"]
    candidates += [f"{root}{module}{end}" for root in ("", "src/") for end in (".py", "/__main__.py", "/__init__.py")]
    path = next((p for p in candidates if p in tracked), None)  # lookups only: `tracked` may be huge
    name = normalise(arg)
    if arg in facts.scripts:
        evidence, source = f"{facts.scripts[arg]} defines script {arg!r}", facts.scripts[arg]
    elif path is not None:
        evidence, source = f"{path} is tracked", path
    elif name in facts.packages:
        evidence, source = f"{facts.packages[name][1]} has {arg} {facts.packages[name][0]}", facts.packages[name][1]
    elif name in facts.dependencies:
        evidence, source = f"{facts.dependencies[name]} depends on {arg}", facts.dependencies[name]
    elif arg in ("python", "python3"):
        evidence, source = "the runner's own Python interpreter", "runner"
    else:
        return ClaimCheck("unverifiable", f"{arg!r} is not a script, tracked file or known package of the repository",
                          facts=(memory,))
    return ClaimCheck("ok", evidence, facts=(memory, ("repository", arg, source)))
