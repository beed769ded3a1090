"""Find conflicts between memory entries, with the repository, and with revoked entries: surfaced, never merged or resolved."""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Mapping, Sequence

from memrev.core.check.model import EntryCheck, RefStatus
from memrev.core.conflicts.claims import DATE, EXACT, Claim, Stance, describe_claims, disagree, extract_claims, phrase_words, stances
from memrev.core.conflicts.claims import reference_subject, related, stem, sub_keys
from memrev.core.model import Entry, LinkKind, Status
from memrev.core.store.embedding import cosine_distance

if TYPE_CHECKING:
    from memrev.core.store.memory_store import MemoryStore

ENTRY_VS_ENTRY, ENTRY_VS_FACT, REASSERTS_REVOKED = "entry-vs-entry", "entry-vs-fact", "reasserts-revoked"
KINDS = (ENTRY_VS_ENTRY, REASSERTS_REVOKED, ENTRY_VS_FACT)
"""Every conflict kind, in the order conflicts are listed."""
NEAR_DUPLICATE_LIMIT = 2_000
"""Above this many entries, interactive callers find conflicts from claims alone (the near-duplicate pass asks the
vector index once per entry); `memrev conflicts` always asks it."""
NEAR_DUPLICATE = 0.2
"""Cosine distance under which two texts count as the same statement (calibrated on the hashing embedder: a changed
number or a negation stays under 0.15, a paraphrase with the opposite rule is about 0.35, unrelated entries above 0.25)."""
NEIGHBOURS = 5
"""How many nearest entries the vector index is asked for per entry."""
IN_PLAY = frozenset({Status.PENDING, Status.ACTIVE, Status.CONFIRMED})
"""Statuses of entries an agent may still load: only these are compared with each other and with the repository."""
REASSERTING = frozenset({Status.PENDING, Status.ACTIVE})
"""Statuses of entries checked for saying again what a revoked entry said (a confirmed one was reviewed already)."""
AS_REVOKED, CORRECTION = "as revoked", "correction"
"""Stances of the sides of a reasserts-revoked conflict."""
_VALUE = re.compile(r"(?i)\b\d+(?:[.:/-]\d+)*(?:%|ms|s|m|h|d|am|pm|gb|mb|kb)?\b|\b(?:monday|tuesday|wednesday|thursday|"
                    r"friday|saturday|sunday|true|false|enabled|disabled)\b")
_NEGATION = re.compile(r"(?i)\b(?:not|never|no|don't|doesn't|avoid|without)\b")
_NEGATED = re.compile(r"(?i)\b(?:not|never|no|don't|doesn't|avoid|without)\s+(?:(?:use|using|the|a)\s+)*`?"
                      r"(?P<word>[A-Za-z0-9_][\w.+#-]*)")
"""A negation and the word it denies (`not pip`, `without the lockfile`)."""


@dataclass(frozen=True)
class ConflictSide:
    """One side of a conflict: an entry (or, with entry_id None, a repository fact), what it says and where."""

    entry_id: str | None
    value: str
    source: str
    stance: str = ""
    """The position this side takes; sides with the same stance agree (defaults to the value)."""

    def __post_init__(self) -> None:
        """Default the stance to the value."""
        if not self.stance:
            object.__setattr__(self, "stance", self.value)


@dataclass(frozen=True)
class Conflict:
    """A disagreement a person must resolve: its kind, subject, every side, and a one-line evidence."""

    id: str
    kind: str
    subject: str
    sides: tuple[ConflictSide, ...]
    evidence: str
    disagreements: tuple[tuple[str, str], ...] = ()
    """Pairs of side stances that contradict each other (sides of one stance agree)."""

    @property
    def entry_ids(self) -> tuple[str, ...]:
        """The ids of the entry sides, in side order."""
        return tuple(side.entry_id for side in self.sides if side.entry_id is not None)

    def side(self, entry_id: str) -> ConflictSide | None:
        """The side of one entry, or None."""
        return next((side for side in self.sides if side.entry_id == entry_id), None)

    def contradicts(self, stance: str, other: str) -> bool:
        """Whether two stances of this conflict contradict (any two different ones when no pairs are recorded)."""
        return stance != other and (not self.disagreements or tuple(sorted((stance, other))) in self.disagreements)


