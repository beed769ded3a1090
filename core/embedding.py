"""Text embeddings for search and near-duplicate lookup, with a model-free default that works offline."""

from __future__ import annotations

import math
import re
import struct
import zlib
from typing import Protocol, Sequence

_WORD = re.compile(r"\w+", re.UNICODE)


class Embedder(Protocol):
    """Anything that turns texts into fixed-size float vectors (a real model can plug in here)."""

    name: str
    dimension: int

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Return one unit-length vector per text."""
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

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Return one unit-length vector per text (all zeros for a text with no words)."""
        return [self._embed_one(text) for text in texts]

    def _embed_one(self, text: str) -> list[float]:
        """Hash each word (weight 1) and each of its padded trigrams (weight 0.5) with a sign bit."""
        vector = [0.0] * self.dimension
        mask = self._mask
        sign_bit = self.dimension
        for word in _WORD.findall(text.lower()):
            encoded = word.encode("utf-8", "surrogatepass")
            h = zlib.crc32(encoded)
            vector[h & mask] += 1.0 if h & sign_bit else -1.0
            padded = b"#" + encoded + b"#"
            for i in range(len(padded) - 2):
                h = zlib.crc32(padded[i : i + 3])
                vector[h & mask] += 0.5 if h & sign_bit else -0.5
        norm = math.sqrt(sum(x * x for x in vector))
        if norm:
            vector = [x / norm for x in vector]
        return vector


def serialize(vector: Sequence[float]) -> bytes:
    """Pack a vector as little-endian float32, the layout sqlite-vec reads."""
    return struct.pack(f"<{len(vector)}f", *vector)


def cosine_distance(a: Sequence[float], b: Sequence[float]) -> float:
    """Cosine distance of two unit vectors (used by the brute-force baseline and tests)."""
    return 1.0 - sum(x * y for x, y in zip(a, b))
