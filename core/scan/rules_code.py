"""Code that fetches and runs, or ships the environment out: the forms a shell or interpreter one-liner takes
beyond `curl | sh` (`perl -e "$(curl ...)"`, download then `chmod +x` then run, `exec(urlopen(...).read())`,
`fetch(...).then(eval)`, `os.environ` handed to a socket or a request, PowerShell posting a credentials file)."""

from __future__ import annotations

from memrev.core.scan.rules_base import (BLOCK, EXECUTION, EXFILTRATION, HOLD, HOME_SECRETS, INSTALLER_HOSTS,
                                         ONE_SENTENCE, PERSISTENCE, SECRET_VAR, SENSITIVE, Rule)

__all__ = ["CODE_RULES"]

_FETCHERS = r"(?:urlopen|urlretrieve|requests\.(?:get|post)|httpx\.(?:get|post)|fetch|https?\.get|axios\.get)"
_NETWORK = r"(?:curl|wget|nc|ncat|netcat|socat|invoke-restmethod|invoke-webrequest|irm|iwr)"
_SECRET_STORES = (r"(?:kubectl\s+get\s+secrets?|aws\s+secretsmanager\s+get-secret-value|aws\s+ssm\s+get-parameters?"
                  r"|gcloud\s+secrets\s+versions\s+access|vault\s+(?:kv\s+)?(?:get|read)|op\s+(?:read|item\s+get)"
                  r"|security\s+find-(?:generic|internet)-password|az\s+keyvault\s+secret\s+show|doppler\s+secrets)")
"""Commands that print what a secrets store holds."""
_SECRETS_FILE = r"(?:\.azure[\\/]|msal_token_cache|\.aws[\\/]credentials|\.ssh[\\/]|\.env\b|\.netrc|\.npmrc|\.pgpass|\.kube[\\/]config|\.docker[\\/]config)"

