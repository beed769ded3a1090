"""What one source file holds for the checker: its identifiers and flags, and the names it defines, in one read."""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_FILE_BYTES = 1_000_000
"""Files larger than this are not read for names (generated or data files); their paths are still checked."""

_TOKEN = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*[\w]|(?<![\w-])-[A-Za-z]\b|[A-Za-z_]\w*")
"""Identifiers, and flags (`--name`, `-x`) that do not start inside another word."""

_DEFINITION = re.compile(
    r"""^[ \t]*(?:
        (?:async[ \t]+)?def[ \t]+(?P<py>\w+)                                   # Python functions and methods
      | (?:(?:export|default|abstract|public|private|protected|internal|static|final|sealed|open|data|partial)[ \t]+)*
        class[ \t]+(?P<cls>\w+)                                                # classes (Java, Kotlin, C# modifiers too)
      | (?:export[ \t]+)?(?:default[ \t]+)?(?:async[ \t]+)?function\*?[ \t]+(?P<js>\w+)  # JavaScript functions
      | (?:export[ \t]+)?(?:const|let|var)[ \t]+(?P<jsv>\w+)[ \t]*(?::[^=]+)?=  # JavaScript bindings
      | func[ \t]+(?:\([^)]*\)[ \t]*)?(?P<go>\w+)                               # Go functions and methods
      | type[ \t]+(?P<gotype>\w+)[ \t]+(?:struct|interface)                     # Go types
      | (?:pub(?:\([^)]*\))?[ \t]+)?(?:(?:async|const|unsafe)[ \t]+)*(?:fn|struct|enum|trait|mod)[ \t]+(?P<rs>\w+)  # Rust
      | (?:(?:export|declare|public|private|protected|internal|static|sealed)[ \t]+)*
        (?:interface|enum|type|record|@interface)[ \t]+(?P<ts>\w+)             # TypeScript, Java and C# types
      | module[ \t]+(?P<rb>[A-Z]\w*)                                            # Ruby modules
      | (?<=[ \t])(?:(?:public|private|protected|static|async|override|readonly|abstract|get|set)[ \t]+)*
        (?P<method>[A-Za-z_$][\w$]*)[ \t]*(?:<[^>\n]*>)?\((?:[^()\n]|\([^()\n]*\))*\)  # class methods (TypeScript,
        [ \t]*(?::[^={;\n]+)?\{[ \t]*$                                           # JavaScript), on one line
      | (?P<const>[A-Za-z_]\w*)[ \t]*(?::[^=\n]+)?=(?!=)                          # top-level assignments
    )""",
    re.VERBOSE | re.MULTILINE,
)


_NOT_METHODS = frozenset("""
if for while switch catch with return function synchronized foreach using lock fixed else elif new await typeof
delete throw yield case super this constructor
""".split())
"""Keywords and calls a line can open like a method head (`if (ready) {`), and constructors, which name no method."""


@dataclass(frozen=True)
class FileNames:
    """The identifiers and flags a file mentions, the names it defines with their lines, and its line count."""

    tokens: frozenset[str]
    definitions: tuple[tuple[str, int], ...]
    lines: int


EMPTY = FileNames(frozenset(), (), 0)


def scan_text(text: str) -> FileNames:
    """Every token and definition in one file's text."""
    tokens = frozenset(_TOKEN.findall(text))
    definitions: list[tuple[str, int]] = []
    if "=" in text or "def" in text or "class" in text or "fn" in text or "func" in text or "struct" in text \
            or "enum" in text or "trait" in text or "interface" in text or "type" in text or "module" in text:
        line, last = 1, 0
        for match in _DEFINITION.finditer(text):
            name = next(value for value in match.groupdict().values() if value)
            if match.group("const") and match.start() != match.start("const") or match.group("method") \
                    and name in _NOT_METHODS:
                continue  # an indented assignment is a local variable, not a definition; `if (x) {` no method
            line += text.count("\n", last, match.start())
            last = match.start()
            definitions.append((name, line))
    return FileNames(tokens, tuple(definitions), text.count("\n") + (0 if text.endswith("\n") or not text else 1))


def scan_bytes(data: bytes) -> FileNames | None:
    """Names in a file's bytes; None for a binary file (a NUL in its first 8 KiB) or one too large to read."""
    if len(data) > MAX_FILE_BYTES or b"\x00" in data[:8192]:
        return None
    return scan_text(data.decode("utf-8", "replace"))
