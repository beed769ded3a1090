"""The `memrev` command line: one module per command group, sharing store access and errors in `support`."""