def make_conflict(kind: str, subject: str, sides: Iterable[ConflictSide], evidence: str,
                  disagreements: Iterable[tuple[str, str]] = ()) -> Conflict:
    """A conflict with its sides in a stable order and its id: a hash of kind, subject and sorted sides."""
    ordered = tuple(sorted(set(sides), key=lambda s: (s.entry_id is None, s.entry_id or "", s.source, s.value)))
    basis = "\x1f".join([kind, subject] + [f"{s.entry_id or s.source}\x1e{s.value}" for s in ordered])
    pairs = tuple(sorted({tuple(sorted(pair)) for pair in disagreements if pair[0] != pair[1]}))  # type: ignore[misc]
    return Conflict("c-" + hashlib.sha256(basis.encode("utf-8", "surrogatepass")).hexdigest()[:12], kind, subject,
                    ordered, evidence, pairs)


def find_conflicts(entries: Sequence[Entry], *, checks: Mapping[str, EntryCheck] | None = None,
                   store: MemoryStore | None = None) -> list[Conflict]:
    """Every conflict among `entries` (and with `checks`' repository facts); reads only, changes nothing."""
    by_id = {entry.id: entry for entry in entries}
    live = [e for e in by_id.values() if e.status in IN_PLAY and e.removed_at is None]
    wanted = {e.id for e in live} | {e.id for e in by_id.values() if e.status is Status.REVOKED}
    claims = {entry_id: extract_claims(by_id[entry_id]) for entry_id in wanted}
    found = _from_claims(live, claims)
    if store is not None and store.semantic_enabled:
        found += _near_duplicates(live, by_id, store, found)
    reasserted = _reasserts_revoked(by_id, claims, store)
    covered = [set(c.entry_ids) for c in reasserted]
    found = [c for c in found if not any(set(c.entry_ids) <= ids for ids in covered)] + reasserted
    found += _against_facts(by_id, checks or {})
    unique = {c.id: c for c in found}
    return sorted(unique.values(), key=lambda c: (KINDS.index(c.kind), c.subject, c.id))


def project_of(entry: Entry) -> str | None:
    """The key of an entry's project, or None for a global entry."""
    return entry.scope.project.key if entry.scope.project else None


def comparable(left: str | None, right: str | None) -> bool:
    """Whether entries of two projects can meet in one session: the same project, or either one global."""
    return left == right or left is None or right is None


def _source(entry: Entry) -> str:
    """Where an entry lives, for a reader: its citation, native file or agent."""
    return entry.provenance.citation or entry.source.file or entry.source.agent


def _where(entries: Iterable[Entry]) -> str:
    """`in shop` or `globally`, for evidence lines."""
    names = sorted({e.scope.project.name or e.scope.project.key for e in entries if e.scope.project})
    return f"in {', '.join(names)}" if names else "globally"


def _said(sides: Sequence[ConflictSide]) -> str:
    """`a says "X"; b and 3 others say "Y"` for an evidence line: one clause per stance and wording (sides are
    grouped only when they say the very same words, so nobody is quoted with another's), largest first."""
    by_words: dict[tuple[str, str], list[ConflictSide]] = defaultdict(list)
    for side in sides:
        by_words[(side.stance, side.value)].append(side)
    parts = []
    for group in sorted(by_words.values(), key=lambda g: (-len(g), g[0].stance, g[0].value))[:4]:
        names = [side.entry_id or side.source for side in group]
        who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}" if len(names) <= 3 \
            else f"{names[0]} and {len(names) - 1} others"
        parts.append(f'{who} {"says" if len(names) == 1 else "say"} "{group[0].value}"')
    return "; ".join(parts) + (f" (and {len(by_words) - 4} more)" if len(by_words) > 4 else "")


