"""A topic file's frontmatter of plain `key: words` lines is read exactly as YAML's composer reads it (values, key
order, places a writer edits in place), so the quick reading of simple blocks changes nothing a user sees."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memrev.core.sources.yaml_frontmatter import parse_frontmatter, _compose_reading, _read_block

WORD = st.text("abcxyzABZ019_", min_size=1, max_size=6)
KEY = st.sampled_from(["name", "description", "type", "modified", "pinned", "x_1", "Null", "true"])
VALUE = st.lists(WORD | st.sampled_from(["yes", "no", "null", "1.0", "2026", "true"]), min_size=1, max_size=4)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(KEY, VALUE), min_size=1, max_size=6))
def test_plain_key_value_lines_read_as_the_composer_reads_them(pairs: list[tuple[str, list[str]]]) -> None:
    lines = tuple(f"{key}: {' '.join(words)}" for key, words in pairs)
    assert _read_block(lines, len(lines) + 1) == _compose_reading(lines, len(lines) + 1)


def test_a_block_with_any_other_line_is_read_by_yaml() -> None:
    front = parse_frontmatter("---\nname: a note\ndescription: 'quoted: yes'\ntype: project  # why\n---\nbody\n")
    assert front.values == {"name": "a note", "description": "quoted: yes", "type": "project  # why"}
    assert front.places[("description",)].column == 13 and front.places[("description",)].style == "'"


def test_a_simple_block_keeps_each_value_where_a_writer_finds_it() -> None:
    text = "---\nname: run checks\ntype: project\nname: again\n---\nRun `make test`.\n"
    front = parse_frontmatter(text)
    assert front.keys == ["name", "type"] and front.values == {"name": "again", "type": "project"}
    place = front.places[("type",)]
    line = text.splitlines()[place.line]
    assert line[place.column:place.end_column] == "project" and front.body_line == 5
