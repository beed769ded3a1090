"""Which Hermes home is active: `$HERMES_HOME` as given, else the sticky profile named in `~/.hermes/active_profile`.

Hermes keeps its root at `~/.hermes` (the `default` profile) and each named profile at `profiles/<name>/`, a
home of its own. `hermes -p NAME` runs with `HERMES_HOME` set to that profile's folder; without `-p`, the
`hermes` launcher follows the profile `hermes profile use` wrote to `<root>/active_profile` (a lowercase id
matching `[a-z0-9][a-z0-9_-]{0,63}`, and only when its folder exists). From hermes-agent `hermes_cli/profiles.py`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from memrev.core.safe_io import SourceFileError, read_bounded

PROFILE_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
"""A profile id as Hermes stores it on disk (anything else in `active_profile` is ignored, never a path)."""


@dataclass(frozen=True)
class HermesHomes:
    """The Hermes root (holding `profiles/`) and the home Hermes would run with now."""

    root: Path
    active: Path

    @property
    def profiles(self) -> Path:
        """Where the named profiles live."""
        return self.root / "profiles"


def _expand(value: str, home: Path, cwd: Path) -> Path:
    """`$HERMES_HOME` exactly as given: `~` is the given home, a relative path is under cwd, spaces are kept."""
    path = home / value[2:] if value == "~" or value.startswith("~/") else Path(value)
    return path if path.is_absolute() else cwd / path


def sticky_profile(root: Path) -> str | None:
    """The profile `<root>/active_profile` names, when it is a valid id other than `default`."""
    try:
        data, _ = read_bounded(root / "active_profile", max_bytes=4096, follow=False)
        name = data.decode("utf-8").strip().lower()
    except (SourceFileError, OSError, UnicodeDecodeError):
        return None
    return name if name != "default" and PROFILE_ID.fullmatch(name) else None


def hermes_homes(home: Path, env: Mapping[str, str], cwd: Path) -> HermesHomes:
    """The root and the active home: `$HERMES_HOME` wins (it is both), else `~/.hermes` with its sticky profile
    when that profile's folder exists."""
    value = env.get("HERMES_HOME", "")
    if value:
        active = _expand(value, home, cwd)
        return HermesHomes(active, active)  # the one home Hermes runs with; a profile's siblings are not its
    root = home / ".hermes"
    name = sticky_profile(root)
    if name and (root / "profiles" / name).is_dir():
        return HermesHomes(root, root / "profiles" / name)
    return HermesHomes(root, root)
