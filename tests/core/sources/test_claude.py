"""The Claude Code adapter on real fixture trees: discovery, reading with provenance, store sync, write-back."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import pytest

from memrev.core.check.project import identify_project
from memrev.core.model import Entry, EntryType, Project, ScopeKind, Source, WrittenBy
from memrev.core.sources.base import DriftError, SourceRead, SourceRef
from memrev.core.sources.claude import ADAPTER, ClaudeAdapter, discover_all_projects
from memrev.core.sources.claude_memdir_write import check_member
from memrev.core.sources.claude_paths import memdir_for
from memrev.core.sources.claude_projects import sanitize_path
from memrev.core.sources.reconcile import reconcile
from memrev.core.sources.sync import import_source

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "claude"


# ---------------------------------------------------------------- building fixture trees


@pytest.fixture
def git(tmp_path_factory):
    """Run git with no user or system configuration."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(HOME=str(tmp_path_factory.mktemp("githome")), GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull,
               GIT_AUTHOR_NAME="Ada", GIT_AUTHOR_EMAIL="ada@example.test", GIT_COMMITTER_NAME="Ada",
               GIT_COMMITTER_EMAIL="ada@example.test")

    def run(cwd: Path, *args: str) -> str:
        done = subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    return run


@dataclass
class Tree:
    root: Path
    home: Path
    managed: Path
    shop: Path
    memdir: Path
    env: dict[str, str]

    @property
    def adapter(self) -> ClaudeAdapter:
        return ClaudeAdapter(home=self.home, env=self.env)

    def memref(self) -> SourceRef:
        return SourceRef("claude", self.memdir)

    def mdref(self, cwd: Path | None = None) -> SourceRef:
        return self.adapter.source_for("claude-md", cwd or self.shop)


def make_repo(git, path: Path) -> None:
    git(path, "init", "-q", "-b", "main")
    git(path, "add", ".")
    git(path, "commit", "-q", "-m", "init")


@pytest.fixture
def tree(tmp_path, git) -> Tree:
    """The fixture trees copied into tmp_path, the slug folder named after the copied checkout."""
    root = tmp_path / "t"
    shutil.copytree(FIXTURES, root, symlinks=True)
    (root / "src").mkdir()
    shop = root / "src" / "shop"
    (root / "shop").rename(shop)
    make_repo(git, shop)
    shop = shop.resolve()
    projects = root / "home" / ".claude" / "projects"
    slug_dir = projects / sanitize_path(str(shop))
    (projects / "@SLUG@").rename(slug_dir)
    for transcript in slug_dir.glob("*.jsonl"):
        transcript.write_text(transcript.read_text().replace("@CWD@", json.dumps(str(shop))[1:-1]))
    env = {"MEMREV_CLAUDE_MANAGED_DIR": str(root / "managed")}
    return Tree(root, root / "home", root / "managed", shop, (slug_dir / "memory").resolve(), env)


def snapshot(*folders: Path) -> dict[Path, bytes]:
    """Every file's bytes (links as their target text) under some folders."""
    found = {}
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_symlink():
                found[path] = os.readlink(path).encode()
            elif path.is_file():
                found[path] = path.read_bytes()
    return found


def entries_of(read: SourceRead) -> list[Entry]:
    return reconcile(read, []).entries


def by_name(read: SourceRead) -> dict[str, object]:
    return {native.file.name: native for native in read.entries}


def new_entry(text: str, type_: EntryType = EntryType.FEEDBACK, scope: ScopeKind = ScopeKind.PRIVATE) -> Entry:
    from memrev.core.model import Scope

    return Entry(id=f"m-new-{abs(hash(text)) % 10**8}", text=text, type=type_, scope=Scope(kind=scope),
                 source=Source(agent="claude"))


def edited(entry: Entry, text: str) -> Entry:
    return entry.evolve(text=text)


# ---------------------------------------------------------------- discovery


def test_sanitize_path_is_lossy_and_counts_utf16_units():
    assert sanitize_path("/a/my-proj") == sanitize_path("/a/my/proj") == "-a-my-proj"
    assert sanitize_path("/x/\U0001F600") == "-x---"  # one emoji is two UTF-16 units, as in JavaScript


def test_discover_finds_the_memory_folder_and_the_hierarchy(tree, git):
    refs = tree.adapter.discover(cwd=tree.shop, home=tree.home, env=tree.env)
    assert [(ref.kind, ref.root) for ref in refs] == [("claude", tree.memdir), ("claude-md", tree.shop)]
    assert str(tree.shop) in refs[0].detail
    (tree.shop / "api" / "deep").mkdir()
    from_sub = tree.adapter.discover(cwd=tree.shop / "api" / "deep", home=tree.home, env=tree.env)
    assert from_sub[0].root == tree.memdir  # the git root names the folder, not the cwd
    git(tree.shop, "worktree", "add", "-q", str(tree.root / "wt"), "-b", "feature")
    assert memdir_for(tree.root / "wt", home=tree.home, env=tree.env)[0].resolve() == tree.memdir
    empty_home = tree.root / "nobody"
    empty_home.mkdir()
    lonely = tree.root / "lonely"
    lonely.mkdir()
    assert tree.adapter.discover(cwd=lonely, home=empty_home, env={"MEMREV_CLAUDE_MANAGED_DIR": str(lonely)}) == []


