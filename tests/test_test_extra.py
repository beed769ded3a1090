"""The `test` extra installs everything the suite imports, so no test is skipped for a missing package."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_optional_import_of_the_suite_is_in_the_test_extra() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    extra = pyproject.split("[project.optional-dependencies]", 1)[1].split("]", 1)[0]
    listed = {re.split(r"[<>=!~;\[ ]", line.strip().strip('",'), maxsplit=1)[0].lower().replace("-", "_")
              for line in extra.splitlines()[2:] if line.strip().startswith('"')}
    wanted = {name for test in (ROOT / "tests").rglob("*.py")
              for name in re.findall(r"importorskip\(\"([\w.]+)\"\)", test.read_text(encoding="utf-8"))}
    missing = {name for name in wanted
               if name.split(".")[0] not in sys.stdlib_module_names and name.split(".")[0].lower() not in listed}
    assert not missing, f"tests import these without the test extra installing them: {sorted(missing)}"
    assert "jsonschema" in listed


def test_the_sarif_schema_test_can_run() -> None:
    import jsonschema  # noqa: F401 - the test extra's; the SARIF schema test is skipped without it


def test_make_installs_quietly_without_the_backend_notice() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    installs = [line for line in makefile.splitlines() if "pip install" in line and " -e " in line]
    assert installs and all("--quiet --quiet" in line for line in installs), installs
