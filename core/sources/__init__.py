"""Agent adapters: each reads and writes one agent's native memory format behind one interface."""
