"""Turn staleness checks into what `memrev check` prints (text, JSON, SARIF) and decide which findings fail it."""

from __future__ import annotations

import hashlib
import json
import os
import re
import textwrap
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

from memrev.core.check.humanize import format_age
from memrev.core.check.model import EntryCheck, ReferenceCheck, Verdict
from memrev.core.check.visible import describe_hidden, make_visible, visible_segments
from memrev.core.model import Entry, Status

REF_KINDS = ("missing", "renamed", "moved", "changed", "contradicted")
"""Reference statuses that are findings (`ok` and `unverifiable` references are not)."""
VERDICT_KINDS = ("stale", "changed", "unverifiable", "out-of-scope", "blocked")
"""Entry verdicts that are findings (`fresh` is not)."""
FINDING_KINDS: frozenset[str] = frozenset(REF_KINDS) | frozenset(VERDICT_KINDS)
"""Every name `--fail-on` accepts."""
NOT_LOADED = frozenset({Status.REVOKED, Status.SUPERSEDED, Status.PURGED})
"""Entry statuses the agent never loads, so their findings never fail a run."""
FINGERPRINT_KEY = "memrevFinding/v1"
"""The SARIF partialFingerprints key under which memrev stores a finding's fingerprint."""
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://pypi.org/project/memrev/"
"""Where SARIF viewers link the tool name to."""

Finding = tuple[Entry, EntryCheck, ReferenceCheck | None]
"""One finding: the entry, its check and the reference (None when the finding is the entry's verdict itself)."""

_ERROR, _WARNING = frozenset({"missing", "renamed", "moved", "contradicted"}), frozenset({"changed"})
_RULES = {  # rule id: (short description, help)
    "memrev.reference.missing": ("Something the memory names no longer exists.", "Update or revoke the entry."),
    "memrev.reference.renamed": ("A path the memory names was renamed.", "Use the new name the finding suggests."),
    "memrev.reference.moved": ("A symbol the memory names moved.", "Point the entry at the new location."),
    "memrev.reference.changed": ("Something the memory names changed since it was verified.",
                                 "Reread the change; confirm or edit the entry."),
    "memrev.reference.contradicted": ("The repository states another value than the memory.",
                                      "Correct the entry (or the repository) so both agree."),
    "memrev.entry.stale": ("The entry is stale.", "Edit or revoke the entry."),
    "memrev.entry.changed": ("What the entry names changed since it was verified.", "Confirm or edit the entry."),
    "memrev.entry.unverifiable": ("Nothing in the entry can be checked.", "Review it by hand; confirm or revoke it."),
    "memrev.entry.out-of-scope": ("The entry is about another project.", "Move it to its project or make it global."),
    "memrev.entry.blocked": ("The entry could not be checked or must not be loaded.", "Read its notes; fix it."),
}
_CITED_LINES = re.compile(r"(?P<file>.+?):(?P<start>\d+)(?:-(?P<end>\d+))?")
_CITED_SECTION = re.compile(r"(?P<file>.+?)(?::\s+|\s+§).*")
_LINE_ANCHOR = re.compile(r"(?:line-|L)(?P<start>\d+)(?:-L?(?P<end>\d+))?")


def parse_fail_on(text: str) -> frozenset[str]:
    """The finding kinds named in a `--fail-on` value ("stale,contradicted"); `none` means never fail."""
    names = [name.strip().lower() for name in re.split(r"[,\s]+", text) if name.strip()]
    if names == ["none"]:
        return frozenset()
    valid = ", ".join(sorted(FINDING_KINDS))
    if not names:
        raise ValueError(f"no finding kinds given; use none to never fail, or some of: {valid}")
    unknown = [name for name in names if name not in FINDING_KINDS]
    if unknown:
        raise ValueError(f"unknown finding kind {', '.join(map(repr, unknown))}; valid kinds: {valid}")
    return frozenset(names)


