"""The filter language on attributes: `field:value` on an attribute, `importance>=3` comparisons, and narrowing
that never skips an entry a wider comparison would show."""

from __future__ import annotations

from memrev.core.model import Entry, Project, Scope, Source
from memrev.core.store.query import EntryIndex, parse_query, query_problems

SHOP = Project.from_parts(root_commit="a" * 40, remote=None, path=None, name="shop")
ENTRIES = [
    Entry(id="m-vpn", text="Staging deploys need the VPN.", source=Source(agent="openclaw"),
          attributes={"trigger": "deploy, staging", "importance": "8"}),
    Entry(id="m-lunch", text="Lunch orders go in the kitchen channel.", attributes={"importance": "2"}),
    Entry(id="m-ten", text="The on-call rota is in the wiki.", attributes={"importance": "10"}),
    Entry(id="m-user", text="Prefer concise summaries.", attributes={"observed": "2026-07-27", "status": "active"}),
    Entry(id="m-old", text="Prefer long explanations.", attributes={"observed": "2026-05-10", "status": "superseded"}),
    Entry(id="m-pin", text="Tag releases on main.", scope=Scope(project=SHOP), attributes={"pinned": "yes"}),
    Entry(id="m-plain", text="Nothing beside the text; it mentions importance and pinned."),
]


def ids(query: str, index: EntryIndex | None = None) -> list[str]:
    return [entry.id for entry in (index or EntryIndex(ENTRIES)).filter(query)]


def test_comparisons_read_numbers_as_numbers_and_dates_as_text():
    assert ids("importance>=3") == ["m-vpn", "m-ten"]  # 10 is more than 3, as a number
    assert ids("importance<3") == ["m-lunch"]
    assert ids("importance=10") == ["m-ten"]
    assert ids("observed>2026-06-01") == ["m-user"]
    assert parse_query("importance>=3 vpn").compares == (("importance", ">=", "3"),)


def test_attribute_fields_and_words():
    assert ids("trigger:deploy") == ["m-vpn"]
    assert ids("pinned:yes") == ["m-pin"]
    assert ids("pinned") == ["m-pin", "m-plain"]  # a word: the attribute, or the text that says it
    assert ids("pinned project:shop") == ["m-pin"]


def test_typing_on_a_comparison_never_keeps_a_narrower_earlier_result():
    index = EntryIndex(ENTRIES)
    assert ids("importance<3", index) == ["m-lunch"]
    assert ids("importance<30", index) == ["m-vpn", "m-lunch", "m-ten"]  # wider: scanned again, not narrowed


def test_a_comparison_on_a_field_that_cannot_compare_is_named():
    assert any("trigger cannot be compared" in problem for problem in query_problems("trigger>=3"))
    assert query_problems("importance>=3 observed<2026-06-01") == []
