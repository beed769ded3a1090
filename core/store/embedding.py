"""Text embeddings for search and near-duplicate lookup, with a model-free default that works offline."""

from __future__ import annotations

import math
import operator
import re
import struct
import zlib
from typing import Protocol, Sequence

_WORD = re.compile(r"\w+", re.UNICODE)
_FEATURE_CACHE_WORDS = 100_000
"""How many distinct words a HashingEmbedder remembers the features of before starting afresh."""


class Embedder(Protocol):
    """Anything that turns texts into fixed-size float vectors (a real model can plug in here)."""

    name: str
    dimension: int

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Return one vector per text; only its direction counts, since vectors are compared by cosine."""
        ...


class HashingEmbedder:
    """Deterministic feature hashing of words and character trigrams into a small signed vector."""

    def __init__(self, dimension: int = 256) -> None:
        """Use `dimension` buckets (a power of two keeps the bucket mask cheap)."""
        if dimension <= 0 or dimension & (dimension - 1):
            raise ValueError("dimension must be a power of two")
        self.dimension = dimension
        self.name = f"hashing-v1-{dimension}"
        self._mask = dimension - 1
        self._features: dict[str, tuple[tuple[int, float], ...]] = {}

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Return one vector per text, unnormalised: sqlite-vec's cosine distance ignores length (all zeros for no words)."""
        return [self._embed_one(text) for text in texts]

    def _embed_one(self, text: str) -> list[float]:
        """Sum the cached features of each word (no normalisation: cosine distance ignores length)."""
        vector = [0.0] * self.dimension
        features = self._features
        for word in _WORD.findall(text.lower()):
            found = features.get(word)
            if found is None:
                found = self._word_features(word)
            for bucket, delta in found:
                vector[bucket] += delta
        return vector

    def _word_features(self, word: str) -> tuple[tuple[int, float], ...]:
        """Hash a word (weight 1) and each of its padded trigrams (weight 0.5) with a sign bit, summed per bucket.

        Every weight is a multiple of 0.5, so the sums are exact in floating point and adding a word's
        per-bucket totals gives bit for bit the vector that adding each hash in turn would give.
        """
        totals: dict[int, float] = {}
        mask = self._mask
        sign_bit = self.dimension
        encoded = word.encode("utf-8", "surrogatepass")
        h = zlib.crc32(encoded)
        totals[h & mask] = totals.get(h & mask, 0.0) + (1.0 if h & sign_bit else -1.0)
        padded = b"#" + encoded + b"#"
        for i in range(len(padded) - 2):
            h = zlib.crc32(padded[i : i + 3])
            totals[h & mask] = totals.get(h & mask, 0.0) + (0.5 if h & sign_bit else -0.5)
        found = tuple((bucket, delta) for bucket, delta in totals.items() if delta)
        if len(self._features) >= _FEATURE_CACHE_WORDS:
            self._features.clear()
        self._features[word] = found
        return found


def serialize(vector: Sequence[float]) -> bytes:
    """Pack a vector as little-endian float32, the layout sqlite-vec reads."""
    return struct.pack(f"<{len(vector)}f", *vector)


def cosine_distance(a: Sequence[float], b: Sequence[float]) -> float:
    """Cosine distance of two vectors (1 for a zero vector), as sqlite-vec computes it; used by the baseline and tests."""
    norms = math.sqrt(sum(map(operator.mul, a, a))) * math.sqrt(sum(map(operator.mul, b, b)))
    return 1.0 - sum(map(operator.mul, a, b)) / norms if norms else 1.0
