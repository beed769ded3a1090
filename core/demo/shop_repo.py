"""Create the demo's `shop` git repository commit by commit, so staleness checks have a real history to read.

Every byte is fixed (file contents, author, dates, branch, remote), so the commit SHAs are the same on every
run and machine, and the demo entries can name those SHAs.
"""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from git import Repo

AUTHOR_NAME = "Demo Dev"
AUTHOR_EMAIL = "dev@example.com"
REMOTE_URL = "https://github.com/acme/shop.git"


def at(month: int, day: int, hour: int = 10, minute: int = 0) -> datetime:
    """A fixed moment in 2026, in UTC."""
    return datetime(2026, month, day, hour, minute, tzinfo=timezone.utc)


def _git_env(when: datetime) -> dict[str, str]:
    """Environment that fixes author, committer and dates and keeps user and system config out."""
    stamp = f"{int(when.timestamp())} +0000"
    return {
        "GIT_AUTHOR_NAME": AUTHOR_NAME, "GIT_AUTHOR_EMAIL": AUTHOR_EMAIL, "GIT_AUTHOR_DATE": stamp,
        "GIT_COMMITTER_NAME": AUTHOR_NAME, "GIT_COMMITTER_EMAIL": AUTHOR_EMAIL, "GIT_COMMITTER_DATE": stamp,
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull,
    }


def _write(repo_path: Path, relative: str, text: str) -> None:
    """Write one file with LF line endings, creating its folders."""
    path = repo_path / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")


def _edit(repo_path: Path, relative: str, old: str, new: str) -> None:
    """Replace one exact passage of a file, failing loudly when it is missing."""
    path = repo_path / relative
    text = path.read_text(encoding="utf-8")
    if old not in text:
        raise AssertionError(f"demo build: {relative} does not contain {old!r}")
    _write(repo_path, relative, text.replace(old, new, 1))


def build_repository(repo_path: Path) -> dict[str, str]:
    """Create the shop repository commit by commit and return the SHAs by label."""
    from git import Repo

    repo_path.mkdir(parents=True)
    start = _git_env(at(1, 12, 9))
    repo = Repo.init(repo_path, env=start)
    try:
        repo.git.symbolic_ref("HEAD", "refs/heads/main", env=start)
        for key, value in (("user.name", AUTHOR_NAME), ("user.email", AUTHOR_EMAIL), ("commit.gpgsign", "false"),
                           ("tag.gpgsign", "false"), ("core.autocrlf", "false")):
            repo.git.config(key, value, env=start)
        repo.create_remote("origin", REMOTE_URL)
        commits: dict[str, str] = {}
        for label, when, message, change in _HISTORY:
            env = _git_env(when)
            change(repo, repo_path, env)
            repo.git.add("--all", env=env)
            repo.git.commit("--no-verify", "-m", message, env=env)
            commits[label] = repo.head.commit.hexsha
            if label == "initial":
                tag_env = _git_env(at(1, 12, 9, 30))
                repo.git.tag("-a", "v1.0", "-m", "Release 1.0", commits[label], env=tag_env)
        return commits
    finally:
        repo.close()


def _agent_instructions(repo: Repo, repo_path: Path, env: dict[str, str]) -> None:
    """Write the instruction files Claude Code and Codex load in this repository."""
    _write(repo_path, "CLAUDE.md", _CLAUDE_MD)
    _write(repo_path, "AGENTS.md", _AGENTS_MD)


_CLAUDE_MD = """# Shop

## Testing
Run the suite with `make test`; keep tests next to the code they cover in tests/.

## Prices
Prices are parsed by `parse_price` in src/shop/helpers.py; never use float() on user input.
"""

_AGENTS_MD = """# Agent notes

## Setup
Install with `uv sync`; the project requires Python 3.12.

## Releases
Tag releases as vX.Y on main, then follow docs/deploy.md.
"""


def _initial_files(repo: Repo, repo_path: Path, env: dict[str, str]) -> None:
    """Write every file of the first commit."""
    for relative, text in _INITIAL_FILES.items():
        _write(repo_path, relative, text)