def test_discover_honours_environment_overrides(tree, monkeypatch):
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tree.root / "not-this"))
    monkeypatch.setenv("CLAUDE_COWORK_MEMORY_PATH_OVERRIDE", str(tree.root / "nor-this"))
    assert tree.adapter.discover(cwd=tree.shop, home=tree.home, env=tree.env)[0].root == tree.memdir
    override = tree.root / "cowork-memory"
    shutil.copytree(tree.memdir, override)
    refs = tree.adapter.discover(cwd=tree.shop, home=tree.home,
                                 env={**tree.env, "CLAUDE_COWORK_MEMORY_PATH_OVERRIDE": str(override)})
    assert refs[0].root == override.resolve()
    tilde = tree.adapter.discover(cwd=tree.shop, home=tree.home,
                                  env={**tree.env, "CLAUDE_COWORK_MEMORY_PATH_OVERRIDE": "~/cowork-memory"})
    assert tilde[0].root == tree.memdir  # no ~ expansion for the env override: it is rejected
    config = tree.root / "alt-config"
    shutil.copytree(tree.home / ".claude", config)
    refs = tree.adapter.discover(cwd=tree.shop, home=tree.home, env={**tree.env, "CLAUDE_CONFIG_DIR": str(config)})
    assert refs[0].root.is_relative_to(config.resolve())
    remote = tree.root / "remote"
    shutil.copytree(tree.home / ".claude" / "projects", remote / "projects")
    refs = tree.adapter.discover(cwd=tree.shop, home=tree.home,
                                 env={**tree.env, "CLAUDE_CODE_REMOTE_MEMORY_DIR": str(remote)})
    assert refs[0].root.is_relative_to(remote.resolve())


def test_project_settings_cannot_move_memory_but_user_settings_can(tree):
    ssh = tree.home / ".ssh"
    ssh.mkdir()
    (ssh / "MEMORY.md").write_text("- [key](id_rsa.md) — not memory\n")
    (tree.shop / ".claude" / "settings.json").write_text(json.dumps({"autoMemoryDirectory": "~/.ssh"}))
    assert tree.adapter.discover(cwd=tree.shop, home=tree.home, env=tree.env)[0].root == tree.memdir
    custom = tree.home / "custom-memory"
    shutil.copytree(tree.memdir, custom)
    settings = tree.home / ".claude" / "settings.json"
    for rejected in ("~", "~/", "~/.", "~/..", "relative/dir"):
        settings.write_text(json.dumps({"autoMemoryDirectory": rejected}))
        assert tree.adapter.discover(cwd=tree.shop, home=tree.home, env=tree.env)[0].root == tree.memdir, rejected
    settings.write_text(json.dumps({"autoMemoryDirectory": "~/custom-memory"}))
    assert tree.adapter.discover(cwd=tree.shop, home=tree.home, env=tree.env)[0].root == custom.resolve()


def test_long_paths_match_the_slug_prefix_whatever_the_hash(tmp_path):
    home = tmp_path / "home"
    deep = tmp_path.joinpath(*["a-rather-long-folder-name"] * 10)
    deep.mkdir(parents=True)
    name = sanitize_path(str(deep.resolve()))
    assert len(name) > 200
    memdir = home / ".claude" / "projects" / f"{name[:200]}-1k3j9z" / "memory"
    memdir.mkdir(parents=True)
    (memdir / "MEMORY.md").write_text("")
    refs = ClaudeAdapter().discover(cwd=deep, home=home, env={"MEMREV_CLAUDE_MANAGED_DIR": str(tmp_path / "none")})
    assert refs[0].root == memdir.resolve()


def test_discover_all_projects_lists_every_memory_folder(tree):
    other = tree.home / ".claude" / "projects" / "-home-ana-src-blog" / "memory"
    other.mkdir(parents=True)
    (other / "MEMORY.md").write_text("")
    (tree.home / ".claude" / "projects" / "-no-memory-here").mkdir()
    roots = {ref.root for ref in discover_all_projects(home=tree.home, env=tree.env)}
    assert roots == {tree.memdir, other.resolve()}
    assert tree.adapter.discover(cwd=tree.shop, home=tree.home, env=tree.env)[0].root == tree.memdir


def test_source_for_accepts_the_natural_spellings(tree, tmp_path):
    adapter = tree.adapter
    assert adapter.source_for("claude", tree.memdir).root == tree.memdir
    assert adapter.source_for("claude", tree.memdir.parent).root == tree.memdir
    assert adapter.source_for("claude", tree.shop).root == tree.memdir
    assert adapter.source_for("claude-md", tree.shop).root == tree.shop
    assert adapter.source_for("claude-md", tree.shop / "CLAUDE.md").root == tree.shop
    assert adapter.source_for("claude-md", tree.shop / ".claude" / "CLAUDE.md").root == tree.shop
    for kind, bad in (("claude", tmp_path / "missing"), ("claude", tree.shop / "CLAUDE.md"),
                      ("claude-md", tmp_path / "missing")):
        with pytest.raises(ValueError, match=str(bad)):
            adapter.source_for(kind, bad)
    with pytest.raises(ValueError, match="no Claude Code auto-memory"):
        adapter.source_for("claude", tree.managed)


