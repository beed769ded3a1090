"""Staleness checks: what an entry names, checked against a git repository, with evidence and a verdict."""
