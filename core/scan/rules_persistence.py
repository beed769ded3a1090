"""Persistence rules: writes into agent instruction files, shell start-up files, sudoers, cron, git hooks, package
install scripts, systemd and launchd units, MCP server configuration, SSH keys and tunnels; C2 vocabulary; leaving no
trace; unsetting the agent's own guards.

Block is for a shell command that writes into one of these places, or writes something that fetches or runs code;
hold is for wording that asks to change them (`update AGENTS.md when you learn something`, `claude mcp add ...`), which
real instruction files use, so a person decides. Adding a PATH line to `.bashrc` and `crontab -e` pass.
"""

from __future__ import annotations

from memrev.core.scan.rules_base import BLOCK, C2, HOLD, NOT, PERSISTENCE, Rule, gap

_P = PERSISTENCE
_AGENT_FILES = (r"(?:\bagents\.md\b|\bclaude(?:\.local)?\.md\b|\.cursorrules\b|\.clinerules\b|\.windsurfrules\b"
                r"|copilot-instructions\.md|\bgemini\.md\b|\.cursor/rules\b|\.claude/(?:settings(?:\.local)?\.json"
                r"|commands/|agents/|hooks/)|\.codex/config\.toml)")
_ANY_AGENT_FILE = (r"(?:agents\.md|claude(?:\.local)?\.md|\.cursorrules|\.clinerules|\.windsurfrules"
                   r"|copilot-instructions\.md|gemini\.md|\.cursor/rules|\.claude/(?:settings(?:\.local)?\.json|commands/"
                   r"|agents/|hooks/)|\.codex/config\.toml)")
"""The same files anywhere, even glued to a word (as Hermes Agent reads them)."""
_HERMES_FILES = r"(?:\.hermes|\$hermes_home|\$\{hermes_home\})/(?:config\.ya?ml|soul\.md|memories/|skills/|plugins/)"
_RC_FILES = (r"(?:(?:\.bashrc|\.bash_profile|\.bash_login|\.zshrc|\.zshenv|\.zprofile|\.zlogin|\.kshrc|\.cshrc"
             r"|\.tcshrc|(?:~|\$home)/\.profile|/etc/profile|/etc/bash\.bashrc|/etc/environment|\.pam_environment"
             r"|\.config/fish/config\.fish|profile\.ps1)\b|/etc/profile\.d/|\.config/autostart/)")
_WRITE = (r"(?:(?:(?<=[^\s>][ \t])|(?<=[^\s>][ \t]{2}))(?<!\.md\s)(?<!\.md`\s)>>?|(?<=[\w'\")])>>|\btee\b(?:\s+-a)?"
          r"|\bsed\s+-i\S*\s[^\n]{0,200}?|\b(?:add|set|out)-content\b"
          r"[^\n]{0,120}?|\bout-file\b[^\n]{0,40}?|\b(?:cp|mv|install|ln\s+-sf?)\s+(?:-\S+\s+)*\S+)\s*['\"]?"
          r"[^\s'\"<>|;&]{0,120}?")
"""A shell write into a file: a redirect (after a space that follows a word on the same line, so never a Markdown
quote's `>` at a line's start, nor `A.md > B.md` ranking files; a quote or `>>` after a word; never `->` or `<id>/`),
tee, sed -i, PowerShell's content cmdlets, or a copy onto it."""
_READ_MD = r"\b(?:cat|type|envsubst|head|tail|sort|uniq|awk|jq|yq|m4|tr|sed)\b[^\n|;&]{0,160}?\.md`?\s+>>?\s*['\"`]?"
"""A command that reads a Markdown file and redirects it into another: still a write, however `_WRITE` skips
`A.md > B.md`."""
_RUNS = (r"(?:\bcurl\b|\bwget\b|\bnc\b|\bncat\b|/dev/tcp/|\bbase64\b|\beval\b(?![^\n]{0,40}?\b(?:init|env|hook|shellenv"
         r"|activate|completion|direnv|brew|rbenv|nodenv|pyenv|zoxide|starship|mise|fnm|atuin|ssh-agent)\b)|\bbash\s+-i\b"
         r"|\bpython\d?\s+-c\b|\biex\b)")
