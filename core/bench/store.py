"""A reproducible speed check of the store: batched inserts with events, full-text and vector queries.

Each figure is measured next to a naive baseline in the same run on the same machine, so the ratio
says how much the real code path buys, whatever the hardware. Nothing here prints; the CLI does.
"""

from __future__ import annotations

import heapq
import math
import random
import statistics
import time
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Callable, Iterable, Sequence

from memrev.core.model import Entry, EntryType, Project, Provenance, Scope, ScopeKind, Source, Status, WrittenBy
from memrev.core.model import derive_entry_id
from memrev.core.store.embedding import cosine_distance
from memrev.core.store.memory_store import MemoryStore

INSERT = "insert rate with events"
FTS = "fts query p50"
VECTOR = "vector k=10 p50"
FIGURE_NAMES = (INSERT, FTS, VECTOR)
"""The figures `run_store_bench` returns, in this order."""

INSERT_AIM = 5_000.0
"""Entries per second that one batched `apply` (rows, revisions, events, FTS and vectors) should reach."""
FTS_AIM_MS = 5.0
VECTOR_AIM_MS = 10.0

BATCHED_DB = "bench-batched.db"
"""The file in `workdir` that ends up holding all n entries and their import events."""
SINGLE_DB = "bench-single.db"
"""The file in `workdir` for the one-transaction-per-entry baseline."""

SINGLE_SUBSET = 500
"""How many entries the one-per-transaction baseline applies (its rate is scaled, not extrapolated in time)."""
BRUTE_FORCE_QUERIES = 20
"""The pure-Python vector baseline is slow, so it times at most this many of the queries."""


@dataclass(frozen=True)
class Figure:
    """One measured number, its aim, and the baseline it was measured against in the same run."""

    name: str
    value: float
    unit: str
    aim: str
    baseline: float | None
    baseline_name: str
    ratio: float | None
    """How many times faster than the baseline (>1 means the real path wins)."""
    passed: bool | None = None
    """Whether the aim is met; None when nothing could be measured."""
    note: str = ""


def _fmt_value(value: float | None, unit: str) -> str:
    """A number with its unit, `n/a` for a missing or NaN one."""
    if value is None or math.isnan(value):
        return "n/a"
    if unit in ("trials", "completed", "occurrences"):
        return f"{value:,.0f} {unit}"
    if unit.endswith("/s"):
        return f"{value:,.0f} {unit}" if value >= 100 else f"{value:.1f} {unit}"
    if unit == "%":
        return f"{value:.1f} %"
    return f"{value:.3f} {unit}" if value < 10 else f"{value:,.1f} {unit}"


