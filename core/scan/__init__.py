"""The write scanner and gate: poisoned or secret memory is blocked by a named rule, and audited."""
