"""Code that fetches and runs, or ships the environment out: the forms a shell or interpreter one-liner takes
beyond `curl | sh` (`perl -e "$(curl ...)"`, download then `chmod +x` then run, `exec(urlopen(...).read())`,
`fetch(...).then(eval)`, `os.environ` handed to a socket or a request, PowerShell posting a credentials file)."""

from __future__ import annotations

from memrev.core.scan.rules_base import BLOCK, EXECUTION, EXFILTRATION, HOLD, PERSISTENCE, Rule

__all__ = ["CODE_RULES"]

_FETCHERS = r"(?:urlopen|urlretrieve|requests\.(?:get|post)|httpx\.(?:get|post)|fetch|https?\.get|axios\.get)"
_SECRETS_FILE = r"(?:\.aws[\\/]credentials|\.ssh[\\/]|\.env\b|\.netrc|\.npmrc|\.pgpass|\.kube[\\/]config|\.docker[\\/]config)"

CODE_RULES: tuple[Rule, ...] = (
    Rule("interpreter_runs_download", EXECUTION, BLOCK, "an interpreter runs code it downloads (perl -e \"$(curl ...)\")",
         r"\b(?:perl|ruby|node|php|python[23]?|bash|sh|zsh)\s+-[ec]\s+['\"]?\$\(\s*(?:curl|wget)\b"),
    Rule("download_chmod_run", EXECUTION, BLOCK, "downloads a file, makes it executable and runs it",
         r"\b(?:curl|wget)\b[^\n]{0,200}?&&\s*chmod\s+(?:\+x|[0-7]{3,4})\s+\S+\s*&&\s*(?:sudo\s+)?(?:\./|/|~/)\S+"),
    Rule("exec_of_fetched", EXECUTION, BLOCK, "evaluates code fetched from the network (exec(urlopen(...)), .then(eval))",
         rf"\b{_FETCHERS}\s*\([^\n]{{0,300}}?(?:\.then\(\s*eval\s*\)|\beval\s*\(|\bexec\s*\()"
         rf"|\b(?:exec|eval)\s*\(\s*(?:urllib\.request\.)?{_FETCHERS}\s*\("),
    Rule("environment_to_network", EXFILTRATION, BLOCK, "hands the process environment to a socket or a web request",
         rf"\bos\.environ\b[^\n]{{0,200}}?(?:\b{_FETCHERS}\b|\bsocket\.|\bgethostbyname\b|\bhttp\.client\b)"
         rf"|(?:\b{_FETCHERS}|\bgethostbyname)\s*\([^\n]{{0,200}}?\bos\.environ\b"),
    Rule("powershell_posts_secrets", EXFILTRATION, BLOCK, "PowerShell posts the contents of a credentials file",
         rf"\b(?:invoke-restmethod|invoke-webrequest|irm|iwr)\b[^\n]{{0,200}}?-body\b[^\n]{{0,120}}?"
         rf"\bget-content\b[^\n]{{0,120}}?{_SECRETS_FILE}"),
    Rule("python_startup_hook", PERSISTENCE, HOLD, "a sitecustomize.py or .pth file that reaches the network or runs code",
         r"\b(?:sitecustomize|usercustomize)\.py\b[^\n]{0,200}?(?:https?://|\burlopen\b|\bos\.environ\b|\bexec\b"
         r"|\brequests\b|\bposts?\b)|\.pth\b[^\n]{0,200}?\b(?:exec|urlopen|import\s+urllib|import\s+os)\b"),
)
"""The code-shaped execution, exfiltration and persistence rules."""
