"""Release-number specifiers (PEP 440, poetry/npm ^ and ~, npm ||): parse them, compare a claim, suggest a fix."""

from __future__ import annotations

import re
from dataclasses import dataclass

Release = tuple[int, ...]
"""The numeric parts of a version: 3.12.1 is (3, 12, 1); pre-releases and local parts are not supported."""

_CLAUSE = re.compile(r"""[\s,]*(?:
    (?P<any>[*xX])(?![\w.])
  | (?P<op>===|==|!=|~=|>=|<=|>|<|\^|~|=)?\s*v?(?P<num>\d+(?:\.\d+)*)(?P<wild>(?:\.[*xX])+)?(?![\w.*]))""", re.VERBOSE)
_HYPHEN = re.compile(r"(?<![\w.])v?(\d+(?:\.\d+)*)\s+-\s+v?(\d+(?:\.\d+)*)(?![\w.])")
_LOWER_OPS = frozenset({">=", ">", "==", "=*"})


def parse_release(text: str) -> Release | None:
    """The release numbers of a plain version such as "3.12" or "v18.17.0", or None when it is not one."""
    match = re.fullmatch(r"\s*v?(\d+(?:\.\d+)*)\s*", text)
    return tuple(int(part) for part in match.group(1).split(".")) if match else None


def format_release(release: Release) -> str:
    """A release written back as dotted text."""
    return ".".join(str(part) for part in release)


def _pad(release: Release, size: int) -> Release:
    """The release with trailing zeros up to `size` parts (3.12 equals 3.12.0)."""
    return release + (0,) * (size - len(release))


def _compare(left: Release, right: Release) -> int:
    """-1, 0 or 1 as `left` is lower than, equal to or higher than `right`, zero-padded first."""
    size = max(len(left), len(right))
    a, b = _pad(left, size), _pad(right, size)
    return (a > b) - (a < b)


def _bump(release: Release) -> Release:
    """The first release after every release starting with `release` (3.12 -> 3.13)."""
    return release[:-1] + (release[-1] + 1,)


@dataclass(frozen=True)
class Clause:
    """One comparison: an operator (PEP 440's, or "=*"/"!*" for a prefix such as 3.12.*) and a release."""

    op: str
    release: Release

    def contains(self, version: Release) -> bool:
        """Whether `version` satisfies this comparison."""
        if self.op in ("=*", "!*"):
            same = _pad(version, len(self.release))[:len(self.release)] == self.release
            return same if self.op == "=*" else not same
        order = _compare(version, self.release)
        return {"==": order == 0, "!=": order != 0, ">=": order >= 0, ">": order > 0, "<=": order <= 0,
                "<": order < 0}[self.op]


def _clauses(op: str, release: Release, wildcard: bool) -> list[Clause] | None:
    """The plain comparisons one written operator stands for (~=, ^ and ~ become a lower and an upper bound)."""
    if wildcard or op in ("", "="):
        return [Clause("!*" if op == "!=" else "=*", release)] if op in ("", "=", "==", "!=") else None
    if op == "~=":
        return [Clause(">=", release), Clause("<", _bump(release[:-1]))] if len(release) > 1 else None
    if op == "^":
        nonzero = next((i for i, part in enumerate(release) if part), len(release) - 1)
        return [Clause(">=", release), Clause("<", _bump(release[:nonzero + 1]))]
    if op == "~":
        return [Clause(">=", release), Clause("<", _bump(release[:2] if len(release) > 1 else release))]
    return [Clause("==" if op == "===" else op, release)]


@dataclass(frozen=True)
class Spec:
    """A requirement: any of several alternatives (npm's ||), each a set of clauses that must all hold."""

    alternatives: tuple[tuple[Clause, ...], ...]

    def contains(self, version: Release) -> bool:
        """Whether `version` satisfies the requirement."""
        return any(all(clause.contains(version) for clause in alt) for alt in self.alternatives)

    def _points(self) -> set[Release]:
        """Every release where a satisfying range can begin: a bound, the next patch above it, the next prefix."""
        points: set[Release] = {(0,)}
        for alt in self.alternatives:
            for clause in alt:
                above = _bump(_pad(clause.release, 3)) if len(clause.release) <= 3 else clause.release + (1,)
                points |= {clause.release, above, _bump(clause.release)}
        return points

    def intersects(self, other: Spec) -> bool:
        """Whether some release satisfies both requirements (checked at every place a satisfying range can begin)."""
        return any(self.contains(point) and other.contains(point) for point in self._points() | other._points())

    def pin(self) -> Release | None:
        """The release when the requirement names exactly one version or series (3.12, ==3.12.*), else None."""
        if len(self.alternatives) == 1 and len(self.alternatives[0]) == 1:
            clause = self.alternatives[0][0]
            return clause.release if clause.op in ("=*", "==") else None
        return None

    def lower(self) -> tuple[Release, bool] | None:
        """The lowest release allowed and whether it is itself allowed; None when there is no lower bound."""
        lows: list[tuple[Release, bool]] = []
        for alt in self.alternatives:
            bounds = [(c.release, c.op != ">") for c in alt if c.op in _LOWER_OPS]
            if not bounds:
                return None
            lows.append(max(bounds, key=lambda b: (_pad(b[0], 8), not b[1])))
        return min(lows, key=lambda b: (_pad(b[0], 8), not b[1])) if lows else None