CODE_RULES: tuple[Rule, ...] = (
    Rule("interpreter_runs_download", EXECUTION, BLOCK, "an interpreter runs code it downloads (perl -e \"$(curl ...)\")",
         r"\b(?:perl|ruby|node|php|python[23]?|bash|sh|zsh)\s+-[ec]\s+['\"]?\$\(\s*(?:curl|wget)\b"
         rf"(?![^\n)]{{0,300}}?(?://|\s){INSTALLER_HOSTS})"),
    Rule("download_chmod_run", EXECUTION, BLOCK, "downloads a file, makes it executable and runs it",
         r"\b(?:curl|wget)\b[^\n]{0,200}?&&\s*chmod\s+(?:\+x|[0-7]{3,4})\s+\S+\s*&&\s*(?:sudo\s+)?(?:\./|/|~/)\S+"),
    Rule("exec_of_fetched", EXECUTION, BLOCK, "evaluates code fetched from the network (exec(urlopen(...)), .then(eval))",
         rf"\b{_FETCHERS}\s*\([^\n]{{0,300}}?(?:\.then\(\s*eval\s*\)|\beval\s*\(|\bexec\s*\()"
         rf"|\b(?:exec|eval)\s*\([^\n]{{0,120}}?\b{_FETCHERS}\s*\("),
    Rule("environment_to_network", EXFILTRATION, BLOCK, "hands the process environment to a socket or a web request",
         rf"\bos\.environ\b[^\n]{{0,200}}?(?:\b{_FETCHERS}\b|\bsocket\.|\bgethostbyname\b|\bhttp\.client\b)"
         rf"|(?:\b{_FETCHERS}|\bgethostbyname)\s*\([^\n]{{0,200}}?\bos\.environ\b"),
    Rule("powershell_posts_secrets", EXFILTRATION, BLOCK, "PowerShell posts the contents of a credentials file",
         rf"\b(?:invoke-restmethod|invoke-webrequest|irm|iwr)\b[^\n]{{0,200}}?-body\b[^\n]{{0,120}}?"
         rf"\bget-content\b[^\n]{{0,120}}?{_SECRETS_FILE}"),
    Rule("pipe_into_source", EXECUTION, BLOCK, "pipes a download into the shell's `source` (fish, bash, zsh)",
         r"\b(?:curl|wget)\b[^\n|]{0,300}\|\s*(?:source|\.)(?=\s*(?:$|[;&)\n]|-\s))"),
    Rule("runs_remote_module", EXECUTION, BLOCK, "runs a script straight from a URL with every permission (deno -A, "
         "npx on a URL)",
         r"\bdeno\s+run\s+(?:-\S+\s+)*?(?:-a|--allow-all)\b[^\n]{0,60}?https?://|\b(?:npx|bunx|pnpm\s+dlx)\s+"
         r"(?:(?:-y|--yes)\s+)?https?://"),
    Rule("install_from_url", EXECUTION, HOLD, "installs a package straight from a URL or an address (its setup code "
         "runs; held)",
         r"\bpip[23]?\s+install\s+(?:-\S+\s+)*https?://(?:\d{1,3}\.){3}\d{1,3}|\bpip[23]?\s+install\s+(?:-\S+\s+)*"
         r"https?://\S+\.(?:tar\.gz|whl|zip)\b"),
    Rule("eval_of_download", EXECUTION, BLOCK, "evaluates what a download returns (eval(get(...)), eval(Net::HTTP.get))",
         r"\beval\s*\(?\s*(?:[\w:.]+\.)?(?:get|get_content|urlopen|open|read|file_get_contents)\s*\(\s*(?:uri\s*\(\s*)?"
         r"['\"]https?://"
         r"|require\(\s*['\"]https?['\"]\s*\)\.get\s*\([^\n]{0,300}?\beval\s*\("),
    Rule("credentials_archived_out", EXFILTRATION, BLOCK, "archives a credentials folder and sends it out",
         rf"\b(?:tar|zip|7z|cat|base64)\b[^\n|]{{0,120}}?(?:\.config[\\/](?:gcloud|gh)|\.aws\b|\.ssh\b|\.kube\b|\.docker\b"
         rf"|\.gnupg\b|{_SECRETS_FILE})[^\n|]{{0,120}}\|\s*(?:curl|wget|nc|ncat|socat)\b"),
    Rule("ci_secret_sent_out", EXFILTRATION, BLOCK, "a CI step sends a repository secret to a web address",
         r"\$\{\{\s*secrets\.\w+\s*\}\}[^\n]{0,120}?\|\s*(?:curl|wget|nc)\b|\b(?:curl|wget)\b[^\n]{0,200}?"
         r"\$\{\{\s*secrets\.\w+\s*\}\}"),
    Rule("environment_in_gist", EXFILTRATION, HOLD, "puts the environment or secrets in a gist or paste (held)",
         rf"\bgist\b{ONE_SENTENCE}{{0,80}}?\b(?:printenv|env\b|environment\s+variables|\.env\b|secrets?|tokens?"
         r"|credentials)"
         r"|\b(?:printenv|env)\b[^\n]{0,40}?\|\s*gh\s+gist\b"),
    Rule("download_then_run", EXECUTION, BLOCK, "downloads a script to a file and runs it with an interpreter",
         r"\b(?:curl|wget)\b[^\n]{0,200}?\s-(?:o|O|-output|-output-document)[ =]\s*['\"]?[^\s'\"]+['\"]?[ \t]*(?:&&|;)"
         r"[ \t]*(?:sudo\s+)?(?:node|python[23]?|bash|sh|zsh|ruby|perl|php|pwsh|powershell)\s+['\"]?[^\s'\"-][^\s'\"]*"),
    Rule("credentials_in_request", EXFILTRATION, BLOCK, "puts what a credentials file holds into a web request",
         rf"\b(?:curl|wget)\b[^\n]{{0,200}}?\$\([^)\n]{{0,120}}?{_SECRETS_FILE}"),
    Rule("environment_over_dns", EXFILTRATION, BLOCK, "feeds the environment to DNS look-ups (a covert channel out)",
         r"\b(?:env|printenv)\b[^\n]{0,200}?\b(?:dig|nslookup|host|ping)\s+(?:[+-]\S+\s+)*\$\{?\w+\}?\."),
    Rule("secret_store_sent_out", EXFILTRATION, BLOCK, "pipes what a secrets store or credentials folder holds to a "
         "network tool",
         rf"\b{_SECRET_STORES}\b[^\n]{{0,200}}?\|[^\n]{{0,160}}?\b{_NETWORK}\b"
         rf"|\b(?:cat|tar|zip|7z|gzip|base64)\s[^\n|]{{0,120}}?(?:{HOME_SECRETS}|\.claude/projects\b|\.codex/sessions\b)"
         rf"[^\n|]{{0,60}}(?:\|[^\n|]{{0,60}}){{0,3}}\|\s*{_NETWORK}\b"),
    Rule("secret_into_socket", EXFILTRATION, BLOCK, "feeds a key or credentials file to a network connection",
         rf"\b(?:openssl\s+s_client|nc|ncat|netcat|socat|telnet)\b[^\n<|]{{0,120}}<\s*['\"]?[^\s'\"]{{0,80}}?{HOME_SECRETS}"),
    Rule("powershell_posts_environment", EXFILTRATION, BLOCK, "PowerShell posts the environment variables",
         r"\b(?:invoke-restmethod|invoke-webrequest|irm|iwr)\b[^\n]{0,200}?-body\b[^\n]{0,80}?(?:get-childitem\s+env:"
         r"|\b(?:gci|dir|ls)\s+env:|\[environment\]::getenvironmentvariables)"),
    Rule("secret_over_dns", EXFILTRATION, BLOCK, "feeds a secret variable to DNS look-ups (a covert channel out)",
         rf"\becho\s+['\"]?{SECRET_VAR}[^\n]{{0,200}}?\b(?:dig|nslookup|host|ping)\s+(?:[+-]\S+\s+)*"
         r"(?:\$\{?\w+\}?|\w+)\.[\w.-]+"),
    Rule("secret_in_issue_body", EXFILTRATION, BLOCK, "posts a credentials file as an issue, pull request or gist body",
         rf"\bgh\s+(?:issue|pr|gist|release)\s+(?:\w+\s+)?[^\n]{{0,120}}?(?:--body-file|-f|--notes-file)[\s=]+['\"]?"
         rf"[^\s'\"]{{0,80}}?{HOME_SECRETS}"),
    Rule("privileged_unknown_container", EXECUTION, HOLD, "runs a container with the host's root folder and every "
         "privilege (held)",
         r"\bdocker\s+run\b[^\n]{0,160}?--privileged\b[^\n]{0,160}?-v\s+/:/|\bdocker\s+run\b[^\n]{0,160}?-v\s+/:/"
         r"[^\n]{0,160}?--privileged\b"),
    Rule("unpinned_commit_hook", PERSISTENCE, HOLD, "adds a pre-commit hook repository at a moving revision, set to "
         "always run (held)",
         r"\brepo:\s*['\"`]?https?://[^\s'\"`]+[^\n]{0,120}?\brev:\s*['\"`]?(?:main|master|head|latest)\b"),
    Rule("agent_hook_to_network", PERSISTENCE, HOLD, "registers an agent hook that sends to a web address (held: it "
         "runs on every tool call)",
         r"\b(?:pretooluse|posttooluse|sessionstart|userpromptsubmit|precompact)\b[^\n]{0,200}?\b(?:curl|wget|nc|"
         r"invoke-webrequest)\b[^\n]{0,120}?https?://"),
    Rule("editor_task_on_open", PERSISTENCE, HOLD, "an editor task that runs when the folder is opened (held)",
         r"[\"']?runon[\"']?\s*:\s*[\"']folderopen"),
    Rule("git_url_rewrite", PERSISTENCE, HOLD, "rewrites git URLs to go through another web host (held: every clone "
         "and push goes there)",
         r"\burl\s*\.?\s*[\[\"]*\s*[\"']?https?://[^\s\"'\]]+[\"']?\s*\]?[\"']?\s*\.?\s*insteadof\b"),
    Rule("unpinned_remote_tool", EXECUTION, HOLD, "runs a tool fetched at run time from a moving source (`go run "
         "...@latest`, `uvx --from git+...`, a plain-HTTP package index, a package installed straight from a web "
         "address or a git URL; held on memory writes)",
         r"\bgo\s+run\s+(?!golang\.org/|std/)[\w.-]+\.[a-z]{2,}/[^\s@]{1,200}@(?:latest|main|master|head)\b"
         r"|\b(?:uvx|uv\s+tool\s+run|pipx\s+run)\s+(?:-\S+\s+)*?--(?:from|spec)[\s=]+['\"]?(?:git\+"
         r"|https?://(?!localhost|127\.))"
         r"|\bnpx\s+(?:(?:-y|--yes)\s+)?github:"
         r"|\bpip[23]?\s+install\b[^\n]{0,200}?(?:--index-url|--extra-index-url|-i)[\s=]+http://(?!localhost|127\.)"
         r"|\bpip[23]?\s+install\b[^\n]{0,200}?--trusted-host\b"
         r"|\b(?:pip[23]?|uv\s+pip|pipx)\s+install\b[^\n]{0,120}?(?<!-url)(?<!-i)(?<!-f)(?<!--find-links)\s['\"]?"
         r"(?:git\+)?https?://(?!localhost|127\.)"
         r"|\b(?:npm|pnpm|yarn)\s+(?:install|i|add)\b[^\n]{0,120}?\s['\"]?https?://[^\s'\"`]+\.(?:tgz|tar\.gz)\b"
         r"|\bcargo\s+install\b[^\n]{0,120}?--git[\s=]+['\"]?https?://"),
    Rule("pull_request_target_runs_pr_code", EXECUTION, HOLD, "a `pull_request_target` workflow that checks out and "
         "runs the pull request's own code, with the repository's secrets in reach (held: anyone who opens a pull "
         "request runs code there)",
         r"\bpull_request_target\b[\s\S]{0,400}?(?:pull_request\.head\.(?:sha|ref)|\bhead\.sha\b|refs/pull/"
         r"|(?<!never )(?<!not )(?<!n't )\b(?:checks?|checking)\s+out\s+the\s+(?:pr|pull\s+request)(?:'s)?\s+(?:head|branch|code))"),
    Rule("library_preload_hidden", PERSISTENCE, HOLD, "preloads a shared library from a temporary or hidden folder into "
         "every program started (`LD_PRELOAD`, `DYLD_INSERT_LIBRARIES`; held)",
         r"\b(?:ld_preload|dyld_insert_libraries)\b['\"]?\s*[:=]\s*['\"]?(?:/tmp/|/var/tmp/|/dev/shm/|~/\.|\$home/\."
         r"|[^\s'\"]*/\.[\w-]+/)"),
    Rule("launch_agent_plist", PERSISTENCE, HOLD, "installs a macOS launch agent that starts at login (held)",
         r"(?:\b(?:create|creates|write|writes|add|adds|install|installs|put|save|drop|place|copy|cp|mv|tee|ln)\b|>)"
         r"[^\n]{0,160}?library/launch(?:agents|daemons)/[^\s]*\.plist"
         r"|library/launch(?:agents|daemons)/[^\s]*\.plist[\s\S]{0,300}?\b(?:runatload|keepalive|programarguments"
         r"|launchctl)\b"),
    Rule("python_startup_hook", PERSISTENCE, HOLD, "a sitecustomize.py or .pth file that reaches the network or runs code",
         r"\b(?:sitecustomize|usercustomize)\.py\b[^\n]{0,200}?(?:https?://|\burlopen\b|\bos\.environ\b|\bexec\b"
         r"|\brequests\b|\bposts?\b)|\.pth\b[^\n]{0,200}?\b(?:exec|urlopen|import\s+urllib|import\s+os)\b"),
    Rule("substitution_runs_download", EXECUTION, BLOCK, "runs a download's output as a command (`$(curl ...)`)",
         r"(?:(?<![^\n`;&|])|(?<=\brun )|(?<=\brun `)|(?<=[;&|] )|(?<=\$ ))\$\(\s*(?:curl|wget|fetch|iwr|irm)\b"
         r"[^)\n]{0,300}\)(?=[ \t]*(?:`|$|;|&&|\|\||\n))"),
    Rule("socat_sends_secret_file", EXFILTRATION, BLOCK, "socat streams a key or credentials file to a network socket",
         rf"\bsocat\b[^\n]{{0,120}}?\b(?:file|open|gopen):[^\s]{{0,120}}?{SENSITIVE}[^\n]{{0,160}}?"
         r"\b(?:tcp[46]?|tcp-connect|udp|openssl|ssl)(?:-connect)?:"),
    Rule("environment_object_sent", EXFILTRATION, BLOCK, "sends the whole process environment in a web request",
         r"\b(?:fetch|axios(?:\.post)?|got|request|\$\.post|http\.request)\s*\([^\n]{0,300}?\bprocess\.env\b(?!\s*[.\[])"
         r"|\bjson\.stringify\(\s*process\.env\s*\)[^\n]{0,200}?(?:fetch|https?://|axios|\.send\()"),
    Rule("environment_posted", EXFILTRATION, BLOCK, "posts the output of printenv or env to a webhook or web address",
         r"\b(?:post|send|upload|pipe|forward|paste)\b[^\n]{0,60}?(?:\bprintenv\b|`env`|\benv\s+vars\b"
         r"|\benvironment\s+variables\b)[^\n]{0,120}?(?:webhooks?\b|https?://(?!(?:localhost|127\.0\.0\.1))"
         r"|\b(?:comments?|issues?|gists?|pastebin|discussions?)\b)"),
    Rule("secret_var_mailed_or_piped", EXFILTRATION, BLOCK, "pipes a secret-named variable to mail or a network tool",
         rf"\b(?:echo|printf(?:\s+%s)?|cat\s+<<<)\s+['\"]?(?:{SECRET_VAR}|\$\{{?\w*(?:database_url|db_url|dsn|conn(?:ection)?_?str\w*)\b)"
         r"[^\n|]{0,40}\|\s*(?:mail|mailx|sendmail|mutt|nc|ncat|netcat|socat|curl|wget)\b"),
    Rule("repository_bundled_out", EXFILTRATION, HOLD, "packs the whole repository and sends it to another host",
         r"\bgit\s+bundle\s+create\b[^\n]{0,200}?\b(?:curl|wget|scp|rsync|nc|aws\s+s3\s+cp|gsutil\s+cp|rclone)\b"
         r"[^\n]{0,200}?(?:(?:https?|ftp|s3|gs)://(?!(?:localhost|127\.0\.0\.1))|[\w.-]+@[\w.-]+:)"),
    Rule("secrets_uploaded_as_artifact", EXFILTRATION, HOLD, "uploads secret files as a build artifact",
         r"\buploads?\b[^\n]{0,60}?(?:\bsecrets?(?:\.\*|\.ya?ml|\.json|\.env)|\.env\b|\bcredentials\b)[^\n]{0,60}?"
         r"\bas\s+(?:an?\s+)?artifacts?\b"),
    Rule("here_string_runs_download", EXECUTION, BLOCK, "feeds a download to an interpreter as a here-string",
         r"\b(?:python[23]?|bash|sh|zsh|node|ruby|perl|source\s+/dev/stdin)\s*-?\s*<<<\s*['\"]?\$\(\s*(?:curl|wget)\b"),
    Rule("paste_piped_to_shell", EXECUTION, HOLD, "pipes something from a paste or gist site into a shell",
         r"\bpipe\b[^\n]{0,80}?\b(?:from|at)\s+\S*(?:paste|gist|pastebin|hastebin|\.ee/|https?://)[^\n]{0,60}?\binto\s+"
         r"(?:ba|z)?sh\b"),
    Rule("unofficial_package_index", EXECUTION, HOLD, "installs Python packages from an unofficial package index",
         r"\bpip3?\s+install\b[^\n]{0,200}?(?:--(?:extra-)?index-url|-i)[\s=]+https?://(?!pypi\.org|files\.pythonhosted"
         r"|download\.pytorch\.org|localhost|127\.)"),
    Rule("token_piped_out", EXFILTRATION, BLOCK, "pipes a CLI's access token to a network tool",
         r"\b(?:gh\s+auth\s+token|aws\s+configure\s+export-credentials|gcloud\s+auth\s+print-(?:access|identity)-token"
         r"|az\s+account\s+get-access-token|vault\s+print\s+token|npm\s+token\s+list)\b[^\n|]{0,60}\|\s*(?:curl|wget|nc"
         r"|ncat|socat)\b"),
    Rule("secret_file_mailed_in", EXFILTRATION, BLOCK, "mails a key or credentials file as the message body",
         rf"\b(?:mail|mailx|mutt|sendmail)\b[^\n<]{{0,160}}<\s*['\"]?\S*{SENSITIVE}"),
    Rule("pushed_to_outside_repo", EXFILTRATION, HOLD, "asks to push the code or its history to another repository",
         r"\bpush\s+(?:the\s+|this\s+|every\s+|all\s+|our\s+)?(?:branch(?:es)?|repo(?:sitory)?|code|history|main)\s+"
         r"(?:\w+\s+){0,2}?to\s+(?:git@|https?://|ssh://)|\bremote\b[^\n]{0,80}?(?:pointing|points)\s+(?:at|to)\s+\S*"
         r"(?:gitlab\.com|github\.com|bitbucket\.org|git@)[^\n]{0,120}?\bpush\b"),
    Rule("scheduled_fetch_or_upload", PERSISTENCE, HOLD, "a scheduled job that runs a gist or uploads secret files",
         rf"\b(?:workflow|timer|cron(?:tab)?|cronjob)\b[^\n]{{0,80}}?\b(?:schedule[ds]?|hourly|nightly|daily|every\s+\w+)\b"
         rf"[^\n]{{0,120}}?(?:\bgist\b|pastebin|\buploads?\b[^\n]{{0,80}}?{SENSITIVE})"
         rf"|\b(?:systemd\s+)?timer\b[^\n]{{0,160}}?\buploads?\b[^\n]{{0,80}}?{SENSITIVE}"),
    Rule("host_network_forever", PERSISTENCE, HOLD, "a container that always restarts on the host's network",
         r"\brestart:\s*always\b[^\n]{0,160}?\bnetwork_mode:\s*host\b|\bnetwork_mode:\s*host\b[^\n]{0,160}?"
         r"\brestart:\s*always\b"),
    Rule("hidden_comment_for_agents", PERSISTENCE, HOLD, "plants a hidden comment that speaks to agents",
         r"\bhidden\s+(?:html\s+|markdown\s+)?comments?\b[^\n]{0,120}?\b(?:agents?|assistants?|ai|llms?|models?)\b"),
    Rule("white_text", EXFILTRATION, HOLD, "hides text from a human reader as white text",
         r"<(?:font|span|div|p)\b[^>]{0,120}?color\s*[:=]\s*['\"]?(?:#fff(?:fff)?|white)\b"),
    Rule("package_from_url", EXECUTION, HOLD, "runs a package fetched straight from a URL (npx/bunx/uvx name@https://...)",
         r"\b(?:npx|bunx|bun\s+x|pnpm\s+dlx|yarn\s+dlx|uvx)\s+(?:-y\s+|--yes\s+)?[\w@/.-]*@https?://"),
    Rule("secret_file_in_gist_call", EXFILTRATION, BLOCK, "posts a credentials file's contents through the GitHub API or gh",
         rf"\bgh\s+(?:api|gist)\b[^\n]{{0,300}}?\$\(\s*(?:cat|printenv|env)\b[^)\n]{{0,120}}?(?:{SENSITIVE}|\benv\b|printenv)"),
    Rule("secret_value_in_url", EXFILTRATION, HOLD, "a URL parameter meant to carry a key or token's value",
         r"[?&]\w{1,20}=<[^>\n]{0,40}(?:api[_ ]?key|token|secret|password)[^>\n]{0,20}>"),
)
"""The code-shaped execution, exfiltration and persistence rules."""