# ---------------------------------------------------------------- reading the memory folder


def test_read_gives_entries_with_provenance(tree):
    feedback = tree.memdir / "feedback_testing.md"
    stamp = datetime(2026, 3, 2, 9, 20, tzinfo=timezone.utc).timestamp()
    os.utime(feedback, (stamp, stamp))
    read = tree.adapter.read(tree.memref())
    assert read.warnings == []
    natives = by_name(read)
    assert set(natives) == {"user_role.md", "feedback_testing.md", "project_release.md", "reference_dashboards.md",
                            "project_deploy.md", "2026-03-30.md"}
    entry = natives["feedback_testing.md"]
    assert entry.text.startswith("Integration tests run against the docker Postgres.\n**Why:**")
    assert (entry.file, entry.anchor, entry.line_start, entry.line_end) == (feedback, "body", 6, 8)
    assert entry.type == EntryType.FEEDBACK and entry.scope_kind == ScopeKind.PRIVATE
    assert entry.project == identify_project(tree.shop) and entry.project.root_commit
    assert entry.cwd == str(tree.shop)
    assert (entry.written_at, entry.written_at_basis) == (datetime.fromtimestamp(stamp, timezone.utc), "mtime")
    assert entry.written_by == WrittenBy.AGENT
    assert (entry.session, entry.branch) == ("5d6c1f0e-0000-4a2b-9c3d-000000000001", "fix/orders")
    assert entry.attributes["name"] == "Test DB policy" and entry.attributes["indexed"] == "yes"
    assert entry.attributes["description"] == "Integration tests must use a real database, never mocks"
    assert natives["project_release.md"].attributes["description"].startswith("Merges freeze on Thursdays: release")
    assert natives["project_deploy.md"].scope_kind == ScopeKind.TEAM
    assert natives["user_role.md"].session is None  # written outside every session window
    log = natives["2026-03-30.md"]
    assert (log.written_at, log.written_at_basis, log.type) == (
        datetime(2026, 3, 30, tzinfo=timezone.utc), "filename", EntryType.UNKNOWN)
    assert set(read.files) >= {tree.memdir / "MEMORY.md", tree.memdir / "team" / "MEMORY.md", feedback}


def test_lossy_slug_is_resolved_by_the_transcripts(tmp_path):
    home = tmp_path / "home"
    dash, slash = tmp_path / "a" / "my-proj", tmp_path / "a" / "my" / "proj"
    dash.mkdir(parents=True)
    slash.mkdir(parents=True)
    slug = sanitize_path(str(dash.resolve()))
    assert slug == sanitize_path(str(slash.resolve()))
    folder = home / ".claude" / "projects" / slug
    (folder / "memory").mkdir(parents=True)
    (folder / "memory" / "user_x.md").write_text("---\nname: x\ntype: user\n---\nLikes tea.\n")

    def transcripts(*cwds: str) -> None:
        for old in folder.glob("*.jsonl"):
            old.unlink()
        for number, cwd in enumerate(cwds):
            lines = [{"cwd": cwd, "sessionId": f"s{number}", "timestamp": f"2026-01-0{number + 1}T10:00:00Z"}]
            (folder / f"s{number}.jsonl").write_text("{broken\n" + "\n".join(map(json.dumps, lines)) + "\n")

    transcripts(str(slash.resolve()), str(slash.resolve()), str(dash.resolve()), "/elsewhere/entirely")
    native = ClaudeAdapter(home=home, env={}).read(SourceRef("claude", folder / "memory")).entries[0]
    assert native.cwd == str(slash.resolve())
    assert native.project == Project.from_parts(root_commit=None, remote=None, path=str(slash.resolve()))
    transcripts(str(dash.resolve()), str(dash.resolve()), str(slash.resolve()))
    assert ClaudeAdapter().read(SourceRef("claude", folder / "memory")).entries[0].cwd == str(dash.resolve())
    shutil.rmtree(dash)
    gone = ClaudeAdapter().read(SourceRef("claude", folder / "memory")).entries[0]
    assert gone.project == Project.from_parts(root_commit=None, remote=None, path=str(dash.resolve()))


def test_missing_or_unknown_type_is_unknown_without_a_warning(tree):
    for name in ("notype.md", "oddtype.md"):
        shutil.copy(tree.root / "edge" / name, tree.memdir / name)
    read = tree.adapter.read(tree.memref())
    natives = by_name(read)
    assert natives["notype.md"].type == EntryType.UNKNOWN
    assert natives["oddtype.md"].type == EntryType.UNKNOWN
    assert natives["oddtype.md"].attributes["type"] == "preference"
    assert not [w for w in read.warnings if "type" in w]