# -- entry against entry, from claims -----------------------------------------------------------------

_Class = tuple[str | None, str, object, Stance]
"""Entries that take one stance on one key in one project: (project, kind, key, stance)."""


def _from_claims(live: list[Entry], claims: Mapping[str, Sequence[Claim]]) -> list[Conflict]:
    """Entry-vs-entry conflicts from claims indexed by subject (and phrase words by subset): no pairwise loop."""
    table: dict[tuple[str, object], dict[str | None, dict[Stance, list[str]]]] = defaultdict(lambda: defaultdict(dict))
    for entry in live:
        for (kind, key), stance in stances(claims[entry.id]).items():
            table[(kind, key)][project_of(entry)].setdefault(stance, []).append(entry.id)
    groups: dict[tuple[str | None, str, object], set[frozenset[_Class]]] = defaultdict(set)
    for (kind, key), by_project in table.items():
        partners = [key] if kind == EXACT else [key, *(s for s in sub_keys(key) if (kind, s) in table)]  # type: ignore[arg-type]
        for partner in partners:
            for p1, classes in by_project.items():
                for p2, others in table[(kind, partner)].items():
                    if not comparable(p1, p2):
                        continue
                    for s1 in classes:
                        for s2 in others:
                            if (p1, key, s1) != (p2, partner, s2) and disagree(str(key), kind, s1, s2):
                                label = p1 if p1 is not None else p2
                                groups[(label, kind, partner)].add(frozenset({(p1, kind, key, s1), (p2, kind, partner, s2)}))
    by_id = {entry.id: entry for entry in live}
    return [_claim_conflict(kind, key, edges, table, by_id, claims) for (_, kind, key), edges in groups.items()]


def _stance_label(kind: str, stance: Stance) -> str:
    """What a class stands for: `3.10` or `uv, not pip` for exact claims and dates, `do` or `don't` for rules."""
    if kind in (EXACT, DATE):
        return stance.display()
    return "do" if stance.asserted else "don't"


def _claim_conflict(kind: str, key: object, edges: set[frozenset[_Class]],
                    table: Mapping[tuple[str, object], Mapping[str | None, Mapping[Stance, list[str]]]],
                    by_id: Mapping[str, Entry], claims: Mapping[str, Sequence[Claim]]) -> Conflict:
    """One conflict from the disagreeing classes of one subject in one project."""
    classes = {cls for edge in edges for cls in edge}
    sides: list[ConflictSide] = []
    subjects: list[str] = []
    for project, _, class_key, stance in classes:
        label = _stance_label(kind, stance)
        for entry_id in table[(kind, class_key)][project][stance]:
            entry = by_id[entry_id]
            if kind == EXACT:
                sides.append(ConflictSide(entry_id, label, _source(entry)))
                continue
            own = [c for c in claims[entry_id] if c.kind == kind and c.key == class_key]
            subjects += [c.subject for c in own if class_key == key]
            words = describe_claims(own, entry.text).get((kind, class_key), label)
            sides.append(ConflictSide(entry_id, words, _source(entry), label))
    subject = min(subjects, key=lambda s: (len(s), s)) if subjects else str(key)
    sides.sort(key=lambda s: s.entry_id or "")
    pairs = [(_stance_label(kind, a[3]), _stance_label(kind, b[3])) for a, b in (tuple(edge) for edge in edges)]
    why = {EXACT: f"different values for {subject}", DATE: f"different dates for {subject}"}.get(
        kind, f"opposite rules on {subject}")
    where = _where(by_id[s.entry_id] for s in sides if s.entry_id)
    return make_conflict(ENTRY_VS_ENTRY, subject, sides, f"{_said(sides)}: {why} {where}", pairs)


