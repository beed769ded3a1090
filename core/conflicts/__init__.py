"""Conflicts among entries, with the repository and with revoked entries: surfaced, settled by a person."""
