"""`memrev import jsonl:FILE` with the minimal record: imported, an unknown field warned on stderr, `--strict` an
error."""

from __future__ import annotations

import json
from pathlib import Path

from test_cli import run


def test_the_minimal_record_imports_and_an_unknown_field_is_warned(tmp_path: Path) -> None:
    db, path = tmp_path / "memrev.db", tmp_path / "notes.jsonl"
    path.write_text(json.dumps({"text": "The project requires Python 3.12.", "source": "94439db",
                                "written_at": "2026-08-10", "verified_at": None, "mood": "sure"}) + "\n",
                    encoding="utf-8")
    result = run(db, "import", f"jsonl:{path}")
    assert result.exit_code == 0, result.stderr
    assert f"memrev: warning: {path}:1: unknown field 'mood' (ignored)" in result.stderr
    shown = json.loads(run(db, "list", "--json").stdout)
    assert [entry["text"] for entry in shown] == ["The project requires Python 3.12."]
    strict = run(tmp_path / "other.db", "import", f"jsonl:{path}", "--strict")
    assert strict.exit_code != 0 and "unknown field 'mood' (--strict)" in strict.stderr
