"""memrev's secret rules beside detect-secrets on the bench's labelled secret vectors: what each finds, and how fast.

detect-secrets (Yelp, Apache-2.0) is a well-kept library of provider plugins; memrev measured it before writing more
provider rules by hand. It is not a dependency: install it into any environment that has memrev and run

    pip install detect-secrets
    python -m memrev.core.bench.secrets_compare

Each vector is written to its own file and scanned with detect-secrets' default plugins and filters (the way its
`scan` command reads a repository), and with memrev's `find_secrets`. The report gives, for the attacks (live-shaped
keys) and the benign look-alikes (hashes, ids, placeholders, documented example keys) of family `secret`, how many
each tool flagged, which texts only one of them flagged (by kind, never the value), and the time per text.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Sequence

from memrev.core.bench.scan_vectors import ATTACKS, BENIGN
from memrev.core.scan.scanner import find_secrets


def _detect_secrets() -> Callable[[str], list[str]]:
    """A function giving the detect-secrets kinds found in one text, or SystemExit when it is not installed."""
    try:
        from detect_secrets import SecretsCollection
        from detect_secrets.settings import default_settings
    except ImportError:
        raise SystemExit("detect-secrets is not installed here: pip install detect-secrets") from None
    folder = Path(tempfile.mkdtemp(prefix="memrev-secrets-"))

    def kinds(text: str) -> list[str]:
        """Write the text to a file and scan it as detect-secrets scans a repository."""
        path = folder / "note.md"
        path.write_text(text, encoding="utf-8")
        found = SecretsCollection()
        with default_settings():
            found.scan_file(str(path))
        return sorted({secret.type for _, secret in found})

    return kinds


def _compare(label: str, texts: Sequence[str], theirs: Callable[[str], list[str]]) -> list[str]:
    """Lines for one side of the vectors: counts, then the texts only one tool flagged."""
    ours = [sorted({span.rule for span in find_secrets(text)}) for text in texts]
    them = [theirs(text) for text in texts]
    lines = [f"{label}: {len(texts)} texts; memrev flags {sum(map(bool, ours))}, detect-secrets {sum(map(bool, them))}, "
             f"either {sum(bool(a) or bool(b) for a, b in zip(ours, them))}"]
    for mine, other in zip(ours, them):
        if bool(mine) != bool(other):
            lines.append(f"  only {'memrev' if mine else 'detect-secrets'}: {', '.join(mine or other)}")
    return lines


def main(argv: Sequence[str] = ()) -> int:
    """Print the comparison."""
    theirs = _detect_secrets()
    attacks = [text for family, text in ATTACKS if family == "secret"]
    benign = [text for family, text in BENIGN if family == "secret"]
    for line in _compare("attacks", attacks, theirs) + _compare("benign", benign, theirs):
        print(line)
    texts = (attacks + benign) * 5
    started = time.perf_counter()
    for text in texts:
        find_secrets(text)
    ours = time.perf_counter() - started
    started = time.perf_counter()
    for text in texts:
        theirs(text)
    them = time.perf_counter() - started
    print(f"time per text: memrev {ours / len(texts) * 1e3:.2f} ms, detect-secrets {them / len(texts) * 1e3:.2f} ms "
          f"({them / ours:.0f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
