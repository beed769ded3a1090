"""The residue check: search every file memrev keeps or knows for a text's bytes, in every form it may take there.

Forms: UTF-8, UTF-16 (both byte orders), JSON-escaped (with and without `ensure_ascii`) and SQL-quoted. Files: the
database, its WAL and SHM and anything else beside it named after it, the journals beside it (a journal's saved
file bytes are base64, so they are decoded and searched too), and every file of every imported agent source, with
the temporaries a killed write may leave and every file a freeze wrote.
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

from memrev.core.safe_io import TEMP_SUFFIX
from memrev.core.sources.registry import adapter_for
from memrev.core.sources.sync import imported_sources
from memrev.core.store.freezes import last_written
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.scrub import sql_forms


def byte_forms(needle: str) -> dict[bytes, str]:
    """Every byte string a needle may be stored as, each with the name of its form."""
    forms: dict[bytes, str] = {}
    for name, data in (("utf-8", needle), ("json", json.dumps(needle, ensure_ascii=False)[1:-1]),
                       ("json-ascii", json.dumps(needle)[1:-1])):
        forms.setdefault(data.encode("utf-8", "surrogatepass"), name)
    for data in sql_forms(needle):
        forms.setdefault(data.encode("utf-8", "surrogatepass"), "sql")
    forms.setdefault(needle.encode("utf-16-le", "surrogatepass"), "utf-16-le")
    forms.setdefault(needle.encode("utf-16-be", "surrogatepass"), "utf-16-be")
    return {data: name for data, name in forms.items() if data}


@dataclass(frozen=True)
class Hit:
    """Where some of the text was found: the file, how many times, in which forms."""

    path: str
    count: int
    forms: tuple[str, ...]


@dataclass
class ResidueReport:
    """What a residue check searched, for how many strings, and where it found any."""

    searched: list[str] = field(default_factory=list)
    hits: list[Hit] = field(default_factory=list)
    needles: int = 0
    shared: int = 0
    """Strings left out because an entry that stays holds them too (its content, not residue)."""

    @property
    def total(self) -> int:
        """Every occurrence found, in every file and form (the aim after a purge is 0)."""
        return sum(hit.count for hit in self.hits)

    def lines(self) -> list[str]:
        """One line with the count, then one per file where something was found."""
        shared = f" ({self.shared} set aside: entries that stay hold them too)" if self.shared else ""
        head = (f"residue: {self.total} in {len(self.hits)} of {len(self.searched)} files searched for "
                f"{self.needles} strings in every form{shared}")
        return [head, *(f"  {hit.path}: {hit.count} ({', '.join(hit.forms)})" for hit in self.hits)]

    def to_dict(self) -> dict[str, object]:
        """JSON-ready values (never the text)."""
        return {"total": self.total, "searched": self.searched, "needles": self.needles, "shared": self.shared,
                "hits": [{"path": hit.path, "count": hit.count, "forms": list(hit.forms)} for hit in self.hits]}


def search(paths: Iterable[Path], needles: Sequence[str], *, shared: int = 0) -> ResidueReport:
    """Search each file (that exists) for every form of every needle."""
    forms: dict[bytes, str] = {}
    for needle in needles:
        for data, name in byte_forms(needle).items():
            forms.setdefault(data, name)
    report = ResidueReport(needles=len(needles), shared=shared)
    for path in dict.fromkeys(paths):
        contents = _contents(path)
        if contents is None:
            continue
        report.searched.append(str(path))
        count, found = 0, []
        for data in contents:
            for form, name in forms.items():
                n = data.count(form)
                if n:
                    count += n
                    found.append(name)
        if count:
            report.hits.append(Hit(str(path), count, tuple(dict.fromkeys(found))))
    return report


def _contents(path: Path) -> list[bytes] | None:
    """A file's bytes, and for a journal the file bytes it saved (decoded); None when it cannot be read."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    contents = [data]
    if path.suffix == ".json" and path.parent.name == "writeback":
        contents.extend(_journalled(data))
    return contents


def _journalled(data: bytes) -> list[bytes]:
    """The saved bytes of every step of a write-back or freeze journal."""
    try:
        steps = json.loads(data).get("steps", [])
    except (ValueError, AttributeError):
        return []
    saved = []
    for step in steps:
        try:
            if isinstance(step, dict) and isinstance(step.get("before"), str):
                saved.append(base64.b64decode(step["before"], validate=True))
        except (ValueError, binascii.Error):
            continue
    return saved


def store_files(store: MemoryStore) -> list[Path]:
    """The database, every file beside it named after it (WAL, SHM, a backup), and the journals beside it."""
    if str(store.path) == ":memory:":
        return []
    db = store.path.resolve()
    found = [db, Path(f"{db}-wal"), Path(f"{db}-shm")]
    found += sorted(path for path in db.parent.glob(f"{db.name}*") if path.is_file())
    journals = db.parent / "writeback"
    if journals.is_dir():
        found += sorted(path for path in journals.rglob("*") if path.is_file())
    return list(dict.fromkeys(found))


def agent_files(store: MemoryStore) -> list[Path]:
    """Every file of every imported agent source, the temporaries beside them, and every file a freeze wrote."""
    found: list[Path] = []
    for ref in imported_sources(store):
        try:
            found += sorted(adapter_for(ref.kind).read(ref).files)
        except (ValueError, OSError):
            continue
    found += [Path(path) for path in last_written(store)]
    for folder in sorted({path.parent for path in found}):
        try:
            found += sorted(p for p in folder.iterdir() if p.name.endswith(TEMP_SUFFIX) and p.is_file())
        except OSError:
            continue
    return list(dict.fromkeys(found))


def known_files(store: MemoryStore) -> list[Path]:
    """Every file the residue check searches."""
    own = store_files(store)
    return own + [path for path in agent_files(store) if path not in set(own)]
