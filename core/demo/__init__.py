"""The demo: a small git repository with history, entries written against it, and every agent's memory."""