# -- entry against entry, from the vector index -------------------------------------------------------


def _near_duplicates(live: list[Entry], by_id: Mapping[str, Entry], store: MemoryStore,
                     found: list[Conflict]) -> list[Conflict]:
    """Near-duplicate texts (vector search) that differ in a value or in a negation, not already paired by claims.

    Each look-up scans every vector in the store, so only entries that have a lexical twin (the same content words
    but for a value, a negation or one more word) ask the index: no other pair can pass `_differing_duplicate`."""
    paired: dict[str, set[int]] = defaultdict(set)
    for index, conflict in enumerate(found):
        for entry_id in conflict.entry_ids:
            paired[entry_id].add(index)
    in_play = {entry.id for entry in live}
    seen: set[frozenset[str]] = set()
    result: list[Conflict] = []
    twins = _lexical_twins(live)
    for entry in live:
        if entry.id not in twins:
            continue
        for other_id, distance in store.neighbours(entry.text, NEIGHBOURS, exclude=entry.id):
            pair = frozenset({entry.id, other_id})
            if distance >= NEAR_DUPLICATE or other_id not in in_play or pair in seen:
                continue
            seen.add(pair)
            other = by_id[other_id]
            if not comparable(project_of(entry), project_of(other)) or paired[entry.id] & paired[other_id]:
                continue
            conflict = _differing_duplicate(entry, other, distance)
            if conflict is not None:
                result.append(conflict)
    return result


def _words(text: str) -> frozenset[str]:
    """The stemmed content words of a text once values are taken out (negations are stopwords already)."""
    return frozenset(stem(word) for word in phrase_words(_VALUE.sub(" ", text)))


def _lexical_twins(live: list[Entry]) -> set[str]:
    """Ids of entries whose content words another entry shares, give or take one word, while their values or
    negation differ (word sets are hashed as the xor of word hashes, so a word less is one xor: no pair loop)."""
    first: dict[int, tuple[frozenset[str], bool]] = {}
    mixed: set[int] = set()
    keys_of: list[tuple[str, list[int]]] = []
    for entry in live:
        hashes = [hash(word) for word in _words(entry.text)]
        whole = 0
        for value in hashes:
            whole ^= value
        said = (frozenset(v.lower() for v in _VALUE.findall(entry.text)), bool(_NEGATION.search(entry.text)))
        keys = [whole, *(whole ^ value for value in hashes)]
        for key in keys:
            if first.setdefault(key, said) != said:
                mixed.add(key)
        keys_of.append((entry.id, keys))
    return {entry_id for entry_id, keys in keys_of if not mixed.isdisjoint(keys)}


def _differing_duplicate(left: Entry, right: Entry, distance: float) -> Conflict | None:
    """A conflict when two nearly identical texts (at most one other word apart) differ in a value or a negation."""
    left_values = {v.lower() for v in _VALUE.findall(left.text)}
    right_values = {v.lower() for v in _VALUE.findall(right.text)}
    if len(_words(left.text) ^ _words(right.text)) > 1:
        return None  # other words differ too: a different statement, not the same one with another value
    left_words, right_words = phrase_words(_VALUE.sub(" ", left.text)), phrase_words(_VALUE.sub(" ", right.text))
    common = [word for word in dict.fromkeys(left_words) if word in set(right_words)][:5]
    subject = " ".join(common) or "near-duplicate text"
    if left_values - right_values and right_values - left_values:
        a, b = " ".join(sorted(left_values - right_values)), " ".join(sorted(right_values - left_values))
        why = f"the same statement (distance {distance:.2f}) with a different value"
    elif _negates_shared(left.text, _words(left.text) - _words(right.text)) != \
            _negates_shared(right.text, _words(right.text) - _words(left.text)):
        a, b = left.first_line, right.first_line
        why = f"the same statement (distance {distance:.2f}), but one negates it"
    else:
        return None
    sides = [ConflictSide(left.id, a, _source(left)), ConflictSide(right.id, b, _source(right))]
    return make_conflict(ENTRY_VS_ENTRY, subject, sides, f"{_said(sides)}: {why} {_where([left, right])}", [(a, b)])