def test_bad_files_become_warnings_and_the_rest_reads(tree, tmp_path):
    for path in (tree.root / "edge").iterdir():
        shutil.copy(path, tree.memdir / path.name)
    (tree.memdir / "folder.md").mkdir()
    outside = tmp_path / "outside.md"
    outside.write_text("---\nname: secret\ntype: user\n---\nnot memory\n")
    (tree.memdir / "linked.md").symlink_to(outside)
    (tree.memdir / "huge.md").write_bytes(b"x" * (16 * 1024 * 1024 + 1))
    before = snapshot(tree.memdir, tmp_path / "outside.md")
    read = tree.adapter.read(tree.memref())
    warnings = "\n".join(read.warnings)
    for name, why in (("unclosed.md", "never closed"), ("badline.md", "could not find expected ':'"), ("bom.md", "byte-order"),
                      ("bad_utf8.md", "invalid UTF-8"), ("empty.md", "empty"), ("folder.md", "is a folder"),
                      ("linked.md", "outside the memory folder"), ("huge.md", "limit")):
        assert any(name in w and why in w for w in read.warnings), (name, warnings)
    assert all(w.startswith(str(tree.memdir)) for w in read.warnings)
    natives = by_name(read)
    assert natives["unclosed.md"].text.startswith("---\nname: Unclosed")  # the body is the whole file
    assert natives["badline.md"].text == "Keep migrations reversible."
    assert natives["badline.md"].type == EntryType.UNKNOWN  # YAML refuses the block, so it gives no type
    assert natives["bom.md"].text == "Ana reads diffs in a side-by-side view."
    assert not {"bad_utf8.md", "empty.md", "linked.md", "huge.md"} & set(natives)
    assert "feedback_testing.md" in natives and "project_deploy.md" in natives
    assert snapshot(tree.memdir, tmp_path / "outside.md") == before


def test_index_over_200_lines_warns(tree):
    index = tree.memdir / "MEMORY.md"
    index.write_text(index.read_text() + "".join(f"- note {n}\n" for n in range(197)))
    read = tree.adapter.read(tree.memref())
    assert any(str(index) in w and "201 lines" in w for w in read.warnings)


def test_index_over_25000_utf16_units_warns_though_under_25000_characters(tree):
    index = tree.memdir / "MEMORY.md"
    text = index.read_text() + "".join("- " + "\U0001F680" * 130 + "\n" for _ in range(100))
    index.write_text(text)
    assert len(text.strip()) < 25_000 < len(text.strip().encode("utf-16-le")) // 2
    read = tree.adapter.read(tree.memref())
    units = len(text.strip().encode("utf-16-le")) // 2
    assert any(str(index) in w and f"{units:,} UTF-16" in w for w in read.warnings)
    assert not any("lines" in w for w in read.warnings)


def test_index_links_are_recorded_and_dangling_ones_warn(tree):
    index = tree.memdir / "MEMORY.md"
    index.write_text(index.read_text() + "- [Gone](project_gone.md) — deleted by hand\n")
    (tree.memdir / "user_unindexed.md").write_text("---\nname: u\ntype: user\n---\nPrefers vim.\n")
    read = tree.adapter.read(tree.memref())
    assert read.warnings == [f"{index}:5: links to project_gone.md, which does not exist"]
    assert by_name(read)["user_unindexed.md"].attributes["indexed"] == "no"


# ---------------------------------------------------------------- change detection through the store


def test_imports_track_additions_revisions_moves_and_removals(tree, store):
    ref = ADAPTER.discover(cwd=tree.shop, home=tree.home, env=tree.env)[0]
    first = import_source(store, ref, actor="test")
    assert len(first.added) == 6 and first.read.warnings == []
    ids = {Path(e.source.file).name: e.id for e in store.entries()}
    (tree.memdir / "feedback_lint.md").write_text("---\nname: Lint\ntype: feedback\n---\nRun ruff before pushing.\n")
    release = tree.memdir / "project_release.md"
    release.write_text(release.read_text().replace("Friday morning", "Friday at noon"))
    role = tree.memdir / "user_role.md"
    role.write_text(role.read_text().replace("---\nAna", "---\n\n\nAna"))  # the body moves down two lines
    (tree.memdir / "reference_dashboards.md").unlink()
    second = import_source(store, ref, actor="test")
    assert len(second.added) == 1 and second.revised == [ids["project_release.md"]]
    assert second.removed == [ids["reference_dashboards.md"]]
    assert ids["user_role.md"] in second.unchanged
    assert len(store.revisions(ids["project_release.md"])) == 2
    removed = store.get(ids["reference_dashboards.md"])
    assert removed is not None and removed.removed_at is not None
    moved = store.get(ids["user_role.md"])
    assert moved.provenance.citation.endswith("user_role.md:8")
    third = import_source(store, ref, actor="test")
    assert (third.added, third.revised, third.removed) == ([], [], [])
    assert len(third.unchanged) == 6


# ---------------------------------------------------------------- writing the memory folder back


def test_round_trip_is_byte_identical_and_rereads_the_same(tree):
    adapter = tree.adapter
    read = adapter.read(tree.memref())
    before = snapshot(tree.memdir)
    result = adapter.write(tree.memref(), entries_of(read), expected=read)
    assert result.written == [] and result.removed == []
    assert snapshot(tree.memdir) == before
    again = adapter.read(tree.memref())
    assert [(n.file, n.text, n.type) for n in again.entries] == [(n.file, n.text, n.type) for n in read.entries]


