"""How often the redactor fires on real public agent instruction files, and on what (values never printed).

The files (CLAUDE.md, AGENTS.md, .cursorrules, .github/copilot-instructions.md, GEMINI.md of public GitHub
repositories) are listed in `redaction_sources.txt` beside this module, one `owner/repo path commit` a line. Their
text is other people's and stays out of this repository: the measurement reads them from a local cache directory,
laid out as `CACHE/owner+repo/path`.

How the cache was built: the list was chosen with the public-code search tool of memrev's development sessions
(`find_files` on each file name, then a snapshot of each repository), which this script cannot call. To rebuild
it, clone each listed repository (`git clone --bare https://github.com/owner/repo CLONES/owner+repo`) and run

    python -m memrev.core.bench.redaction_real --build CLONES CACHE

which writes `git show commit:path` of every listed file into CACHE (a listed commit missing from a clone is
reported and skipped). Or fetch `https://raw.githubusercontent.com/owner/repo/commit/path` into
`CACHE/owner+repo/path` with any HTTP client. Then measure:

    python -m memrev.core.bench.redaction_real CACHE

Each file is redacted whole by a fresh `Redactor(bytes(32))` (only the rules fire, no secret seen in another file).
The report gives the files scanned, the files with a redaction, redactions by kind, and for each one its source,
line and context, with every redacted value shown only as its kind and length. `--reveal` adds the raw values, for
judging them locally; never paste that output anywhere.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Sequence

from memrev.core.scan.redaction import Redactor
from memrev.core.scan.rules import SECRET_MARKER

SOURCES = Path(__file__).with_name("redaction_sources.txt")
"""The list of measured files: `owner/repo path commit` a line, `#` for comments."""
CONTEXT = 60
"""Characters of context shown either side of a redaction."""


@dataclass(frozen=True)
class Source:
    """One listed file: its repository, its path there and the commit it was read at."""

    repo: str
    path: str
    commit: str

    @property
    def cached(self) -> Path:
        """Where the file sits inside the cache directory."""
        return Path(self.repo.replace("/", "+", 1)) / self.path


@dataclass(frozen=True)
class Hit:
    """One redaction: where, which kind, how long, its masked context and (kept in memory only) its value."""

    source: Source
    line: int
    kind: str
    length: int
    context: str
    value: str


def read_sources(path: Path = SOURCES) -> list[Source]:
    """The listed files, in order."""
    sources = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        parts = raw.split("#", 1)[0].split()
        if parts:
            sources.append(Source(parts[0], parts[1], parts[2] if len(parts) > 2 else "HEAD"))
    return sources


def build(clones: Path, cache: Path, sources: Sequence[Source]) -> int:
    """Write every listed file from its repository's clone (`CLONES/owner+repo`, bare or not) into the cache."""
    written = 0
    for source in sources:
        base = clones / source.repo.replace("/", "+", 1)
        repo = base / "repo" if (base / "repo").is_dir() else base
        shown = subprocess.run(["git", "-C", str(repo), "show", f"{source.commit}:{source.path}"],
                               capture_output=True)
        if shown.returncode != 0:
            print(f"missing: {source.repo} {source.path} {source.commit}", file=sys.stderr)
            continue
        target = cache / source.cached
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(shown.stdout)
        written += 1
    return written


def _one_line(text: str) -> str:
    """Text on one line, newlines shown as ⏎."""
    return text.replace("\r", "").replace("\n", "⏎")


def redactions(source: Source, text: str) -> Iterator[Hit]:
    """The redactions in one file's whole text, each with its context taken from the redacted text (so no redacted
    value, this one or a neighbour, appears in it) and its marker shown as kind and length only."""
    result = Redactor(bytes(32)).redact(text)
    for (start, end, marker_start, marker_end), kind in zip(result.moves, result.kinds):
        before = SECRET_MARKER.sub(_masked, result.text[max(0, marker_start - CONTEXT):marker_start])
        after = SECRET_MARKER.sub(_masked, result.text[marker_end:marker_end + CONTEXT])
        context = _one_line(f"{before}«{kind}: {end - start} chars»{after}")
        yield Hit(source, text.count("\n", 0, start) + 1, kind, end - start, context, text[start:end])


def _masked(match: re.Match[str]) -> str:
    """A neighbouring marker caught in the context, shown as kind and length."""
    return f"«{match.group('kind')}: {match.group('length')} chars»"


def measure(cache: Path, sources: Sequence[Source], reveal: bool = False) -> int:
    """Redact every cached file, print the report, and return how many listed files the cache lacks."""
    hits: list[Hit] = []
    scanned, missing, repos = 0, 0, set()
    files_hit: set[Source] = set()
    for source in sources:
        path = cache / source.cached
        if not path.is_file():
            missing += 1
            continue
        scanned += 1
        repos.add(source.repo)
        found = list(redactions(source, path.read_bytes().decode("utf-8", "surrogateescape")))
        if found:
            files_hit.add(source)
        hits += found
    print(f"files scanned: {scanned} (from {len(repos)} repositories; {missing} listed files not in the cache)")
    print(f"files with at least one redaction: {len(files_hit)}")
    print(f"redactions: {len(hits)}")
    for kind, count in Counter(hit.kind for hit in hits).most_common():
        print(f"  {kind}: {count}")
    for number, hit in enumerate(hits, 1):
        print(f"\n#{number} {hit.kind}, {hit.length} chars: {hit.source.repo} {hit.source.path}:{hit.line}")
        print(f"    {hit.context}")
        if reveal:
            print(f"    value: {hit.value!r}")
    return missing


def main(argv: Sequence[str] | None = None) -> int:
    """Measure the cached files (or, with --build CLONES, fill the cache from clones first)."""
    parser = argparse.ArgumentParser(prog="python -m memrev.core.bench.redaction_real",
                                     description=(__doc__ or "").split("\n")[0])
    parser.add_argument("cache", type=Path, help="directory holding owner+repo/path for every listed file")
    parser.add_argument("--sources", type=Path, default=SOURCES, help="list of files (default: the one shipped)")
    parser.add_argument("--build", type=Path, metavar="CLONES", help="first write the files from CLONES/owner+repo")
    parser.add_argument("--reveal", action="store_true", help="also print each redacted value (local judging only)")
    args = parser.parse_args(argv)
    sources = read_sources(args.sources)
    if args.build is not None:
        print(f"written: {build(args.build, args.cache, sources)} of {len(sources)}")
    measure(args.cache, sources, args.reveal)
    return 0


if __name__ == "__main__":
    sys.exit(main())
