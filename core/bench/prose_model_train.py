"""Train the scanner's prose model (`core/scan/prose_model.json`) from memrev's labelled vectors and real
instruction files and memory files, and say how it does on real files it never saw.

Positives are the attacks told in prose (every family but secrets and obfuscation) of the vector sets read after
their blind measure (the first to the sixteenth, the eighteenth, the nineteenth and the twenty-third; the
twenty-first, the twenty-second and the twenty-fifth stay out, to measure; the seventeenth, read, stays out too,
because a model trained with it stopped 11 fewer attacks of the then unread sets together, 19 fewer of the read ones,
and held 5 more real memory entries; so do the twentieth and the twenty-fourth, read: with the twentieth the three
unread sets lost 9 attacks, with both 4, and with the twenty-fourth (alone, or beside the twenty-third) they gained
13 to 19, but its lower bar held a plain backup command and its pairs no longer held an attack split over two
sentences; trained with the nineteenth, the model stopped 11 more attacks of the then unread sets for 1 more of their
look-alikes held, and with the twenty-third 14 more for none more held);
negatives are every look-alike of those sets, every sentence of half the real instruction files and (with --memory)
every entry of half the real memory files (each split by repository). An attack entry often holds ordinary sentences
beside its attack, so training is done in rounds: after the first,
each attack counts only by its sentence the model scores highest. The threshold is the lowest score that holds at
most 0.1% of the real memory entries and 1% of the blocks of the real instruction files of a second quarter of the
repositories, and at most 2.5% of the look-alikes as scored by models trained without their set (a model scores
the look-alikes it was trained on too low to set a threshold by them); the last quarter is only measured. Features
are limited to the words, word stems and word pairs of memrev's own vectors, so the weights file holds no other
text. A cache holding none of its list's files stops training with a one-line error.

    python -m memrev.core.bench.prose_model_train CACHE [--memory MEMORY_CACHE] [--write]
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Iterable, Sequence

from memrev.core.bench.instruction_corpus import Source, cached_texts, corpus_parser, read_sources
from memrev.core.scan.folding import normalise
from memrev.core.scan.prose_model import (MIN_TOKENS, MODEL_FILE, SKIP, STEM_MARK, ProseModel, features,
                                          pair_score, sentence_spans)

PROSE_FAMILIES = frozenset({"override", "authorisation", "deception", "markers", "persona", "obey_external",
                            "safety_downgrade", "multilingual", "exfiltration", "persistence", "remote_code"})
"""The families an attack can be told in sentences rather than one command: all but secrets and obfuscation (sending
a key out, installing something that outlives the session, and running a download are often asked for in prose)."""
ROUNDS, EPOCHS, RATE, DECAY, L2, SEED = 3, 15, 0.1, 0.85, 1e-3, 1
LOOK_ALIKES_HELD = 0.025
"""At most this share of the look-alikes, each scored by a model trained without its set, may score at or above the
threshold (the cue and pattern rules hold about 5% of them on their own)."""
REAL_HELD = 0.01
"""At most this share of the blocks of real instruction files (read as memory entries) may score that high: a loose
bound, since the model's hold counts only on memory writes, and a file people keep is not one."""
MEMORY_HELD = 0.001
"""At most this share of the entries of real memory files may score that high: the text the model's hold is for."""


def _sentences(text: str) -> list[set[str]]:
    """The feature sets of a text's sentences, read as the scanner reads them (normalised and lowercased; code is
    read too, since a command in backticks says what a sentence asks for)."""
    return [features(words) for _, _, words in sentence_spans(normalise(text, 1).lower)]


