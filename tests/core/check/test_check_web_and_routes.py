"""Two false alarms of the real labelled set (issue #15): browser APIs named beside a component are what it calls,
not names the repository defines or loses; and Next.js route folders (`(group)`, `[id]`, `[...slug]`) are read as
part of the path they sit in, not cut off at the bracket."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from gitrepo import GitRepo

from memrev.core.check.checker import Checker
from memrev.core.check.model import RefStatus
from memrev.core.check.references import extract_references
from memrev.core.model import Entry

NOW = datetime(2026, 7, 1, tzinfo=timezone.utc)
_BUTTON = ("export function CopyButton({ text }: { text: string }) {\n"
           "  return <button onClick={() => navigator.clipboard.writeText(text)}>Copy</button>;\n}\n")


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> tuple[GitRepo, str]:
    """A Next.js shop whose components call browser APIs, with a product page under a route group, whose cart moved
    from localStorage to a server action, and whose blog route was renamed."""
    repo = GitRepo(tmp_path_factory.mktemp("web") / "shop")
    repo.write("src/components/CopyButton.tsx", _BUTTON)
    repo.write("src/components/Cart.tsx", "export function Cart() {\n  const saved = window.localStorage.getItem('cart');"
                                          "\n  return fetch('/api/cart');\n}\n")
    repo.write("src/app/(shop)/products/[id]/page.tsx", "export default function Product() {\n  return null;\n}\n")
    repo.write("src/app/blog/[slug]/page.tsx", "export default function Post() {\n  return null;\n}\n")
    start = repo.commit("Shop")
    repo.write("src/components/Cart.tsx", "export function Cart() {\n  return saveCart();\n}\n")
    repo.write("src/actions.ts", "export async function saveCart() {}\n")
    repo.mv("src/app/blog/[slug]/page.tsx", "src/app/blog/[...slug]/page.tsx")
    repo.commit("Cart on the server; catch-all blog route")
    return repo, start


def check(shop: tuple[GitRepo, str], text: str) -> dict[str, object]:
    """One entry verified at the first commit, checked at HEAD as `memrev check` does (with the removals looked up
    in git's history): its references by text, and its verdict."""
    repo, start = shop
    checker = Checker(repo.path, clock=lambda: NOW)
    try:
        result = checker.check_all([Entry(id="e", text=text, verified_commit=start)])["e"]
        result = checker.find_removals(budget=30.0).get("e", result)
    finally:
        checker.close()
    return {"verdict": result.verdict.value, **{ref.text: ref for ref in result.references}}


def test_browser_apis_beside_a_component_are_never_missing(shop) -> None:
    refs = check(shop, "`src/components/Cart.tsx` keeps the cart in `window.localStorage` and loads it with "
                       "`fetch()`; `CopyButton` copies with `navigator.clipboard.writeText()`.")
    for name in ("fetch()", "window.localStorage", "navigator.clipboard.writeText()"):
        assert refs[name].status is RefStatus.UNVERIFIABLE, name
        assert "browser or JavaScript runtime API" in refs[name].evidence
    assert refs["CopyButton"].status is RefStatus.OK
    assert refs["verdict"] != "stale"


def test_a_repository_function_named_like_a_browser_api_is_still_checked(shop) -> None:
    refs = check(shop, "`saveCart()` in `src/actions.ts` stores the cart.")
    assert refs["saveCart()"].status is RefStatus.OK


@pytest.mark.parametrize("text, path", [
    ("The product page is `src/app/(shop)/products/[id]/page.tsx`.", "src/app/(shop)/products/[id]/page.tsx"),
    ("Products render from src/app/(shop)/products/[id]/page.tsx.", "src/app/(shop)/products/[id]/page.tsx"),
    ("Catch-all: app/docs/[[...slug]]/page.tsx; modal: app/@modal/(.)photo/page.tsx.", "app/docs/[[...slug]]/page.tsx"),
])
def test_route_folders_are_part_of_the_path(text: str, path: str) -> None:
    paths = [ref.value for ref in extract_references(text) if ref.kind == "path"]
    assert paths[0] == path
    assert all("/" in value or value.endswith(".tsx") for value in paths)


def test_a_route_group_path_holds_and_a_renamed_route_folder_is_renamed(shop) -> None:
    refs = check(shop, "Product page: `src/app/(shop)/products/[id]/page.tsx`. Blog posts: "
                       "`src/app/blog/[slug]/page.tsx`.")
    assert refs["src/app/(shop)/products/[id]/page.tsx"].status is RefStatus.OK
    renamed = refs["src/app/blog/[slug]/page.tsx"]
    assert renamed.status is RefStatus.RENAMED and renamed.suggestion == "src/app/blog/[...slug]/page.tsx"


def test_a_url_route_is_not_a_file_of_the_repository(shop) -> None:
    refs = check(shop, "The cart posts to /api/cart.")
    assert refs["/api/cart"].status is RefStatus.UNVERIFIABLE and refs["verdict"] != "stale"


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> tuple[GitRepo, str]:
    """A Java service with modifiers before its classes, a TypeScript file that imports a type, and a PowerShell
    script that stopped naming ExecutionPolicy; later a handler class is renamed."""
    repo = GitRepo(tmp_path_factory.mktemp("java") / "service")
    repo.write("src/main/java/app/JsonbConverter.java", "package app;\n\npublic final class JsonbConverter {\n}\n")
    repo.write("src/main/java/app/ApiHandler.java", "package app;\n\npublic class ApiHandler {\n}\n")
    repo.write("src/main/java/app/Status.java", "package app;\n\npublic enum Status { OK }\n")
    repo.write("test/journal.ts", 'import { type JournalEntry } from "@prisma/client";\n\nexport const a = 1;\n')
    repo.write("scripts/setup.ps1", "Set-ExecutionPolicy Bypass\n")
    repo.write("deploy.sh", "echo deploy\n")
    repo.write("web/DeployCard.tsx", "export function DeployCard() {}\n")
    start = repo.commit("Service")
    repo.mv("src/main/java/app/ApiHandler.java", "src/main/java/app/GlobalApiHandler.java")
    repo.write("src/main/java/app/GlobalApiHandler.java", "package app;\n\npublic class GlobalApiHandler {\n}\n")
    repo.write("test/journal.ts", "export const a = 1;\n")
    repo.write("scripts/setup.ps1", "Write-Host setup\n")
    repo.commit("Rename the handler; drop the type import; simpler setup")
    return repo, start


def test_java_classes_with_modifiers_are_definitions(service) -> None:
    refs = check(service, "`JsonbConverter` converts JSONB; `Status` lists states; `ApiHandler` maps errors.")
    assert refs["JsonbConverter"].status is RefStatus.OK and "JsonbConverter.java:3" in refs["JsonbConverter"].evidence
    assert refs["Status"].status is RefStatus.OK
    assert refs["ApiHandler"].status is RefStatus.MISSING


def test_names_the_repository_only_imported_or_used_are_unverifiable_once_gone(service) -> None:
    refs = check(service, "`JournalEntry` rows come from Prisma; `scripts/setup.ps1` bypasses ExecutionPolicy.")
    assert refs["JournalEntry"].status is RefStatus.UNVERIFIABLE
    assert refs["ExecutionPolicy"].status is RefStatus.UNVERIFIABLE and refs["verdict"] != "stale"


def test_a_symbol_has_not_moved_from_a_file_that_never_existed(service) -> None:
    refs = check(service, "`DeployCard` runs `bash deploy.sh` and shows a stepper.")
    assert refs["DeployCard"].status is RefStatus.OK and refs["verdict"] != "stale"
