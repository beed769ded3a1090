"""Identify the project a checkout belongs to, so a moved or re-cloned checkout keeps its memory."""

from __future__ import annotations

import os
import re
from pathlib import Path

from memrev.core.model import Project

_SCP_LIKE = re.compile(r"^(?:[\w.-]+@)?(?P<host>[\w.-]+):(?P<path>(?!//).+)$")


def normalise_remote(url: str) -> str:
    """Reduce a git remote URL to `host/owner/repo` so https, ssh and scp-style spellings agree."""
    url = url.strip()
    match = _SCP_LIKE.match(url)
    if match and "://" not in url:
        host, path = match["host"], match["path"]
    elif "://" in url:
        rest = url.split("://", 1)[1]
        rest = rest.split("@", 1)[-1] if "@" in rest.split("/", 1)[0] else rest
        host, _, path = rest.partition("/")
        host = host.split(":", 1)[0]
    else:
        return url.rstrip("/").removesuffix(".git")
    path = path.strip("/").removesuffix(".git")
    return f"{host.lower()}/{path}"


def identify_project(path: str | os.PathLike[str]) -> Project:
    """The project at `path`: root commit and origin remote from git when it is a repository, else the path."""
    from git import InvalidGitRepositoryError, NoSuchPathError, Repo

    folder = Path(path).resolve()
    try:
        with Repo(folder, search_parent_directories=True) as repo:
            top = Path(repo.working_tree_dir or folder)
            try:
                roots = repo.git.rev_list("--max-parents=0", "HEAD").split()
            except Exception:  # noqa: BLE001 - a repository with no commits has no root
                roots = []
            remote = None
            if "origin" in [r.name for r in repo.remotes]:
                urls = list(repo.remotes.origin.urls)
                remote = normalise_remote(urls[0]) if urls else None
            return Project.from_parts(
                root_commit=sorted(roots)[0] if roots else None, remote=remote, path=str(top), name=top.name
            )
    except (InvalidGitRepositoryError, NoSuchPathError):
        return Project.from_parts(root_commit=None, remote=None, path=str(folder), name=folder.name)
