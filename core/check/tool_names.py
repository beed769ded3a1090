"""The development tools memrev knows by name, with their kind and the root files that configure them."""

from __future__ import annotations

TOOLS: dict[str, tuple[str, tuple[str, ...]]] = {
    "mypy": ("type checker", ("mypy.ini", ".mypy.ini")),
    "pyright": ("type checker", ("pyrightconfig.json",)),
    "basedpyright": ("type checker", ()),
    "pyre": ("type checker", (".pyre_configuration",)),
    "pre-commit": ("hook runner", (".pre-commit-config.yaml", ".pre-commit-config.yml")),
    "prek": ("hook runner", ()),
    "lefthook": ("hook runner", ("lefthook.yml", ".lefthook.yml", "lefthook.yaml", "lefthook.toml")),
    "husky": ("hook runner", (".husky",)),
    "flake8": ("linter", (".flake8",)),
    "pylint": ("linter", (".pylintrc", "pylintrc")),
    "ruff": ("linter", ("ruff.toml", ".ruff.toml")),
    "eslint": ("linter", ("eslint.config.js", "eslint.config.mjs", "eslint.config.cjs", "eslint.config.ts",
                          ".eslintrc", ".eslintrc.js", ".eslintrc.cjs", ".eslintrc.json", ".eslintrc.yml")),
    "biome": ("linter", ("biome.json", "biome.jsonc")),
    "oxlint": ("linter", (".oxlintrc.json",)),
    "black": ("formatter", ()),
    "isort": ("formatter", (".isort.cfg",)),
    "prettier": ("formatter", (".prettierrc", ".prettierrc.json", ".prettierrc.js", ".prettierrc.cjs",
                               ".prettierrc.mjs", ".prettierrc.yaml", ".prettierrc.yml", "prettier.config.js",
                               "prettier.config.mjs", "prettier.config.cjs")),
    "jest": ("test runner", ("jest.config.js", "jest.config.ts", "jest.config.mjs", "jest.config.cjs")),
    "vitest": ("test runner", ("vitest.config.ts", "vitest.config.js", "vitest.config.mts", "vitest.config.mjs")),
    "mocha": ("test runner", (".mocharc.json", ".mocharc.js", ".mocharc.cjs", ".mocharc.yml", ".mocharc.yaml")),
    "webpack": ("bundler", ("webpack.config.js", "webpack.config.ts", "webpack.config.mjs", "webpack.config.cjs")),
    "vite": ("bundler", ("vite.config.ts", "vite.config.js", "vite.config.mts", "vite.config.mjs")),
    "rollup": ("bundler", ("rollup.config.js", "rollup.config.mjs", "rollup.config.ts")),
    "esbuild": ("bundler", ()),
    "parcel": ("bundler", (".parcelrc",)),
    "tsup": ("bundler", ("tsup.config.ts", "tsup.config.js")),
    "rspack": ("bundler", ("rspack.config.js", "rspack.config.ts")),
}
"""Each tool: its kind, and the root files (or folders) that configure it."""

SPELLED = {"eslint": "ESLint", "pre-commit": "pre-commit", "mypy": "mypy", "tsup": "tsup", "esbuild": "esbuild"}
"""How prose writes a tool when not simply capitalised; any case is read."""