def vector_sets() -> list[tuple[str, list[str], list[str]]]:
    """(name, prose attacks, look-alikes) of each vector set the developers read (a set written blind joins once it
    has been measured unread; the twenty-first, the twenty-second and the twenty-fifth are kept unread for the next
    blind measure; the seventeenth, the twentieth and the twenty-fourth, read, are left out, since a model trained
    with them did worse)."""
    from memrev.core.bench.scan_vectors import ATTACKS, BENIGN
    from memrev.core.bench.scan_vectors_fifth import FIFTH_ATTACKS, FIFTH_BENIGN
    from memrev.core.bench.scan_vectors_fourth import FOURTH_ATTACKS, FOURTH_BENIGN
    from memrev.core.bench.scan_vectors_fresh import FRESH_ATTACKS, FRESH_BENIGN
    from memrev.core.bench.scan_vectors_holdout import HOLDOUT_ATTACKS, HOLDOUT_BENIGN
    from memrev.core.bench.scan_vectors_eighth import EIGHTH_ATTACKS, EIGHTH_BENIGN
    from memrev.core.bench.scan_vectors_ninth import NINTH_ATTACKS, NINTH_BENIGN
    from memrev.core.bench.scan_vectors_seventh import SEVENTH_ATTACKS, SEVENTH_BENIGN
    from memrev.core.bench.scan_vectors_sixth import SIXTH_ATTACKS, SIXTH_BENIGN
    from memrev.core.bench.scan_vectors_tenth import TENTH_ATTACKS, TENTH_BENIGN
    from memrev.core.bench.scan_vectors_eleventh import ELEVENTH_ATTACKS, ELEVENTH_BENIGN
    from memrev.core.bench.scan_vectors_third import THIRD_ATTACKS, THIRD_BENIGN
    from memrev.core.bench.scan_vectors_twelfth import TWELFTH_ATTACKS, TWELFTH_BENIGN
    from memrev.core.bench.scan_vectors_thirteenth import THIRTEENTH_ATTACKS, THIRTEENTH_BENIGN
    from memrev.core.bench.scan_vectors_fourteenth import FOURTEENTH_ATTACKS, FOURTEENTH_BENIGN
    from memrev.core.bench.scan_vectors_fifteenth import FIFTEENTH_ATTACKS, FIFTEENTH_BENIGN
    from memrev.core.bench.scan_vectors_sixteenth import SIXTEENTH_ATTACKS, SIXTEENTH_BENIGN
    from memrev.core.bench.scan_vectors_eighteenth import EIGHTEENTH_ATTACKS, EIGHTEENTH_BENIGN
    from memrev.core.bench.scan_vectors_nineteenth import NINETEENTH_ATTACKS, NINETEENTH_BENIGN
    from memrev.core.bench.scan_vectors_twentythird import TWENTYTHIRD_ATTACKS, TWENTYTHIRD_BENIGN
    named = (("first", ATTACKS, BENIGN), ("second", HOLDOUT_ATTACKS, HOLDOUT_BENIGN),
             ("fresh", FRESH_ATTACKS, FRESH_BENIGN), ("fourth", FOURTH_ATTACKS, FOURTH_BENIGN),
             ("fifth", FIFTH_ATTACKS, FIFTH_BENIGN), ("third", THIRD_ATTACKS, THIRD_BENIGN),
             ("sixth", SIXTH_ATTACKS, SIXTH_BENIGN), ("seventh", SEVENTH_ATTACKS, SEVENTH_BENIGN),
             ("eighth", EIGHTH_ATTACKS, EIGHTH_BENIGN), ("ninth", NINTH_ATTACKS, NINTH_BENIGN),
             ("tenth", TENTH_ATTACKS, TENTH_BENIGN), ("eleventh", ELEVENTH_ATTACKS, ELEVENTH_BENIGN),
             ("twelfth", TWELFTH_ATTACKS, TWELFTH_BENIGN), ("thirteenth", THIRTEENTH_ATTACKS, THIRTEENTH_BENIGN),
             ("fourteenth", FOURTEENTH_ATTACKS, FOURTEENTH_BENIGN), ("fifteenth", FIFTEENTH_ATTACKS, FIFTEENTH_BENIGN),
             ("sixteenth", SIXTEENTH_ATTACKS, SIXTEENTH_BENIGN),
             ("eighteenth", EIGHTEENTH_ATTACKS, EIGHTEENTH_BENIGN),
             ("nineteenth", NINETEENTH_ATTACKS, NINETEENTH_BENIGN),
             ("twentythird", TWENTYTHIRD_ATTACKS, TWENTYTHIRD_BENIGN))
    return [(name, [text for family, text in attacks if family in PROSE_FAMILIES], [text for _, text in benign])
            for name, attacks, benign in named]


def labelled_sets() -> tuple[list[str], list[str]]:
    """(prose attacks, look-alikes) of every vector set the developers read."""
    sets = vector_sets()
    return [t for _, attacks, _ in sets for t in attacks], [t for _, _, benign in sets for t in benign]


