"""The Hermes adapter on real files: discovery, import with provenance, Hermes's file-format vectors, caps,
bad files, write-back under Hermes's lock (including a real concurrent Hermes-style writer) and symlinks."""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import stat
import subprocess
import sys
import textwrap
from datetime import datetime, timezone
from pathlib import Path

import pytest

from hermes_writer import HERMES_ADD
from memrev.core.model import Entry, EntryType, ScopeKind, Source, WrittenBy
from memrev.core.safe_io import SourceFileError
from memrev.core.sources.base import DriftError, SourceRead, SourceRef
from memrev.core.sources.hermes import (
    ADAPTER,
    HermesAdapter,
    parse_entries,
    parse_memory_config,
    read_limits,
    render_snapshot,
)
from memrev.core.sources.reconcile import reconcile
from memrev.core.sources.sync import import_source

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "hermes" / "home"
SEP = "═" * 46


# -- helpers -----------------------------------------------------------------------------------------------


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A private copy of the fixture home, safe to write to."""
    target = tmp_path / "home"
    shutil.copytree(FIXTURE, target, symlinks=True)
    return target


@pytest.fixture
def mem(home: Path) -> Path:
    """The default profile's memory folder in the copied home."""
    return home / ".hermes" / "memories"


@pytest.fixture
def empty(tmp_path: Path) -> Path:
    """A fresh Hermes home with an empty memory folder."""
    folder = tmp_path / "fresh" / ".hermes" / "memories"
    folder.mkdir(parents=True)
    return folder


def ref(folder: Path) -> SourceRef:
    return ADAPTER.source_for("hermes", folder)


def entries_of(read: SourceRead) -> list[Entry]:
    """The read as store entries (what memrev would hand back to `write`)."""
    return reconcile(read, []).entries


def new_entry(text: str, file: Path | None = None, n: int = 0) -> Entry:
    """An entry made in memrev (no native file unless given)."""
    return Entry(id=f"m-new{n:08d}", text=text, source=Source(agent="hermes", file=str(file) if file else None))


def texts(folder: Path) -> dict[str, list[str]]:
    """What a fresh read finds, per file name."""
    found: dict[str, list[str]] = {}
    for native in ADAPTER.read(ref(folder)).entries:
        found.setdefault(native.file.name, []).append(native.text)
    return found


def tree(root: Path) -> dict[str, bytes | str]:
    """Every file under `root` (links as their target), to prove nothing changed."""
    found: dict[str, bytes | str] = {}
    for path in sorted(root.rglob("*")):
        key = str(path.relative_to(root))
        if path.is_symlink():
            found[key] = "-> " + os.readlink(path)
        elif path.is_file():
            found[key] = path.read_bytes()
    return found