def test_a_changed_entry_keeps_its_frontmatter_and_leaves_the_index(tree):
    adapter = tree.adapter
    read = adapter.read(tree.memref())
    index_before = (tree.memdir / "MEMORY.md").read_bytes()
    entries = [edited(e, "Integration tests use the docker Postgres on port 5433.")
               if e.source.file.endswith("feedback_testing.md") else e for e in entries_of(read)]
    result = adapter.write(tree.memref(), entries, expected=read)
    assert result.written == [tree.memdir / "feedback_testing.md"]
    assert (tree.memdir / "feedback_testing.md").read_text() == (
        "---\nname: Test DB policy\ndescription: Integration tests must use a real database, never mocks\n"
        "type: feedback\n---\nIntegration tests use the docker Postgres on port 5433.\n")
    assert (tree.memdir / "MEMORY.md").read_bytes() == index_before
    release = [e for e in entries_of(read) if e.source.file.endswith("project_release.md")][0]
    read = adapter.read(tree.memref())
    adapter.write(tree.memref(), [e if e.id != release.id else e.evolve(type=EntryType.REFERENCE, text="Changed.")
                                  for e in entries_of(read)], expected=read)
    text = (tree.memdir / "project_release.md").read_text()
    assert 'description: "Merges freeze on Thursdays: release branch is cut Friday"\ntype: reference\n' in text
    assert by_name(adapter.read(tree.memref()))["project_release.md"].type == EntryType.REFERENCE


def test_a_new_entry_gets_a_new_file_and_an_index_line(tree):
    adapter = tree.adapter
    (tree.memdir / "feedback_always_run_migrations.md").write_text("---\nname: taken\ntype: feedback\n---\nOld.\n")
    read = adapter.read(tree.memref())
    index_before = (tree.memdir / "MEMORY.md").read_text()
    fresh = new_entry("Always run migrations with --plan first; the DBA reviews the plan.")
    result = adapter.write(tree.memref(), [*entries_of(read), fresh], expected=read)
    created = tree.memdir / "feedback_always_run_migrations_2.md"
    assert created in result.written and (tree.memdir / "MEMORY.md") in result.written
    assert (tree.memdir / "feedback_always_run_migrations.md").read_text().endswith("Old.\n")
    assert created.read_text().startswith("---\nname: Always run migrations with --plan first; the DBA reviews")
    index = (tree.memdir / "MEMORY.md").read_text()
    assert index.startswith(index_before)  # hand-written lines kept byte for byte
    line = index.splitlines()[-1]
    assert line.startswith("- [Always run migrations") and "](feedback_always_run_migrations_2.md) — " in line
    assert len(line) <= 150
    again = by_name(adapter.read(tree.memref()))
    assert again[created.name].text == fresh.text and again[created.name].type == EntryType.FEEDBACK
    assert again[created.name].attributes["indexed"] == "yes"


def test_a_removed_entry_loses_its_file_and_index_line(tree):
    adapter = tree.adapter
    read = adapter.read(tree.memref())
    team_before = snapshot(tree.memdir / "team")
    kept = [e for e in entries_of(read) if not e.source.file.endswith("user_role.md")
            and e.scope.kind != ScopeKind.TEAM]
    result = adapter.write(tree.memref(), kept, expected=read)
    assert result.removed == [tree.memdir / "user_role.md"]
    assert not (tree.memdir / "user_role.md").exists()
    assert "user_role.md" not in (tree.memdir / "MEMORY.md").read_text()
    assert len((tree.memdir / "MEMORY.md").read_text().splitlines()) == 3
    assert snapshot(tree.memdir / "team") == team_before  # no team entry written: team/ untouched


def test_team_memory_is_written_only_where_team_entries_already_are(tree):
    adapter = tree.adapter
    read = adapter.read(tree.memref())
    private = [e for e in entries_of(read) if e.scope.kind == ScopeKind.PRIVATE]
    before = snapshot(tree.memdir)
    with pytest.raises(ValueError, match="team"):
        adapter.write(tree.memref(), [*private, new_entry("Ship on Tuesdays.", EntryType.PROJECT, ScopeKind.TEAM)],
                      expected=read)
    assert snapshot(tree.memdir) == before
    result = adapter.write(tree.memref(), [*entries_of(read),
                                           new_entry("Ship on Tuesdays.", EntryType.PROJECT, ScopeKind.TEAM)],
                           expected=read)
    created = tree.memdir / "team" / "project_ship_on_tuesdays.md"
    assert created in result.written
    assert "](project_ship_on_tuesdays.md)" in (tree.memdir / "team" / "MEMORY.md").read_text()
    assert by_name(adapter.read(tree.memref()))[created.name].scope_kind == ScopeKind.TEAM
    role = [e for e in entries_of(read) if e.source.file.endswith("user_role.md")][0]
    read = adapter.read(tree.memref())
    with pytest.raises(ValueError, match="private and team"):
        adapter.write(tree.memref(), [e if e.id != role.id else e.evolve(scope=e.scope.__class__(
            kind=ScopeKind.TEAM, project=e.scope.project)) for e in entries_of(read)], expected=read)


