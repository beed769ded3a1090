"""A small synthetic labelled set for `memrev eval staleness`: a real git repository with renames, removals, a
version bump and edits, its CLAUDE.md growing along the way, and labels a person would write from its history."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

from memrev.core.check.eval_labels import Label, write_labels

START = datetime(2026, 2, 1, 9, 0, tzinfo=timezone.utc)

CART = '''"""The shopping cart."""

from shop.{helpers} import parse_price


class Cart:
    def __init__(self):
        self.items = []

    def total(self):
        return sum(parse_price(item) for item in self.items)


def {discount}(cart, percent):
    return cart.total() * (100 - percent) / 100
'''

CLI = '''import argparse


def build_parser():
    parser = argparse.ArgumentParser(prog="shop")
    parser.add_argument("--verbose", action="store_true"){legacy}
    return parser
'''

SETTINGS = '''import os

API_KEY = os.environ["SHOP_API_KEY"]{debug}
'''

MAKEFILE = "test:\n\tpytest -q\n\n{lint}:\n\truff check src\n\ndocs:\n\tmkdocs build\n"


@dataclass
class StalenessSet:
    """The repository, the labels file, the commits by name and the labels themselves."""

    repo: Path
    labels_file: Path
    commits: dict[str, str]
    labels: list[Label]


class _Repo:
    """A repository written and committed in, with fixed authors and dates."""

    def __init__(self, path: Path) -> None:
        """Create it empty on branch main."""
        self.path, self.when = path, START
        path.mkdir(parents=True)
        self.git("init", "-q", "-b", "main")

    def git(self, *args: str) -> str:
        """One git command with fixed identity and dates and no user configuration."""
        stamp = f"{int(self.when.timestamp())} +0000"
        env = {**os.environ, "GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp, "GIT_CONFIG_NOSYSTEM": "1",
               "GIT_CONFIG_GLOBAL": os.devnull, "GIT_AUTHOR_NAME": "Dev", "GIT_AUTHOR_EMAIL": "dev@example.com",
               "GIT_COMMITTER_NAME": "Dev", "GIT_COMMITTER_EMAIL": "dev@example.com"}
        done = subprocess.run(["git", *args], cwd=self.path, env=env, capture_output=True, text=True, check=True)
        return done.stdout.strip()

    def write(self, relative: str, text: str) -> None:
        """Write one file, creating its folders."""
        target = self.path / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")

    def commit(self, message: str) -> str:
        """Commit everything a day after the previous commit; the new SHA."""
        self.when += timedelta(days=1)
        self.git("add", "--all")
        self.git("commit", "-q", "--no-verify", "-m", message)
        return self.git("rev-parse", "HEAD")


STALE_AT_START = [  # (id, line, reference, new path); verified at the first commit, checked at HEAD
    ("s-renamed-file", "Price parsing lives in src/shop/utils.py.", "src/shop/utils.py", "src/shop/helpers.py"),
    ("s-removed-flag", "Pass `--legacy` to the CLI for the old output format.", "--legacy", None),
    ("s-deleted-doc", "Old deployment notes are in docs/old.md.", "docs/old.md", None),
    ("s-python", "The project supports Python 3.10.", "Python 3.10", None),
    ("s-make-target", "Run `make lint` before pushing.", "make lint", None),
    ("s-env", "Set `SHOP_DEBUG=1` for verbose logs.", "SHOP_DEBUG", None),
    ("s-renamed-function", "Discounts go through `apply_discount()`.", "apply_discount()", None),
    ("s-renamed-folder", "API handlers live in src/shop/api/.", "src/shop/api/", "src/shop/web"),
    ("s-release-doc", "Release with `twine upload` from a laptop (docs/release.md).", "docs/release.md", None),
    ("s-renamed-but-mocked", "VAT comes from `vat_rate()`.", "vat_rate()", None),
]
TRUE_AT_START = [  # (id, line, reference); verified at the first commit, checked at HEAD
    ("t-symbol-in-edited-file", "Cart totals come from `Cart.total()` in src/shop/cart.py.", "src/shop/cart.py"),
    ("t-edited-doc", "Deployment steps are in docs/deploy.md.", "docs/deploy.md"),
    ("t-flag-in-edited-file", "Run src/shop/cli.py with `--verbose` for debug output.", "src/shop/cli.py"),
    ("t-make-test", "Run `make test` before pushing.", "make test"),
    ("t-env", "The payment key comes from `SHOP_API_KEY`.", "SHOP_API_KEY"),
    ("t-unchanged-file", "Settings live in config/settings.toml.", "config/settings.toml"),
    ("t-folder", "The package lives under src/shop/.", "src/shop/"),
    ("t-preference", "Keep commit messages short and in the imperative.", None),
    ("t-tree", "Packages:\n```\npackages/\n├── api/\n│   └── src/\n└── admin/\n```", "admin/"),
    ("t-monorepo", "In packages/api/, the entry point is src/server.ts.", "src/server.ts"),
    ("t-skill", "Draft the changelog with `$draft-changelog`.", "$draft-changelog"),
    ("t-scoped-package", "Admin screens use `@shop/ui-kit` components.", "@shop/ui-kit"),
    ("t-library-symbol", "Models subclass `BaseModel`.", "BaseModel"),
]


def build_staleness_set(folder: Path) -> StalenessSet:
    """Build the repository and write its labels (JSONL) in `folder`."""
    repo = _Repo(folder / "shop")
    start_lines = [line for _, line, *_ in STALE_AT_START + TRUE_AT_START]
    repo.write("CLAUDE.md", "# Shop\n\n" + "".join(f"- {line}\n" for line in start_lines))  # the agent's memory
    repo.write("README.md", "# Shop\n\nCarts total their items; `apply_discount` takes a percentage.\n")
    repo.write("pyproject.toml", '[project]\nname = "shop"\nrequires-python = ">=3.10"\n')
    repo.write("Makefile", MAKEFILE.format(lint="lint"))
    repo.write("src/shop/__init__.py", "")
    repo.write("src/shop/utils.py", "def parse_price(text):\n    return float(text)\n\n\n"
                                    "def format_price(value):\n    return f'{value:.2f}'\n")
    repo.write("src/shop/cart.py", CART.format(helpers="utils", discount="apply_discount"))
    repo.write("src/shop/cli.py", CLI.format(legacy='\n    parser.add_argument("--legacy", action="store_true")'))
    repo.write("src/shop/settings.py", SETTINGS.format(debug='\nDEBUG = os.environ.get("SHOP_DEBUG")'))
    repo.write("src/shop/api/__init__.py", "")
    repo.write("src/shop/api/routes.py", "def list_products():\n    return []\n")
    repo.write("tests/test_cart.py", "from shop.cart import Cart, apply_discount\n\n\n"
                                     "def test_discount():\n    assert apply_discount(Cart(), 10) == 0\n")
    repo.write("docs/deploy.md", "# Deploy\n\nPush to main.\n")
    repo.write("docs/old.md", "# Old notes\n")
    repo.write("config/settings.toml", "currency = 'EUR'\n")
    repo.write("docs/release.md", "# Release\n\nRun `twine upload dist/*` from your laptop.\n")
    repo.write("src/shop/models.py", "from pydantic import BaseModel\n\n\nclass Item(BaseModel):\n    name: str\n")
    repo.write("packages/api/src/server.ts", "export function serve(): void {}\n")
    repo.write("packages/admin/src/app.ts", "import { Button } from '@shop/ui-kit';\n")
    repo.write("src/shop/tax.py", "def vat_rate(country):\n    return 20\n")
    repo.write("tests/test_tax.py", "from unittest.mock import patch\n\n\n@patch('shop.tax.vat_rate')\n"
                                    "def test_vat(rate):\n    pass\n")
    commits = {"start": repo.commit("Initial shop")}
    repo.git("mv", "src/shop/utils.py", "src/shop/helpers.py")
    repo.write("src/shop/cart.py", CART.format(helpers="helpers", discount="apply_discount"))
    commits["rename-utils"] = repo.commit("Rename utils to helpers")
    repo.write("src/shop/cart.py", CART.format(helpers="helpers", discount="compute_discount"))
    repo.write("tests/test_cart.py", "from shop.cart import Cart, compute_discount\n\n\n"
                                     "def test_discount():\n    assert compute_discount(Cart(), 10) == 0\n")
    commits["rename-discount"] = repo.commit("Rename apply_discount to compute_discount")
    repo.write("src/shop/cli.py", CLI.format(legacy=""))
    commits["drop-legacy"] = repo.commit("Drop the --legacy flag")
    repo.git("rm", "-q", "docs/old.md")
    commits["delete-old"] = repo.commit("Delete the old notes")
    repo.write("pyproject.toml", '[project]\nname = "shop"\nrequires-python = ">=3.12"\n')
    commits["python-3.12"] = repo.commit("Require Python 3.12")
    repo.write("docs/deploy.md", "# Deploy\n\nPush to main; the pipeline tags a release.\n\nRoll back with the "
                                 "previous tag.\n")
    repo.write("docs/release.md", "# Release\n\nReleases are published by CI with trusted publishing.\n")
    commits["edit-deploy"] = repo.commit("Expand the deploy notes; releases go through CI")
    repo.write("Makefile", MAKEFILE.format(lint="check"))
    repo.write("src/shop/tax.py", "def tax_rate(country):\n    return 20\n")
    commits["lint-to-check"] = repo.commit("Rename the lint target to check and vat_rate to tax_rate")
    repo.write("src/shop/settings.py", SETTINGS.format(debug=""))
    commits["drop-debug"] = repo.commit("Drop SHOP_DEBUG")
    repo.git("mv", "src/shop/api", "src/shop/web")
    later = "Product routes are in src/shop/web/routes.py."
    repo.write("CLAUDE.md", (repo.path / "CLAUDE.md").read_text(encoding="utf-8") + f"- {later}\n")
    commits["move-api"] = repo.commit("Move the API package to web")
    repo.write("src/shop/cart.py", '"""The shopping cart, in euros."""' + CART.format(
        helpers="helpers", discount="compute_discount").split('"""', 2)[2])
    commits["tidy-cart"] = repo.commit("Say which currency the cart uses")

    head, start = commits["tidy-cart"], commits["start"]
    labels = [Label(id, line, start, head, "stale", reference, new_path, "CLAUDE.md")
              for id, line, reference, new_path in STALE_AT_START]
    labels.append(Label("s-renamed-at-its-commit", "`parse_price` is in src/shop/utils.py.", start,
                        commits["rename-utils"], "stale", "src/shop/utils.py", "src/shop/helpers.py", "CLAUDE.md"))
    labels += [Label(id, line, start, head, "fresh", reference, None, "CLAUDE.md")
               for id, line, reference in TRUE_AT_START]
    labels.append(Label("t-verified-later", later, commits["move-api"], head, "fresh", "src/shop/web/routes.py",
                        None, "CLAUDE.md"))
    labels_file = folder / "labels.jsonl"
    write_labels(labels_file, labels)
    return StalenessSet(repo.path, labels_file, commits, labels)
