"""Filter entries with a small query language: words must all appear, `field:value` narrows by field, and
`field>=value` (also `>`, `<`, `<=`, `=`) compares an attribute such as `importance>=3`."""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from memrev.core.check.model import Verdict
from memrev.core.model import Entry, EntryType, Status

ATTRIBUTE_FIELDS = ("pinned", "links", "trigger", "importance", "observed", "modified")
"""Entry attributes a `field:value` token can name (`project:` also finds OpenClaw's project annotation)."""
FIELDS = ("type", "status", "scope", "agent", "project", "id", "verdict", *ATTRIBUTE_FIELDS)
"""The fields a `field:value` token can name."""
COMPARED = ("importance", "observed", "modified")
"""The attributes a `field>=value` token compares: as numbers when both sides are, else as text (ISO dates sort)."""
_COMPARISON = re.compile(r"^([a-z]+)(>=|<=|>|<|=)(.+)$")
_OPERATORS: dict[str, Callable[[Any, Any], bool]] = {
    ">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt, "=": operator.eq}


@dataclass(frozen=True)
class Query:
    """A parsed filter: free words and field constraints, all lower-case."""

    words: tuple[str, ...] = ()
    fields: tuple[tuple[str, str], ...] = ()
    compares: tuple[tuple[str, str, str], ...] = ()
    """(attribute, operator, value) of each `importance>=3` token."""

    @property
    def is_empty(self) -> bool:
        """Whether the query matches everything."""
        return not self.words and not self.fields and not self.compares

    def narrows(self, earlier: Query) -> bool:
        """Whether every match of this query also matches `earlier` (typing on only narrows)."""
        if len(self.words) < len(earlier.words) or len(self.fields) < len(earlier.fields):
            return False
        if self.compares[:len(earlier.compares)] != earlier.compares:
            return False  # `importance<3` typed on to `importance<30` widens
        words_ok = all(old in new for old, new in zip(earlier.words, self.words))
        fields_ok = all(
            old_name == new_name and old_value in new_value
            for (old_name, old_value), (new_name, new_value) in zip(earlier.fields, self.fields)
        )
        return words_ok and fields_ok


def parse_query(text: str) -> Query:
    """Split `pending type:feedback make` into words and field constraints (unknown fields are words)."""
    words: list[str] = []
    fields: list[tuple[str, str]] = []
    compares: list[tuple[str, str, str]] = []
    for token in text.lower().split():
        name, sep, value = token.partition(":")
        comparison = _COMPARISON.match(token) if not sep else None
        if sep and name in FIELDS and value:
            fields.append((name, value))
        elif comparison and comparison.group(1) in COMPARED:
            compares.append((comparison.group(1), comparison.group(2), comparison.group(3)))
        else:
            words.append(token)
    return Query(tuple(words), tuple(fields), tuple(compares))


def compares_true(entry: Entry, name: str, op: str, value: str) -> bool:
    """Whether an entry's attribute stands in this relation to `value` (an entry without it never does)."""
    mine = entry.attributes.get(name)
    if mine is None:
        return False
    mine = mine.strip().lower()
    try:
        return _OPERATORS[op](float(mine), float(value))
    except ValueError:
        return _OPERATORS[op](mine, value)


def entry_field(entry: Entry, name: str, verdicts: Mapping[str, str] | None = None) -> str:
    """The lower-case value of one filterable field (`verdict` comes from the latest checks, if any)."""
    if name == "verdict":
        return (verdicts or {}).get(entry.id, "unchecked")
    if name == "type":
        return entry.type.value
    if name == "status":
        if entry.removed_at:
            return f"{entry.status.value} removed"
        if entry.status is Status.PENDING and entry.attributes.get("staged"):
            return "pending staged"  # a write its agent staged for approval (Hermes): `status:staged` is the queue
        return entry.status.value
    if name == "scope":
        return entry.scope.label.lower()
    if name == "agent":
        return entry.source.agent.lower()
    if name == "project":
        named = entry.scope.project.name if entry.scope.project else "global"
        return f"{named} {entry.attributes.get('project', '')}".lower()
    if name in ATTRIBUTE_FIELDS:
        return entry.attributes.get(name, "").lower()
    return entry.id.lower()


def search_blob(entry: Entry, *, with_text: bool = True) -> str:
    """Everything free words are matched against, lower-cased once (a sensitive entry's without its text)."""
    return " ".join(
        (entry.id, entry.text if with_text else "", entry.type.value, entry.status.value, entry.scope.label,
         entry.source.agent, entry.source.file or "", entry.provenance.citation or "",
         *(f"{key}:{value}" for key, value in entry.attributes.items() if with_text))
    ).lower()


@dataclass(frozen=True)
class Group:
    """One sidebar group: entries whose `field` equals `value` exactly (scope is its label)."""

    field: str
    value: str

    def value_of(self, entry: Entry, verdicts: Mapping[str, str] | None = None) -> str:
        """The value this group's field has for an entry, as shown in the sidebar."""
        if self.field == "scope":
            return entry.scope.label
        if self.field == "agent":
            return entry.source.agent
        return entry_field(entry, self.field, verdicts)

    def contains(self, entry: Entry, verdicts: Mapping[str, str] | None = None) -> bool:
        """Whether an entry is in this group."""
        return self.value_of(entry, verdicts) == self.value


class EntryIndex:
    """Entries with their search text prepared once, so each keystroke only scans strings."""

    def __init__(self, entries: Iterable[Entry]) -> None:
        """Prepare the search text of every entry."""
        self.entries: list[Entry] = list(entries)
        self._blobs = [search_blob(entry) for entry in self.entries]
        self._last: tuple[Query, Group | None, list[int]] | None = None
        """The previous query, group and matching positions, reused when the next query only narrows."""
        self.verdicts: dict[str, str] = {}
        """Each entry's latest verdict, for `verdict:` filters and the verdict group."""
        self.sensitive: set[str] = set()
        """Sensitive entries: words of their text never find them (their masked text is no oracle)."""

    def replace(self, entries: Iterable[Entry]) -> None:
        """Take in new versions of entries already indexed (a review action changed them), in place."""
        positions = {entry.id: index for index, entry in enumerate(self.entries)}
        for entry in entries:
            index = positions.get(entry.id)
            if index is not None:
                self.entries[index] = entry
                self._blobs[index] = search_blob(entry, with_text=entry.id not in self.sensitive)
        self._last = None

    def set_sensitive(self, entry_ids: Iterable[str]) -> None:
        """Take in which entries are sensitive now: their text leaves the search, or comes back to it."""
        wanted = set(entry_ids)
        changed = wanted ^ self.sensitive
        self.sensitive = wanted
        if not changed:
            return
        for index, entry in enumerate(self.entries):
            if entry.id in changed:
                self._blobs[index] = search_blob(entry, with_text=entry.id not in wanted)
        self._last = None

    def set_verdicts(self, verdicts: Mapping[str, str]) -> None:
        """Take in new verdicts (a re-check finished); cached narrowing no longer applies."""
        self.verdicts.update(verdicts)
        self._last = None

    def filter(self, query: Query | str, group: Group | None = None) -> list[Entry]:
        """The entries in `group` matching the query, in their original order."""
        if isinstance(query, str):
            query = parse_query(query)
        if query.is_empty and group is None:
            return list(self.entries)
        candidates = range(len(self.entries))
        last = self._last
        if last is not None and last[1] == group and query.narrows(last[0]):
            candidates = last[2]  # typing on only narrows: scan the previous matches
        entries, blobs = self.entries, self._blobs
        matched = [i for i in candidates if all(word in blobs[i] for word in query.words)]
        if query.fields:
            matched = [i for i in matched
                       if all(value in entry_field(entries[i], name, self.verdicts) for name, value in query.fields)]
        if query.compares:
            matched = [i for i in matched if all(compares_true(entries[i], *part) for part in query.compares)]
        if group is not None:
            matched = [i for i in matched if group.contains(entries[i], self.verdicts)]
        self._last = (query, group, matched)
        return [entries[i] for i in matched]



KNOWN_VALUES: dict[str, tuple[str, ...]] = {
    "type": tuple(member.value for member in EntryType),
    "status": (*(member.value for member in Status), "removed", "staged"),
    "verdict": (*(member.value for member in Verdict), "unchecked"),
    "pinned": ("yes",),
}
"""The values a closed field can take; a filter value must be part of one of them."""


def query_problems(text: str) -> list[str]:
    """What in a filter cannot match by construction: an unknown `field:` or a value no entry can have."""
    problems: list[str] = []
    for token in text.lower().split():
        name, sep, value = token.partition(":")
        comparison = _COMPARISON.match(token) if not sep else None
        if comparison and comparison.group(1) in COMPARED:
            continue
        if comparison and comparison.group(1) in FIELDS:
            problems.append(f"{comparison.group(1)} cannot be compared (compared: {', '.join(COMPARED)}); "
                            f"{token} is searched as words")
            continue
        if not sep or not value or "/" in value or not name.isalpha():
            continue
        if name not in FIELDS:
            problems.append(f"unknown field {name}: (fields: {', '.join(FIELDS)}); {token} is searched as words")
        elif name in KNOWN_VALUES and not any(value in known for known in KNOWN_VALUES[name]):
            problems.append(f"no {name} is {value!r} ({name}s: {', '.join(KNOWN_VALUES[name])})")
    return problems


def why_nothing(index: EntryIndex, text: str, group: Group | None) -> str:
    """Why a filter (and group) show no entry: which word, field or group leaves nothing, in plain words."""
    if not index.entries:
        return "no entries in the store"
    query = parse_query(text)
    saved = index._last  # asking about one part at a time must not disturb the narrowing cache
    alone = [(f"{name}:{value}", Query(fields=((name, value),))) for name, value in query.fields]
    alone += [(repr(word), Query(words=(word,))) for word in query.words]
    alone += [(f"{name}{op}{value}", Query(compares=((name, op, value),))) for name, op, value in query.compares]
    empty = [label for label, part in alone if not index.filter(part)]
    outside = len(index.filter(query)) if group is not None else 0
    index._last = saved
    if any(name == "verdict" for name, _ in query.fields) and not index.verdicts:
        return "no verdicts yet: entries are checked when memrev runs inside a repository (or with --repo)"
    if empty:
        return f"no entry matches {' or '.join(empty)}"
    if group is not None and outside:
        return f"{outside} match outside the group {group.field}: {group.value} (All entries widens)"
    return "each part matches some entries, but no entry matches all of them"
