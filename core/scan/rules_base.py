"""What every rule family module shares: the rule record, the severities, and the pattern pieces several families use.

Patterns are lowercase and match the normalised, lowercased text (NFKC, accents dropped, look-alikes folded). Every
repetition is bounded or runs over a class disjoint from what follows it (`\\S+\\s+`), and long windows stop at the
rule's own start (`gap`), so matching stays linear on any input.
"""

from __future__ import annotations

from typing import NamedTuple

from memrev.core.scan.model import Severity

BLOCK, HOLD, WARN = Severity.BLOCK, Severity.HOLD, Severity.WARN
INJECTION, EXFILTRATION, PERSISTENCE, EXECUTION = "injection", "exfiltration", "persistence", "execution"


class Rule(NamedTuple):
    """One pattern rule: its stable id, family, severity, one line for the reviewer, and its lowercase pattern."""

    id: str
    family: str
    severity: Severity
    description: str
    pattern: str


def gap(length: int, stop: str) -> str:
    """A lazy window of up to `length` characters on one line that never runs past `stop` (the rule's own start), so
    a text full of the rule's start word costs linear time, not length times more."""
    return f"(?:(?!{stop})[^\\n]){{0,{length}}}?"


def words(count: int) -> str:
    """Up to `count` filler words, each followed by whitespace (a word is any run of non-space characters)."""
    return f"(?:\\S+\\s+){{0,{count}}}?"


ONE_SENTENCE = r"(?:(?![.!?]\s|`[\s).,;:]|§)[^\n])"
"""A character of the same sentence or command: not past a sentence's end, a closing backtick or a `§` (a gist of
one file is not a gist of the `.env` a later sentence names)."""
NOT = (r"(?<!\bnot\s)(?<!\bnever\s)(?<!n't\s)(?<!\bno\s)(?<!\bnor\s)(?<!\bwithout\s)(?<!\bnot\*\*\s)"
       r"(?<!\bnever\*\*\s)(?<!n't\*\*\s)(?<!\bno\sneed\sto\s)(?<!n't\sneed\sto\s)")
"""Not right after a negation, bold or not: `do not silently add`, `**never** delete ... without asking`, `without
pretending`, `no need to switch off` state a rule, not an attack. Fixed-width look-behinds, so a trigger costs nothing more."""

UNQUOTED = r"(?<!['\"`‘“])"
"""Not right after an opening quote or backtick: `strings like 'ignore all previous instructions'` quotes a phrase to
name it (a test or a filter), so the block rule leaves it to the hold of the same wording."""

NAMED = r"(?<!like\s['\"`‘“])(?<!\bas\s['\"`‘“])(?<!e\.g\.\s['\"`‘“])(?<!\bsuch\s['\"`‘“])"
"""Not a phrase quoted as an example (`strings like 'ignore previous instructions'`, `e.g. '...'`): it is named."""

SECRET_VAR = (r"\$(?:(?:env:)?\{?[a-z0-9_]{0,48}?(?:key|token|secret|password|passwd|credential|auth|cookie|pat|pass"
              r"|pwd)s?\b(?!\s*[:=]?-)|\((?:gh\s+auth\s+token|gcloud\s+auth\s+print-(?:access|identity)-token"
              r"|az\s+account\s+get-access-token|aws\s+(?:configure\s+get\s+\w*(?:key|token)|ecr\s+get-login-password"
              r"|sts\s+get-session-token)|npm\s+config\s+get\s+\S*_auth|vault\s+print\s+token|op\s+read)\b[^)\n]{0,60}\))")
"""A shell variable whose name ends like a secret (`$API_KEY`, `${GITHUB_TOKEN}`, PowerShell's `$env:CLIENT_SECRET`),
not a default (`${X:-none}`), or a command that prints a stored token (`$(gh auth token)`)."""
SENSITIVE = (r"(?:(?<![\w-])\.env\b(?!\.(?:example|sample|template|dist|defaults?|local\.example)\b)|\.ssh/|\bid_(?:rsa|dsa|ecdsa"
             r"|ed25519)\b|\.netrc\b|\.pgpass\b|\.npmrc\b|\.pypirc\b|\.git-credentials\b|\.aws/(?:credentials|config)\b"
             r"|\.docker/config\.json|\.kube/config\b|\.gnupg/|_history\b|/etc/shadow\b|/etc/passwd\b"
             r"|(?<=[/~._-])credentials\b|credentials\.(?:json|csv|xml|ya?ml)\b|\.vault-token\b"
             r"|secrets?\.(?:ya?ml|json|toml|env)\b|\.codex/auth\.json|\.config/gh/hosts\.yml)")
"""Files that hold secrets (a `.env`, keys, credentials, shell history), not their example copies."""
HOME_SECRETS = (r"(?:\.ssh/(?:id_|[\w.-]{0,40}\.pem|[\w.-]{0,40}_key\b)|\.ssh/?(?=[\s'\"]|$)|\bid_(?:rsa|dsa|ecdsa"
                r"|ed25519)\b(?!\.pub)|\.netrc\b|\.pgpass\b|\.git-credentials\b|\.aws(?:/credentials\b|/?(?=[\s'\"]|$))"
                r"|\.docker/config\.json|\.kube(?:/config\b|/?(?=[\s'\"]|$))|\.gnupg\b|\.config/gh\b|\.config/gcloud\b"
                r"|\.azure\b|\.vault-token\b|\.codex/auth\.json|\.claude/\.credentials|/etc/shadow\b"
                r"|(?<=~/)\.env\b|(?<=\$home/)\.env\b|(?<=[/]root/)\.env\b"
                r"|(?<=~/)\.config/?(?=[\s'\"]|$)"
                r"|\.(?:bash|zsh|sh|python|psql|mysql|node_repl)_history\b|\.hermes/\.env\b|\.password-store\b"
                r"|(?:login|keychain)s?\.(?:db|keychain(?:-db)?)\b|\.mozilla/firefox|google-chrome/default"
                r"|(?:google/chrome|chromium|brave-browser|microsoft\s?edge|google-chrome)/(?:default|profile\s?\d+)/"
                r"(?:cookies|login\s?data)\b|\bcookies\.sqlite\b|\blogins\.json\b|\bkey[34]\.db\b)")
