"""Find what a memory entry names (paths, symbols, flags, variables, commits, refs, commands, versions), with spans."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from memrev.core.check.tool_names import TOOLS

KINDS = ("path", "symbol", "flag", "env", "commit", "ref", "command", "version", "signature")
"""Every kind of reference `extract_references` produces."""


@dataclass(frozen=True)
class Reference:
    """One thing an entry names: its kind, the exact text and span, and a normalised value to check."""

    kind: str
    text: str
    start: int
    end: int
    value: str
    line: int | None = None
    line_end: int | None = None
    has_folder: bool = False


_EXTENSIONS = frozenset("""
py pyi pyx md markdown txt rst toml yaml yml json jsonl lock cfg ini conf env csv tsv xml html htm css scss less
js mjs cjs ts tsx jsx vue svelte sh bash zsh fish ps1 bat rs go java kt kts scala rb php pl lua c h cc cpp hpp cs
swift m sql db sqlite proto graphql gql tf hcl gradle properties ipynb whl gz tgz zip tar bz2 xz log lockb mod sum
png jpg jpeg gif svg pdf ico dockerfile patch diff ex exs erl hs ml clj dart r jl nix mk cmake in j2 tmpl
""".split())
"""File extensions that make a dotted word a file name rather than a dotted code name."""

_TLDS = frozenset("com org net io dev ai app co edu gov uk de fr eu me sh us info biz ly".split())
"""Endings that make a dotted word a host name (a URL without its scheme), which is skipped."""

_PACKAGE_MANAGERS = frozenset("uv poetry pnpm npm yarn pip pipenv pdm bun conda".split())
_BRANCH_NAMES = frozenset("main master develop dev trunk staging production release stable next".split())
_WELL_KNOWN_ENV = frozenset("HOME PATH USER SHELL PWD TMPDIR LANG EDITOR TERM CI".split())
_NOT_PACKAGES = frozenset("""
a an the and or of to in on at by for from than as is was are be been version release step section chapter page
line lines rule item figure table about over under around nearly roughly only just up down took takes cost costs
times x v vs after before since until between every each per with without near top bottom level
""".split())
"""Words that, followed by a number, are prose ("about 1.5", "step 2.1"), not a package and its version."""
_PRODUCT_NAMES = frozenset("GitHub GitLab JavaScript TypeScript CoffeeScript YouTube LinkedIn PayPal WordPress "
                           "DevOps OpenAI BitBucket DockerHub MacBook PowerShell".split())
_SCRIPT_BUILTINS = frozenset("install i add remove rm up upgrade update dlx exec why outdated init create publish "
                             "link unlink ci audit x run".split())

_MAKE_TARGETS = frozenset("test tests lint format fmt typecheck build install dev clean docs setup coverage bench "
                          "release deploy serve check ci e2e".split())
"""Target names common enough that `make X` outside backticks is the command, not the English verb."""

_B = r"(?<![\w./$:-])"  # a token starts here, never inside another one (keeps every alternative linear)
_SEG = r"\.{0,2}[\w+*@-]+(?:\.[\w+*@-]+)*"
_DIR = rf"(?:{_SEG}|\((?:\.{{1,3}})?[\w-]+\)|\(\.{{1,3}}\)[\w-]+|\[{{1,2}}(?:\.\.\.)?[\w-]+\]{{1,2}}|@[\w-]+)"
"""A folder of a path, also a route folder of Next.js or SvelteKit: a group `(shop)`, a parameter `[id]`,
`[...slug]` or `[[...slug]]`, an intercepting route `(.)photo`, a parallel route `@modal`."""
_TOKEN = re.compile(rf"""
  (?P<url>\b[A-Za-z][A-Za-z0-9+.-]{{1,20}}://[^\s<>()`'"]*|\bwww\.[^\s<>()`'"]+)
| (?P<email>{_B}[\w.+-]+@[\w-]+(?:\.[\w-]+)+)
| (?P<env>\$\{{[A-Za-z_]\w*[^}}\n]{{0,80}}\}}|\$[A-Za-z_]\w*)
| (?P<ref>\b(?:[Bb]ranch|[Tt]ag)(?:es|s)?\s+`?(?P<refname>[\w][\w./-]*[\w])
   |{_B}(?P<refname2>\w+(?:[./-]\w+)+|main|master|develop|trunk)`?\s+branch\b
   |{_B}(?P<remote>(?:origin|upstream)/[\w./-]*[\w]))
