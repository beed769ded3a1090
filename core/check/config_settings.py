"""Settings the JavaScript tools configure (biome, tsconfig, prettier, eslint's JSON config) and the indent style of
.editorconfig, read from JSON with comments where the tool allows them, so an entry stating one can be checked."""

from __future__ import annotations

import json
import re
from typing import Any

from memrev.core.check.fact_sources import FactSink

CONFIG_FILES = ("biome.json", "biome.jsonc", "tsconfig.json", ".prettierrc.yaml", ".prettierrc.yml", ".eslintrc.json",
                ".eslintrc")
"""Root files (besides those of setting_facts) the settings come from."""
MAX_EXTENDS = 3
"""A tsconfig's local `extends` chain is followed at most this deep."""


def load_jsonc(text: str) -> Any:
    """JSON that may hold // and /* */ comments and trailing commas (tsconfig, biome.jsonc); ValueError if malformed."""
    out, index, quote = [], 0, False
    while index < len(text):
        char = text[index]
        if quote:
            out.append(char)
            if char == "\\" and index + 1 < len(text):
                out.append(text[index + 1])
                index += 1
            elif char == '"':
                quote = False
        elif char == '"':
            quote = True
            out.append(char)
        elif text.startswith("//", index):
            end = text.find("\n", index)
            index = len(text) if end < 0 else end
            continue
        elif text.startswith("/*", index):
            end = text.find("*/", index + 2)
            index = len(text) if end < 0 else end + 2
            continue
        else:
            out.append(char)
        index += 1
    cleaned = re.sub(r",(\s*[}\]])", r"\1", "".join(out))
    return json.loads(cleaned)


def _object(c: FactSink, path: str) -> dict[str, Any]:
    """A root JSON/JSONC file as an object, or {} when absent or malformed."""
    text = c.text(path) if path in c.paths else None
    try:
        data = load_jsonc(text) if text else {}
    except (ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def _get(data: Any, *keys: str) -> Any:
    """A nested value, or None when any step is missing or not an object."""
    for key in keys:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


def _width(value: Any) -> str | None:
    """A whole-number setting as text, or None."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else None


def _style(value: Any) -> str | None:
    """An indent style as `tab` or `space`, or None."""
    text = str(value).lower() if isinstance(value, (str, bool)) else ""
    return {"tab": "tab", "tabs": "tab", "space": "space", "spaces": "space"}.get(text)


def read_config_settings(c: FactSink) -> None:
    """Line width, indent width and style from biome and prettier, eslint's indent and max-len rules, the indent
    style of .editorconfig, and TypeScript's strict mode (following local `extends`)."""
    for path in ("biome.json", "biome.jsonc"):
        data = _object(c, path)
        for section in (("formatter",), ("javascript", "formatter")):
            for name, key, read in (("line-length", "lineWidth", _width), ("indent", "indentWidth", _width),
                                    ("indent-style", "indentStyle", _style)):
                if (value := read(_get(data, *section, key))) is not None:
                    c.add(12, name, value, path, f"{'.'.join(section)}.{key} = {value}")
    prettier = [(path, _yaml_flat(c.text(path) or "")) for path in (".prettierrc.yaml", ".prettierrc.yml")
                if path in c.paths]
    for path in (".prettierrc", ".prettierrc.json"):
        if path in c.paths:
            prettier.append((path, _object(c, path)))
    if isinstance(package := _get(_object(c, "package.json"), "prettier"), dict):
        prettier.append(("package.json", package))
    for path, data in prettier:
        if isinstance(tabs := data.get("useTabs"), bool):
            c.add(15, "indent-style", "tab" if tabs else "space", path, f"useTabs: {str(tabs).lower()}")
        if path != ".prettierrc" and path != ".prettierrc.json":  # those two are read with the Python formatters
            for name, key in (("line-length", "printWidth"), ("indent", "tabWidth")):
                if (value := _width(data.get(key))) is not None:
                    c.add(15, name, value, path, f"{key}: {value}")
    for path in (".eslintrc.json", ".eslintrc"):
        rules = _get(_object(c, path), "rules")
        for name, rule in (("indent", "indent"), ("line-length", "max-len")):
            setting = rules.get(rule) if isinstance(rules, dict) else None
            option = setting[1] if isinstance(setting, list) and len(setting) > 1 else None
            option = _get(option, "code") if isinstance(option, dict) else option
            if name == "indent" and option == "tab":
                c.add(35, "indent-style", "tab", path, 'rules.indent: "tab"')
            elif (value := _width(option)) is not None:
                c.add(35, name, value, path, f"rules.{rule}: {value}")
    _editor_style(c)
    _typescript_strict(c)


def _yaml_flat(text: str) -> dict[str, Any]:
    """The top-level `key: value` pairs of a flat YAML file (prettier's), numbers and booleans typed."""
    data: dict[str, Any] = {}
    for match in re.finditer(r"^(\w+)\s*:\s*([^#\n]+?)\s*(?:#.*)?$", text, re.MULTILINE):
        raw = match.group(2).strip("'\"")
        data[match.group(1)] = int(raw) if raw.isdigit() else {"true": True, "false": False}.get(raw, raw)
    return data


def _editor_style(c: FactSink) -> None:
    """indent_style of the first general section of .editorconfig."""
    text = c.text(".editorconfig") if ".editorconfig" in c.paths else None
    section = None
    for line in (text or "").splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            if section is not None:
                return
            header = stripped.strip("[]")
            section = header if header in ("*", "*.py", "*.{js,ts}", "*.ts", "*.js") else None
            continue
        if section is not None and (match := re.match(r"indent_style\s*=\s*(\w+)", stripped)):
            if (style := _style(match.group(1))) is not None:
                c.add(30, "indent-style", style, ".editorconfig", f"[{section}] indent_style = {match.group(1)}")
            return


def _typescript_strict(c: FactSink) -> None:
    """compilerOptions.strict of tsconfig.json, or of the local file it extends; nothing when it is left to a
    package's base config (which the repository does not hold)."""
    path, seen = "tsconfig.json", 0
    while path in c.paths and seen < MAX_EXTENDS:
        data = _object(c, path)
        strict = _get(data, "compilerOptions", "strict")
        if isinstance(strict, bool):
            c.add(0, "typescript-strict", "on" if strict else "off", path, f"compilerOptions.strict = "
                  f"{str(strict).lower()}")
            return
        base = data.get("extends")
        if not isinstance(base, str) or not base.startswith("."):
            if "compilerOptions" in data and base is None:
                c.add(0, "typescript-strict", "off", path, "compilerOptions has no strict (off by default)")
            return
        path = re.sub(r"^\./", "", base)
        path = path if path.endswith(".json") else path + ".json"
        seen += 1