def parse_spec(text: str) -> Spec | None:
    """A requirement such as ">=3.10,<4", "^18.2.0", "3.12", "18.x" or ">=18 || 16.x"; None when unparseable."""
    alternatives: list[tuple[Clause, ...]] = []
    for part in text.split("||"):
        part = _HYPHEN.sub(r">=\1 <=\2", part).strip()
        found: list[Clause] = []
        position, matched_any = 0, False
        while position < len(part):
            match = _CLAUSE.match(part, position)
            if match is None or match.end() == position:
                if part[position:].strip(" ,"):
                    return None
                break
            position = match.end()
            if match.group("any"):
                matched_any = True
                continue
            release = tuple(int(p) for p in match.group("num").split("."))
            more = _clauses(match.group("op") or "", release, bool(match.group("wild")))
            if more is None:
                return None
            found.extend(more)
        if not found and not matched_any:
            return None
        alternatives.append(tuple(found))
    return Spec(tuple(alternatives))


def compare(claim: str, requirement: str) -> str | None:
    """"ok" or "contradicted" for a claimed version or range against a repository requirement; None if unparseable.

    A claimed version or series (3.10) must be allowed by the requirement; a claimed minimum or range (>=3.10,
    3.10 through 3.13) must have the requirement's minimum, unless the repository pins one version, which then must
    satisfy the claim; every version of a claimed list (v22, v24 or v26) must be allowed by a range."""
    claimed, required = parse_spec(claim), parse_spec(requirement)
    if claimed is None or required is None:
        return None
    listed = [alt[0].release for alt in claimed.alternatives if len(alt) == 1 and alt[0].op == "=*"]
    if len(listed) > 1 and len(listed) == len(claimed.alternatives) and required.pin() is None:
        return "ok" if all(required.contains(release) for release in listed) else "contradicted"
    claim_low, required_low = claimed.lower(), required.lower()
    if claimed.pin() is None and claim_low is not None and required.pin() is None and required_low is not None:
        same = _compare(claim_low[0], required_low[0]) == 0 and claim_low[1] == required_low[1]
        return "ok" if same else "contradicted"
    return "ok" if claimed.intersects(required) else "contradicted"


def suggest(claim: str, requirement: str) -> str:
    """What to write instead of `claim`: the pinned or lowest allowed version, as a minimum when the claim was one."""
    claimed, required = parse_spec(claim), parse_spec(requirement)
    if required is None:
        return requirement
    if (pinned := required.pin()) is not None:
        return format_release(pinned)
    low = required.lower()
    if low is None:
        return requirement
    if claimed is not None and claimed.pin() is not None and low[1]:
        return format_release(low[0])
    return (">=" if low[1] else ">") + format_release(low[0])


def _listed(spec: Spec) -> list[Release] | None:
    """The versions of a plain list (3.10 || 3.11, a CI matrix, classifiers), or None when it is not one."""
    found = [alt[0].release for alt in spec.alternatives if len(alt) == 1 and alt[0].op == "=*"]
    return found if found and len(found) == len(spec.alternatives) else None


def _highest(spec: Spec) -> Release | None:
    """The last series a claimed range with an upper bound allows (>=3.10 <3.14 gives 3.13), else None."""
    if len(spec.alternatives) != 1:
        return None
    uppers = [c.release for c in spec.alternatives[0] if c.op == "<" and c.release[-1] > 0]
    return uppers[0][:-1] + (uppers[0][-1] - 1,) if len(uppers) == 1 else None


def compare_bounds(claim: str, requirement: str) -> str | None:
    """"ok" or "contradicted" for a claimed range with an upper bound (3.10 through 3.13) or a claimed list against a
    list of supported versions (a CI matrix, classifiers) or an upper bound of the same major version; None when the
    requirement says nothing about it (no list of two or more, no such bound) or either side is unclear."""
    claimed, required = parse_spec(claim), parse_spec(requirement)
    if claimed is None or required is None:
        return None
    highest, claim_list = _highest(claimed), _listed(claimed)
    if highest is None and (claim_list is None or len(claim_list) < 2):
        return None
    size = len(highest) if highest is not None else len(claim_list[0]) if claim_list else 0
    supported = _listed(required)
    if supported is not None:
        if len(supported) < 2 or any(len(release) != size for release in supported):
            return None  # one version (a lint job) or another precision ("3.x"): not a list of supported versions
        if claim_list is not None:
            return "ok" if set(claim_list) == set(supported) else "contradicted"
        low = claimed.lower()
        same_low = low is not None and _compare(min(supported), low[0]) == 0
        return "ok" if same_low and _compare(max(supported), highest) == 0 else "contradicted"
    caps = [c.release for alt in required.alternatives for c in alt if c.op in ("<", "<=")]
    if highest is None or len(caps) != 1 or len(caps[0]) < 2 or caps[0][0] != highest[0]:
        return None  # no cap, or one of another major version (<4): it says nothing of the last minor series
    allowed_next = required.contains(_bump(highest))
    return "ok" if required.contains(highest) and not allowed_next else "contradicted"