| (?P<command>\b(?:npm|pnpm|yarn|bun)\s+run\s+(?P<script>[\w:.-]*[\w])
   |\b(?:npm|pnpm|yarn|bun)\s+(?P<jstest>test|start)\b
   |\b(?:uv|poetry|pdm|hatch|pipenv)\s+run\s+(?:--?[A-Za-z][\w-]*\s+)*(?P<runner>\w[\w.-]*\w|\w)
   |\b(?P<envtool>tox|nox)\s+-[es]\s*(?P<toxenv>[\w,.-]*\w))
| (?P<lang>\b(?P<langname>[Pp]ython|[Nn]ode(?:\.?[Jj][Ss])?)\s*(?:versions?\s+|v)?(?P<op>[<>=~!^]=?)?\s*
   (?P<num>\d+(?:\.\d+){{0,2}})(?![\w.]?\d)(?:(?P<plus>\+|\s+or\s+(?:newer|later|higher|above))
   |\s*(?:-|–|—|\s(?:through|thru|to|until)\s)\s*v?(?P<upto>\d+(?:\.\d+){{0,2}})(?![\w.]?\d)
   |(?P<listed>(?:\s*(?:,|,?\s+(?:or|and))\s*v?\d+(?:\.\d+){{0,2}}(?![\w.]?\d))+))?)
