"""The agents' native memory: an adapter per format, discovery, `KIND:PATH` specs, import and write-back."""