def fingerprint(entry: Entry, check: EntryCheck, ref: ReferenceCheck | None) -> str:
    """A finding's identity across runs: entry id, reference kind, value and status (or the verdict), nothing else."""
    parts = ("ref", ref.kind, ref.value, ref.status.value) if ref else ("entry", check.verdict.value)
    basis = "\x1f".join(("memrev/v1", entry.id, *parts))
    return hashlib.sha256(basis.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def iter_findings(entries: Sequence[Entry], checks: Mapping[str, EntryCheck]) -> Iterator[Finding]:
    """Every finding in entry order: each non-ok reference, or the verdict itself when no reference explains it."""
    for entry in entries:
        check = checks.get(entry.id)
        if check is None:
            continue
        seen: set[str] = set()
        for ref in check.findings:
            key = fingerprint(entry, check, ref)
            if key not in seen:  # the same path named twice is one finding
                seen.add(key)
                yield entry, check, ref
        if not seen and check.verdict is not Verdict.FRESH:
            yield entry, check, None


def failing_findings(entries: Sequence[Entry], checks: Mapping[str, EntryCheck], *,
                     fail_on: frozenset[str], baseline: set[str] | None) -> list[Finding]:
    """The findings that fail the run: kind in `fail_on`, not in the baseline, on an entry the agent loads."""
    return [(entry, check, ref) for entry, check, ref in iter_findings(entries, checks)
            if entry.status not in NOT_LOADED
            and (check.verdict.value in fail_on or (ref is not None and ref.status.value in fail_on))
            and (baseline is None or fingerprint(entry, check, ref) not in baseline)]


def _without_quotes(row: dict[str, Any]) -> dict[str, Any]:
    """A sensitive entry's check as JSON without the words it quotes from the text: no text, and each reference
    keeps the name it was looked up by (`value`) and the evidence, not its verbatim quote or where it stands."""
    row["text"] = None
    row["sensitive"] = True
    for data in row["references"]:
        data.pop("text", None)
        data.pop("span", None)
    return row


def report_json(entries: Sequence[Entry], checks: Mapping[str, EntryCheck], *, repo: str, head: str | None,
                fail_on: frozenset[str], failing: set[str], sensitive: frozenset[str] = frozenset()) -> dict[str, Any]:
    """The `--json` document, every entry with its findings' fingerprints; `failing` holds the failing ones, and
    the entries in `sensitive` come without their text."""
    summary = {verdict.value: 0 for verdict in Verdict}
    rows = []
    by_entry: dict[str, list[str]] = {}
    for entry, check, ref in iter_findings(entries, checks):
        by_entry.setdefault(entry.id, []).append(fingerprint(entry, check, ref))
    for entry in entries:
        check = checks.get(entry.id)
        if check is None:
            continue
        summary[check.verdict.value] += 1
        row = check.to_dict()
        for ref, data in zip(check.references, row["references"]):
            if ref in check.findings:
                data["fingerprint"] = fingerprint(entry, check, ref)
        prints = by_entry.get(entry.id, [])
        row.update({"text": entry.text, "status": entry.status.value,
                    "source": {"agent": entry.source.agent, "file": entry.source.file,
                               "anchor": entry.source.anchor, "citation": entry.provenance.citation},
                    "fingerprints": prints, "failing": any(key in failing for key in prints)})
        rows.append(_without_quotes(row) if entry.id in sensitive else row)
    return {"tool": "memrev", "version": 1, "repo": repo, "head": head, "fail_on": sorted(fail_on),
            "failing": sum(1 for prints in by_entry.values() for key in prints if key in failing),
            "summary": summary, "entries": rows}


def load_baseline(path: Path) -> set[str]:
    """The finding fingerprints in an earlier `--json` report or SARIF file, to accept what was already known."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise ValueError(f"baseline {path}: cannot read it ({error.strerror or error})") from None
    except UnicodeDecodeError:
        raise ValueError(f"baseline {path}: not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"baseline {path}: not valid JSON (line {error.lineno}: {error.msg})") from None
    found: set[str] = set()
    if isinstance(data, dict) and data.get("tool") == "memrev" and isinstance(data.get("entries"), list):
        for row in data["entries"]:
            prints = row.get("fingerprints") if isinstance(row, dict) else None
            if not isinstance(prints, list):
                raise ValueError(f"baseline {path}: an entry has no fingerprints list")
            found.update(key for key in prints if isinstance(key, str))
        return found
    runs = data.get("runs") if isinstance(data, dict) else None
    ours = [run for run in runs or () if isinstance(run, dict) and _driver(run) == "memrev"]
    if not isinstance(runs, list) or runs and not ours:
        raise ValueError(f"baseline {path}: neither a memrev --json report nor a SARIF file from memrev")
    for run in ours:
        for result in run.get("results") or ():
            prints = result.get("partialFingerprints") if isinstance(result, dict) else None
            if isinstance(prints, dict) and isinstance(prints.get(FINGERPRINT_KEY), str):
                found.add(prints[FINGERPRINT_KEY])
    return found


def _driver(run: dict[str, Any]) -> object:
    """The tool name of one SARIF run, or None when it has none."""
    tool = run.get("tool")
    driver = tool.get("driver") if isinstance(tool, dict) else None
    return driver.get("name") if isinstance(driver, dict) else None


def _rule_id(check: EntryCheck, ref: ReferenceCheck | None) -> str:
    """A finding's SARIF rule id: its reference status, or its verdict when it has no reference."""
    return f"memrev.reference.{ref.status.value}" if ref else f"memrev.entry.{check.verdict.value}"


def _rule_level(rule_id: str) -> str:
    """The SARIF level of a rule: errors for what is plainly wrong, warnings for changes, notes for the rest."""
    kind = rule_id.rsplit(".", 1)[1]
    return "error" if kind in _ERROR else "warning" if kind in _WARNING else "note"


def _same_file(one: str, other: str) -> bool:
    """Whether two spellings of a path name the same file (one may be a suffix of the other)."""
    one, other = one.replace("\\", "/"), other.replace("\\", "/")
    one, other = one.removeprefix("./"), other.removeprefix("./")
    return one == other or one.endswith("/" + other) or other.endswith("/" + one)


def entry_location(entry: Entry) -> tuple[str | None, int | None, int | None]:
    """The memory file an entry lives in and its line range, from its source, citation (`f:12-20`) or anchor."""
    citation = (entry.provenance.citation or "").strip()
    lines = _CITED_LINES.fullmatch(citation)
    cited = lines or _CITED_SECTION.fullmatch(citation)
    cited_file = cited.group("file").strip() if cited else None
    file = entry.source.file or cited_file
    if lines and file and _same_file(file, lines.group("file")):
        start, end = int(lines.group("start")), lines.group("end")
        return file, start, int(end) if end else None
    anchor = _LINE_ANCHOR.fullmatch(entry.source.anchor or "")
    if anchor:
        return file, int(anchor.group("start")), int(anchor.group("end")) if anchor.group("end") else None
    return file, None, None


def _artifact(file: str, root: Path) -> dict[str, str]:
    """A SARIF artifactLocation: repository-relative, MEMORYROOT-relative, or an absolute file URI."""
    path = Path(file).expanduser()
    if not path.is_absolute():
        return {"uri": quote(file.replace("\\", "/")), "uriBaseId": "MEMORYROOT"}
    try:
        return {"uri": quote(path.relative_to(root).as_posix()), "uriBaseId": "%SRCROOT%"}
    except ValueError:
        return {"uri": path.as_uri()}


def _message(check: EntryCheck, ref: ReferenceCheck | None, *, sensitive: bool = False) -> str:
    """A finding's one-paragraph explanation, every hidden character shown as a marker; a sensitive entry's
    reference is named by the value it was looked up by, not quoted from the text."""
    if ref is None:
        text = " ".join([check.reason, *check.notes]).strip() or f"The entry is {check.verdict.value}."
    else:
        text = f"{ref.status.value} {ref.kind} `{ref.value if sensitive else ref.text}`: {ref.evidence}"
        if ref.suggestion:
            text += f" -> {ref.suggestion}"
    return make_visible(" ".join(text.split("\n")))


def _location(entry: Entry, root: Path) -> dict[str, Any]:
    """A SARIF location: the memory file and lines when known, and always the entry id as a logical location."""
    file, start, end = entry_location(entry)
    location: dict[str, Any] = {}
    if file:
        location["physicalLocation"] = {"artifactLocation": _artifact(file, root)}
        if start:
            region = {"startLine": start, **({"endLine": end} if end and end >= start else {})}
            location["physicalLocation"]["region"] = region
    location["logicalLocations"] = [{"name": entry.id, "kind": "resource"}]
    return location


def report_sarif(entries: Sequence[Entry], checks: Mapping[str, EntryCheck], *, repo_root: Path,
                 fail_on: frozenset[str], failing: set[str], baseline: set[str] | None = None,
                 sensitive: frozenset[str] = frozenset()) -> dict[str, Any]:
    """A SARIF 2.1.0 log with one result per finding, for code-scanning UIs and as a later baseline (the entries in
    `sensitive` quote nothing from their text)."""
    root = Path(os.path.abspath(repo_root))
    rules = [{"id": rule_id, "name": "".join(p.capitalize() for p in re.split(r"[.-]", rule_id)[1:]),
              "shortDescription": {"text": short}, "fullDescription": {"text": f"{short} {help_text}"},
              "help": {"text": help_text}, "defaultConfiguration": {"level": _rule_level(rule_id)},
              "properties": {"tags": ["memory", "staleness"]}} for rule_id, (short, help_text) in _RULES.items()]
    index = {rule_id: i for i, rule_id in enumerate(_RULES)}
    results = []
    for entry, check, ref in iter_findings(entries, checks):
        rule_id = _rule_id(check, ref)
        key = fingerprint(entry, check, ref)
        result: dict[str, Any] = {
            "ruleId": rule_id, "ruleIndex": index[rule_id], "level": _rule_level(rule_id),
            "message": {"text": _message(check, ref, sensitive=entry.id in sensitive)},
            "locations": [_location(entry, root)],
            "partialFingerprints": {FINGERPRINT_KEY: key},
            "properties": {"entryId": entry.id, "verdict": check.verdict.value, "failing": key in failing,
                           "confidence": round(check.confidence, 2),
                           **({"reference": {"kind": ref.kind, "value": ref.value}} if ref else {}),
                           **({"sensitive": True} if entry.id in sensitive else {})}}
        if baseline is not None:
            result["baselineState"] = "unchanged" if key in baseline else "new"
        if entry.status in NOT_LOADED:
            why = f"the entry is {entry.status.value}; the agent does not load it"
            result["suppressions"] = [{"kind": "external", "status": "accepted", "justification": why}]
        results.append(result)
    bases = {"%SRCROOT%": {"uri": root.as_uri() + "/", "description": {"text": "The checked repository."}},
             "MEMORYROOT": {"description": {"text": "Where the agent keeps its memory files (relative paths)."}}}
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [{
        "tool": {"driver": {"name": "memrev", "informationUri": INFORMATION_URI, "rules": rules}},
        "originalUriBaseIds": bases, "properties": {"failOn": sorted(fail_on)}, "results": results}]}