def _rename_utils(repo: Repo, repo_path: Path, env: dict[str, str]) -> None:
    """Move utils.py to helpers.py unchanged and point the CLI import at it."""
    repo.git.mv("src/shop/utils.py", "src/shop/helpers.py", env=env)
    _edit(repo_path, "src/shop/cli.py", "from shop.utils import parse_price", "from shop.helpers import parse_price")


def _remove_legacy_discount(repo: Repo, repo_path: Path, env: dict[str, str]) -> None:
    """Delete `legacy_discount` from pricing.py."""
    _edit(repo_path, "src/shop/pricing.py", _LEGACY_DISCOUNT, "")


def _remove_legacy_format(repo: Repo, repo_path: Path, env: dict[str, str]) -> None:
    """Delete the `--legacy-format` flag of `shop export`."""
    _edit(repo_path, "src/shop/cli.py", _LEGACY_FLAG, "")
    _edit(repo_path, "src/shop/cli.py", _LEGACY_BRANCH, "")
    _edit(repo_path, "README.md", " (add `--legacy-format` for the old semicolon layout)", "")


def _require_python_312(repo: Repo, repo_path: Path, env: dict[str, str]) -> None:
    """Raise the minimum Python to 3.12 and pin it for uv."""
    _edit(repo_path, "pyproject.toml", 'requires-python = ">=3.10"', 'requires-python = ">=3.12"')
    _edit(repo_path, "uv.lock", 'requires-python = ">=3.10"', 'requires-python = ">=3.12"')
    _edit(repo_path, "README.md", "Python 3.10 or newer", "Python 3.12 or newer")
    _write(repo_path, ".python-version", "3.12\n")


def _update_deploy_docs(repo: Repo, repo_path: Path, env: dict[str, str]) -> None:
    """Replace the manual deploy steps with the CI pipeline."""
    _write(repo_path, "docs/deploy.md", _DEPLOY_NEW)


def _readme_tweak(repo: Repo, repo_path: Path, env: dict[str, str]) -> None:
    """A small wording fix in the README."""
    _edit(repo_path, "README.md", "A tiny shop.", "A tiny shop: prices, discounts and exports.")


_PYPROJECT = """\
[project]
name = "shop"
version = "1.0.0"
description = "A tiny shop used by the memrev demo."
requires-python = ">=3.10"
dependencies = []

[project.scripts]
shop = "shop.cli:main"

[dependency-groups]
dev = ["pytest>=8"]

[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"
"""

_UV_LOCK = """\
version = 1
revision = 2
requires-python = ">=3.10"

[[package]]
name = "shop"
version = "1.0.0"
source = { editable = "." }

[package.dev-dependencies]
dev = [
    { name = "pytest" },
]

[[package]]
name = "pytest"
version = "8.4.1"
source = { registry = "https://pypi.org/simple" }
"""

_MAKEFILE = """\
.PHONY: test lint

test:
\tuv run pytest -q

lint:
\tuv run ruff check src tests
"""

_README = """\
# shop

A tiny shop.

Needs Python 3.10 or newer and [uv](https://docs.astral.sh/uv/).

    uv sync
    make test
    uv run shop quote 19.99 --percent 10
    uv run shop export --output orders.csv

`shop export` writes orders for accounting (add `--legacy-format` for the old semicolon layout).
Deploying is described in docs/deploy.md.
"""

_UTILS = '''\
"""Small helpers shared by the CLI."""

from __future__ import annotations

from decimal import Decimal


def parse_price(text):
    """Read a price such as "19.99" or "$19.99" as a Decimal."""
    return Decimal(text.strip().lstrip("$").replace(",", ""))
'''

_LEGACY_DISCOUNT = '''

def legacy_discount(price, coupon):
    """The pre-2026 coupon rule: a flat 5 off anything over 50."""
    if coupon and price > 50:
        return price - 5
    return price
'''