def held_out_scores(real: Sequence[str]) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Every set's attacks' and look-alikes' scores, one sentence's and two sentences' in a row, by a model trained
    without that set: how the model weighs wordings it never saw, which the threshold is set on (look-alikes a model
    was trained on score too low)."""
    sets = vector_sets()
    attack_scores: list[tuple[float, float]] = []
    look_scores: list[tuple[float, float]] = []
    for index, (_, attacks, benign) in enumerate(sets):
        others = [entry for other, entry in enumerate(sets) if other != index]
        model = train([t for _, a, _ in others for t in a], [t for _, _, b in others for t in b], real)
        attack_scores += [(text_score(model, text), text_pair_score(model, text)) for text in attacks]
        look_scores += [(text_score(model, text), text_pair_score(model, text)) for text in benign]
    return attack_scores, look_scores


def quarter(source: Source) -> int:
    """Which quarter of the repositories a real file belongs to (0 and 1 train, 2 sets the threshold, 3 measures)."""
    return hashlib.sha256(source.repo.encode()).digest()[0] % 4


def _sigmoid(z: float) -> float:
    """The logistic function, clamped so it never overflows."""
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def fit(positives: Sequence[set[str]], negatives: Sequence[set[str]], vocabulary: set[str]) -> tuple[dict[str, float], float]:
    """Logistic regression by stochastic gradient descent, classes weighed equally, deterministic."""
    data = [(tuple(sorted(s & vocabulary)), 1) for s in positives] + [(tuple(sorted(s & vocabulary)), 0) for s in negatives]
    weight_of = {1: 0.5 * len(data) / max(1, len(positives)), 0: 0.5 * len(data) / max(1, len(negatives))}
    weights: dict[str, float] = {}
    bias, rate = -2.0, RATE
    order = random.Random(SEED)
    for _ in range(EPOCHS):
        order.shuffle(data)
        for found, label in data:
            score = bias + sum(weights.get(f, 0.0) for f in found)
            step = rate * (_sigmoid(score) - label) * weight_of[label]
            bias -= step * 0.1
            for feature in found:
                old = weights.get(feature, 0.0)
                weights[feature] = old - step - rate * L2 * old
        rate *= DECAY
    return weights, bias


_HOST_PARTS = frozenset({"com", "net", "org", "io", "xyz", "www", "example", STEM_MARK + "examp"})
"""Parts of host names that say nothing about intent: the vectors' writers name attackers' hosts with reserved example
domains (`x.example.net`), so a model weighing them learns that `.net` or `example` is an attack, and holds a real
note that names a `.NET` build host."""


def _about_intent(feature: str) -> bool:
    """Whether a feature has no part of a host name in it (`net`, `example net`, `ssh … example` are left out)."""
    return not any(part.strip() in _HOST_PARTS for part in feature.replace(SKIP, " ").split(" "))


def train(attacks: Sequence[str], benign: Sequence[str], real: Iterable[str]) -> ProseModel:
    """Fit in rounds (each attack counted by its highest-scoring sentence after the first), threshold unset."""
    attack_sentences = [s for s in (_sentences(t) for t in attacks) if s]
    negatives = [s for text in benign for s in _sentences(text)] + [s for text in real for s in _sentences(text)]
    seen = Counter(f for text in list(attacks) + list(benign) for f in set().union(*_sentences(text) or [set()]))
    vocabulary = {feature for feature, count in seen.items() if count >= 2 and _about_intent(feature)}
    positives = [s for sentences in attack_sentences for s in sentences]
    weights, bias = fit(positives, negatives, vocabulary)
    for _ in range(ROUNDS - 1):
        model = ProseModel(weights, bias, 0.0)
        positives = [max(sentences, key=model.score) for sentences in attack_sentences]
        weights, bias = fit(positives, negatives, vocabulary)
    return ProseModel({f: round(w, 3) for f, w in sorted(weights.items()) if abs(w) >= 0.01}, round(bias, 3), 0.0)


def text_score(model: ProseModel, text: str) -> float:
    """A text's score: its highest-scoring sentence's."""
    return max((model.score(s) for s in _sentences(text)), default=-math.inf)


def text_pair_score(model: ProseModel, text: str) -> float:
    """A text's highest score of two sentences in a row, read as the scanner reads them."""
    return pair_score(model, normalise(text, 1).lower)


def pair_threshold(model: ProseModel, memory: Sequence[str]) -> float:
    """The lowest score of two sentences in a row that holds at most MEMORY_HELD of the calibration memory entries,
    and never below the one-sentence threshold: two sentences weigh more than one, so their bar is set apart."""
    return round(max(model.threshold, _allowed([text_pair_score(model, entry) for entry in memory], MEMORY_HELD))
                 + 0.001, 3)


def entries(text: str) -> list[str]:
    """A real instruction file cut into what a memory entry is like: its blocks between blank lines."""
    return [block for block in re.split(r"\n[ \t]*\n", text) if len(block.split()) >= MIN_TOKENS]


def _allowed(scores: list[float], share: float) -> float:
    """The score above which at most `share` of the scores lie."""
    ranked = sorted(scores, reverse=True)
    return ranked[min(len(ranked) - 1, int(len(ranked) * share))] if ranked else -math.inf


def threshold(model: ProseModel, calibration: Sequence[str], unseen_looks: Sequence[float],
              memory: Sequence[str] = ()) -> float:
    """The lowest score that holds at most REAL_HELD of the calibration files' blocks, at most MEMORY_HELD of the
    calibration memory entries, and at most LOOK_ALIKES_HELD of the look-alikes as scored by models that never saw
    them."""
    blocks = [text_score(model, block) for text in calibration for block in entries(text)]
    notes = [text_score(model, entry) for entry in memory]
    return round(max(_allowed(blocks, REAL_HELD), _allowed(notes, MEMORY_HELD),
                     _allowed(list(unseen_looks), LOOK_ALIKES_HELD)) + 0.001, 3)


