"""Build a labelled set for `memrev eval staleness` from real public repositories' instruction-file histories.

The repositories and files are listed in `staleness_sources.txt` beside this module, one `owner/repo file head` a
line. Their text is other people's, so the labels this writes (which quote it) stay outside this repository.

Every label is verified with git alone, never with memrev: a line of an instruction file (CLAUDE.md, AGENTS.md)
at a version V that names, in backticks, paths that all exist at V (at the root, or as the one path ending with
it under some folder) is checked at C, the last commit that still has the line in the file (the file's state a
reader would load; the repository's head when the line never left). The line is `stale` when a path it names no
longer exists at C, or at the commit that took the line out of the file (its maintainers' own word that it went
stale: an agent's memory copied from it would now be wrong), with `new_path` when git records the rename; `fresh`
when every path still exists at C. So the set measures path claims: the lines whose truth git can establish without a person reading them.
With `--claims` it also labels, the same way, the other claims git can settle (`staleness_claims.py`): make targets
and package scripts a line runs, code names it cites (defined by a code file at V), the minimum Python or Node
version it states, and the tools it runs.

Rebuild: get a bare clone of each listed repository as `MIRRORS/owner+repo/repo` (or `MIRRORS/owner+repo`), then

    python -m memrev.core.bench.staleness_real MIRRORS LABELS.jsonl [--claims]
    memrev eval staleness LABELS.jsonl --repo MIRRORS
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from memrev.core.bench.staleness_claims import Claim, ClaimFacts, claims_of
from memrev.core.check.eval_labels import Label, write_labels

SOURCES = Path(__file__).with_name("staleness_sources.txt")
"""The list of instruction files: `owner/repo file head` a line, `#` for comments."""
_CODE = re.compile(r"`([^`\s]{3,200})`")
_PATHLIKE = re.compile(r"[\w.@-]+(?:/[\w.@-]+)+/?|[\w-]+\.(?:py|ts|tsx|js|jsx|mjs|json|toml|yaml|yml|md|rs|go|sh|"
                       r"sql|css|html|cfg|ini|lock|txt|rb|java|kt|swift|vue|svelte)")
MAX_PER_FILE = 60
"""At most this many labels of each kind (stale, fresh) per instruction file, spread over its history."""


@dataclass(frozen=True)
class Source:
    """One listed instruction file: the repository, the file and the head commit its history is read up to."""

    repo: str
    file: str
    head: str


def read_sources(path: Path = SOURCES) -> list[Source]:
    """The listed instruction files."""
    sources = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            repo, file, head = line.split()
            sources.append(Source(repo, file, head))
    return sources


def git(repo: Path, *args: str) -> str:
    """One git command's output ('' on failure)."""
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, check=False)
    return done.stdout.decode("utf-8", "replace") if done.returncode == 0 else ""


class Tree:
    """The files and folders of one commit, read once."""

    def __init__(self, repo: Path, sha: str) -> None:
        """List the commit's tree."""
        self.files = set(git(repo, "ls-tree", "-r", "--name-only", sha).splitlines())
        self.folders = {f[:i] for f in self.files for i in range(len(f)) if f[i] == "/"}
        self.paths = self.files | self.folders

    def resolve(self, token: str) -> str | None:
        """The one path `token` means here: itself, or the only file or folder ending with it."""
        path = token.strip("/").removeprefix("./")
        if path in self.files or path in self.folders:
            return path
        ending = "/" + path
        found = [p for p in self.paths if p.endswith(ending)]
        return found[0] if len(found) == 1 else None

    def has(self, path: str) -> bool:
        """Whether the exact path is a file or folder here."""
        return path in self.files or path in self.folders


