"""Recall: what an agent would be handed for a query, ranked as OpenClaw ranks memory, raw or through memrev's gate."""
