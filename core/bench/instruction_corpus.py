"""The corpus of real public agent instruction files that `redaction_real` and `scan_real` measure.

The files (CLAUDE.md, AGENTS.md, .cursorrules, .github/copilot-instructions.md, GEMINI.md of public GitHub
repositories) are listed in `instruction_sources.txt` beside this module, one `owner/repo path commit` a line. Their
text is other people's and stays out of this repository: the measurements read them from a local cache directory,
laid out as `CACHE/owner+repo/path`.

How the cache was built: the list was chosen with the public-code search tool of memrev's development sessions
(`find_files` on each file name, then a snapshot of each repository), which these scripts cannot call. To rebuild
it, clone each listed repository (`git clone --bare https://github.com/owner/repo CLONES/owner+repo`) and run

    python -m memrev.core.bench.redaction_real --build CLONES CACHE

which writes `git show commit:path` of every listed file into CACHE (a listed commit missing from a clone is
reported and skipped). Or fetch `https://raw.githubusercontent.com/owner/repo/commit/path` into
`CACHE/owner+repo/path` with any HTTP client.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Sequence

SOURCES = Path(__file__).with_name("instruction_sources.txt")
"""The list of measured files: `owner/repo path commit` a line, `#` for comments."""


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


def read_cached(cache: Path, source: Source) -> str | None:
    """A listed file's text from the cache (undecodable bytes kept as surrogates), None when the cache lacks it."""
    path = cache / source.cached
    if not path.is_file():
        return None
    return path.read_bytes().decode("utf-8", "surrogateescape")


def cached_texts(cache: Path, sources: Sequence[Source]) -> Iterator[tuple[Source, str | None]]:
    """Every listed file with its cached text, or None for a file the cache lacks, in the list's order."""
    for source in sources:
        yield source, read_cached(cache, source)


def corpus_parser(module: str, doc: str | None) -> argparse.ArgumentParser:
    """The command line every corpus script shares: the cache folder and, optionally, another list of files."""
    parser = argparse.ArgumentParser(prog=f"python -m {module}", description=(doc or "").split("\n")[0])
    parser.add_argument("cache", type=Path, help="directory holding owner+repo/path for every listed file")
    parser.add_argument("--sources", type=Path, default=SOURCES, help="list of files (default: the one shipped)")
    return parser