def build(mirror: Path, source: Source, *, folder: str, claims: bool = False) -> list[Label]:
    """The labels of one instruction file's history (with `claims`, also of lines whose commands, code names,
    minimum versions or tools git can settle)."""
    versions = git(mirror, "log", "--format=%H", "--reverse", "--first-parent", source.head, "--",
                   source.file).split()
    trees: dict[str, Tree] = {}

    def tree(sha: str) -> Tree:
        if sha not in trees:
            trees[sha] = Tree(mirror, sha)
        return trees[sha]

    texts = {sha: git(mirror, "show", f"{sha}:{source.file}") for sha in versions}
    stale: list[Label] = []
    fresh: list[Label] = []
    seen: set[str] = set()
    lines_claims = {line: claims_of(line) for sha in versions for line in texts[sha].splitlines()} if claims else {}
    facts = ClaimFacts(mirror, {c.value for found in lines_claims.values() for c in found if c.kind == "symbol"})
    for index, verified in enumerate(versions):
        for line in texts[verified].splitlines():
            tokens = [t for t in _CODE.findall(line) if _PATHLIKE.fullmatch(t) and "://" not in t and "*" not in t]
            others = lines_claims.get(line, [])
            if not tokens and not others or line in seen or len(line) > 400:
                continue
            resolved = [tree(verified).resolve(token) for token in tokens]
            if any(path is None for path in resolved):
                continue
            others = [claim for claim in others if facts.holds(verified, claim) is True]
            if not tokens and not others:
                continue
            seen.add(line)
            later = next((sha for sha in versions[index + 1:] if line not in texts[sha].splitlines()), None)
            check = git(mirror, "rev-parse", f"{later}^").strip() if later else source.head
            if not check or check == verified:
                continue
            gone = _gone(facts, tree(check), check, tokens, resolved, others)
            if not gone and later:  # the commit that took the line out: was it because what it names went?
                gone = _gone(facts, tree(later), later, tokens, resolved, others)
                check = later if gone else check
            label_id = f"{source.repo}:{source.file}:{verified[:8]}:{len(stale) + len(fresh)}"
            first = tokens[0] if tokens else others[0].text
            if gone:
                token, path = gone[0]
                renamed = _renamed_to(mirror, verified, check, path, tree(verified), tree(check)) if path else None
                stale.append(Label(label_id, line.strip(), verified, check, "stale", token, renamed, source.file,
                                   folder))
            else:
                fresh.append(Label(label_id, line.strip(), verified, check, "fresh", first, None, source.file,
                                   folder))
    return _spread(stale) + _spread(fresh)


def _gone(facts: ClaimFacts, tree: Tree, sha: str, tokens: list[str], resolved: list[str | None],
          others: list[Claim]) -> list[tuple[str, str | None]]:
    """What a line names that no longer holds at `sha`: its paths gone (with the path), then its other claims
    that the commit contradicts (without one)."""
    gone: list[tuple[str, str | None]] = [(token, path) for token, path in zip(tokens, resolved)
                                          if path and not tree.has(path)]
    return gone + [(claim.text, None) for claim in others if facts.holds(sha, claim) is False]


def _renamed_to(mirror: Path, verified: str, check: str, path: str, before: Tree, after: Tree) -> str | None:
    """Where git's own rename records, step by step from `verified` to `check`, say `path` went (a file renamed, or
    a folder whose files all moved to one new folder); None when it was not renamed or is gone."""
    steps = []
    log = git(mirror, "log", "--reverse", "--topo-order", "-M", "--name-status", "--diff-filter=R", "--format=",
              f"{verified}..{check}")
    for line in log.splitlines():
        parts = line.split("\t")
        if len(parts) == 3 and parts[0].startswith("R"):
            steps.append((parts[1], parts[2]))

    def follow(start: str) -> str:
        current = start
        for old, new in steps:
            if old == current:
                current = new
        return current

    if path in before.files:
        final = follow(path)
        return final if final != path and final in after.files else None
    targets = set()
    for file in (f for f in before.files if f.startswith(path + "/")):
        final, rest = follow(file), file[len(path):]
        if final != file and final in after.files and final.endswith(rest):
            targets.add(final[:-len(rest)])
    return targets.pop() if len(targets) == 1 and next(iter(targets)) in after.folders else None


def _spread(labels: list[Label]) -> list[Label]:
    """At most `MAX_PER_FILE` labels, taken evenly over the history."""
    if len(labels) <= MAX_PER_FILE:
        return labels
    step = len(labels) / MAX_PER_FILE
    return [labels[int(i * step)] for i in range(MAX_PER_FILE)]


def main(argv: list[str] | None = None) -> int:
    """Write the labels of every listed instruction file found under MIRRORS."""
    parser = argparse.ArgumentParser(prog="staleness_real", description=__doc__.splitlines()[0])
    parser.add_argument("mirrors", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--sources", type=Path, default=SOURCES)
    parser.add_argument("--claims", action="store_true", help="also label commands, code names, minimum versions "
                        "and tools that git can settle")
    args = parser.parse_args(argv)
    labels: list[Label] = []
    for source in read_sources(args.sources):
        folder = source.repo.replace("/", "+")
        mirror = next((p for p in (args.mirrors / folder / "repo", args.mirrors / folder) if p.exists()), None)
        if mirror is None:
            print(f"skipped {source.repo}: no mirror under {args.mirrors}", file=sys.stderr)
            continue
        found = build(mirror, source, folder=str(mirror.relative_to(args.mirrors)), claims=args.claims)
        print(f"{source.repo} {source.file}: {sum(l.stale for l in found)} stale, "
              f"{sum(not l.stale for l in found)} fresh", file=sys.stderr)
        labels += found
    write_labels(args.out, labels)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