def format_figures(figures: Sequence[Figure]) -> str:
    """A plain, aligned text table of figures, with any notes underneath."""
    header = ("figure", "value", "aim", "met", "baseline", "ratio")
    rows = [header]
    for f in figures:
        met = "n/a" if f.passed is None else ("yes" if f.passed else "NO")
        baseline = "n/a" if f.baseline is None else f"{_fmt_value(f.baseline, f.unit)} ({f.baseline_name})"
        ratio = "n/a" if f.ratio is None or math.isnan(f.ratio) else f"{f.ratio:,.1f}x"
        rows.append((f.name, _fmt_value(f.value, f.unit), f.aim, met, baseline, ratio))
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    right = {1, 5}
    lines = []
    for index, row in enumerate(rows):
        cells = [cell.rjust(widths[i]) if i in right else cell.ljust(widths[i]) for i, cell in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
        if index == 0:
            lines.append("  ".join("-" * w for w in widths))
    notes = [f"note: {f.name}: {f.note}" for f in figures if f.note]
    return "\n".join(lines + ([""] + notes if notes else []))


# -- synthetic data -------------------------------------------------------------------------------

_FILES = (
    "src/api/routes.py", "src/api/auth.py", "src/db/models.py", "src/db/migrations/0042_add_order_index.sql",
    "tests/test_checkout.py", "tests/conftest.py", "web/components/CartDrawer.tsx", "web/hooks/useSession.ts",
    "package.json", "pyproject.toml", "Makefile", "docker-compose.yml", ".github/workflows/ci.yml",
    "config/settings.yaml", "scripts/deploy.sh", "cmd/server/main.go", "internal/cache/redis.go",
    "alembic.ini", "README.md", "src/workers/invoice_worker.py", "src/payments/stripe_client.py",
)
_FUNCTIONS = (
    "parse_config()", "apply_discount()", "OrderService.refund()", "retry_with_backoff()", "render_invoice()",
    "get_session()", "validate_webhook_signature()", "build_query()", "fetchInventory()", "useCartTotals()",
    "normalize_phone()", "CacheClient.get_or_set()", "schedule_reminders()", "export_csv()", "load_fixtures()",
)
_COMMANDS = (
    "pytest -q", "pytest -x tests/test_checkout.py", "npm run test:unit", "make lint", "pnpm install --frozen-lockfile",
    "docker compose up -d db", "uv sync", "go test ./...", "alembic upgrade head", "ruff check --fix",
    "cargo clippy", "git rebase -i main", "npm run build", "make migrate", "terraform plan",
)
_VERSIONS = (
    "Python 3.12", "Node 20.11", "Postgres 16", "React 18.3", "Django 5.0", "TypeScript 5.4", "Go 1.22",
    "Redis 7.2", "Next.js 14", "pydantic 2.7", "SQLAlchemy 2.0", "Celery 5.3",
)
_TOPICS = (
    "checkout", "billing", "search", "onboarding", "notifications", "the admin dashboard", "refunds",
    "the mobile API", "reporting", "rate limiting", "the invoice export", "feature flags",
)
_OPENERS: dict[EntryType, tuple[str, ...]] = {
    EntryType.FEEDBACK: (
        "Do not mock the database in {file}; the user wants integration tests against a real {version}.",
        "Always run `{command}` before committing changes to {file}.",
        "Use `{command}`, not the IDE test runner.",
        "Prefer {function} over a hand-rolled loop; the last review rejected a duplicate of it.",
        "Keep commits small and explain the why in the message; the user squashes nothing.",
        "The user asked for no new dependencies in {file} without asking first.",
        "Stop summarising the diff at the end of each answer; the user reads it anyway.",
    ),
    EntryType.PROJECT: (
        "{file} pins {version}; upgrading it breaks {function} in {topic}.",
        "{function} lives in {file} and is called from the {topic} flow.",
        "The release branch freezes on Thursdays; merges touching {topic} after that need the on-call lead.",
        "Migrations go through `{command}`; never edit {file} by hand after it has shipped.",
        "The flaky test in {file} is a known race in {function}; rerun it once before investigating.",
        "{topic} is being rewritten, so changes to {file} should stay minimal until the new module lands.",
    ),
    EntryType.USER: (
        "The user is a backend engineer new to the frontend; explain {topic} changes in terms of {version}.",
        "The user prefers short answers with the command first, for example `{command}`.",
        "The user works on {topic} most days and reviews pull requests in the afternoon.",
        "The user is on macOS with {version} installed through a version manager.",
    ),
    EntryType.REFERENCE: (
        "Bugs for {topic} are tracked in the Linear project PLAT; CI dashboards are on the internal Grafana.",
        "Run `{command}` to reproduce the failure; the log it writes explains {function}.",
        "The design doc for {topic} is linked from {file}; read it before changing {function}.",
        "Staging deploys with `{command}` and uses {version}; production is one minor version behind.",
    ),
    EntryType.UNKNOWN: (
        "Notes about {topic}: {function} is slow on large inputs and {file} has the profiling script.",
    ),
}
_DETAILS = (
    "This came up after the incident in {topic} last month.",
    "See {file} for the details.",
    "The fix was to call {function} once per request instead of per item.",
    "Running `{command}` locally takes about two minutes.",
    "It only fails on CI, where {version} is used.",
    "Check with the user before changing this again.",
    "The same applies to {function}.",
    "Version {version} is the minimum supported.",
    "The workaround is documented in {file}.",
    "Ask before touching {topic}, it is owned by another team.",
    "Timeouts were raised from 5 to 30 seconds because of it.",
    "Confirmed again when upgrading to {version}.",
)
_PROJECTS = tuple(
    Project.from_parts(
        root_commit=f"{i:02x}" * 20, remote=f"git@github.com:acme/{name}.git", path=f"/home/dev/src/{name}", name=name
    )
    for i, name in enumerate(("shop", "billing-service", "mobile-app", "infra"), start=1)
)
_TYPES = (EntryType.FEEDBACK, EntryType.PROJECT, EntryType.USER, EntryType.REFERENCE, EntryType.UNKNOWN)
_TYPE_WEIGHTS = (30, 40, 12, 15, 3)
_STATUSES = (Status.PENDING, Status.ACTIVE, Status.CONFIRMED)
_STATUS_WEIGHTS = (60, 30, 10)
_BASE_TIME = datetime(2025, 1, 6, 9, 0, tzinfo=timezone.utc)
MIN_TEXT, MAX_TEXT = 40, 400


def _fill(rng: random.Random, template: str) -> str:
    """Fill a template's slots with random files, functions, commands, versions and topics."""
    return template.format(
        file=rng.choice(_FILES), function=rng.choice(_FUNCTIONS), command=rng.choice(_COMMANDS),
        version=rng.choice(_VERSIONS), topic=rng.choice(_TOPICS),
    )


def _text(rng: random.Random, entry_type: EntryType) -> str:
    """One memory text of a random target length between MIN_TEXT and MAX_TEXT characters."""
    target = rng.randint(MIN_TEXT, MAX_TEXT)
    text = _fill(rng, rng.choice(_OPENERS[entry_type]))
    for _ in range(20):
        if len(text) >= target:
            break
        detail = _fill(rng, rng.choice(_DETAILS))
        if len(text) + 1 + len(detail) > MAX_TEXT:
            break
        text = f"{text} {detail}"
    if len(text) > MAX_TEXT:
        text = text[:MAX_TEXT].rsplit(" ", 1)[0]
    while len(text) < MIN_TEXT:
        text = f"{text} {_fill(rng, rng.choice(_DETAILS))}"[:MAX_TEXT]
    return text


def synthetic_entries(n: int, seed: int = 7) -> list[Entry]:
    """n deterministic, realistic memory entries spread over types, scopes, statuses and a few projects."""
    rng = random.Random(seed)
    entries = []
    for index in range(n):
        entry_type = rng.choices(_TYPES, _TYPE_WEIGHTS)[0]
        project = None if entry_type is EntryType.USER or rng.random() < 0.15 else rng.choice(_PROJECTS)
        kind = ScopeKind.TEAM if project is not None and rng.random() < 0.35 else ScopeKind.PRIVATE
        text = _text(rng, entry_type)
        folder = project.name if project else "global"
        source = Source(agent="claude-code", file=f"~/.claude/projects/{folder}/memory/MEMORY.md", anchor=f"bench-{seed}-{index}")
        provenance = Provenance(
            written_at=_BASE_TIME + timedelta(minutes=rng.randrange(0, 60 * 24 * 180)),
            written_by=WrittenBy.AGENT if rng.random() < 0.8 else WrittenBy.HUMAN,
            session=f"s-{rng.getrandbits(32):08x}",
            cwd=project.path if project else "/home/dev",
            branch=rng.choice(("main", "main", "develop", "feature/checkout-v2", "fix/flaky-ci")) if project else None,
            commit=f"{rng.getrandbits(160):040x}" if project else None,
        )
        entries.append(Entry(
            id=derive_entry_id(source, text), text=text, type=entry_type, scope=Scope(kind, project),
            source=source, provenance=provenance, confidence=round(rng.uniform(0.3, 0.95), 2),
            status=rng.choices(_STATUSES, _STATUS_WEIGHTS)[0],
        ))
    return entries


_STOPWORDS = frozenset(
    "about after again always another because before being called changes check does from have instead into "
    "last local locally month never nothing once only should since some than that their them then there these "
    "this through until used uses when where which while with without would".split()
)


def synthetic_queries(entries: Sequence[Entry], count: int, seed: int = 7) -> list[str]:
    """`count` one-to-three-word queries of content words one entry really uses, so most of them match."""
    rng = random.Random(seed + 1)
    queries: list[str] = []
    for _ in range(count * 20):
        if len(queries) >= count or not entries:
            break
        words = sorted({w for w in (raw.strip(".,;:`()'\"").lower() for raw in rng.choice(entries).text.split())
                        if len(w) >= 4 and w.isalpha() and w not in _STOPWORDS})
        if words:
            queries.append(" ".join(rng.sample(words, min(len(words), rng.choice((1, 1, 2, 2, 3))))))
    return queries


# -- measuring ------------------------------------------------------------------------------------


def _fresh(path: Path) -> Path:
    """Remove a previous run's database file and its WAL companions."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    return path


def _p50_ms(action: Callable[[str], object], queries: Iterable[str]) -> float:
    """The median wall time of `action(query)` in milliseconds, after one untimed warm-up."""
    queries = list(queries)
    action(queries[0])
    times = []
    for query in queries:
        start = time.perf_counter()
        action(query)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def _ratio(fast: float, slow: float) -> float | None:
    """slow/fast when both are positive, else None."""
    return slow / fast if fast > 0 and slow > 0 else None


def _insert_figure(entries: list[Entry], workdir: Path) -> Figure:
    """Apply all entries in one batch, then a subset one per transaction, into fresh files."""
    with MemoryStore(_fresh(workdir / BATCHED_DB)) as store:
        start = time.perf_counter()
        store.apply(entries, actor="bench")
        batched = len(entries) / (time.perf_counter() - start)
    subset = entries[:SINGLE_SUBSET]
    with MemoryStore(_fresh(workdir / SINGLE_DB)) as store:
        start = time.perf_counter()
        for entry in subset:
            store.apply([entry], actor="bench")
        single = len(subset) / (time.perf_counter() - start)
    return Figure(
        INSERT, batched, "entries/s", f">= {INSERT_AIM:,.0f} entries/s", single,
        f"one transaction per entry, {len(subset)} entries", _ratio(single, batched), batched >= INSERT_AIM,
    )


def _fts_figure(store: MemoryStore, queries: list[str]) -> Figure:
    """p50 of ranked FTS5 search against a LIKE scan over the same queries."""
    fts = _p50_ms(lambda q: store.search(q, limit=20), queries)

    def like_scan(query: str) -> list[str]:
        words = query.split()
        sql = "select id from entries where " + " and ".join("text like ?" for _ in words)
        return [row[0] for row in store.conn.execute(sql, [f"%{w}%" for w in words])]

    scan = _p50_ms(like_scan, queries)
    return Figure(
        FTS, fts, "ms", f"< {FTS_AIM_MS:g} ms", scan, "LIKE '%word%' scan", _ratio(fts, scan), fts < FTS_AIM_MS,
    )


def _vector_figure(store: MemoryStore, entries: list[Entry], texts: list[str]) -> Figure:
    """p50 of sqlite-vec k=10 neighbours against brute-force cosine in Python over the same vectors."""
    aim = f"< {VECTOR_AIM_MS:g} ms"
    if not store.semantic_enabled:
        return Figure(VECTOR, math.nan, "ms", aim, None, "python brute force", None, None,
                      note=store.semantic_notice or "semantic search is off")
    vec = _p50_ms(lambda t: store.neighbours(t, 10), texts)
    ids = [entry.id for entry in entries]
    vectors = store.embedder.embed([entry.text for entry in entries])

    def brute_force(text: str) -> list[int]:
        query = store.embedder.embed([text])[0]
        distances = [cosine_distance(query, vector) for vector in vectors]
        return heapq.nsmallest(10, range(len(ids)), key=distances.__getitem__)

    sample = texts[:BRUTE_FORCE_QUERIES]
    brute = _p50_ms(brute_force, sample)
    return Figure(
        VECTOR, vec, "ms", aim, brute, f"python brute force, {len(sample)} queries", _ratio(vec, brute),
        vec < VECTOR_AIM_MS,
    )


def run_store_bench(n: int = 10_000, *, workdir: Path, queries: int = 200) -> list[Figure]:
    """Measure insert rate, FTS p50 and vector p50 on n synthetic entries in real SQLite files in workdir."""
    if n < 1 or queries < 1:
        raise ValueError("the bench needs at least one entry and one query")
    workdir = Path(workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    entries = synthetic_entries(n)
    figures = [_insert_figure(entries, workdir)]
    search_queries = synthetic_queries(entries, queries)
    neighbour_texts = [entry.text for entry in synthetic_entries(queries, seed=8_675_309)]
    with MemoryStore(workdir / BATCHED_DB) as store:
        figures.append(_fts_figure(store, search_queries))
        figures.append(_vector_figure(store, entries, neighbour_texts))
    return figures