"""Secrets that live in a home folder: keys, cloud and CLI credentials, shell history, password stores."""
URL = r"(?:(?:https?|ftp|wss?|gopher)://|\d{1,3}(?:\.\d{1,3}){3}\b)"
LOOPBACK = (r"(?=[.01\[hl])(?:(?<=[/@\s'\"=])(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|0\.0\.0\.0|\[::1\]"
            r"|host\.docker\.internal)\b|\.(?:local|internal|test|localhost)\b(?!-))")
"""Hosts on this machine or a private network: sending a token there is a developer calling their own service (the
first character is tested first, so a long window costs one test at most places; `setup.internal-tools.click` is a
public name, not one under `.internal`)."""
DATA = (r"(?:results?|outputs?|data|contents?|conversations?|context|history|files?|secrets?|keys?|tokens?"
        r"|credentials|passwords?|env(?:ironment)?|variables|logs?|memory|memories|everything|all|it|this|them"
        r"|information|info|responses?|answers?|transcripts?|messages?|chats?|summar(?:y|ies)|code|source"
        r"|repo(?:sitory)?|cookies?|sessions?|dump|findings|details|notes|prompts?|instructions)")
STRONG_WORDS = (r"all|any|every|previous|prior|above|earlier|preceding|former|foregoing|past|existing|original"
                r"|initial|system|safety|old")
STRONG = f"(?:{STRONG_WORDS})"
INSTRUCTIONS = (r"(?:instructions?|directives?|prompts?|guidelines|rules|commands|programming|constraints|orders"
                r"|guidance|policies|restrictions|guardrails|context|messages|training)")
AI = r"(?:ai|assistant|agent|llm|model|claude|copilot|codex|gemini|chatgpt|gpt|hermes|cursor)"
"""Names of an AI agent or model (`<!-- ai-only: … -->` is meant for one; a `bot-only` section is a tool's)."""
AGENT = rf"(?:{AI}|bot)"
C2 = r"(?:c2|controller|mothership|command\s+server|control\s+server|operator|botnet|hive|swarm)"
INTERPRETER = r"(?:(?:ba|z|da|k|fi)?sh|python[23]?(?:\.\d+)?|perl|ruby|node|php|pwsh|powershell|iex|bun|deno)\b"
"""Shells and interpreters a downloaded script can be piped into."""
INSTALLER_HOSTS = (r"(?:(?:sh\.rustup\.rs|install\.python-poetry\.org|get\.docker\.com|get\.pnpm\.io|fnm\.vercel\.app"
              r"|volta\.sh|get\.volta\.sh|cli\.github\.com|get\.sdkman\.io|sh\.vector\.dev"
              r"|install\.determinate\.systems|pyenv\.run|mise\.run|get\.k3s\.io|get\.helm\.sh|foundry\.paradigm\.xyz"
              r"|bootstrap\.pypa\.io|install\.meteor\.com|get\.gravitational\.com|install\.lunarvim|get\.scoop\.sh"
              r"|win\.rustup\.rs|get\.rvm\.io|get-ghcup\.haskell\.org|sdk\.cloud\.google\.com|get\.pulumi\.com"
              r"|get\.trunk\.io|setup\.atuin\.sh|install\.julialang\.org|get\.jetify\.com|get\.opentofu\.org"
              r"|dl\.dagger\.io|getmic\.ro|get\.k0s\.sh|get\.nextflow\.io|get\.chezmoi\.io"
              r")(?![\w.-])|astral\.sh/"
              r"|raw\.githubusercontent\.com/(?:nvm-sh|homebrew|ohmyzsh|pyenv|creationix|tj/n|volta-cli)/|bun\.sh/"
              r"|deno\.land/|deno\.com/|ollama\.com/install|claude\.ai/install|starship\.rs/|nixos\.org/nix/install"
              r"|raw\.githubusercontent\.com/helm/|cursor\.com/install|opencode\.ai/install|dot\.net/v1/"
              r"|aka\.ms/install|tailscale\.com/install|fly\.io/install|railway\.app/install|chocolatey\.org/install"
              r"|deb\.nodesource\.com/setup_|rpm\.nodesource\.com/setup_|packagecloud\.io/install/repositories/"
              r"|cli\.doppler\.com/install|micro\.mamba\.pm/install|pixi\.sh/install|yarnpkg\.com/install"
              r"|coder\.com/install|code-server\.dev/install|mise\.jdx\.dev/install"
              r"|raw\.githubusercontent\.com/(?:golangci|ajeetdsouza|junegunn|jesseduffield)/)")
"""Hosts of well-known tools' install scripts, which real setup notes pipe into a shell (held, not blocked); a bare
host counts only whole, so `get.docker.com.example.net` is no installer."""
LOCAL_LINE = rf"(?![^\n]{{0,400}}?{LOOPBACK})"
"""Not a line that talks to this machine."""