"""What turns a persistent write into an attack: fetching or decoding code, or a socket."""
_MOD_VERBS = r"(?:update|modify|edit|write|change|append|add\s+to|rewrite|overwrite|prepend|insert\s+into|amend)"
_G_MOD = gap(2048, rf"(?<![$/.-]){_MOD_VERBS}\s")
_G_RUNS = r"[^\n]{0,200}?"
_G_ADD, _G_CHECK = gap(80, r"\b(?:add|insert|put)\b"), gap(80, r"\b(?:check|report|phone|beacon)\b")

PERSISTENCE_RULES: tuple[Rule, ...] = (
    Rule("hook_pushes_out", PERSISTENCE, HOLD, "a git hook that pushes or sends the repository's changes elsewhere",
         r"\b(?:pre-push|post-commit|pre-commit|post-merge|post-checkout|post-receive)\s+hook\b[^\n]{0,200}?"
         r"\b(?:push(?:es|ing)?|curls?|uploads?|sends?|posts?)\b[^\n]{0,120}?(?:git@|https?://|ssh://|\bcollector\b"
         r"|\bwebhook\b|\bendpoint\b|\bour\s+server\b|\bbackup\s+remote\b|\bmirror\b)"),
    Rule("hidden_powershell", PERSISTENCE, HOLD, "starts PowerShell in a hidden window",
         r"\b(?:powershell|pwsh)(?:\.exe)?\s+(?:-\w+\s+){0,4}-w(?:indowstyle)?\s+hidden\b"),
    Rule("hidden_script_sourced", PERSISTENCE, HOLD, "sources a hidden script from a shell start-up file",
         r"\bsource\s+['\"]?~?/?[\w./-]*/\.[\w-]+\.(?:sh|bash|zsh)\b[^\n]{0,120}?(?:profile|rc\b|bashrc|zshrc)"
         r"|(?:profile|bashrc|zshrc)[^\n]{0,120}?\bsource\s+['\"]?~?/?[\w./-]*/\.[\w-]+\.(?:sh|bash|zsh)\b"),
    Rule("scheduled_download_run", PERSISTENCE, HOLD, "a scheduled job that downloads a script and runs it",
         r"\bschedule[ds]?\b[^\n]{0,80}?\b(?:pulls?|fetch(?:es)?|downloads?|curls?)\b[^\n]{0,40}?https?://[^\n]{0,60}?\bruns?\b"),
    Rule("install_script_phones_home", PERSISTENCE, HOLD, "an npm install script that runs a hidden file or sends data",
         r"\"(?:pre|post)?install\"\s*:\s*\"[^\"\n]{0,120}?/\.[\w-]+\.(?:js|cjs|mjs|sh|py)\"|\"(?:pre|post)?install\"\s*:"
         r"[^\n]{0,300}?\b(?:sends?|uploads?|posts?)\b[^\n]{0,60}?\b(?:environment|env|secrets?|tokens?|keys?)\b"),
    Rule("shared_hooks_path", PERSISTENCE, HOLD, "points every repository's git hooks at a shared folder",
         r"\bcore\.hookspath\b[^\n]{0,60}?(?:--global|\bglobally\b|~/|\$home)|--global\s+core\.hookspath\b"
         r"|\bglobal\s+git\s+hooks?\s+path\b"),
    Rule("python_starts_helper", PERSISTENCE, HOLD, "a sitecustomize.py or usercustomize.py that runs on every Python start",
         r"(?:\b(?:sitecustomize|usercustomize)\.py\b|\.pth\s+file\b)[^\n]{0,200}?(?:every\s+python\s+(?:start|run|launch)"
         r"|on\s+(?:every\s+)?(?:start|startup)|each\s+(?:start|run)|imports?\s+our)"
         r"|\.pth\b[^\n]{0,160}?\bimport\b[^\n]{0,160}?https?://(?!localhost|127\.)"),
    Rule("cluster_admin_job", PERSISTENCE, HOLD, "a scheduled Kubernetes job with cluster-admin rights",
         r"\bcronjob\b[^\n]{0,200}?\bcluster-admin\b|\bcluster-admin\b[^\n]{0,200}?\bcronjob\b"),
    Rule("launch_daemon_keepalive", PERSISTENCE, HOLD, "a launchd agent or daemon kept alive (restarts when killed)",
         r"\blaunch\s?(?:daemon|agent)s?\b[^\n]{0,120}?\bkeepalive\b|\bkeepalive\b[^\n]{0,120}?\blaunch\s?(?:daemon|agent)"),
    Rule("hook_runs_download", PERSISTENCE, HOLD, "a git hook that runs a helper downloaded from the network",
         r"(?:\.husky/|\.git/hooks/|\bpre-commit\b|\bpost-checkout\b|\bpre-push\b|\bpost-merge\b)[^\n]{0,200}?"
         r"\b(?:download(?:ed|s)?|fetch(?:ed|es)?|curl|wget|calls?)\b[^\n]{0,120}?https?://(?!(?:localhost|"
         r"127\.0\.0\.1))"),
    Rule("boot_script_persistence", PERSISTENCE, HOLD, "starts something at boot from /etc/rc.local or init.d, or locks "
         "a startup, cron, key or hook file against removal (an owner locking a note against the agent is left alone)",
         r"/etc/rc\.local\b|/etc/init\.d/[\w.-]+|\bupdate-rc\.d\b|\bchattr\s+(?:-\w+\s+)*\+[ia]\b[^\n|;&]{0,80}?"
         r"(?:rc\.local|init\.d|cron|authorized_keys|\.bashrc|\.zshrc|\.profile|\.bash_profile|systemd|\.service\b"
         r"|/etc/|\.git/hooks|\.ssh/)"),
    Rule("agent_config_mod", _P, BLOCK, "a shell command that writes into an agent's instruction or settings file",
         rf"{_WRITE}{_AGENT_FILES}(?![ \t]+>[ \t])|{_READ_MD}[^\s'\"<>|;&]{{0,120}}?{_AGENT_FILES}|\bcat\s+(?:>>?|<<)[^\n]{{0,80}}?{_AGENT_FILES}|\bopen\(\s*['\"][^'\"\n]{{0,120}}?"
         rf"{_AGENT_FILES}['\"]\s*,\s*['\"][aw]"),
    Rule("possible_agent_config_mod", _P, HOLD, "asks to change an agent's instruction or settings file (held)",
         rf"(?<![$/.-])\b{_MOD_VERBS}\s{_G_MOD}{_ANY_AGENT_FILE}"
         rf"|\b(?:add|insert|put|register|install)\b{_G_ADD}(?:\bhooks?\b[^\n]{{0,80}}?"
         r"settings(?:\.local)?\.json|settings(?:\.local)?\.json[^\n]{0,80}?\bhooks?\b)"),
    Rule("hermes_config_mod", _P, BLOCK, "a shell command that writes Hermes's config, SOUL.md, memories or skills",
         rf"{_WRITE}{_HERMES_FILES}"),
    Rule("possible_hermes_config_mod", _P, HOLD, "asks to change Hermes's config or SOUL.md (held for a person)",
         rf"(?<![$/.-])\b{_MOD_VERBS}\s{_G_MOD}\.hermes/(?:config\.yaml|soul\.md)"),
    Rule("shell_rc_mod", _P, BLOCK, "writes code that fetches or runs something into a shell start-up file",
         rf"\b(?:echo|printf)\s(?=[^\n]{{0,400}}?(?:>|\btee\b)){_G_RUNS}{_RUNS}{_G_RUNS}(?:(?<=[\s'\")])>>?"
         rf"|\btee\b(?:\s+-a)?)\s*['\"]?"
         rf"[^\s'\"<>|;&]{{0,80}}?{_RC_FILES}|\b(?:curl|wget)\b(?=[^\n]{{0,400}}?(?:>>|\btee\b))[^\n|]{{0,300}}?(?:>>"
         rf"|\|\s*(?:sudo\s+)?tee\s+-a)\s*['\"]?"
         rf"[^\s'\"<>|;&]{{0,80}}?{_RC_FILES}"
         r"|\balias\s+(?:sudo|ls|cd|git|ssh|cat|curl|npm|pip|python3?)\s*=\s*['\"][^'\"\n]{0,200}?"
         rf"(?:{_RUNS}|\|)[^\n]{{0,200}}?{_RC_FILES}"),
    Rule("possible_shell_rc_mod", _P, HOLD, "changes a shell start-up file (~/.bashrc, ~/.zshrc...): held",
         r"\b(?:echo|printf|cat)\s+(?!['\"]?(?:export\s+)?(?:path|[a-z_]{0,30}_home|[a-z_]{0,30}_path|goroot|gopath"
         r"|java_home|nvm_dir|pyenv_root|bun_install|pnpm_home|editor|visual|lang|lc_all)\s*=)(?!['\"]?(?:source|\.)\s"
         r"[^\n]{0,80}?(?:/env\b|\.env\b|completion|nvm\.sh|cargo/env|sdkman-init|\.sh\b))(?!['\"]?eval\s+\"?\$\(\S+\s+"
         rf"(?:init|env|hook|activate|shellenv|completion)\b)[^\n]{{0,200}}?(?:(?<=[\s'\")])>>?|\btee\b(?:\s+-a)?)\s*"
         rf"['\"]?[^\s'\"<>|;&]{{0,80}}?{_RC_FILES}|\b(?:add|append|insert|put)\b(?![^\n]{{0,160}}?\b(?:activate|shellenv|path|source|eval\s+['\"]?\$\(\s*[\w./-]+\s+(?:init|hook|env)"
         r"|export\s+\w+_home|completion|alias\s+\w+=['\"]?(?!curl|wget))\b)[^\n]{0,160}?\b(?:to|in|into)\s+(?:your\s+"
         rf"|the\s+)?['\"`]?[^\s'\"`]{{0,60}}?{_RC_FILES}|\b(?:set-alias|new-alias)\b[^\n]{{0,120}}?\bprofile\.ps1"
         rf"|{_RC_FILES}[^\n]{{0,80}}?\b(?:ends|starts|begins)\s+with\b[^\n]{{0,80}}?\b(?:curl|wget)\b[^\n]{{0,120}}?"
         r"https?://(?!localhost|127\.)"),
    Rule("sudoers_mod", _P, BLOCK, "grants passwordless root on this machine (sudoers, NOPASSWD)",
         r"\bsudo\s+(?:-\S+\s+)*(?:tee|sh\s+-c|bash\s+-c)\b[^\n]{0,120}?/etc/sudoers|\|\s*sudo\s+tee\s+(?:-a\s+)?"
         r"/etc/sudoers|\bnopasswd\s*:\s*all\b[^\n]{0,80}?\|\s*sudo\b|\badd\b[^\n]{0,60}?\bnopasswd\b[^\n]{0,60}?"
         r"\bsudoers\b"),
    Rule("possible_sudoers_mod", _P, HOLD, "edits sudoers or grants sudo on this machine (held for a person)",
         r"\bvisudo\b|\bsudo\s[^\n]{0,160}?(?:/etc/sudoers|\bsudoers\.d\b|\busermod\s+-a?g\w*\s+(?:sudo|wheel|admin"
         r"|root)\b)|\b(?:add|grant|give|allow)\b[^\n]{0,60}?\b(?:passwordless\s+sudo|nopasswd|sudoers\s+file"
         r"|sudo\s+(?:rights|access|privileges))\b"),
    Rule("crontab_persistence", _P, BLOCK, "installs a cron job (piped into crontab, @reboot) or a scheduled task",
         r"\|\s*crontab\s+-(?!\w)|\bcrontab\s+-l\b[^\n]{0,200}?\|\s*crontab\b|@reboot\s+(?:(?:ba|z)?sh\b|curl\b|wget\b|nc\b|python|node\b|cd\b|sleep\b|nohup\b)"
         r"|(?:>>?|\btee\s+-a)\s*/etc/cron(?:tab|\.d/|\.(?:hourly|daily|weekly|monthly)/)"
         r"|\bschtasks\s+/create\b[^\n]{0,300}?(?:https?:|powershell|iex|curl|wget|cmd\s+/c)"),
    Rule("possible_crontab_persistence", _P, HOLD, "schedules a job that survives the session (held for a person)",
         r"\|\s*crontab\b|@reboot\b|\bcrontab\s+['\"]?(?:[\w.~-]*/[\w./~-]*|[\w-]+\.(?:txt|cron|tab))"
         r"|\bschtasks\s+/create\b|\bregister-scheduledtask\b|\bcurrentversion\\run\b"),
    Rule("git_hook_persistence", _P, BLOCK, "plants a git hook that fetches or runs code",
         rf"\b(?:echo|printf|cat)\s(?=[^\n]{{0,400}}?(?:>|\btee\b)){_G_RUNS}{_RUNS}{_G_RUNS}(?:>>?"
         rf"|\btee\b(?:\s+-a)?)\s*['\"]?[^\s'\"<>|;&]{{0,80}}?"
         r"\.(?:git|husky)/hooks?/[\w-]+|\b(?:curl|wget)\b(?=[^\n]{0,400}?\.git/hooks/)[^\n|]{0,300}?(?:>>?"
         r"|-o\s*)\s*['\"]?[^\s'\"<>|;&]{0,80}?"
         r"\.git/hooks/[\w-]+"),
    Rule("possible_git_hook", _P, HOLD, "writes a git hook (held: it runs on every commit or checkout)",
         r"(?:(?<=[\s'\")])>>?|\btee\b(?:\s+-a)?|\b(?:cp|mv|ln\s+-sf?)\s+\S+)\s*['\"]?[^\s'\"<>|;&]{0,80}?\.git/hooks/"
         r"(?:pre|post)-[\w-]+|\bcore\.hookspath\s+(?:/tmp|~|/dev/shm|\$home|https?:)"),
    Rule("npm_lifecycle_script", _P, BLOCK, "a package install script that fetches or runs code",
         r"['\"](?:pre|post)?install['\"]\s*:\s*['\"][^'\"\n]{0,300}?(?:\bcurl\b|\bwget\b|\bnc\b|\bbase64\b|\beval\b"
         r"|\bnode\s+-e\b|\b(?:ba)?sh\s+-c\b|\bpowershell\b|/dev/tcp|https?://)"
         r"|['\"](?:pre|post)?(?:install|prepare|prepublish)['\"]\s*:\s*['\"][^'\"\n]{0,120}?/\.[\w.-]+\.(?:js|sh|py|cjs|mjs)\b"
         r"[^\n]{0,300}?\b(?:wss?://|https?://|runs?\s+whatever|executes?\s+whatever)"),
    Rule("possible_npm_lifecycle", _P, HOLD, "adds a package install script (held: it runs on every install)",
         r"\b(?:add|set|insert|create|put|register)\b[^\n]{0,60}?['\"`]?\b(?:pre|post)install['\"`]?\s+(?:script|hook"
         r"|step)\b|\bnpm\s+pkg\s+set\s+['\"]?scripts\.(?:pre|post)?install\b"),
    Rule("systemd_persistence", _P, HOLD, "installs a systemd user unit or a launchd agent that survives reboots",
         r"\bsystemctl\s+--user\s+enable\b|\bloginctl\s+enable-linger\b|(?:(?<=[\s'\")])>>?|\btee\b(?:\s+-a)?)\s*"
         r"['\"]?[^\s'\"<>|;&]{0,80}?(?:systemd/user/|/etc/systemd/system/|library/launch(?:agents|daemons)/)"
         r"|\blaunchctl\s+(?:load|bootstrap|submit|enable)\b|\bexecstart\s*=\s*[^\n]{0,200}?(?:\bcurl\b|\bwget\b|\bnc\b"
         r"|/dev/tcp|\bbase64\b)|\.config/autostart/[\w.-]+\.desktop"),
    Rule("mcp_server_add", _P, HOLD, "adds an MCP server (held: it runs a program in every session)",
         r"\b(?:claude|codex|gemini|cursor|code|qwen|amp)\s+mcp\s+add\s+(?:--?[\w-]+(?:[ =]\S+)?\s+){0,6}[\w@./:-]+"
         r"|(?:(?<=[\s'\")])>>?|\btee\b(?:\s+-a)?)\s*['\"]?[^\s'\"<>|;&]{0,80}?(?:\.mcp\.json|mcp_config\.json"
         r"|mcp\.json|claude_desktop_config\.json|mcp_servers\.json)|\b(?:add|register|install|configure|insert"
         r"|append)\b[^\n]{0,80}?\bmcp\s+servers?\b[^\n]{0,120}?(?:https?://|\bnpx\s+-y\s|\buvx\s|\bcurl\b"
         r"|\bbash\b|\.mcp\.json)|\"mcpservers\"\s*:\s*\{[^\n]{0,300}?(?:\"(?:npx|uvx|bunx|curl|wget|bash|sh)\"|https?://)"),
    Rule("ssh_backdoor", _P, BLOCK, "adds an SSH key to authorized_keys",
         r"(?:(?<=[\s'\")])>>?|\btee\b(?:\s+-a)?|\b(?:cp|mv|cat)\s+\S+\s+>>?)\s*['\"]?[^\s'\"<>|;&]{0,80}?"
         rf"authorized_keys|{NOT}\b(?:add|append|write|put|insert|copy|paste|echo|install|place|drop)\b[^\n]{{0,80}}?\b(?:to"
         r"|into|in)\s+(?:the\s+|your\s+|my\s+|their\s+)?[^\s]{0,60}?authorized_keys|\bssh-(?:rsa|ed25519|ecdsa)"
         r"\s+aaaa[^\n]{0,800}?authorized_keys"),
    Rule("possible_ssh_backdoor", _P, HOLD, "mentions authorized_keys (held for a person)", r"authorized_keys"),
    Rule("ssh_tunnel", _P, HOLD, "opens a reverse SSH tunnel or exposes a local port to the internet",
         r"\b(?:auto)?ssh\s+(?:-\S+\s+(?:[^\s-]\S*\s+)?){0,8}?-[a-z]*r\s*(?:\d|[\w.]+:\d|\*:)|\bngrok\s+(?:tcp|tls)\s+\d"
         r"|\bcloudflared\s+(?:access\s+)?tcp\b|\bchisel\s+client\b[^\n]{0,80}?\bR:"
         r"|\b(?:cloudflared\s+(?:tunnel\s+(?:--\S+\s+)*run\b[^\n]{0,80}?--token\b|service\s+install\b)"
         r"|ngrok\s+service\s+install\b)"),
    Rule("write_deploy_key", _P, HOLD, "adds a deploy key with write access to a repository",
         r"\bdeploy[-\s]keys?\s+add\b[^\n]{0,120}?--allow-write\b|--allow-write\b[^\n]{0,120}?\bdeploy[-\s]keys?\b"
         r"|\bdeploy_keys\b[^\n]{0,80}?\bread_only[\"']?\s*[:=]\s*false\b"),
    Rule("c2_node_registration", _P, BLOCK, "tells the agent to register itself as a node of a remote network",
         rf"\bregister\s+(?:yourself\s+|this\s+(?:agent|machine|host|instance)\s+)?as\s+(?:an?\s+)?(?:new\s+)?(?:node"
         rf"|bot|peer|implant|zombie)\b|\bregister\s+(?:yourself|this\s+agent)\s+(?:with|on|to)\s+(?:the\s+)?(?:{C2}"
         r"|network|server)\b|\bjoin\s+(?:the|our|a)\s+(?:botnet|swarm|hive)\b"),
    Rule("possible_c2_node_registration", _P, HOLD, "register as a node (held for a person)",
         r"\bregister\s+(?:as\s+)?a?\s*node"),
    Rule("c2_heartbeat", _P, BLOCK, "tells the agent to check in with a remote controller periodically",
         rf"\b(?:send|post|emit|transmit)\s+(?:(?:a|periodic|regular)\s+){{0,2}}(?:heartbeats?|beacons?|check-?ins?)\s+"
         rf"(?:back\s+)?to\s+(?:the\s+)?(?:{C2}|master|https?://|\d{{1,3}}\.\d)|\b(?:check\s+in|report\s+back|phone\s+"
         rf"home|beacon(?:\s+out)?)\s+(?:to|with)\s+{_G_CHECK}\bevery\s+\d+\s*"
         r"(?:s|secs?|seconds?|m|mins?|minutes?|h|hours?)\b"),
    Rule("possible_c2_heartbeat", _P, HOLD, "heartbeat, beacon or check-in wording (held for a person)",
         r"\b(?:heartbeat|beacon|check[\s-]?in)\s+(?:to|with)\s"),
    Rule("c2_task_pull", _P, BLOCK, "tells the agent to fetch its next commands from a remote server",
         rf"\b(?:fetch|pull|get|download|retrieve|poll|check)\s+(?:for\s+)?(?:(?:new|your|the|next|latest|pending"
         rf"|further)\s+){{0,2}}(?:instructions|commands|orders|directives|tasks)\s+from\s+(?:the\s+)?(?:{C2}|remote"
         r"\s+server|https?://|\d{1,3}\.\d)"),
    Rule("possible_c2_task_pull", _P, HOLD, "pull tasks wording (held for a person)",
         r"\bpull\s+(?:down\s+)?(?:new\s+)?task(?:ing|s)?\b"),
    Rule("c2_network_connect", _P, BLOCK, "tells the agent to connect to a command network",
         rf"\bconnect\s+to\s+the\s+(?:{C2})\b|(?:(?<=[.!:;]\s)|(?<![^\n]))connect\s+to\s+the\s+network\s*[.!]"),
    Rule("possible_c2_network_connect", _P, HOLD, "connect to the network (held for a person)",
         r"\bconnect\s+to\s+the\s+network\b"),
    Rule("c2_explicit", _P, BLOCK, "mentions a C2 server or channel",
         r"\b(?:c2|c&c|cnc)\s+(?:server|channel|infrastructure|endpoint|node|beacon|callback|host|domain|panel)s?\b"),
    Rule("c2_explicit_long", _P, BLOCK, "mentions a command-and-control server or channel",
         r"\bcommand[\s-]+(?:and|&)[\s-]+control\s+(?:server|channel|infrastructure|endpoint|node|network|beacon|host"
         r"|domain|panel)s?\b"),
    Rule("possible_c2_explicit", _P, HOLD, "command-and-control wording (held for a person)",
         r"\bcommand\s+and\s+control\b"),
    Rule("known_c2_framework", _P, BLOCK, "names a known C2 framework's implant or server",
         r"\b(?:cobalt\s*strike|meterpreter|brute\s*ratel|poshc2|koadic|sliver|havoc|mythic|covenant|empire|pupy"
         r"|merlin)"
         r"\s+(?:beacon|implant|agent|payload|stager|listener|c2|teamserver|team\s+server|session)s?\b|\b(?:install"
         r"|deploy|run|launch|start|execute|load|drop)\s+(?:(?:a|the)\s+)?(?:cobalt\s*strike|meterpreter|brute\s*ratel"
         r"|poshc2|koadic)\b"),
    Rule("possible_known_c2_framework", _P, HOLD, "names an offensive-security framework (held for a person)",
         r"\b(?:cobalt\s*strike|sliver|havoc|mythic|metasploit|brainworm)\b"),
    Rule("anti_forensic_oneliner", _P, BLOCK, "tells the agent to leave no trace (one-liners only)",
         r"\b(?:only\s+(?:ever\s+)?use|use\s+only)\s+one[\s-]?liners?\b|\b(?:leave|leaving)\s+no\s+(?:traces?|evidence"
         r"|footprints?|artifacts?)\b|\b(?:don'?t|do\s+not|never)\s+leave\s+(?:any\s+)?(?:traces?|evidence"
         r"|footprints?)\b"),
    Rule("anti_forensic_disk", _P, BLOCK, "tells the agent to wipe history or logs, or never to touch disk",
         r"\b(?:never|don'?t|do\s+not)\s+(?:write|save|store|persist)\s+(?:(?:the|any)\s+)?(?:payloads?|scripts?"
         r"|implants?|binaries)\s+(?:to|on)\s+(?:the\s+)?disk\b|\bhistory\s+-c\b|\bunset\s+histfile\b|\bhistfile\s*=\s*"
         r"/dev/null|\bhistsize\s*=\s*0\b|\bset\s+\+o\s+history\b|\b(?:clear|wipe|delete|erase|remove|scrub|cover)\s+"
         r"(?:(?:the|all|your|any|my)\s+){0,2}(?:shell\s+history|bash\s+history|command\s+history|audit\s+logs?|tracks"
         r"|traces|evidence)\b"
         r"|\b(?:rm|shred)\s+(?:-\w+\s+){0,4}(?:(?!\b(?:rm|shred)\b)[^\n;|&]){0,40}?(?:_history\b|/var/log\b)"
         r"|\bln\s+-sf?\s+/dev/null\s+\S*_history"),
    Rule("possible_anti_forensic_disk", _P, HOLD, "never write a script or file to disk (held for a person)",
         r"\bnever\s+(?:(?!never\b)[\w']+\s+)*?(?:create|write)\s+(?:(?!(?:create|write|never)\b)[\w']+\s+)*?"
         r"(?:script|file)\s+(?:(?!(?:script|file|never)\b)[\w']+\s+)*?disk"),
    Rule("env_var_unset_agent", _P, BLOCK, "unsets or disables the agent's own environment variables",
         r"\bunset\s+(?:-[fv]\s+)?(?:[a-z_][a-z0-9_]{0,40}\s+){0,4}(?:hermes|claude|codex|agent|openclaw)\w*"
         r"|\benv\s+-u\s+(?:hermes|claude|codex|agent)\w*|\b(?:hermes|claude|codex|agent)_\w{0,40}?(?:safe|safety"
         r"|sandbox|approval|guard|hook|confirm|permission)\w{0,20}\s*=\s*['\"]?(?:0|false|off|no|none|disabled?)\b"),
    Rule("possible_env_var_unset_agent", _P, HOLD, "unsets an agent or model provider variable (held)",
         r"\bunset\s+[\w']*?(?:claude|codex|hermes|agent|openai|anthropic)"),
)
"""(id, family, severity, description, pattern) for the persistence rules."""