def _negates_shared(text: str, own: frozenset[str]) -> bool:
    """Whether a negation in `text` denies the statement two near-duplicates share, not only a word this text alone
    adds: "Use uv …, not pip." agrees with "Use uv …" (it denies pip, which the other never said)."""
    for match in _NEGATION.finditer(text):
        denied = _NEGATED.match(text, match.start())
        if denied is None or stem(denied["word"].lower().strip(".-/`")) not in own:
            return True
    return False


# -- re-asserting what a revoked entry said ------------------------------------------------------------


def _reasserts_revoked(by_id: Mapping[str, Entry], claims: Mapping[str, Sequence[Claim]],
                       store: MemoryStore | None) -> list[Conflict]:
    """Active or pending entries saying again what a revoked entry said (same claim, or near-duplicate text)."""
    revoked = []
    for old in (e for e in by_id.values() if e.status is Status.REVOKED):
        correction = _correction_of(old, by_id, store)
        said = stances(claims[old.id])
        if correction is not None:  # what the correction contradicts is what was revoked (all when it says nothing)
            against = stances(extract_claims(correction))
            said = {k: s for k, s in said.items() if _contradicted(k, s, against)} or said
        revoked.append((old, correction, said))
    if not revoked:
        return []
    exact = {key for _, _, said in revoked for key in said if key[0] == EXACT}
    words = {word for _, _, said in revoked for kind, key in said if kind != EXACT for word in key}  # type: ignore[union-attr]
    index: dict[tuple[str, object], list[tuple[Entry, object, Stance]]] = defaultdict(list)
    for entry in (e for e in by_id.values() if e.status in REASSERTING and e.removed_at is None):
        for (kind, key), stance in stances(claims[entry.id]).items():
            if kind == EXACT and (kind, key) in exact:
                index[(kind, key)].append((entry, key, stance))
            elif kind != EXACT and not words.isdisjoint(key):  # type: ignore[arg-type]
                for indexed in (key, *sub_keys(key)):  # type: ignore[arg-type]
                    index[(kind, indexed)].append((entry, key, stance))
    found: dict[tuple[str, str], tuple[Entry, Entry, str, str, Entry | None]] = {}
    for old, correction, said in revoked:
        for (kind, key), stance in said.items():
            looked = [key] if kind == EXACT else [key, *sub_keys(key)]  # type: ignore[arg-type]
            for entry, own_key, other in (hit for k in looked for hit in index.get((kind, k), ())):
                same = stance.asserted & other.asserted or stance.denied & other.denied
                if same and related(own_key, key) and not disagree(str(key), kind, stance, other) \
                        and _may_reassert(entry, old, correction):
                    snippet = describe_claims(claims[old.id], old.text).get((kind, key), old.first_line)
                    subject = next(c.subject for c in claims[old.id] if (c.kind, c.match_key) == (kind, key))
                    found.setdefault((entry.id, old.id), (entry, old, subject, snippet, correction))
        for entry in _reasserted_text(old, correction, by_id, store):
            found.setdefault((entry.id, old.id), (entry, old, old.first_line.lower(), old.first_line, correction))
    return [_reassert_conflict(*hit) for hit in found.values()]


def _correction_of(old: Entry, by_id: Mapping[str, Entry], store: MemoryStore | None) -> Entry | None:
    """The entry a revoked entry's `revoked_by` link names, from the given entries or the store."""
    target = next((link.target for link in old.links if link.kind is LinkKind.REVOKED_BY), None)
    if target is None:
        return None
    return by_id.get(target) or (store.get(target) if store is not None else None)