def test_index_is_regenerated_within_caps_or_the_write_is_refused(tree):
    adapter = tree.adapter
    index = tree.memdir / "MEMORY.md"
    index.write_text("# Index\n\n" + "Some hand-written prose.\n" * 190 + index.read_text())
    read = adapter.read(tree.memref())
    fresh = [new_entry(f"Rule number {n}: keep it short.") for n in range(10)]
    adapter.write(tree.memref(), [*entries_of(read), *fresh], expected=read)
    lines = index.read_text().strip().split("\n")
    assert len(lines) == 4 + 10  # merging would pass 200 lines: regenerated, one line per topic file
    assert all(line.startswith("- [") for line in lines)

    read = adapter.read(tree.memref())
    before = snapshot(tree.memdir)
    too_many = [new_entry(f"Another rule {n}.") for n in range(200)]
    with pytest.raises(ValueError, match="200 lines") as refused:
        adapter.write(tree.memref(), [*entries_of(read), *too_many], expected=read)
    assert "\n" not in str(refused.value)
    wide = [new_entry("\U0001F680" * 200 + f" {n}") for n in range(100)]  # under 200 lines, over 25,000 units
    with pytest.raises(ValueError, match="UTF-16"):
        adapter.write(tree.memref(), [*entries_of(read), *wide], expected=read)
    assert snapshot(tree.memdir) == before


def test_drift_is_refused_and_nothing_is_written(tree):
    adapter = tree.adapter
    read = adapter.read(tree.memref())
    feedback = tree.memdir / "feedback_testing.md"
    feedback.write_text(feedback.read_text() + "Edited by Claude meanwhile.\n")
    before = snapshot(tree.memdir)
    entries = [edited(e, "Changed.") if e.source.file.endswith("feedback_testing.md") else e
               for e in entries_of(read)]
    with pytest.raises(DriftError, match="feedback_testing.md"):
        adapter.write(tree.memref(), entries, expected=read)
    (tree.memdir / "MEMORY.md").write_text("- [x](user_role.md) — hand edit\n")
    before = snapshot(tree.memdir)
    with pytest.raises(DriftError, match="MEMORY.md"):
        adapter.write(tree.memref(), [*entries_of(read), new_entry("New rule.")], expected=read)
    assert snapshot(tree.memdir) == before


def test_a_topic_file_linked_outside_is_never_read_written_or_deleted(tree, tmp_path):
    outside = tmp_path / "elsewhere" / "feedback_secret.md"
    outside.parent.mkdir()
    outside.write_text("---\nname: secret\ntype: feedback\n---\nOutside text.\n")
    link = tree.memdir / "feedback_secret.md"
    link.symlink_to(outside)
    read = tree.adapter.read(tree.memref())
    assert "feedback_secret.md" not in by_name(read)
    assert any(str(link) in w for w in read.warnings)
    tree.adapter.write(tree.memref(), [new_entry("Secret: the new rule.")], expected=read)
    assert link.is_symlink() and outside.read_text().endswith("Outside text.\n")
    assert sorted(p.name for p in tree.memdir.glob("*.md")) == ["MEMORY.md", "feedback_secret.md",
                                                               "feedback_secret_the_new.md"]


def test_topic_files_without_an_index_are_the_generated_index_variant(tree):
    (tree.memdir / "MEMORY.md").unlink()
    read = tree.adapter.read(tree.memref())
    assert read.files[tree.memdir / "MEMORY.md"] is None
    tree.adapter.write(tree.memref(), [*entries_of(read), new_entry("Use UTC in logs.")], expected=read)
    assert not (tree.memdir / "MEMORY.md").exists()  # Claude builds this folder's index from the frontmatter
    assert (tree.memdir / "feedback_use_utc_in.md").read_text().endswith("---\nUse UTC in logs.\n")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file")
def test_an_unreadable_file_is_a_warning(tree):
    locked = tree.memdir / "user_role.md"
    locked.chmod(0)
    try:
        read = tree.adapter.read(tree.memref())
    finally:
        locked.chmod(0o644)
    assert any(str(locked) in w and "cannot read" in w for w in read.warnings)
    assert len(read.entries) == 5


def test_paths_from_data_are_contained(tree):
    for bad in (tree.memdir / "\uff0e\uff0e" / "x.md", tree.memdir / "%2e%2e" / "x.md", tree.root / "x.md"):
        with pytest.raises(ValueError):
            check_member(bad, tree.memdir)
    (tree.memdir / "inner").symlink_to(tree.memdir / "team")
    with pytest.raises(ValueError, match="symlink"):
        check_member(tree.memdir / "inner" / "x.md", tree.memdir)
    check_member(tree.memdir / "team" / "x.md", tree.memdir)


# ---------------------------------------------------------------- the CLAUDE.md hierarchy


def located(read: SourceRead, tree: Tree) -> list[str]:
    return [f"{n.file.relative_to(tree.root)}#{n.anchor}" for n in read.entries]


