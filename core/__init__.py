"""memrev's headless domain, one package per stage: sources, store, check, scan, conflicts (no UI imports)."""