def set_config(folder: Path, **limits: int) -> None:
    """Write the home's config.yaml with these `memory:` caps."""
    lines = ["memory:"] + [f"  {key}: {value}" for key, value in limits.items()]
    (folder.parent / "config.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_memory(folder: Path, data: str | bytes, name: str = "MEMORY.md") -> Path:
    path = folder / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


# -- discovery and source names ----------------------------------------------------------------------------


def test_discover_finds_the_home_and_every_profile(tmp_path: Path) -> None:
    refs = ADAPTER.discover(cwd=tmp_path, home=FIXTURE, env={})
    hermes = FIXTURE / ".hermes"
    assert [r.root for r in refs] == [
        hermes / "memories", hermes / "profiles/broken/memories", hermes / "profiles/office/memories"]
    assert {r.kind for r in refs} == {"hermes"}
    assert refs[0].detail.endswith("default profile (active)") and refs[2].detail.endswith("profile office")


def test_discover_puts_the_sticky_profile_first_and_marks_it_active(tmp_path: Path) -> None:
    root = tmp_path / ".hermes"
    for folder in (root / "memories", root / "profiles" / "desk" / "memories", root / "profiles" / "play" / "memories"):
        folder.mkdir(parents=True)
        (folder / "MEMORY.md").write_text(f"Note of {folder.parent.name}.")
    (root / "active_profile").write_text("Desk\n")  # Hermes lower-cases the id
    refs = ADAPTER.discover(cwd=tmp_path, home=tmp_path, env={})
    assert [r.root for r in refs] == [root / "profiles/desk/memories", root / "memories",
                                      root / "profiles/play/memories"]
    assert refs[0].detail == "Hermes notes and user profile, profile desk (active)"
    assert not [r for r in refs[1:] if "active" in r.detail]
    for sticky in ("../../elsewhere", "ghost", "default", ""):  # never a path; a missing profile is no profile
        (root / "active_profile").write_text(sticky)
        refs = ADAPTER.discover(cwd=tmp_path, home=tmp_path, env={})
        assert refs[0].root == root / "memories" and refs[0].detail.endswith("(active)")
    (root / "active_profile").write_text("desk")
    chosen = ADAPTER.discover(cwd=tmp_path, home=tmp_path, env={"HERMES_HOME": str(root / "profiles" / "play")})
    assert [(r.root, r.detail.endswith("(active)")) for r in chosen] == [(root / "profiles/play/memories", True)]


def test_discover_follows_hermes_home_from_the_env_mapping(tmp_path: Path) -> None:
    work = FIXTURE / ".hermes" / "profiles" / "office"
    only = ADAPTER.discover(cwd=tmp_path, home=tmp_path, env={"HERMES_HOME": str(work)})
    assert [r.root for r in only] == [work / "memories"]
    tilde = ADAPTER.discover(cwd=tmp_path, home=FIXTURE, env={"HERMES_HOME": "~/.hermes"})
    assert len(tilde) == 3
    assert ADAPTER.discover(cwd=tmp_path, home=FIXTURE, env={"HERMES_HOME": str(tmp_path / "nope")}) == []


def test_discover_returns_only_folders_that_exist(tmp_path: Path) -> None:
    assert ADAPTER.discover(cwd=tmp_path, home=tmp_path, env={}) == []
    (tmp_path / ".hermes" / "profiles" / "empty").mkdir(parents=True)
    assert ADAPTER.discover(cwd=tmp_path, home=tmp_path, env={}) == []


def test_source_for_accepts_home_memories_profile_and_file() -> None:
    hermes = FIXTURE / ".hermes"
    for spelling in (hermes, hermes / "memories", hermes / "memories" / "MEMORY.md", hermes / "memories" / "USER.md"):
        assert ADAPTER.source_for("hermes", spelling).root == hermes / "memories"
    profile = ADAPTER.source_for("hermes", hermes / "profiles" / "office")
    assert profile.root == hermes / "profiles" / "office" / "memories"
    assert profile.detail.endswith("profile office")


def test_source_for_refuses_other_paths_and_kinds(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not a Hermes home") as error:
        ADAPTER.source_for("hermes", tmp_path)
    assert str(tmp_path) in str(error.value) and "\n" not in str(error.value)
    with pytest.raises(ValueError, match="only hermes"):
        ADAPTER.source_for("codex", FIXTURE / ".hermes")


# -- reading -------------------------------------------------------------------------------------------------


def test_read_gives_entries_with_provenance() -> None:
    folder = FIXTURE / ".hermes" / "memories"
    read = ADAPTER.read(ref(folder))
    assert read.warnings == []
    memory, user = folder / "MEMORY.md", folder / "USER.md"
    assert [(e.file.name, e.line_start, e.line_end) for e in read.entries] == [
        ("MEMORY.md", 1, 1), ("MEMORY.md", 3, 4), ("MEMORY.md", 6, 6), ("MEMORY.md", 8, 8),
        ("USER.md", 1, 1), ("USER.md", 3, 3)]
    deploy = read.entries[1]
    assert deploy.text == ("Deploys go through `fly deploy --config fly.staging.toml` first.\n"
                           "Production needs an approval in #deploys.")
    assert deploy.citation == f"{memory}:3-4"
    assert read.entries[2].text == "Price fields are integers in cents (see § 4.2 of the billing spec)."
    assert "“Crème brûlée”" in read.entries[3].text
    assert read.entries[4].text == "Name: Ana. Backend dev, Go 10y, new to React."
    for native in read.entries:
        assert native.file.is_absolute() and native.anchor == "entry"
        assert native.scope_kind is ScopeKind.PRIVATE and native.project is None
        assert native.written_by is WrittenBy.AGENT and native.written_at_basis == "mtime"
        assert native.written_at == datetime.fromtimestamp(native.file.stat().st_mtime, timezone.utc)
        assert native.session is None and native.cwd is None and native.branch is None
        assert native.attributes["profile"] == "default"
    assert {e.type for e in read.entries[:4]} == {EntryType.PROJECT}
    assert {e.type for e in read.entries[4:]} == {EntryType.USER}
    assert read.entries[0].attributes["target"] == "memory" and read.entries[5].attributes["target"] == "user"
    assert read.files == {path: hashlib.sha256(path.read_bytes()).hexdigest() for path in (memory, user)}


def test_a_bom_and_crlf_file_reads_as_hermes_reads_it() -> None:
    folder = FIXTURE / ".hermes" / "profiles" / "office" / "memories"
    assert (folder / "USER.md").read_bytes().startswith(b"\xef\xbb\xbf")
    read = ADAPTER.read(ref(folder))
    assert read.warnings == []
    user = [e for e in read.entries if e.file.name == "USER.md"]
    assert [(e.text, e.line_start) for e in user] == [("Timezone is Europe/Lisbon.", 1),
                                                      ("Reviews PRs in the morning only.", 3)]


def test_bad_files_warn_by_name_and_the_rest_reads(tmp_path: Path) -> None:
    folder = FIXTURE / ".hermes" / "profiles" / "broken" / "memories"
    before = tree(folder)
    read = ADAPTER.read(ref(folder))
    assert [e.text for e in read.entries] == [
        "Kept entry one.", "Kept entry two.", "Pasted by hand after a blank line, not through the memory tool."]
    assert len(read.warnings) == 2
    drift, unreadable = read.warnings
    assert str(folder / "MEMORY.md") in drift and "not in the shape Hermes writes" in drift
    assert str(folder / "USER.md") in unreadable and "unreadable" in unreadable
    assert all("\n" not in w for w in read.warnings)
    assert tree(folder) == before  # reading never writes, not even a lock file


@pytest.mark.parametrize("raw, expected", [
    ("entry1\n§\nentry2", ["entry1", "entry2"]),
    ("same\n§\nsame\n§\ndifferent", ["same", "different"]),
    ("  trimmed  \n", ["trimmed"]),
    ("entry with § symbol", ["entry with § symbol"]),
    ("line one\nline two\n§\nunicode: 日本語 ✓ émoji 🎉", ["line one\nline two", "unicode: 日本語 ✓ émoji 🎉"]),
    ("a§b\n§ not a delimiter", ["a§b\n§ not a delimiter"]),
    ("\ufeffFirst fact.", ["First fact."]),
    ("", []),
    ("\n§\n\n§\n", []),
])
def test_file_format_vectors(empty: Path, raw: str, expected: list[str]) -> None:
    assert parse_entries(raw.removeprefix("\ufeff")) == expected
    write_memory(empty, raw)
    read = ADAPTER.read(ref(empty))
    assert [e.text for e in read.entries] == expected
    assert not [w for w in read.warnings if "unreadable" in w]


def test_read_is_stable_when_the_folder_vanished(empty: Path) -> None:
    source = ref(empty)
    shutil.rmtree(empty)
    read = ADAPTER.read(source)
    assert read.entries == [] and read.warnings == [f"{empty}: no such folder"]


def test_invalid_utf8_is_unreadable_and_never_written(mem: Path) -> None:
    user = write_memory(mem, b"\xff\xfe\x80\x81 not utf-8", "USER.md")
    read = ADAPTER.read(ref(mem))
    assert [w for w in read.warnings if str(user) in w and "unreadable" in w]
    assert {e.file.name for e in read.entries} == {"MEMORY.md"}
    before = tree(mem)
    with pytest.raises(ValueError, match="could not be read"):
        ADAPTER.write(ref(mem), entries_of(read) + [new_entry("Lives in Porto.", user)], expected=read)
    assert tree(mem) == before
    kept = entries_of(read)[:-1]  # a MEMORY.md change alone goes through and leaves USER.md alone
    result = ADAPTER.write(ref(mem), kept, expected=read)
    assert result.written == [mem / "MEMORY.md"]
    assert user.read_bytes() == b"\xff\xfe\x80\x81 not utf-8"


def test_a_folder_where_a_file_belongs_is_a_warning(mem: Path) -> None:
    (mem / "MEMORY.md").unlink()
    (mem / "MEMORY.md").mkdir()
    read = ADAPTER.read(ref(mem))
    assert read.warnings == [f"{mem / 'MEMORY.md'}: is a folder, expected a file"]
    assert [e.file.name for e in read.entries] == ["USER.md", "USER.md"]
    with pytest.raises(ValueError, match="not readable"):
        ADAPTER.write(ref(mem), [new_entry("A note.")], expected=read)
    result = ADAPTER.write(ref(mem), entries_of(read)[:1], expected=read)
    assert result.written == [mem / "USER.md"] and (mem / "MEMORY.md").is_dir()


# -- caps ----------------------------------------------------------------------------------------------------


def test_caps_count_python_characters_and_delimiters(empty: Path) -> None:
    set_config(empty, memory_char_limit=100, user_char_limit=20)
    read = ADAPTER.read(ref(empty))
    ADAPTER.write(ref(empty), [new_entry("x" * 100)], expected=read)
    assert (empty / "MEMORY.md").read_text(encoding="utf-8") == "x" * 100
    read = ADAPTER.read(ref(empty))
    before = tree(empty)
    with pytest.raises(ValueError, match=r"105/100 chars"):
        ADAPTER.write(ref(empty), [new_entry("x" * 50), new_entry("y" * 52, n=1)], expected=read)
    assert tree(empty) == before
    user = empty / "USER.md"
    ADAPTER.write(ref(empty), entries_of(read) + [new_entry("é" * 20, user)], expected=read)  # 20 chars, 40 bytes
    with pytest.raises(ValueError, match=r"USER.md: 21/20 chars .* user_char_limit"):
        ADAPTER.write(ref(empty), [new_entry("é" * 21, user)], expected=ADAPTER.read(ref(empty)))


def test_defaults_and_config_overrides() -> None:
    assert read_limits(FIXTURE / ".hermes" / "memories") == ({"MEMORY.md": 2200, "USER.md": 1375}, [])
    assert read_limits(FIXTURE / ".hermes" / "profiles" / "office" / "memories") == (
        {"MEMORY.md": 3000, "USER.md": 1500}, [])
    assert read_limits(FIXTURE / ".hermes" / "profiles" / "broken" / "memories")[0] == {
        "MEMORY.md": 2200, "USER.md": 1375}
    config = textwrap.dedent("""\
        # top comment
        memory_char_limit: 1   # a top-level key, not under memory:
        memory:
          memory_char_limit: "4000"  # quoted
          nested:
            user_char_limit: 9
          user_char_limit: 700
        other:
          user_char_limit: 5
        """)
    assert parse_memory_config(config) == {"memory_char_limit": "4000", "user_char_limit": "700"}


def test_a_bad_config_value_warns_and_keeps_the_default(empty: Path) -> None:
    (empty.parent / "config.yaml").write_text("memory:\n  memory_char_limit: lots\n", encoding="utf-8")
    limits, warnings = read_limits(empty)
    assert limits["MEMORY.md"] == 2200
    assert len(warnings) == 1 and str(empty.parent / "config.yaml") in warnings[0]
    assert ADAPTER.read(ref(empty)).warnings == warnings


def test_an_over_limit_file_loads_with_a_warning(empty: Path) -> None:
    set_config(empty, memory_char_limit=500)
    path = write_memory(empty, "x" * 600)
    read = ADAPTER.read(ref(empty))
    assert [e.text for e in read.entries] == ["x" * 600]
    over = [w for w in read.warnings if "exceeds" in w]
    assert over == [f"{path}: 600/500 chars exceeds Hermes's memory_char_limit; "
                    "Hermes still loads it but refuses to add to it"]
    assert any("longer than the whole 500-char cap" in w for w in read.warnings)  # Hermes's drift signal 2
    set_config(empty, memory_char_limit=100)
    write_memory(empty, "a" * 50 + "\n§\n" + "b" * 52)
    read = ADAPTER.read(ref(empty))
    assert len(read.entries) == 2 and read.warnings == [
        f"{path}: 105/100 chars exceeds Hermes's memory_char_limit; Hermes still loads it but refuses to add to it"]


# -- write-back ----------------------------------------------------------------------------------------------


def test_saving_two_entries_gives_hermes_exact_file(empty: Path) -> None:
    read = ADAPTER.read(ref(empty))
    assert read.files == {empty / "MEMORY.md": None, empty / "USER.md": None}
    result = ADAPTER.write(ref(empty), [new_entry("first"), new_entry("second", n=1)], expected=read)
    memory = empty / "MEMORY.md"
    assert result.written == [memory] and result.unchanged == []
    assert memory.read_bytes() == "first\n§\nsecond".encode("utf-8")
    assert not (empty / "USER.md").exists()
    assert list(empty.glob(".mem_*.tmp")) == [] and list(empty.glob("*.tmp")) == []
    assert stat.S_IMODE(memory.stat().st_mode) == 0o600  # as Hermes's mkstemp leaves a new file


@pytest.mark.parametrize("profile", ["memories", "profiles/office/memories", "profiles/broken/memories"])
def test_writing_back_what_was_read_changes_no_byte(home: Path, profile: str) -> None:
    folder = home / ".hermes" / profile
    before = tree(folder)
    read = ADAPTER.read(ref(folder))
    result = ADAPTER.write(ref(folder), entries_of(read), expected=read)
    assert result.written == []
    assert result.unchanged == [folder / "MEMORY.md", folder / "USER.md"]
    assert tree(folder) == before  # not rewritten, and no lock taken for nothing


def test_read_write_read_keeps_the_reviewed_entries(mem: Path) -> None:
    (mem / "MEMORY.md").chmod(0o644)
    read = ADAPTER.read(ref(mem))
    shop, deploy, price, cafe, name, terse = entries_of(read)
    reviewed = [deploy, shop.evolve(text="Shop repo: run `make test-fast` before pushing; the full suite takes 15 min."),
                cafe, new_entry("CI runs on GitHub Actions; `ci.yml` is the only workflow."),
                name, new_entry("Wants answers in British English.", mem / "USER.md", n=1)]
    result = ADAPTER.write(ref(mem), reviewed, expected=read)
    assert result.written == [mem / "MEMORY.md", mem / "USER.md"] and result.unchanged == []
    assert texts(mem) == {
        "MEMORY.md": [deploy.text, reviewed[1].text, cafe.text, reviewed[3].text],
        "USER.md": [name.text, "Wants answers in British English."],
    }
    assert (mem / "USER.md").read_text(encoding="utf-8") == (
        "Name: Ana. Backend dev, Go 10y, new to React.\n§\nWants answers in British English.")
    assert not (mem / "MEMORY.md").read_bytes().endswith(b"\n")
    assert stat.S_IMODE((mem / "MEMORY.md").stat().st_mode) == 0o644  # the file's mode is kept
    again = ADAPTER.read(ref(mem))
    assert ADAPTER.write(ref(mem), entries_of(again), expected=again).written == []


def test_a_write_is_refused_when_files_changed_since_the_read(mem: Path, empty: Path) -> None:
    read = ADAPTER.read(ref(mem))
    memory = mem / "MEMORY.md"
    memory.write_text(memory.read_text(encoding="utf-8") + "\n§\nAdded by Hermes meanwhile.", encoding="utf-8")
    changed = memory.read_bytes()
    with pytest.raises(DriftError, match="MEMORY.md: changed since memrev read it"):
        ADAPTER.write(ref(mem), entries_of(read)[1:], expected=read)
    assert memory.read_bytes() == changed and not (mem / "MEMORY.md.lock").exists()
    read = ADAPTER.read(ref(mem))
    (mem / "USER.md").unlink()
    with pytest.raises(DriftError, match="USER.md: was deleted"):
        ADAPTER.write(ref(mem), entries_of(read)[1:], expected=read)
    read = ADAPTER.read(ref(empty))
    write_memory(empty, "Hermes wrote first.", "USER.md")
    with pytest.raises(DriftError, match="USER.md: appeared"):
        ADAPTER.write(ref(empty), [new_entry("memrev note")], expected=read)
    assert not (empty / "MEMORY.md").exists()


def test_a_drifted_file_is_not_rewritten(home: Path) -> None:
    folder = home / ".hermes" / "profiles" / "broken" / "memories"
    read = ADAPTER.read(ref(folder))
    before = tree(folder)
    with pytest.raises(ValueError, match="not in the shape Hermes writes"):
        ADAPTER.write(ref(folder), entries_of(read)[:2], expected=read)
    assert tree(folder) == before


@pytest.mark.parametrize("bad, message", [
    ("one\n§\ntwo", "would not read back as one entry"),
    ("ends with a lone\n§", "would not read back as one entry"),
    ("carriage\rreturn", "would not read back as one entry"),
    ("   ", "is empty"),
    ("Shop repo: run `make test-fast` before pushing; the full suite takes 12 min.", "appears twice"),
    ("bad \udc80 surrogate", "cannot encode"),
])
def test_entries_hermes_would_not_load_back_are_refused(mem: Path, bad: str, message: str) -> None:
    read = ADAPTER.read(ref(mem))
    before = tree(mem)
    with pytest.raises(ValueError, match=message):  # first, so an entry follows it
        ADAPTER.write(ref(mem), [new_entry(bad)] + entries_of(read), expected=read)
    assert tree(mem) == before


# -- symlinks and the lock -----------------------------------------------------------------------------------


def test_a_memory_file_linked_outside_is_neither_read_nor_written(mem: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.md"
    outside.write_text("Secret kept outside the memory folder.", encoding="utf-8")
    (mem / "MEMORY.md").unlink()
    (mem / "MEMORY.md").symlink_to(outside)
    read = ADAPTER.read(ref(mem))
    assert [e.file.name for e in read.entries] == ["USER.md", "USER.md"]
    assert read.warnings == [f"{mem / 'MEMORY.md'}: points outside the memory folder {mem}; not followed"]
    assert mem / "MEMORY.md" not in read.files
    with pytest.raises(ValueError, match="MEMORY.md: was not readable"):
        ADAPTER.write(ref(mem), entries_of(read) + [new_entry("Through the link?")], expected=read)
    result = ADAPTER.write(ref(mem), entries_of(read)[:1], expected=read)
    assert result.written == [mem / "USER.md"]
    assert outside.read_text(encoding="utf-8") == "Secret kept outside the memory folder."
    assert (mem / "MEMORY.md").is_symlink()


def test_the_lock_file_is_private_even_under_a_loose_umask(empty: Path) -> None:
    old = os.umask(0o002)
    try:
        ADAPTER.write(ref(empty), [new_entry("first")], expected=ADAPTER.read(ref(empty)))
    finally:
        os.umask(old)
    assert stat.S_IMODE((empty / "MEMORY.md.lock").stat().st_mode) == 0o600
    assert not (empty / "USER.md.lock").exists()  # only the file being written is locked


def test_a_symlinked_lock_is_refused(mem: Path, tmp_path: Path) -> None:
    decoy = tmp_path / "decoy.lock"
    decoy.write_text("", encoding="utf-8")
    (mem / "MEMORY.md.lock").symlink_to(decoy)
    read = ADAPTER.read(ref(mem))
    before = (mem / "MEMORY.md").read_bytes()
    with pytest.raises(SourceFileError, match="MEMORY.md.lock: is a symlink"):
        ADAPTER.write(ref(mem), entries_of(read)[1:], expected=read)
    assert (mem / "MEMORY.md").read_bytes() == before and decoy.read_text(encoding="utf-8") == ""


def test_a_held_lock_times_out_with_one_line(mem: Path) -> None:
    read = ADAPTER.read(ref(mem))
    before = (mem / "MEMORY.md").read_bytes()
    with open(mem / "MEMORY.md.lock", "a+") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        with pytest.raises(SourceFileError, match="still locked after 0.2 s") as error:
            HermesAdapter(lock_timeout=0.2).write(ref(mem), entries_of(read)[1:], expected=read)
    assert "\n" not in str(error.value)
    assert (mem / "MEMORY.md").read_bytes() == before




def test_a_concurrent_hermes_add_is_never_lost(empty: Path) -> None:
    set_config(empty, memory_char_limit=100_000)
    memory = empty / "MEMORY.md"
    write_memory(empty, "Seed entry.")
    outcomes = {"refused": 0, "written first": 0}
    for i in range(90):  # 30 rounds, more until both interleavings happened (a loaded machine shifts the timing)
        if i >= 30 and all(outcomes.values()):
            break
        read = ADAPTER.read(ref(empty))
        mine = f"memrev note {i:02d}"
        theirs = f"hermes add {i:02d}"
        delay = (0.05, 0.0, 0.002)[i % 3]  # Hermes late, at once, or about when memrev takes the lock
        hermes = subprocess.Popen([sys.executable, "-c", HERMES_ADD, str(memory), theirs, str(delay)],
                                  stdout=subprocess.PIPE, text=True)
        assert hermes.stdout is not None and hermes.stdout.readline().strip() == "ready"
        try:
            ADAPTER.write(ref(empty), entries_of(read) + [new_entry(mine, n=i)], expected=read)
            wrote = True
        except DriftError:
            wrote = False
        assert hermes.wait(timeout=20) == 0
        on_disk = parse_entries(memory.read_text(encoding="utf-8"))
        assert theirs in on_disk, f"iteration {i}: Hermes's entry was lost"
        if wrote:
            assert on_disk[-2:] == [mine, theirs]
            outcomes["written first"] += 1
        else:
            assert mine not in on_disk
            outcomes["refused"] += 1
        assert list(empty.glob(".mem_*.tmp")) == []
    assert outcomes["refused"] and outcomes["written first"], outcomes  # both interleavings happened


# -- the snapshot Hermes injects -----------------------------------------------------------------------------


def test_render_snapshot_is_what_hermes_injects() -> None:
    notes = ["User prefers dark mode", "Project uses Python 3.10"]
    assert render_snapshot(notes, "memory", 2200) == (
        f"{SEP}\nMEMORY (your personal notes) [2% — 49/2,200 chars]\n{SEP}\n"
        "User prefers dark mode\n§\nProject uses Python 3.10")
    assert render_snapshot(["x" * 2000], "user", 1375) == (
        f"{SEP}\nUSER PROFILE (who the user is) [100% — 2,000/1,375 chars]\n{SEP}\n" + "x" * 2000)
    assert render_snapshot([], "memory", 2200) is None
    assert len(SEP) == 46 and set(SEP) == {"\u2550"}


# -- change detection through the real store -----------------------------------------------------------------


def test_import_tracks_additions_revisions_removals_and_moves(store, mem: Path) -> None:
    source = ref(mem)
    memory = mem / "MEMORY.md"
    first = import_source(store, source, actor="test")
    assert len(first.added) == 6 and first.read.warnings == []
    by_text = {e.text: e for e in store.entries()}
    shop = by_text["Shop repo: run `make test-fast` before pushing; the full suite takes 12 min."]
    stored = store.get(shop.id)
    assert stored is not None and stored.source.agent == "hermes" and stored.source.file == str(memory)
    assert stored.provenance.citation == f"{memory}:1" and stored.type is EntryType.PROJECT

    again = import_source(store, source, actor="test")
    assert again.added == again.revised == again.removed == [] and len(again.unchanged) == 6

    entries = parse_entries(memory.read_text(encoding="utf-8"))
    memory.write_text("\n§\n".join(entries + ["Staging DB resets nightly at 03:00 UTC."]), encoding="utf-8")
    added = import_source(store, source, actor="test")
    assert len(added.added) == 1
    assert store.get(added.added[0]).text == "Staging DB resets nightly at 03:00 UTC."

    entries = parse_entries(memory.read_text(encoding="utf-8"))
    entries[0] = entries[0].replace("12 min", "15 min")
    memory.write_text("\n§\n".join(entries), encoding="utf-8")
    revised = import_source(store, source, actor="test")
    assert shop.id in revised.revised and revised.added == []
    assert len(store.revisions(shop.id)) == 2 and store.get(shop.id).text.endswith("15 min.")

    price = by_text["Price fields are integers in cents (see § 4.2 of the billing spec)."]
    memory.write_text("\n§\n".join([e for e in entries if e != price.text]), encoding="utf-8")
    removed = import_source(store, source, actor="test")
    assert removed.removed == [price.id]
    gone = store.get(price.id)
    assert gone is not None and gone.removed_at is not None

    entries = parse_entries(memory.read_text(encoding="utf-8"))
    memory.write_text("\n§\n".join(entries[1:] + entries[:1]), encoding="utf-8")
    moved = import_source(store, source, actor="test")
    assert moved.added == [] and moved.removed == []
    assert store.get(shop.id).provenance.citation == f"{memory}:8"  # deploy spans 1-2


def test_a_config_that_is_not_yaml_warns_in_one_line_and_keeps_the_defaults(empty: Path) -> None:
    config = empty.parent / "config.yaml"
    config.write_text("memory:\n  memory_char_limit: [4000\n", encoding="utf-8")
    limits, warnings = read_limits(empty)
    assert limits == {"MEMORY.md": 2200, "USER.md": 1375}
    assert len(warnings) == 1 and warnings[0].startswith(f"{config}: not YAML (line ")
    assert "\n" not in warnings[0]
    config.write_text("memory: {memory_char_limit: 3100, user_char_limit: '900'}\n", encoding="utf-8")
    assert read_limits(empty) == ({"MEMORY.md": 3100, "USER.md": 900}, [])
