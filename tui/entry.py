"""The `memrev` console script: the PreToolUse hook's fast path first, then the full command line."""

from __future__ import annotations

import sys


def main() -> None:
    """Answer a hook call without loading the CLI (it runs on every tool call); otherwise run the CLI."""
    from memrev.tui.hook_runner import fast_path

    code = fast_path(sys.argv[1:])
    if code is not None:
        sys.exit(code)
    from memrev.tui.cli.main import main as cli_main

    cli_main()


if __name__ == "__main__":
    main()
