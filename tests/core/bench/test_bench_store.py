"""The store bench runs end to end on a small scale and leaves a real, complete database behind.

Speed is reported by the bench, not asserted here: these tests check shape, sanity and data only.
"""

from __future__ import annotations

import math
import re
import zlib
from collections import Counter

import pytest

from memrev.core.bench.store import (
    BATCHED_DB,
    FIGURE_NAMES,
    FTS,
    INSERT,
    MAX_TEXT,
    MIN_TEXT,
    VECTOR,
    Figure,
    format_figures,
    run_store_bench,
    synthetic_entries,
    synthetic_queries,
)
from memrev.core.store.embedding import HashingEmbedder
from memrev.core.store.memory_store import MemoryStore

N = 300


@pytest.fixture(scope="module")
def bench(tmp_path_factory):
    """One small bench run shared by the tests that read its figures and its database."""
    workdir = tmp_path_factory.mktemp("bench")
    return workdir, run_store_bench(N, workdir=workdir, queries=20)


def test_figures_have_the_expected_names_and_sane_values(bench):
    _, figures = bench
    assert tuple(f.name for f in figures) == FIGURE_NAMES
    by_name = {f.name: f for f in figures}
    with MemoryStore(":memory:") as probe:
        semantic = probe.semantic_enabled
    measured = [by_name[INSERT], by_name[FTS]] + ([by_name[VECTOR]] if semantic else [])
    for figure in measured:
        assert math.isfinite(figure.value) and figure.value > 0, figure
        assert figure.baseline is not None and math.isfinite(figure.baseline) and figure.baseline > 0, figure
        assert figure.ratio is not None and math.isfinite(figure.ratio) and figure.ratio > 0, figure
        assert isinstance(figure.passed, bool)
        assert figure.aim and figure.unit and figure.baseline_name
    insert = by_name[INSERT]
    assert insert.unit == "entries/s"
    assert insert.ratio == pytest.approx(insert.value / insert.baseline)
    assert by_name[FTS].ratio == pytest.approx(by_name[FTS].baseline / by_name[FTS].value)
    if not semantic:
        assert math.isnan(by_name[VECTOR].value) and by_name[VECTOR].note and by_name[VECTOR].passed is None


def test_the_batched_database_holds_every_entry_and_its_import_event(bench):
    workdir, _ = bench
    expected = {entry.id for entry in synthetic_entries(N)}
    with MemoryStore(workdir / BATCHED_DB) as store:
        assert store.count() == N
        events = store.events()
        assert len(events) == N
        assert {event.action for event in events} == {"import"}
        assert {event.actor for event in events} == {"bench"}
        assert {event.entry_id for event in events} == expected
        assert store.conn.execute("select count(*) from revisions").fetchone()[0] == N
        assert store.search("checkout", limit=N)  # the full-text index was filled


def test_running_again_in_the_same_folder_starts_from_empty_files(bench):
    workdir, _ = bench
    run_store_bench(50, workdir=workdir, queries=5)
    with MemoryStore(workdir / BATCHED_DB) as store:
        assert store.count() == 50
        assert len(store.events()) == 50


def test_synthetic_entries_are_deterministic_for_a_seed():
    first, again, other = synthetic_entries(200), synthetic_entries(200, seed=7), synthetic_entries(200, seed=8)
    assert first == again
    assert [e.text for e in first] != [e.text for e in other]
    assert synthetic_queries(first, 30) == synthetic_queries(again, 30)


def test_synthetic_entries_are_varied_and_realistic():
    entries = synthetic_entries(500)
    assert len({e.id for e in entries}) == 500
    lengths = [len(e.text) for e in entries]
    assert MIN_TEXT <= min(lengths) and max(lengths) <= MAX_TEXT
    assert max(lengths) - min(lengths) > 200
    assert len({e.text for e in entries}) > 450
    assert len(Counter(e.type for e in entries)) >= 4
    assert len(Counter(e.scope.kind for e in entries)) == 2
    assert len({e.scope.project.key for e in entries if e.scope.project}) >= 3
    assert any(e.scope.project is None for e in entries)
    assert len(Counter(e.status for e in entries)) >= 2
    text = " ".join(e.text for e in entries)
    assert re.search(r"\b\w+\.(py|ts|tsx|toml|yml|json)\b", text)  # files
    assert re.search(r"\w+\(\)", text)  # functions
    assert "`" in text  # commands
    assert re.search(r"\b\d+\.\d+\b", text)  # versions


def test_queries_are_one_to_three_words_that_mostly_match(tmp_path):
    entries = synthetic_entries(200)
    queries = synthetic_queries(entries, 40)
    assert len(queries) == 40
    assert all(1 <= len(q.split()) <= 3 for q in queries)
    with MemoryStore(tmp_path / "q.db") as store:
        store.apply(entries, actor="test")
        assert sum(bool(store.search(q)) for q in queries) >= 30


def test_format_figures_is_a_plain_aligned_table():
    figures = [
        Figure(INSERT, 12_345.6, "entries/s", ">= 5,000 entries/s", 1_000.0, "one per transaction", 12.3456, True),
        Figure(VECTOR, math.nan, "ms", "< 10 ms", None, "python brute force", None, None, note="semantic search is off"),
    ]
    table = format_figures(figures)
    lines = table.splitlines()
    assert "12,346 entries/s" in table and "12.3x" in table and "n/a" in table
    assert "note: vector k=10 p50: semantic search is off" in table
    assert "\x1b" not in table
    header, rule = lines[0], lines[1]
    assert set(rule) <= {"-", " "} and len(rule) >= len(header.rstrip())


def _reference_embedding(text: str, dimension: int = 256) -> list[float]:
    """The embedder written the plain way (one hash added at a time, unnormalised): the cached one must match it exactly."""
    vector = [0.0] * dimension
    for word in re.findall(r"\w+", text.lower()):
        encoded = word.encode("utf-8", "surrogatepass")
        h = zlib.crc32(encoded)
        vector[h & (dimension - 1)] += 1.0 if h & dimension else -1.0
        padded = b"#" + encoded + b"#"
        for i in range(len(padded) - 2):
            h = zlib.crc32(padded[i : i + 3])
            vector[h & (dimension - 1)] += 0.5 if h & dimension else -0.5
    return vector


def test_the_cached_embedder_gives_bit_identical_vectors():
    texts = [e.text for e in synthetic_entries(100)] + ["", "Ünïcödé wörds 中文 🙂", "aa aa aa", "x" * 3000]
    embedder = HashingEmbedder()
    assert embedder.embed(texts) == [_reference_embedding(t) for t in texts]
    assert embedder.embed(texts) == [_reference_embedding(t) for t in texts]  # again, from the cache
