"""The last `memrev eval` run, saved as `last-eval.json` beside the database, so the app can show it again."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Mapping

from memrev.core.safe_io import atomic_write

__all__ = ["LAST_EVAL", "SavedEval", "load_last_eval", "save_last_eval", "last_eval_path"]

LAST_EVAL = "last-eval.json"
"""The file name of the last eval, in the database's folder."""


@dataclass(frozen=True)
class SavedEval:
    """A saved run: the report (the same on every run), when it finished and how long building and running took."""

    report: Mapping[str, Any]
    finished_at: str
    build_seconds: float
    run_seconds: float


def last_eval_path(db_path: Path) -> Path:
    """Where the last eval of the store at `db_path` is kept: `last-eval.json` in the database's folder."""
    return Path(db_path).parent / LAST_EVAL


def save_last_eval(db_path: Path, report: Mapping[str, Any], *, finished_at: datetime, build_seconds: float,
                   run_seconds: float) -> Path:
    """Write the run beside the database, atomically (OSError when the folder cannot be written)."""
    path = last_eval_path(db_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    saved = {"report": report, "finished_at": finished_at.isoformat(timespec="seconds"),
             "build_seconds": round(build_seconds, 2), "run_seconds": round(run_seconds, 2)}
    data = json.dumps(saved, ensure_ascii=False, indent=2, sort_keys=True).encode("utf-8") + b"\n"
    atomic_write(path, data, root=path.parent)
    return path


def load_last_eval(db_path: Path) -> SavedEval | None:
    """The last eval saved beside the database, or None when there is none; ValueError when the file is unreadable."""
    path = last_eval_path(db_path)
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"{path}: cannot be read ({error})") from None
    if not isinstance(saved, dict) or not isinstance(saved.get("report"), dict) \
            or not {"raw", "reviewed"} <= set(saved["report"].get("arms", {})):
        raise ValueError(f"{path}: not a saved memrev eval")
    return SavedEval(saved["report"], str(saved.get("finished_at", "")), float(saved.get("build_seconds", 0.0)),
                     float(saved.get("run_seconds", 0.0)))
