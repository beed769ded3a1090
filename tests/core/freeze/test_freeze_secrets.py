"""A secret an agent wrote into its memory never rests in memrev: not in the database, its WAL, its rejections or
its freeze records; the agent's own file keeps it until a freeze writes the redacted text (or leaves the entry out)."""

from __future__ import annotations

import json
from pathlib import Path

from memrev.core.freeze.plan import build_plan
from memrev.core.freeze.policy import Unreviewed
from memrev.core.freeze.write import freeze
from memrev.core.model import Status
from memrev.core.scan.rejections import Decision, decide, rejections
from memrev.core.sources.sync import import_source

TOKEN = "ghp_" + "Zq7Xw2Lm9Kp4Rt6Vb1Nc8Hd3Jf5Gs0Ya2UeT"
PASSWORD = "Qm4Zr8Tx2Lw6Kp9Vn3Bc7"
LINE = f"Release job: push with token {TOKEN}; staging DB_PASSWORD={PASSWORD}"


def forms(secret: str) -> list[bytes]:
    """The ways a secret's bytes may be stored: UTF-8, UTF-16 both ways, JSON-escaped."""
    return [secret.encode(), secret.encode("utf-16-le"), secret.encode("utf-16-be"),
            json.dumps(secret)[1:-1].encode()]


def residue(paths: list[Path]) -> list[str]:
    """Every file (and form) among `paths` that holds either secret."""
    return [f"{path.name}: {form!r}" for path in paths if path.exists()
            for secret in (TOKEN, PASSWORD) for form in forms(secret) if form in path.read_bytes()]


def database_files(world) -> list[Path]:
    """The store's database, WAL and shared-memory files."""
    db = Path(world.store.path)
    return [db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")]


def add_secret(world) -> Path:
    """Hermes writes a line with a token and a password, and memrev imports it."""
    memory = world.sources["hermes"].root / "MEMORY.md"
    memory.write_text(memory.read_text(encoding="utf-8") + "\n§\n" + LINE, encoding="utf-8")
    import_source(world.store, world.sources["hermes"], actor="import")
    return memory


def secret_entry(world):
    """The stored entry of the line with the secrets."""
    (entry,) = [e for e in world.store.entries() if e.text.startswith("Release job:")]
    return entry


def test_an_imported_secret_is_stored_as_a_marker_and_found_nowhere_in_the_database(world):
    add_secret(world)
    entry = secret_entry(world)
    assert "⟦secret: github-token, 40 chars, #" in entry.text and "⟦secret: hardcoded-secret, 21 chars, #" in entry.text
    assert entry.status is Status.BLOCKED  # a redacted secret still waits for a person's audit
    (rejection,) = [r for r in rejections(world.store) if r.entry_id == entry.id]
    assert rejection.text == entry.text and TOKEN not in json.dumps([f.to_dict() for f in rejection.findings])
    assert world.store.search("Release job") == [entry.id] and world.store.search(TOKEN[4:]) == []
    assert residue(database_files(world)) == []
    world.store.close()
    assert residue(database_files(world)) == []


def test_a_file_read_again_unchanged_keeps_its_redacted_entry_unchanged(world):
    add_secret(world)
    entry = secret_entry(world)
    again = import_source(world.store, world.sources["hermes"], actor="import")
    assert entry.id in again.unchanged and not again.added and not again.revised
    assert secret_entry(world).version == entry.version == 1


def test_the_preview_shows_no_secret_and_the_freeze_writes_the_redacted_text(world):
    memory = add_secret(world)
    entry = secret_entry(world)
    (rejection,) = [r for r in rejections(world.store) if r.entry_id == entry.id]
    decide(world.store, rejection.id, Decision.FALSE_POSITIVE, actor="ana", reason="a test token")
    plan = build_plan(world.store, unreviewed=Unreviewed.KEEP)
    (hermes,) = [source for source in plan.sources if source.ref.kind == "hermes"]
    assert TOKEN.encode() in hermes.before[memory]  # the agent's file still holds it until the freeze
    shown = hermes.diff() + "".join(part.text for source in plan.sources for part in source.loaded.parts)
    assert TOKEN not in shown and PASSWORD not in shown and "⟦secret: github-token" in shown
    freeze(world.store, plan, actor="ana")
    written = memory.read_text(encoding="utf-8")
    assert TOKEN not in written and PASSWORD not in written and entry.text in written
    assert residue(database_files(world)) == []  # the freeze's record of the file before holds the marker too


def test_a_rolled_back_freeze_puts_the_file_back_with_its_secrets_redacted(world):
    from memrev.core.freeze.rollback import rollback

    memory = add_secret(world)
    entry = secret_entry(world)
    (rejection,) = [r for r in rejections(world.store) if r.entry_id == entry.id]
    decide(world.store, rejection.id, Decision.THREAT, actor="ana")
    outcome = freeze(world.store, build_plan(world.store, unreviewed=Unreviewed.KEEP), actor="ana")
    assert "Release job" not in memory.read_text(encoding="utf-8")  # a blocked entry is left out
    rollback(world.store, outcome.freeze_id, actor="ana")
    back = memory.read_text(encoding="utf-8")
    assert entry.text in back and TOKEN not in back
    assert residue(database_files(world)) == []
