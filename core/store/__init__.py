"""The SQLite home of entries: schema, binding, serialisation, the jsonl format, embeddings and queries."""