def _contradicted(key: tuple[str, object], stance: Stance, against: Mapping[tuple[str, object], Stance]) -> bool:
    """Whether a correction's claims contradict this stance (so it is what the revocation was about)."""
    kind, subject = key
    return any(k[0] == kind and related(k[1], subject) and disagree(str(subject), kind, stance, s)  # type: ignore[arg-type]
               for k, s in against.items())


def _may_reassert(entry: Entry, old: Entry, correction: Entry | None) -> bool:
    """Whether `entry` can re-assert `old`: comparable projects, and it is neither the entry nor its correction."""
    return entry.id != old.id and (correction is None or entry.id != correction.id) and comparable(
        project_of(entry), project_of(old))


def _reasserted_text(old: Entry, correction: Entry | None, by_id: Mapping[str, Entry],
                     store: MemoryStore | None) -> list[Entry]:
    """Entries whose text nearly repeats the revoked one's, with the same negation, closer to it than to the correction."""
    if store is None or not store.semantic_enabled:
        return []
    hits: list[Entry] = []
    for other_id, distance in store.neighbours(old.text, NEIGHBOURS * 2, exclude=old.id):
        entry = by_id.get(other_id)
        if distance >= NEAR_DUPLICATE or entry is None or entry.status not in REASSERTING or entry.removed_at \
                or not _may_reassert(entry, old, correction) \
                or bool(_NEGATION.search(entry.text)) != bool(_NEGATION.search(old.text)):
            continue
        if correction is None or cosine_distance(*store.embedder.embed([entry.text, correction.text])) > distance:
            hits.append(entry)  # nearer the revoked entry than its correction: it repeats, not agrees with, the fix
    return hits


def _reassert_conflict(entry: Entry, old: Entry, subject: str, snippet: str, correction: Entry | None) -> Conflict:
    """A reasserts-revoked conflict naming the new entry, the revoked one and the correction that revoked it."""
    sides = [ConflictSide(entry.id, entry.first_line, _source(entry), AS_REVOKED),
             ConflictSide(old.id, snippet, _source(old), AS_REVOKED)]
    link = next((l for l in old.links if l.kind is LinkKind.REVOKED_BY), None)
    because = "revoked" if link is None else f"revoked by {link.target}"
    if correction is not None:
        sides.append(ConflictSide(correction.id, correction.first_line, _source(correction), CORRECTION))
        because += f" (\"{correction.first_line}\")"
    reason = f": {link.reason}" if link is not None and link.reason else ""
    evidence = f"{entry.id} says again what {old.id} said (\"{snippet}\"), {because}{reason}"
    return make_conflict(REASSERTS_REVOKED, subject, sides, evidence, [(AS_REVOKED, CORRECTION)])


# -- entry against the repository ----------------------------------------------------------------------


def _against_facts(by_id: Mapping[str, Entry], checks: Mapping[str, EntryCheck]) -> list[Conflict]:
    """One conflict per contradicted reference of an entry still in play: the memory side and the repository's facts."""
    found: list[Conflict] = []
    for entry_id, check in checks.items():
        entry = by_id.get(entry_id)
        if entry is None or entry.status not in IN_PLAY:
            continue
        for ref in check.references:
            if ref.status is not RefStatus.CONTRADICTED:
                continue
            subjects = reference_subject(ref.value)
            subject = subjects[0][0] if subjects else f"{ref.kind}:{ref.value}"
            said = next((value for side, value, _ in ref.facts if side == "memory"), ref.text)
            facts = [(value, source) for side, value, source in ref.facts if side != "memory"]
            sides = [ConflictSide(entry.id, said, _source(entry))]
            sides += [ConflictSide(None, value, source) for value, source in facts]
            pairs = [(said, value) for value, _ in facts]
            found.append(make_conflict(ENTRY_VS_FACT, subject, sides, f"{entry.id}: {ref.evidence}", pairs))
    return found
