"""The parameters of a named function as its file defines them (Python read with `ast`, TypeScript and JavaScript
with a bracket-aware reader of function, arrow and method heads), so an entry's stated defaults and signatures can
be compared with the code."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

_PY = (".py", ".pyi")
_JS = (".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs")
_OPEN, _CLOSE = "([{<", ")]}>"


@dataclass(frozen=True)
class Param:
    """One parameter: its name, its default as written (None when it has none), and whether a caller may omit it."""

    name: str
    default: str | None
    optional: bool
    rest: bool = False


@dataclass(frozen=True)
class Signature:
    """A function's parameters (without self or cls) and the line its head starts on."""

    name: str
    params: tuple[Param, ...]
    line: int

    def text(self) -> str:
        """The signature as a reader writes it: name(a, b=5, *rest)."""
        shown = [("..." if p.rest else "") + p.name + (f"={p.default}" if p.default is not None else "")
                 for p in self.params]
        return f"{self.name}({', '.join(shown)})"

    def arity(self) -> tuple[int, int | None]:
        """The fewest and most arguments a call may pass (None: any number, through *args or ...rest)."""
        fixed = [p for p in self.params if not p.rest]
        most = None if any(p.rest for p in self.params) else len(fixed)
        return sum(1 for p in fixed if not p.optional), most


def signatures(path: str, text: str, name: str) -> list[Signature]:
    """Every definition of `name` in one file's text, in file order; [] for other languages or none found."""
    if path.endswith(_PY):
        return _python(text, name)
    if path.endswith(_JS):
        return _script(text, name)
    return []


def _python(text: str, name: str) -> list[Signature]:
    """Python functions and methods called `name`, read with `ast` (a file that does not parse gives none)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return []
    found: list[Signature] = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or node.name != name:
            continue
        args = node.args
        positional = [*args.posonlyargs, *args.args]
        defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
        params = [Param(arg.arg, None if default is None else ast.unparse(default), default is not None)
                  for arg, default in zip(positional, defaults)]
        if args.vararg is not None:
            params.append(Param(args.vararg.arg, None, True, rest=True))
        params += [Param(arg.arg, None if default is None else ast.unparse(default), default is not None)
                   for arg, default in zip(args.kwonlyargs, args.kw_defaults)]
        if args.kwarg is not None:
            params.append(Param(args.kwarg.arg, None, True, rest=True))
        if params and params[0].name in ("self", "cls") and not params[0].rest:
            params = params[1:]
        found.append(Signature(name, tuple(params), node.lineno))
    return sorted(found, key=lambda sig: sig.line)


def _heads(name: str) -> re.Pattern[str]:
    """Where a script defines `name`: a function, an arrow or function expression, or a class method."""
    n = re.escape(name)
    return re.compile(
        rf"(?:\bfunction\s*\*?\s*{n}\s*(?:<[^()]*>)?\s*(?=\()"
        rf"|\b(?:const|let|var)\s+{n}\s*(?::[^=;]+)?=\s*(?:async\s+)?(?:function\b[^(]*)?(?:<[^()]*>)?\s*(?=\()"
        rf"|^[ \t]*(?:(?:public|private|protected|static|async|readonly|override|export|default)\s+)*"
        rf"{n}\s*(?:<[^()]*>)?\s*(?=\([^;]*\)\s*(?::[^;{{]+)?\{{))", re.MULTILINE)


def _script(text: str, name: str) -> list[Signature]:
    """TypeScript and JavaScript definitions of `name` with their parameters (a head that cannot be read is skipped)."""
    found: list[Signature] = []
    for match in _heads(name).finditer(text):
        inner = _balanced(text, match.end())
        if inner is None:
            continue
        params = [_script_param(part) for part in _split(inner)]
        if any(param is None for param in params):
            continue  # a destructured or unreadable parameter: the signature cannot be told
        kept = tuple(param for param in params if param is not None and param.name != "this")
        found.append(Signature(name, kept, text.count("\n", 0, match.start()) + 1))
    return found


def _balanced(text: str, start: int) -> str | None:
    """The text inside the parentheses opening at `start`, skipping strings and nested brackets; None if unclosed."""
    depth, index, quote = 0, start, ""
    while index < len(text) and index < start + 4_000:
        char = text[index]
        if quote:
            if char == "\\":
                index += 1
            elif char == quote:
                quote = ""
        elif char in "'\"`":
            quote = char
        elif char == "=" and text[index + 1:index + 2] == ">":
            index += 1  # an arrow inside a type, never a closing angle bracket
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
            if depth == 0:
                return text[start + 1:index]
        index += 1
    return None


def _split(inner: str) -> list[str]:
    """A parameter list split at its top-level commas (generics, objects, arrays and strings kept whole)."""
    parts, depth, quote, current = [], 0, "", []
    index = 0
    while index < len(inner):
        char = inner[index]
        current.append(char)
        if quote:
            if char == quote:
                quote = ""
        elif char in "'\"`":
            quote = char
        elif char == "=" and inner[index + 1:index + 2] == ">":
            current.append(">")
            index += 1
        elif char in _OPEN:
            depth += 1
        elif char in _CLOSE:
            depth -= 1
        elif char == "," and depth == 0:
            parts.append("".join(current[:-1]))
            current = []
        index += 1
    parts.append("".join(current))
    return [part.strip() for part in parts if part.strip()]


def _script_param(part: str) -> Param | None:
    """One script parameter (`retries = 3`, `opts?: Options`, `...rest: T[]`); None when destructured."""
    part = re.sub(r"^(?:public|private|protected|readonly|override)\s+", "", re.sub(r"^@\w+(?:\([^)]*\))?\s*", "", part))
    rest = part.startswith("...")
    match = re.match(r"(?:\.\.\.)?([A-Za-z_$][\w$]*)(\?)?", part)
    if match is None:
        return None
    default = None
    depth = 0
    for index in range(match.end(), len(part)):
        char = part[index]
        if char in _OPEN:
            depth += 1
        elif char in _CLOSE and not (char == ">" and part[index - 1:index] == "="):
            depth -= 1
        elif char == "=" and depth == 0 and part[index + 1:index + 2] not in (">", "="):
            default = part[index + 1:].strip()
            break
    return Param(match.group(1), default, bool(match.group(2)) or default is not None or rest, rest)


def same_value(said: str, written: str) -> bool:
    """Whether a stated default and the code's default are the same value (quotes, case of booleans and None/null
    aside, and numbers compared as numbers: 3 and 3.0, 1_000 and 1000)."""
    def norm(value: str) -> str:
        """A literal as comparable text."""
        value = value.strip().strip("`").rstrip(".,;")
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"`":
            value = value[1:-1]
        lowered = value.lower()
        if lowered in ("none", "null", "undefined", "nil"):
            return "null"
        if lowered in ("true", "false"):
            return lowered
        try:
            number = float(value.replace("_", ""))
        except ValueError:
            return value
        return repr(number)
    return norm(said) == norm(written)