_PRICING = f'''\
"""Prices and discounts."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal


def apply_discount(price, percent):
    """The price after a percentage discount, rounded to cents."""
    factor = Decimal(1) - Decimal(str(percent)) / 100
    return (price * factor).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
{_LEGACY_DISCOUNT}'''

_LEGACY_FLAG = """\
    export.add_argument("--legacy-format", action="store_true", help="write the old semicolon layout")
"""

_LEGACY_BRANCH = """\
    if args.legacy_format:
        separator = ";"
"""

_CLI = f'''\
"""The `shop` command line."""

from __future__ import annotations

import argparse

from shop.pricing import apply_discount
from shop.utils import parse_price


def build_parser():
    """The argument parser with its subcommands."""
    parser = argparse.ArgumentParser(prog="shop")
    commands = parser.add_subparsers(dest="command", required=True)
    quote = commands.add_parser("quote", help="price an item after a discount")
    quote.add_argument("price")
    quote.add_argument("--percent", type=float, default=0.0)
    export = commands.add_parser("export", help="export orders for accounting")
    export.add_argument("--output", default="-")
{_LEGACY_FLAG}    return parser


def main(argv=None):
    """Run one subcommand."""
    args = build_parser().parse_args(argv)
    if args.command == "quote":
        print(apply_discount(parse_price(args.price), args.percent))
        return 0
    separator = ","
{_LEGACY_BRANCH}    print(separator.join(["order", "total"]))
    return 0
'''

_DEPLOY_OLD = """\
# Deploying shop

1. Build the wheel: `uv build`.
2. Copy `dist/shop-*.whl` to the server with `scp`.
3. On the server: `pip install --force-reinstall shop-*.whl`, then `systemctl restart shop`.
"""

_DEPLOY_NEW = """\
# Deploying shop

Deploys go through CI now; nobody copies wheels by hand any more.

1. Tag the release: `git tag vX.Y && git push origin vX.Y`.
2. CI builds and pushes the `ghcr.io/acme/shop` image for the tag.
3. Approve the `deploy-production` job in CI. Never deploy on a Friday.
4. Check the dashboard for ten minutes; roll back by re-running the previous tag's job.
"""

_TEST_PRICING = '''\
from decimal import Decimal

from shop.pricing import apply_discount


def test_ten_percent_off():
    assert apply_discount(Decimal("20.00"), 10) == Decimal("18.00")


def test_no_discount():
    assert apply_discount(Decimal("19.99"), 0) == Decimal("19.99")
'''

_INITIAL_FILES = {
    "pyproject.toml": _PYPROJECT,
    "uv.lock": _UV_LOCK,
    "Makefile": _MAKEFILE,
    "README.md": _README,
    "src/shop/__init__.py": '"""A tiny shop."""\n\n__version__ = "1.0.0"\n',
    "src/shop/cli.py": _CLI,
    "src/shop/utils.py": _UTILS,
    "src/shop/pricing.py": _PRICING,
    "docs/deploy.md": _DEPLOY_OLD,
    "tests/test_pricing.py": _TEST_PRICING,
}

_HISTORY = (
    ("initial", at(1, 12, 9), "Initial shop: pricing, CLI, docs and tests", _initial_files),
    ("rename-utils", at(2, 3, 14), "Rename shop.utils to shop.helpers", _rename_utils),
    ("remove-legacy-discount", at(2, 24, 11), "Remove legacy_discount, old coupons are gone", _remove_legacy_discount),
    ("remove-legacy-format", at(3, 17, 16), "Drop the --legacy-format export flag", _remove_legacy_format),
    ("require-python-3.12", at(4, 8, 10), "Require Python 3.12", _require_python_312),
    ("update-deploy-docs", at(5, 6, 15), "Describe the CI deploy pipeline", _update_deploy_docs),
    ("readme-tweak", at(6, 2, 9), "Say what the shop does in the README", _readme_tweak),
    ("agent-instructions", at(6, 10, 9), "Add CLAUDE.md and AGENTS.md for coding agents", _agent_instructions),
)
"""The history in order: label, date, message and the change it makes."""
