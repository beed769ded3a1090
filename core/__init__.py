"""memrev's headless domain: the memory model, the store, exchange formats and the demo (no UI imports)."""