def _first_line(text: str) -> str:
    """The first non-blank line, split on newlines only so no hidden separator is swallowed."""
    return next((line.strip(" \t\r") for line in text.split("\n") if line.strip(" \t\r")), "")


def _fit(text: str, room: int) -> str:
    """`text` made visible and cut to `room` characters with an ellipsis, never through a ⟨U+XXXX⟩ marker."""
    out, used = [], 0
    for segment, hidden in visible_segments(text):
        if used + len(segment) <= room:
            out.append(segment)
            used += len(segment)
            continue
        if not hidden and room - used > 1:
            out.append(segment[: room - used - 1])
        out.append("…")
        break
    return "".join(out)


def report_text(entries: Sequence[Entry], checks: Mapping[str, EntryCheck], *, now: datetime,
                width: int = 100, masks: Mapping[str, str] | None = None) -> list[str]:
    """Human lines: each entry with a finding and its reasons, then a one-line count of verdicts; an entry in
    `masks` shows its mask instead of its first line and quotes nothing from its text."""
    masks = masks or {}
    grouped: dict[str, list[ReferenceCheck | None]] = {}
    for entry, _, ref in iter_findings(entries, checks):
        grouped.setdefault(entry.id, []).append(ref)
    wrap = textwrap.TextWrapper(width=max(width, 40), subsequent_indent="    ", break_long_words=False,
                                break_on_hyphens=False)
    lines: list[str] = []
    for entry in entries:
        check = checks.get(entry.id)
        if check is None or entry.id not in grouped:
            continue
        verb, then = ("verified", entry.verified_at) if entry.verified_at else ("written", entry.provenance.written_at)
        age = format_age(then, now)
        when = "" if then is None else f"{verb} {'just now' if age == 'now' else age + ' ago'}  "
        loaded = f" [{entry.status.value}, not loaded]" if entry.status in NOT_LOADED else ""
        head = f"{entry.id}  {check.verdict.value} {check.confidence:.2f}{loaded}  {when}"
        shown = masks.get(entry.id)
        lines.append(head + (shown if shown is not None else _fit(_first_line(entry.text), max(width - len(head), 10))))
        for ref in grouped[entry.id]:
            lines.extend(wrap.wrap("  " + _message(check, ref, sensitive=shown is not None)))
        for note in check.notes if grouped[entry.id] != [None] else ():  # a verdict line already has them
            lines.extend(wrap.wrap("  note: " + make_visible(note)))
        hidden = describe_hidden(entry.text) if shown is None else []
        if hidden:
            lines.extend(wrap.wrap("  hidden characters: " + "; ".join(hidden)))
    counts = Counter(checks[entry.id].verdict.value if entry.id in checks else "unchecked" for entry in entries)
    parts = [f"{counts[kind]} {kind}" for kind in [*(v.value for v in Verdict), "unchecked"] if counts[kind]]
    noun = "entry" if len(entries) == 1 else "entries"
    lines.append(f"{len(entries)} {noun}" + (": " + ", ".join(parts) if parts else ""))
    return lines