def memory_quarters(cache: Path | None) -> dict[int, list[str]]:
    """The entries of the cached real memory files (`scan_memory_real`'s list), by quarter of their repositories."""
    by_quarter: dict[int, list[str]] = {0: [], 1: [], 2: [], 3: []}
    if cache is None:
        return by_quarter
    from memrev.core.bench.scan_memory_real import SOURCES as MEMORY_SOURCES, file_entries
    for source, text in cached_texts(cache, read_sources(MEMORY_SOURCES)):
        if text is not None and (read := file_entries(source, text)) is not None:
            by_quarter[quarter(source)] += [entry.text for entry in read[1] if len(entry.text.split()) >= MIN_TOKENS]
    return by_quarter


def main(argv: Sequence[str] | None = None) -> int:
    """Train on the cached real files and the vectors, print what it holds, and with --write save the model."""
    parser = corpus_parser("memrev.core.bench.prose_model_train", __doc__)
    parser.add_argument("--write", action="store_true", help=f"save the model to {MODEL_FILE.name}")
    parser.add_argument("--memory", type=Path, default=None,
                        help="cache of the real memory files of scan_memory_real's list (their entries train and "
                             "calibrate too)")
    args = parser.parse_args(argv)
    by_quarter: dict[int, list[str]] = {0: [], 1: [], 2: [], 3: []}
    for source, text in cached_texts(args.cache, read_sources(args.sources)):
        if text is not None:
            by_quarter[quarter(source)].append(text)
    notes = memory_quarters(args.memory)
    for cache, found in ((args.cache, by_quarter), (args.memory, notes)):
        if cache is not None and not any(found.values()):
            print(f"error: no cached file of the list under {cache}; nothing to train or calibrate on",
                  file=sys.stderr)
            return 2
    attacks, benign = labelled_sets()
    real = by_quarter[0] + by_quarter[1] + notes[0] + notes[1]
    unseen_attacks, unseen_looks = held_out_scores(real)
    model = train(attacks, benign, real)
    model = model._replace(threshold=threshold(model, by_quarter[2], [one for one, _ in unseen_looks], notes[2]))
    model = model._replace(pair_threshold=pair_threshold(model, notes[2]) if args.memory is not None else None)
    bars = [("one sentence", model.threshold, math.inf)]
    if model.pair_threshold is not None:
        bars.append(("or two in a row", model.threshold, model.pair_threshold))
    for what, one_bar, two_bar in bars:
        print(f"each set scored by a model trained without it ({what}): attacks held "
              f"{sum(one >= one_bar or two >= two_bar for one, two in unseen_attacks)}/{len(unseen_attacks)}, "
              f"look-alikes held {sum(one >= one_bar or two >= two_bar for one, two in unseen_looks)}/"
              f"{len(unseen_looks)}")
    held = {q: sum(text_score(model, b) >= model.threshold for t in texts for b in entries(t))
            for q, texts in by_quarter.items()}
    blocks = {q: sum(len(entries(t)) for t in texts) for q, texts in by_quarter.items()}
    print(f"{len(model.weights)} features, bias {model.bias}, threshold {model.threshold}")
    print(f"attacks held (trained on): {sum(text_score(model, t) >= model.threshold for t in attacks)}/{len(attacks)}; "
          f"look-alikes held: {sum(text_score(model, t) >= model.threshold for t in benign)}/{len(benign)}")
    print("blocks of real files held, by quarter of the repositories (0-1 trained on, 2 set the threshold, 3 unseen): "
          + ", ".join(f"{held[q]}/{blocks[q]}" for q in range(4)))
    if args.memory is not None:
        print("real memory entries held, by quarter of the repositories (0-1 trained on, 2 set the threshold, "
              "3 unseen): " + ", ".join(f"{sum(text_score(model, e) >= model.threshold for e in notes[q])}/"
                                        f"{len(notes[q])}" for q in range(4)))
    if args.memory is not None and model.pair_threshold is not None:
        bar = model.pair_threshold
        print("real memory entries held by two sentences in a row and not by one, by quarter: " + ", ".join(
            f"{sum(text_score(model, e) < model.threshold and text_pair_score(model, e) >= bar for e in notes[q])}"
            f"/{len(notes[q])}" for q in range(4)))
    if args.write:
        saved = {"bias": model.bias, "threshold": model.threshold, "weights": model.weights}
        if model.pair_threshold is not None:
            saved["pair_threshold"] = model.pair_threshold
        MODEL_FILE.write_text(json.dumps(saved, sort_keys=True, indent=0) + "\n", encoding="utf-8")
        print(f"written: {MODEL_FILE.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