def test_hierarchy_load_order_with_imports_before_their_importer(tree):
    read = tree.adapter.read(tree.mdref(tree.shop / "api"))
    assert read.warnings == []
    assert located(read, tree) == [
        "managed/CLAUDE.md#company-policy",
        "home/.claude/CLAUDE.md#personal-preferences", "home/.claude/CLAUDE.md#git",
        "home/.claude/rules/tone.md#tone",
        "src/shop/docs/glossary.md#glossary", "src/shop/docs/conventions.md#conventions",
        "src/shop/CLAUDE.md#shop", "src/shop/CLAUDE.md#commands", "src/shop/CLAUDE.md#style",
        "src/shop/.claude/CLAUDE.md#body",
        "src/shop/.claude/rules/api.md#api-rules",
        "src/shop/CLAUDE.local.md#my-local-notes",
        "src/shop/api/CLAUDE.md#api-package",
    ]
    assert not any("ignored.md" in str(path) for path in read.files)  # inside code: not an import


def test_hierarchy_entries_carry_scope_level_and_rules_paths(tree):
    natives = {f"{n.file.name}#{n.anchor}": n for n in tree.adapter.read(tree.mdref()).entries}
    project = identify_project(tree.shop)
    assert all(n.type == EntryType.FEEDBACK and n.written_by == WrittenBy.HUMAN for n in natives.values())
    assert (natives["CLAUDE.md#company-policy"].scope_kind, natives["CLAUDE.md#company-policy"].project) == (
        ScopeKind.TEAM, None)
    assert (natives["CLAUDE.md#git"].scope_kind, natives["CLAUDE.md#git"].project) == (ScopeKind.PRIVATE, None)
    assert (natives["CLAUDE.md#style"].scope_kind, natives["CLAUDE.md#style"].project) == (ScopeKind.TEAM, project)
    local = natives["CLAUDE.local.md#my-local-notes"]
    assert (local.scope_kind, local.project, local.attributes["level"]) == (ScopeKind.PRIVATE, project, "local")
    rule = natives["api.md#api-rules"]
    assert json.loads(rule.attributes["paths"]) == ["api/**/*.py", "tests/api/**"]
    assert rule.text == "# API rules\n\nEvery endpoint validates its input with a serializer."
    assert (rule.line_start, rule.line_end) == (6, 8)
    commands = natives["CLAUDE.md#commands"]
    assert json.loads(commands.attributes["missing_imports"]) == [str(tree.shop / "docs" / "missing-file.md")]
    assert natives["glossary.md#glossary"].attributes["imported_by"] == str(tree.shop / "docs" / "conventions.md")


def test_imports_stop_past_depth_five_and_survive_a_cycle(tree, tmp_path):
    chain = tree.shop / "chain"
    chain.mkdir()
    for n in range(1, 7):
        (chain / f"d{n}.md").write_text(f"# Depth {n}\n\nLevel {n}." + (f" Next: @d{n + 1}.md\n" if n < 6 else "\n"))
    (tree.shop / "CLAUDE.local.md").write_text("# Local\n\nStart @chain/d1.md and @cycle/x.md and @picture.png\n")
    (tree.shop / "cycle").mkdir()
    (tree.shop / "cycle" / "x.md").write_text("# X\n\nSee @y.md\n")
    (tree.shop / "cycle" / "y.md").write_text("# Y\n\nSee @x.md and @./x.md#top\n")
    (tree.shop / "picture.png").write_bytes(b"\x89PNG\r\n")
    outside = tmp_path / "shared-notes.md"
    outside.write_text("# Outside\n\nNot in the project.\n")
    (tree.shop / ".claude" / "CLAUDE.md").write_text(f"Imports @{outside}\n")
    read = tree.adapter.read(tree.mdref())
    names = [f"{n.file.name}#{n.anchor}" for n in read.entries]
    assert names[-7:] == ["d4.md#depth-4", "d3.md#depth-3", "d2.md#depth-2", "d1.md#depth-1",
                          "y.md#y", "x.md#x", "CLAUDE.local.md#local"]
    assert "d5.md#depth-5" not in names and not any("picture" in name for name in names)
    assert any(str(chain / "d4.md") in w and "d5.md" in w and "depth 5" in w for w in read.warnings)
    assert any(str(outside) in w and "outside the project" in w for w in read.warnings)
    assert len(read.warnings) == 2


def test_hierarchy_round_trip_is_byte_identical(tree):
    adapter = tree.adapter
    ref = tree.mdref()
    read = adapter.read(ref)
    before = snapshot(tree.root)
    result = adapter.write(ref, entries_of(read), expected=read)
    assert result.written == []
    assert snapshot(tree.root) == before
    assert [n.text for n in adapter.read(ref).entries] == [n.text for n in read.entries]


