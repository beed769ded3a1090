"""The ranking arithmetic on cases worked out by hand: the blend, the half-life, which notes are evergreen, and
maximal marginal relevance."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memrev.core.recall.ranking import Candidate, age_days, blend, dated_at, decay, jaccard, mmr, tokens


def test_the_blend_is_the_weighted_mean_of_meaning_and_keywords() -> None:
    assert blend(1.0, 0.0) == pytest.approx(0.7)
    assert blend(0.0, 1.0) == pytest.approx(0.3)
    assert blend(0.5, 1.0, vector_weight=1, text_weight=1) == pytest.approx(0.75)
    assert blend(0.9, 0.4, vector_weight=0.0) == pytest.approx(0.4)  # no vectors: keywords alone


def test_a_dated_note_loses_half_its_weight_every_half_life() -> None:
    assert decay(0) == 1.0
    assert decay(30) == pytest.approx(0.5)
    assert decay(60, 30) == pytest.approx(0.25)
    assert decay(-5) == 1.0  # a note from the future is not boosted
    assert decay(1000, 0) == 1.0  # a half-life of 0 turns decay off


def test_daily_logs_are_dated_by_their_name_and_index_files_are_evergreen() -> None:
    written = datetime(2026, 1, 2, tzinfo=timezone.utc)
    assert dated_at("memory/2026-05-01.md", written) == datetime(2026, 5, 1, tzinfo=timezone.utc)
    assert dated_at("ws/memory/team/2026-05-01.md", None) == datetime(2026, 5, 1, tzinfo=timezone.utc)
    assert dated_at("memory/2026-02-31.md", written) is None  # not a date: never decayed
    assert dated_at("MEMORY.md", written) is None
    assert dated_at("repo/CLAUDE.md", written) is None
    assert dated_at("memory/project_python.md", written) is None  # an undated memory note is evergreen
    assert dated_at("sessions/notes.jsonl", written) == written
    assert dated_at(None, None) is None
    assert age_days(datetime(2026, 1, 1, tzinfo=timezone.utc), datetime(2026, 1, 31, tzinfo=timezone.utc)) == 30


def test_likeness_is_the_share_of_words_in_common() -> None:
    assert jaccard(tokens("Run the tests"), tokens("run THE tests now")) == pytest.approx(3 / 4)
    assert jaccard(frozenset(), frozenset()) == 0.0


def test_mmr_keeps_the_best_then_prefers_a_different_result_to_a_near_copy() -> None:
    best = Candidate("a", 1.0, tokens("run the tests with make test"))
    copy = Candidate("b", 0.95, tokens("run the tests with make test please"))
    other = Candidate("c", 0.9, tokens("the database is postgres 16"))
    weak = Candidate("d", 0.1, tokens("lint with ruff"))
    # normalised: a 1, b 0.94, c 0.89, d 0; b is 6/7 like a, c 1/9: 0.7*0.94-0.3*0.86 < 0.7*0.89-0.3*0.11
    assert [c.key for c in mmr([copy, other, best, weak], 2)] == ["a", "c"]
    assert [c.key for c in mmr([copy, other, best, weak], 2, lam=1.0)] == ["a", "b"]  # relevance alone
    assert [c.key for c in mmr([copy, other, best, weak], 10)] == ["a", "c", "b", "d"]
    assert mmr([], 3) == [] and mmr([best], 0) == []


def test_equal_scores_are_ordered_by_text_not_by_id() -> None:
    # ids name the folder a store was built in, so two runs of one experiment give other ids: a tie must not follow them
    texts = {"m-ffff": "Run the alpha tests with make test.", "m-0000": "Run the omega tests with make test.",
             "m-8888": "Run the kappa tests with make test."}
    candidates = [Candidate(key, 0.5, tokens(text), text) for key, text in texts.items()]
    picked = [c.key for c in mmr(candidates, 3, lam=1.0)]
    assert picked == ["m-ffff", "m-8888", "m-0000"]  # alpha, kappa, omega
