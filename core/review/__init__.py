"""The human gate: a person confirms, revokes, edits, verifies, fixes or undoes, one API for the CLI and the app."""
