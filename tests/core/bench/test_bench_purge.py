"""The purge bench at a tiny size: sane times, no residue after a purge, and residue after clearing the rows alone."""

from __future__ import annotations

import math

import pytest

from memrev.core.bench.purge import run_purge_bench


@pytest.fixture(scope="module")
def figures(tmp_path_factory):
    """One tiny run: a 300-entry store, two purges, the page rewrite at 200 entries."""
    return run_purge_bench(tmp_path_factory.mktemp("bench-purge"), entries=300, trials=2, sizes=(200,))


def test_the_purge_is_timed_against_clearing_the_rows_alone(figures):
    purge = figures[0]
    assert purge.name == "purge of one entry, 300-entry store" and purge.unit == "s"
    assert 0 < purge.value < 30 and math.isfinite(purge.value) and 0 < purge.baseline < purge.value
    assert "median of 2" in purge.note


def test_no_byte_survives_the_purge_and_some_survive_clearing_the_rows_alone(figures):
    residue = figures[1]
    assert residue.value == 0 and residue.passed, residue.note
    assert residue.baseline > 0, "the bench's own search does see the text where only the rows were cleared"
    assert "the purge's own check found 0" in residue.note


def test_the_page_rewrite_is_reported_with_the_store_size(figures):
    rewrite = figures[2]
    assert rewrite.name.startswith("page rewrite, 200 entries (") and rewrite.name.endswith(" MB)")
    assert rewrite.value > 0 and rewrite.baseline is not None and rewrite.passed is None