| (?P<setting>\b(?:[Mm]ax(?:imum)?[ -])?[Ll]ine[ -]length(?:\s+(?:limit\s+)?(?:is|of|at|=|:))?\s*(?P<width>\d{{2,3}})\b
   |\b(?P<width2>\d{{2,3}})[ -](?:char(?:acter)?s?|col(?:umn)?s?)(?:[ -](?:lines?|line\s+length|wide))\b
   |\b(?P<spaces>[1-8])[ -]space(?:s)?(?:\s+(?:indent(?:ation|s)?|tabs?))\b
   |\b[Ii]ndent(?:ation|s)?(?:\s+(?:is|of|with|=|:|width(?:\s+(?:is|of))?))?\s*(?P<spaces2>[1-8])\s+spaces\b
   |\b[Ii]ndent(?:ation)?\s+(?:with|using|uses|is)\s+(?P<istyle>tabs|spaces)\b
   |\b(?P<istyle2>[Tt]abs|[Ss]paces)\s+(?:for|as)\s+(?:the\s+)?indent(?:ation)?\b|\b(?P<istyle3>[Tt]ab)[ -]indent(?:ed|ation)\b
   |\b(?:TypeScript|tsconfig(?:\.json)?)(?:'s)?\s+(?:(?:is|runs|uses|has|in)\s+)?strict(?:\s+mode)?
    (?:\s+(?:is\s+)?(?P<strict>on|off|enabled|disabled|true|false)\b)?
   |\bstrict\s+TypeScript\b|\bstrict(?:\s+mode)?\s+(?:is\s+)?(?P<strict2>on|off|enabled|disabled)\s+in\s+(?:the\s+)?tsconfig)
| (?P<make>\bmake\s+(?P<mtarget>[a-z][\w.:-]*[\w])(?![\w./-]))
| (?P<nodejs>\b[Nn]ode\.[Jj][Ss]\b)
| (?P<package>{_B}(?P<pkg>[A-Za-z][\w.-]*[A-Za-z0-9])(?:(?P<pop>==|>=|<=|~=|!=|@)\s*v?(?P<pver>\d+(?:\.\d+)*)
   |\s+v?(?P<sver>\d+(?:\.\d+)+))(?![\w.]?\d))
| (?P<commit>{_B}(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{{7,40}}(?![\w-]|\.\w))
| (?P<flag>(?<![\w/-])--[A-Za-z0-9][\w-]*|(?<![\w/-])-[A-Za-z]{{1,2}}(?![\w-]))
| (?P<call>{_B}[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*\(\))
| (?P<path>(?:{_B}(?:~/|\.\.?/|/)?(?:{_DIR}/)+(?:{_SEG})?|{_B}{_SEG}\.[\w+*@-]+|(?<![\w.])\.[A-Za-z][\w-]*)
   (?::(?P<line>\d+)(?:-(?P<line_end>\d+))?|\#L(?P<gline>\d+)(?:-L?(?P<gline_end>\d+))?)?(?!\w|:\d))
| (?P<known>\b(?:Makefile|Dockerfile|Justfile|Procfile|Gemfile|Rakefile|Jenkinsfile|Containerfile)\b)
| (?P<envname>\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b)
| (?P<dotted>{_B}[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+\b)
| (?P<snake>\b_*[a-z][a-z0-9]*(?:_+[a-z0-9]+)+_*\b|\b__[a-z]+__\b)
| (?P<camel>\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+\b)
| (?P<pm>\b(?:uv|poetry|pnpm|npm|yarn|pip|pipenv|pdm|bun|conda)\b(?![.-]\w))
""", re.VERBOSE)
"""Every kind of reference in one pass; the first alternative that matches at a position wins."""

_CODE = re.compile(r"`([^`\n]{1,400})`")
_CODE_COMMAND = re.compile(
    r"(?P<maker>make|just)\s+(?P<target>[A-Za-z_][\w.-]*)|(?:pnpm|yarn|bun)\s+(?P<script>[a-z][\w:.-]*)")
_TOOL_SPAN = re.compile(r"(?:(?:npx|uvx|bunx|pnpm\s+(?:exec|dlx)|python3?\s+-m)\s+)?(?P<tool>[\w.-]+)(?=\s|$)")
"""A code span that starts with a tool, run directly or through a package runner (`npx eslint .`)."""
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*(?:\(\))?")
_SPACED_PATH = re.compile(r"(?:~/|\.\.?/|/)?[^\s/`:]+(?:[^/`:]*/)*[^/`:]*[^\s/`:.]")
_OPTION_WORD = re.compile(r"\s+(?:flag|option|switch)\b")


def extract_references(text: str) -> list[Reference]:
    """Every reference in `text`, sorted by start, each span exact and no span twice."""
    code = [(m.start(1), m.end(1)) for m in _CODE.finditer(text)]
    starts = [start for start, _ in code]
    found: dict[tuple[int, int], Reference] = {}
    claimed: dict[int, tuple[int, int]] = {}
    from memrev.core.check.prose_tools import prose_tools
    from memrev.core.check.signature_claims import signature_references
    for ref in (*signature_references(text), *prose_tools(text, code)):
        found.setdefault((ref.start, ref.end), ref)
    for index, (start, end) in enumerate(code):
        for ref in _classify_code(text, start, end):
            found.setdefault((ref.start, ref.end), ref)
            if ref.kind != "command":
                claimed[index] = (ref.start, ref.end)
    for match in _TOKEN.finditer(text):
        index = bisect.bisect_right(starts, match.start()) - 1
        in_code = index >= 0 and match.end() <= code[index][1]
        ref = _reference(match, text, in_code)
        if ref is None:
            continue
        span = claimed.get(index) if in_code else None
        if span and span[0] <= ref.start and ref.end <= span[1] and span != (ref.start, ref.end):
            continue
        found.setdefault((ref.start, ref.end), ref)
    return sorted(found.values(), key=lambda ref: (ref.start, ref.end))


def _classify_code(text: str, start: int, end: int) -> list[Reference]:
    """A code span's content as one reference when it is one token (or a spaced path), or its leading command."""
    inner = text[start:end]
    content = inner.strip()
    start += len(inner) - len(inner.lstrip())
    end = start + len(content)
    if not content:
        return []
    command = _CODE_COMMAND.fullmatch(content) or _CODE_COMMAND.match(content)
    if command and (command.end() == len(content) or content[command.end()].isspace()):
        span = (command.group(0), start, start + command.end())
        if command.group("target"):
            return [Reference("command", *span, f"{command['maker']}:{command['target']}")]
        if command.group("script") not in _SCRIPT_BUILTINS:
            return [Reference("command", *span, f"script:{command['script']}")]
    tool = _TOOL_SPAN.match(content)
    if tool and tool["tool"].lower() in TOOLS:
        return [Reference("command", tool["tool"], start + tool.start("tool"), start + tool.end("tool"),
                          f"tool:{tool['tool'].lower()}")]
    if " " not in content:
        match = _TOKEN.fullmatch(content)
        if match is not None and match.lastgroup not in ("url", "email", "nodejs"):
            ref = _reference(match, content, True)
            return [] if ref is None else [_shift(ref, start)]
        if _IDENTIFIER.fullmatch(content):
            if content in _PACKAGE_MANAGERS:
                return [Reference("version", content, start, end, f"package-manager:{content}")]
            if content.isupper() and content in _WELL_KNOWN_ENV:
                return [Reference("env", content, start, end, content)]
            return [Reference("symbol", content, start, end, content.removesuffix("()"))]
        return []
    first = content.split()[0]
    spaced = _SPACED_PATH.fullmatch(content)
    if spaced and "://" not in content and not re.search(r"\s-", content) and (
            "/" in first or not first.isascii() or first[:1].isupper() or _extension(content) in _EXTENSIONS):
        if "/" in content or _extension(content) in _EXTENSIONS:
            return [Reference("path", content, start, end, _normal_path(content), has_folder="/" in content)]
    return []


def _shift(ref: Reference, offset: int) -> Reference:
    """The same reference moved by `offset` characters."""
    return Reference(ref.kind, ref.text, ref.start + offset, ref.end + offset, ref.value, ref.line, ref.line_end,
                     ref.has_folder)


def _reference(match: re.Match[str], text: str, in_code: bool) -> Reference | None:
    """The reference one match of the combined pattern stands for, or None when it is a false positive."""
    kind, start, end, whole = match.lastgroup, match.start(), match.end(), match.group(0)
    if kind in ("url", "email", "nodejs"):
        return None
    if kind == "env":
        if whole[1:2] != "{" and text[end:end + 1] == "-" and text[end + 1:end + 2].isalnum():
            return None  # `$skill-name` invokes an agent skill; a variable name has no dash
        name = re.match(r"\$\{?(\w+)", whole)
        return Reference("env", whole, start, end, name.group(1) if name else whole)
    if kind == "envname":
        return Reference("env", whole, start, end, whole)
    if kind == "ref":
        return _ref(match)
    if kind == "command":
        if match.group("script") or match.group("jstest"):
            return Reference("command", whole, start, end, f"script:{match['script'] or match['jstest']}")
        if match.group("runner"):
            return Reference("command", whole, start, end, f"run:{match['runner']}")
        return Reference("command", whole, start, end, f"{match['envtool']}:{match['toxenv']}")
    if kind == "lang":
        name = "python" if match.group("langname").lower() == "python" else "node"
        if match.group("upto"):  # a range: 3.10 through 3.13 allows every 3.13.x
            upper = match["upto"].split(".")
            upper[-1] = str(int(upper[-1]) + 1)
            return Reference("version", whole, start, end, f"{name}:>={match['num']} <{'.'.join(upper)}")
        listed = [match["num"], *re.findall(r"\d+(?:\.\d+)*", match["listed"] or "")]
        if len(listed) > 1 and len({item.count(".") for item in listed}) == 1:  # a list: v22, v24 or v26
            return Reference("version", whole, start, end, f"{name}:{' || '.join(listed)}")
        if len(listed) > 1:  # "Python 3.12 and 2 more": only the first number is a version
            end = match.end("num")
            whole = text[start:end]
        op = match.group("op") or (">=" if match.group("plus") else "")
        return Reference("version", whole, start, end, f"{name}:{op}{match['num']}")
    if kind == "setting":
        style = (match.group("istyle") or match.group("istyle2") or match.group("istyle3") or "").lower()
        if style:
            return Reference("version", whole, start, end, f"setting:indent-style:{style.rstrip('s')}")
        if "strict" in whole:
            said = (match.group("strict") or match.group("strict2") or "on").lower()
            return Reference("version", whole, start, end,
                             f"setting:typescript-strict:{'on' if said in ('on', 'enabled', 'true') else 'off'}")
        width, spaces = match.group("width") or match.group("width2"), match.group("spaces") or match.group("spaces2")
        name = "line-length" if width else "indent"
        return Reference("version", whole, start, end, f"setting:{name}:{width or spaces}")
    if kind == "make":
        target = match.group("mtarget")
        if target not in _MAKE_TARGETS and not re.search(r"[_:-]", target):
            return None  # "make sure", "make it": prose, and the word after it is no symbol either
        return Reference("command", whole, start, end, f"make:{target}")
    if kind == "package":
        name = match.group("pkg")
        if match.group("sver") and name.lower() in _NOT_PACKAGES:
            return None
        version = f"{match['pop'] if match['pop'] not in (None, '==', '@') else ''}{match['pver'] or match['sver']}"
        normal = re.sub(r"[-_.]+", "-", name.lower())
        prefix = "package-manager" if normal in _PACKAGE_MANAGERS else "package"
        return Reference("version", whole, start, end, f"{prefix}:{normal}:{version}")
    if kind == "commit":
        return Reference("commit", whole, start, end, whole.lower())
    if kind == "flag":
        if whole.endswith("-") or text[end:end + 1] == "*":
            return None  # a prefix or pattern (`--nomi-*`, CSS custom properties), not one flag
        if whole.startswith("--") or in_code or _OPTION_WORD.match(text, end):
            return Reference("flag", whole, start, end, whole)
        return None
    if kind == "path":
        return _path(match)
    if kind == "known":
        return Reference("path", whole, start, end, whole, has_folder=False)
    if kind == "pm":
        return Reference("version", whole, start, end, f"package-manager:{whole}")
    if kind == "camel" and whole in _PRODUCT_NAMES:
        return None
    if kind == "dotted" and (_looks_like_host(whole) or any(len(part) == 1 for part in whole.split("."))):
        return None
    return Reference("symbol", whole, start, end, whole.removesuffix("()"))


def _ref(match: re.Match[str]) -> Reference | None:
    """A branch or tag named as such, or a remote branch like origin/feature-x."""
    for group, label in (("refname", None), ("refname2", "branch"), ("remote", "branch")):
        name = match.group(group)
        if name is None:
            continue
        if group != "remote" and name not in _BRANCH_NAMES and not re.search(r"[\d/._-]", name):
            return None
        if label is None:
            label = "tag" if match.group(0)[0] in "Tt" else "branch"
        return Reference("ref", name, match.start(group), match.end(group), f"{label}:{name}")
    return None


def _extension(path: str) -> str:
    """The lower-case extension of a path's last part, or an empty string."""
    last = path.rstrip("/").rsplit("/", 1)[-1]
    return last.rsplit(".", 1)[1].lower() if "." in last.lstrip(".") else ""


def _looks_like_host(token: str) -> bool:
    """Whether a dotted word (or a path's first part) is a host name like ghcr.io or example.com."""
    head = token.split("/", 1)[0]
    return "." in head and not head.startswith(".") and head.rsplit(".", 1)[1].lower() in _TLDS


def _normal_path(path: str) -> str:
    """A path as the checker looks it up: no leading ./, no trailing line suffix."""
    return path[2:] if path.startswith("./") else path


def _path(match: re.Match[str]) -> Reference | None:
    """A file or folder path (with an optional line or range), or None for prose, numbers and hosts."""
    body, start = match.group(0), match.start()
    if body.startswith("@") and len(body) > 1:  # a Claude file mention: @src/app.py
        if re.fullmatch(r"@[a-z0-9][\w.-]*/[a-z0-9][\w.-]*", body) and _extension(body) not in _EXTENSIONS:
            return None  # an npm scoped package: @scope/name
        body, start = body[1:], start + 1
    suffix = body.find(":") if ":" in body else body.find("#L")
    path = body if suffix < 0 else body[:suffix]
    parts = [part for part in path.split("/") if part]
    ext = _extension(path)
    if not parts or _looks_like_host(path) or all(part.replace(".", "").isdigit() for part in parts):
        return None
    if "/" in path.strip("/") or path.endswith("/") or path.startswith(("~/", "/", "./", "../")):
        plain = len(parts) == 2 and not ext and not path.endswith("/") and not path.startswith(("~", "/", "."))
        if plain and not re.search(r"[\d_.-]", path) or any(_random(part) for part in parts) and not ext:
            return None
        has_folder = True
    elif path.startswith(".") and path.count(".") == 1:
        has_folder = False
    elif ext not in _EXTENSIONS or all(len(part) == 1 for part in path.split(".")):
        dotted = path if re.fullmatch(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+", path) else None
        if dotted and not _looks_like_host(dotted) and suffix < 0 and not any(len(p) == 1 for p in dotted.split(".")):
            return Reference("symbol", path, start, match.end(), path)
        return None
    else:
        has_folder = False
    line = match.group("line") or match.group("gline")
    line_end = match.group("line_end") or match.group("gline_end")
    return Reference("path", body, start, match.end(), _normal_path(path), int(line) if line else None,
                     int(line_end) if line_end else None, has_folder)


def _random(part: str) -> bool:
    """Whether a path part looks like a key or token (three or more lower-to-upper case switches)."""
    return len(re.findall(r"[a-z][A-Z]", part)) >= 3
