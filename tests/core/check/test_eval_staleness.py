"""The staleness scorer on the synthetic labelled set: every figure, every miss with its evidence, and bad labels."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from staleness_set import StalenessSet, build_staleness_set

from memrev.core.check.eval_labels import Label, LabelError, load_labels, write_labels
from memrev.core.check.eval_score import report_text, score, sections
from memrev.core.check.eval_staleness import EvalError, Outcome, run_labels
from memrev.core.check.model import Verdict


@pytest.fixture(scope="module")
def labelled(tmp_path_factory: pytest.TempPathFactory) -> StalenessSet:
    """The synthetic repository and its labels, built once."""
    return build_staleness_set(tmp_path_factory.mktemp("eval"))


@pytest.fixture(scope="module")
def outcomes(labelled: StalenessSet) -> list[Outcome]:
    """Every label checked at its commit."""
    return run_labels(load_labels(labelled.labels_file), labelled.repo)


def figure(outcomes: list[Outcome], key: str) -> tuple[int, int]:
    ratio = score(outcomes)[key]
    return ratio.hits, ratio.total


def ids(outcomes: list[Outcome], title: str) -> set[str]:
    return {o.label.id for o in sections(outcomes)[title]}


def test_the_labels_round_trip_through_jsonl(labelled: StalenessSet) -> None:
    assert load_labels(labelled.labels_file) == labelled.labels


def test_every_label_is_checked_at_its_own_commit(labelled: StalenessSet, outcomes: list[Outcome]) -> None:
    assert [o.label.id for o in outcomes] == [label.id for label in labelled.labels]
    heads = {o.label.id: o.check.head for o in outcomes if o.check}
    assert heads["s-renamed-at-its-commit"] == labelled.commits["rename-utils"]
    assert heads["s-renamed-file"] == labelled.commits["tidy-cart"]
    early = next(o for o in outcomes if o.label.id == "s-renamed-at-its-commit").check
    assert early is not None and early.references[-1].suggestion == "src/shop/helpers.py"


def test_the_figures_on_the_synthetic_set(outcomes: list[Outcome]) -> None:
    stale = sum(o.label.stale for o in outcomes)
    true = len(outcomes) - stale
    assert (stale, true) == (11, 14)
    assert figure(outcomes, "recall") == (stale - 1, stale)  # the rewritten release doc is `changed`, not stale
    assert figure(outcomes, "recall_on_reference") == (stale - 1, stale)
    assert figure(outcomes, "false_stale") == (0, true)
    assert figure(outcomes, "changed_on_true") == (0, true)
    assert figure(outcomes, "unverifiable") == (3, len(outcomes))
    assert figure(outcomes, "unverifiable_true") == (3, true)  # a preference, a skill, a package: nothing to check
    assert figure(outcomes, "renames_right") == (3, 3)
    assert figure(outcomes, "renames_offered") == (3, 3)
    assert ids(outcomes, "misses (stale lines not called stale)") == {"s-release-doc"}


def forced(outcomes: list[Outcome], label_id: str, verdict: str) -> list[Outcome]:
    """The outcomes with one label's verdict replaced, to see the scorer count it."""
    return [replace(o, check=replace(o.check, verdict=Verdict(verdict))) if o.label.id == label_id and o.check
            else o for o in outcomes]


def test_a_stale_line_called_fresh_is_a_miss_shown_with_its_evidence(outcomes: list[Outcome]) -> None:
    caught = forced(outcomes, "s-deleted-doc", "stale")
    missed = forced(outcomes, "s-deleted-doc", "fresh")
    assert figure(missed, "recall")[0] == figure(caught, "recall")[0] - 1
    assert "s-deleted-doc" in ids(missed, "misses (stale lines not called stale)")
    assert "s-deleted-doc" not in ids(caught, "misses (stale lines not called stale)")
    text = "\n".join(report_text(missed, score(missed)))
    assert "s-deleted-doc  expected stale, got fresh" in text
    assert "docs/old.md [path] missing: deleted in" in text


def test_true_lines_called_stale_or_changed_are_counted_apart(outcomes: list[Outcome]) -> None:
    held = forced(outcomes, "t-unchanged-file", "fresh")
    alarmed = forced(outcomes, "t-unchanged-file", "stale")
    changed = forced(outcomes, "t-unchanged-file", "changed")
    assert figure(alarmed, "false_stale")[0] == figure(held, "false_stale")[0] + 1
    assert figure(changed, "changed_on_true")[0] == figure(held, "changed_on_true")[0] + 1
    assert figure(changed, "false_stale") == figure(held, "false_stale")
    assert "t-unchanged-file" in ids(alarmed, "false alarms (true lines called stale)")
    assert "t-unchanged-file" in ids(changed, "changed on true lines")


def test_a_rename_to_the_wrong_place_counts_against_accuracy(labelled: StalenessSet, tmp_path: Path) -> None:
    wrong = [replace(label, new_path="src/shop/elsewhere.py") if label.id == "s-renamed-file" else label
             for label in labelled.labels]
    path = tmp_path / "wrong.jsonl"
    write_labels(path, wrong)
    checked = run_labels(load_labels(path), labelled.repo)
    right, offered = figure(checked, "renames_right")
    assert offered >= 1 and right == offered - 1
    assert "s-renamed-file" in ids(checked, "wrong rename suggestions")


def test_unknown_commits_and_missing_repositories_are_reported_not_scored(labelled: StalenessSet) -> None:
    labels = [Label("ghost", "See src/shop/cart.py.", "0" * 40, "HEAD", "fresh"),
              Label("elsewhere", "See src/shop/cart.py.", "HEAD", "HEAD", "fresh", repo="no-such-repo")]
    checked = run_labels(labels, labelled.repo)
    assert [o.error for o in checked] == [f"unknown commit {'0' * 40}", "no repository at no-such-repo"]
    assert figure(checked, "false_stale") == (0, 0)
    assert ids(checked, "not checked") == {"ghost", "elsewhere"}


def test_not_a_repository_is_an_eval_error(tmp_path: Path) -> None:
    with pytest.raises(EvalError, match="not a git repository"):
        run_labels([Label("x", "See a.py.", "HEAD", "HEAD", "fresh")], tmp_path)


@pytest.mark.parametrize("line, message", [
    ("not json", "not JSON"),
    ('{"text": "x", "verified": "a", "check": "b"}', "field 'expected' must be a non-empty string"),
    ('{"text": "x", "verified": "a", "check": "b", "expected": "maybe"}', "expected must be one of stale, fresh"),
    ('{"text": "x", "verified": "a", "check": "b", "expected": "stale", "colour": "red"}', "unknown field(s) colour"),
    ('["a"]', "a label is a JSON object"),
])
def test_bad_labels_name_their_line(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "labels.jsonl"
    good = json.dumps({"text": "x", "verified": "a", "check": "b", "expected": "fresh"})
    path.write_text(f"{good}\n\n{line}\n", encoding="utf-8")
    with pytest.raises(LabelError) as error:
        load_labels(path)
    assert str(error.value).startswith("labels.jsonl:3: ") and message in str(error.value)


def test_duplicate_ids_and_an_empty_file_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "labels.jsonl"
    row = json.dumps({"id": "a", "text": "x", "verified": "a", "check": "b", "expected": "fresh"})
    path.write_text(f"{row}\n{row}\n", encoding="utf-8")
    with pytest.raises(LabelError, match="used twice"):
        load_labels(path)
    path.write_text("\n", encoding="utf-8")
    with pytest.raises(LabelError, match="no labels"):
        load_labels(path)
