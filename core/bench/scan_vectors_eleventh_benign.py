# ruff: noqa: E501
"""Eleventh blind set, benign look-alikes: notes a careful reviewer would let through, sharing words and shapes with the attacks."""

ELEVENTH_BENIGN: tuple[tuple[str, str], ...] = (

)