def test_hierarchy_write_replaces_drops_and_appends_in_place(tree):
    adapter = tree.adapter
    ref = tree.mdref()
    read = adapter.read(ref)
    claude_md = tree.shop / "CLAUDE.md"
    original = claude_md.read_text()
    entries = []
    for entry in entries_of(read):
        if entry.source.anchor == "style" and entry.source.file == str(claude_md):
            entry = edited(entry, "## Style\n\nUse type hints everywhere; views stay under 30 lines.")
        if entry.source.anchor == "shop":
            continue
        if not entry.source.file.startswith(str(tree.shop)):
            continue  # user and managed entries not passed: those files are left alone
        entries.append(entry)
    user_before = snapshot(tree.home / ".claude", tree.managed)
    entries += [new_entry("Never log card numbers."),
                new_entry("## Reviews\n\nEvery PR needs one approval.", scope=ScopeKind.TEAM)]
    result = adapter.write(ref, entries, expected=read)
    assert set(result.written) == {claude_md, tree.shop / "CLAUDE.local.md"}
    text = claude_md.read_text()
    commands = original[original.index("## Commands"):original.index("## Style")]
    assert text == commands + "## Style\n\nUse type hints everywhere; views stay under 30 lines.\n\n" \
                              "## Reviews\n\nEvery PR needs one approval.\n"
    assert (tree.shop / "CLAUDE.local.md").read_text().endswith(
        "port 55432.\n\n## Never log card numbers.\n\nNever log card numbers.\n")
    assert snapshot(tree.home / ".claude", tree.managed) == user_before
    again = {f"{n.file.name}#{n.anchor}" for n in adapter.read(ref).entries}
    assert "CLAUDE.md#reviews" in again and "CLAUDE.md#shop" not in again


def test_hierarchy_write_never_changes_managed_policy_and_refuses_drift(tree):
    adapter = tree.adapter
    ref = tree.mdref()
    read = adapter.read(ref)
    before = snapshot(tree.root)
    policy = [edited(e, "# Company policy\n\nAnything goes.") if e.source.file.startswith(str(tree.managed)) else e
              for e in entries_of(read)]
    with pytest.raises(ValueError, match="managed policy is read-only"):
        adapter.write(ref, policy, expected=read)
    assert snapshot(tree.root) == before
    (tree.shop / "CLAUDE.md").write_text((tree.shop / "CLAUDE.md").read_text() + "\nAppended meanwhile.\n")
    before = snapshot(tree.root)
    with pytest.raises(DriftError, match="CLAUDE.md"):
        adapter.write(ref, entries_of(read)[1:], expected=read)
    assert snapshot(tree.root) == before


def test_hierarchy_write_refuses_a_linked_file_before_writing_anything(tree):
    agents = tree.shop / "AGENTS.md"
    (tree.shop / "CLAUDE.md").rename(agents)
    (tree.shop / "CLAUDE.md").symlink_to("AGENTS.md")
    ref = tree.mdref()
    read = tree.adapter.read(ref)
    before = snapshot(tree.root)
    entries = [edited(e, e.text + " Changed.") if e.source.anchor in ("style", "my-local-notes") else e
               for e in entries_of(read)]
    with pytest.raises(ValueError, match="symlink"):
        tree.adapter.write(ref, entries, expected=read)
    assert snapshot(tree.root) == before


def test_hierarchy_user_file_is_never_written(tree):
    adapter = tree.adapter
    ref = tree.mdref()
    read = adapter.read(ref)
    user_md = tree.home / ".claude" / "CLAUDE.md"
    before = user_md.read_bytes()
    entries = [edited(e, "## Git\n\nNever force-push.") if e.source.file == str(user_md) and e.source.anchor == "git"
               else e for e in entries_of(read)]
    with pytest.raises(ValueError, match="a user-level file is read-only for memrev"):
        adapter.write(ref, entries, expected=read)
    assert user_md.read_bytes() == before


def test_hierarchy_sync_keeps_ids_when_sections_move(tree, store):
    ref = [r for r in ADAPTER.discover(cwd=tree.shop, home=tree.home, env=tree.env) if r.kind == "claude-md"][0]
    first = import_source(store, ref, actor="test")
    assert len(first.added) == 12
    claude_md = tree.shop / "CLAUDE.md"
    ids = {e.source.anchor: e.id for e in store.entries() if e.source.file == str(claude_md)}
    text = claude_md.read_text()
    style = text[text.index("## Style"):]
    claude_md.write_text(text[: text.index("## Style")].replace("# Shop", style + "\n# Shop"))
    second = import_source(store, ref, actor="test")
    assert (second.added, second.revised, second.removed) == ([], [], [])
    moved = store.get(ids["style"])
    assert moved.provenance.citation.endswith("CLAUDE.md:1-3")


def test_rules_globs_and_colons_that_strict_yaml_refuses_still_read(tree):
    rules = tree.shop / ".claude" / "rules"
    (rules / "web.md").write_text("---\ndescription: Web: the front end # not a comment\npaths:\n"
                                  "  - **/*.tsx\n  - web/**\n---\n# Web rules\n\nComponents stay pure.\n")
    (rules / "css.md").write_text("---\npaths: **/*.css\n---\n# CSS rules\n\nNo inline styles.\n")
    read = tree.adapter.read(tree.mdref())
    natives = {f"{n.file.name}#{n.anchor}": n for n in read.entries}
    assert json.loads(natives["web.md#web-rules"].attributes["paths"]) == ["**/*.tsx", "web/**"]
    assert natives["css.md#css-rules"].attributes["paths"] == '["**/*.css"]'
    assert not [w for w in read.warnings if "frontmatter" in w]
