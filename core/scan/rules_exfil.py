"""Exfiltration and remote-code rules: secrets or files sent out (curl, wget, DNS look-ups, copies to other machines,
gists, pushes to new remotes, image and link URLs), reading secret files, the system prompt or the conversation leaked,
raw sockets, and code fetched or decoded and run at once.

Block is for sending a secret, a key or the environment to a host that is not this machine and not the secret's own
service, and for running code straight from the network or from decoded text. A token sent to localhost, a key passed
to its provider's API, `cat .env`, and a well-known installer piped into a shell (`curl -fsSL https://sh.rustup.rs |
sh`, common in real setup notes) are held for a person instead.
"""

from __future__ import annotations

from memrev.core.scan.rules_base import (BLOCK, DATA, EXECUTION, EXFILTRATION, HOLD, HOME_SECRETS, INSTALLER_HOSTS,
                                         INTERPRETER, LOCAL_LINE, LOOPBACK, NOT, ONE_SENTENCE, SECRET_VAR, SENSITIVE,
                                         URL, Rule, gap)

_X, _E = EXFILTRATION, EXECUTION
_DISPLAY_PARAMETER = (r"(?!(?:branch|style|logo|logocolor|logowidth|label|labelcolor|color|colour|v|version|size|s|w|h|"
                      r"width|height|format|raw|sanitize|theme|event|workflow|service|cacheseconds|maxage|"
                      r"include_prereleases|sort|filter|display_name|type|job|tab|utm_source|utm_medium)=[\w.%-]{0,40}"
                      r"(?=[&)\s\"'>]|$))")
"""A query parameter that only says how a badge or image is drawn (`?branch=main&style=flat`), not data sent out."""
_API_HOSTS = (r"(?:api\.openai\.com|api\.anthropic\.com|api\.github\.com|uploads\.github\.com|[\w.-]*googleapis\.com"
              r"|api\.stripe\.com|slack\.com/api|hooks\.slack\.com|api\.cloudflare\.com|gitlab\.com/api"
              r"|registry\.npmjs\.org|huggingface\.co|api\.mistral\.ai|api\.groq\.com|openrouter\.ai|api\.x\.ai"
              r"|api\.deepseek\.com|api\.cohere\.(?:ai|com)|api\.together\.(?:xyz|ai)|api\.vercel\.com"
              r"|api\.netlify\.com|api\.heroku\.com|sentry\.io|api\.telegram\.org|discord(?:app)?\.com/api"
              r"|api\.twilio\.com|api\.sendgrid\.com|api\.mailgun\.net|api\.linear\.app|api\.notion\.com"
              r"|api\.atlassian\.com|[\w-]+\.atlassian\.net|api\.digitalocean\.com|api\.fly\.io|api\.render\.com"
              r"|api\.supabase\.(?:com|co)|[\w-]+\.supabase\.co|api\.perplexity\.ai|api\.elevenlabs\.io"
              r"|api\.replicate\.com|api\.fireworks\.ai|api\.brave\.com|serpapi\.com|api\.tavily\.com)")
"""APIs a key is meant for: passing a key to its own provider is how the key is used."""
_OWN_HOST = rf"(?!(?:[\w.-]*@)?(?:{_API_HOSTS}|\$|\{{\{{|<))"
"""Not a known API (a key passed to its own provider) nor a host held in a variable or placeholder."""
_CURL, _WGET = r"\bcurl\b", r"\bwget\b"
_HAS_VAR = r"(?=[^\n]{0,400}?(?:[$@`]|--(?:post|body|upload)))"
"""A quick test first: the line has a variable, a file upload (`@file`) or a command substitution at all."""
_HAS_PIPE = r"(?=[^\n]{0,300}?\|)"
_SENDS = r"(?=[-/$`\dfghw])"
"""What can start a URL, a data or upload flag, or a command substitution: tried first at each place of a window, so
a place that starts none of them costs one character test (a curl line with a token would otherwise try them all)."""
_IN_URL = rf"(?:{URL}|//){_OWN_HOST}[^\s'\"]{{0,300}}?{SECRET_VAR}"
_IN_DATA = (rf"(?:-d|--data[a-z-]*|-f|--form|--json|--post-data|--body-data|--header|-h)[\s=]+['\"]?"
            rf"(?!authorization:|x-api-key:|api-key:|private-token:|x-auth-token:|x-goog-api-key:)[^'\"\n]{{0,200}}?"
            rf"{SECRET_VAR}")
_ENV_OUT = r"(?:\$\((?:env|printenv|history|set)\b|`(?:env|printenv)`|\$\(cat\s[^)\n]{0,120}?(?:%s)[^)\n]{0,40}\))" % (
    SENSITIVE)
_UPLOAD = (rf"(?:(?:-d|--data[a-z-]*|-f|--form|--post-file|--body-file)[\s=]+['\"]?(?:\w+=)?@?['\"]?[^\s'\"]{{0,120}}?"
           rf"{SENSITIVE}|(?:-t|--upload-file)[\s=]+['\"]?[^\s'\"]{{0,120}}?{SENSITIVE})")
_LOCAL_SECRET = (rf"(?<![:@\w])['\"]?(?:~|\$home|\$\{{home\}}|/home/[\w.-]{{1,32}}|/root|/users/[\w.-]{{1,32}}|\.)?/?"
                 rf"[^\s:'\"]{{0,80}}?{HOME_SECRETS}")
"""A secret file on this machine (a path with no `host:` before it)."""
_REMOTE = r"(?:[\w.-]+@)?[\w.-]+:[^\s]*|(?:s3|gs|rsync|sftp|ftp)://\S+|(?:https?|ftp)://\S+"
_COPY = r"\b(?:scp|rsync|rclone|sftp|aws\s+s3\s+(?:cp|sync)|gsutil\s+cp|azcopy\s+copy|croc\s+send|magic-wormhole)\b"
_COPY_AWAY = (rf"{_COPY}(?:\s+-\S+(?:\s+\d+)?){{0,6}}(?:\s+(?!{_REMOTE})\S+){{0,4}}?\s+{_LOCAL_SECRET}[^\s'\"]{{0,80}}"
              rf"['\"]?(?:\s+\S+){{0,3}}?\s+['\"]?(?:{_REMOTE})"
              rf"|\bgh\s+gist\s+create\b{ONE_SENTENCE}{{0,200}}?(?:{HOME_SECRETS}"
              rf"|{SENSITIVE}|\benv\b|\bprintenv\b)|\b(?:env|printenv|cat\s[^\n|]{{0,80}}?{SENSITIVE})(?:\s+\|"
              rf"|\|)\s*gh\s+gist|\b(?:pastebinit|wgetpaste)\b[^\n|]{{0,120}}?(?:{HOME_SECRETS}|{SENSITIVE})")
"""Keys, credentials or history copied to another machine, a gist or a paste service."""
_SINKS = (r"(?:webhook\.site|requestbin|pipedream\.net|transfer\.sh|0x0\.st|termbin\.com|paste\.rs|pastebin\.com"
          r"|hastebin|ngrok(?:-free)?\.(?:io|app|dev)|interact\.sh|oast\.(?:fun|me|pro|live|site|online)"
          r"|burpcollaborator\.net|canarytokens|dnslog\.cn|requestcatcher|beeceptor|hookbin|ptpb\.pw|ix\.io"
          r"|catbox\.moe|file\.io|gofile\.io|bashupload\.com|oshi\.at|temp\.sh|tmpfiles\.org|filebin\.net|uguu\.se"
          r"|keep\.sh|litterbox\.catbox)")
_TEMPLATE = (rf"(?:{SECRET_VAR}|\$\{{\{{\s*(?:secrets?|env)\.|\{{\{{\s*(?:secrets?|env|api_?key|token|password)"
             r"|process\.env\.|os\.environ|%[a-z_]{0,30}(?:key|token|secret|password)%|\$\((?:cat|env|printenv)"
             r"|\{(?:conversation|context|chat|history|secrets?|api_?key|token|password|memory|memories|user_?data"
             r"|system_?prompt|messages|env)\})")

_G_CAT = gap(2048, r"cat\s")
_G_SEND = gap(60, r"\b(?:send|post|upload|forward|report)\b")
_G_EXFIL = gap(120, r"\bexfiltrate\b")
_G_SEND_LONG = gap(2048, r"\b(?:send|post|upload|transmit)\s")
_G_ENV = gap(80, r"\b(?:env|printenv|history|set)\s*\|")
_G_SOCAT = gap(80, r"\bsocat\b")
_G_PIPE = gap(2048, r"\b(?:curl|wget)\s")

EXFIL_RULES: tuple[Rule, ...] = (
    Rule("exfil_curl", _X, BLOCK, "curl sending secrets, environment or a sensitive file to another host",
         rf"{_CURL}{_HAS_VAR}{LOCAL_LINE}{gap(200, _CURL)}{_SENDS}(?:{_IN_URL}|{_IN_DATA}|{_UPLOAD}|{_ENV_OUT})"),
    Rule("possible_exfil_curl", _X, HOLD, "curl with a secret-named variable (held for a person)",
         rf"{_CURL}\s(?=[^\n]{{0,2048}}?\$){gap(2048, _CURL)}\$\{{?[\w']{{0,64}}?(?:key|token|secret|password|credential"
         rf"|api)|{_CURL}(?=[^\n]{{0,300}}?@){gap(200, _CURL)}{_UPLOAD}"),
    Rule("exfil_wget", _X, BLOCK, "wget sending secrets or a sensitive file to another host",
         rf"{_WGET}{_HAS_VAR}{LOCAL_LINE}{gap(200, _WGET)}{_SENDS}(?:{_IN_URL}|{_IN_DATA}|{_UPLOAD}|\$\((?:env|printenv"
         rf"|history)\b)"),
    Rule("possible_exfil_wget", _X, HOLD, "wget with a secret-named variable (held for a person)",
         rf"{_WGET}\s(?=[^\n]{{0,2048}}?\$){gap(2048, _WGET)}\$\{{?[\w']"
         rf"{{0,64}}?(?:key|token|secret|password|credential|api)"),
    Rule("read_secrets", _X, BLOCK, "reads a private key, cloud credentials or shell history, or copies them away",
         rf"\b(?:cat|bat|tac|strings|xxd|hexdump|base64|less|head|tail|get-content|gpg\s+-d"
         rf"|openssl\s+base64)\s+(?:-\S+(?:\s+\d+)?\s+){{0,4}}{_LOCAL_SECRET}|{_COPY_AWAY}|\b(?:read|dump|collect|grab"
         rf"|extract|harvest|steal"
         r"|exfiltrate|upload|send)\s+(?:(?:the|all|their|user'?s|the\s+user'?s)\s+){0,3}(?:shell|bash|zsh"
         r"|command|terminal)\s+history\b|\b(?:dump|send|upload|reveal|grab|collect|steal|exfiltrate)\s+"
         r"(?:(?:the|all|their|your|my|user'?s|every)\s+){0,3}(?:ssh\s+(?:private\s+)?keys?|private\s+keys?"
         r"|aws\s+credentials|cloud\s+credentials|saved\s+passwords|browser\s+(?:passwords|cookies)|keychain)\b"),
    Rule("possible_read_secrets", _X, HOLD, "reads a file that may hold secrets (.env, credentials...)",
         rf"\bcat\s{_G_CAT}(?:\.env|credentials|\.netrc|\.pgpass|\.npmrc|\.pypirc|\.aws/credentials"
         rf"|\.config/hermes)|\b(?:cp|copy|bat|less|more|head|tail|type|get-content|gc|xxd|strings)\s+(?:-\S+\s+)"
         rf"{{0,4}}['\"]?[^\s'\":]{{0,120}}?{SENSITIVE}(?![^\s'\"]*['\"]?\s+['\"]?\S*\.(?:bak|backup|orig|old|save)\b)"),
    Rule("exfil_sink", _X, HOLD, "sends data to a paste, request-capture or tunnel service",
         rf"\b{_SINKS}|\bgh\s+gist\s+create\b(?![^\n]{{0,80}}?\bnon-sensitive\b)"
         rf"(?={ONE_SENTENCE}{{0,80}}?(?:\||<|\$\(|\benv\b"
         rf"|\.env\b|secret|token|credential|key|history|log))|\b(?:cat|env|printenv|history)\b[^\n|]{{0,80}}\|\s*gh\s+gist\b"),
    Rule("secret_file_mailed", _X, BLOCK, "mails a key, credentials or history file to an address",
         rf"{NOT}\b(?:e-?mails?|mails?|mailx|sendmail|mutt|forwards?|sends?|attach(?:es)?)\b[^\n]{{0,120}}?"
         rf"{_LOCAL_SECRET}[^\n]{{0,160}}?\bto\s+[\w.+-]+@[\w-]+(?:\.[\w-]+)+"),
    Rule("secret_to_address", _X, HOLD, "sends a key, token or password it finds to an e-mail address (held)",
         rf"{NOT}\b(?:api\s+keys?|access\s+keys?|tokens?|passwords?|credentials|secrets?|private\s+keys?)\b"
         r"[^\n]{0,80}?"
         r"\b(?:send|e-?mail|mail|forward|post|dm)\s+(?:it|them|those|these|each\s+one|a\s+copy)\s+to\s+"
         r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"),
    Rule("secret_copied_and_uploaded", _X, BLOCK, "copies or packs a key, cookie or credentials file, then uploads it",
         rf"\b(?:cp|copy|cat|tar|zip|7z|sqlite3)\s[^\n]{{0,200}}?{HOME_SECRETS}[^\n]{{0,200}}?\b(?:curl|wget)\b"
         rf"[^\n]{{0,200}}?(?:-f|--form|-t|--upload-file|--data-binary|--data|-d|--post-file)[\s=]+['\"]?(?:\w+=)?@?"
         rf"[^\n]{{0,200}}?(?:https?|ftp)://(?!{LOOPBACK})"),
    Rule("secret_files_looped_out", _X, BLOCK, "loops over key or credentials files and uploads each one",
         rf"\bfor\s+(\w+)\s+in\s+[^\n;]{{0,300}}?{SENSITIVE}[^\n;]{{0,300}};?\s*do\b[\s\S]{{0,300}}?"
         rf"\b(?:curl|wget|scp|rsync|nc|ncat|http|https|aws\s+s3\s+cp|gsutil\s+cp|rclone)\b[^\n]{{0,200}}?"
         rf"(?:@\$\{{?\1\b|\$\{{?\1\b[^\n]{{0,200}}?(?:https?|ftp|s3|gs)://(?!{LOOPBACK})|(?:https?|ftp)://(?!{LOOPBACK})"
         rf"[^\n]{{0,200}}?\$\{{?\1\b|\$\{{?\1\b[^\n]{{0,120}}?\s[\w.-]+@[\w.-]+:)"),
    Rule("secret_env_published", _X, BLOCK, "lists secret-named environment values for a public issue, paste or chat",
         r"\b(?:printenv|env|set|export\s+-p)\s*\|\s*(?:grep|rg|findstr|select-string)\b[^\n|]{0,80}?(?:key|secret"
         r"|token|passw|credential)[^\n]{0,240}?\b(?:public|issues?|gists?|pastebin|comments?|slack|discord|channel"
         r"|pull\s+request|pr)\b"),
    Rule("exfil_dns", _X, BLOCK, "leaks a secret or command output through a DNS look-up or ping",
         rf"\b(?:nslookup|dig|host|drill|ping|ping6|resolvectl\s+query|getent\s+hosts|kdig|resolve-dnsname)\s+(?:[-+]\S+\s+){{0,4}}"
         rf"(?:\w+\s+)?[^\s]{{0,80}}?(?:{SECRET_VAR}|\$\((?:cat|whoami|hostname|env|printenv|id|base64|echo|printf|xxd|od|head"
         r"|tail|gpg|openssl)\b|`(?:cat|whoami|hostname|env|printenv|base64)\b|\$\((?:grep|awk|sed|cut|jq|"
         r"yq)\b[^)\n]{0,80}?"
         r"(?:\.npmrc|\.netrc|\.pypirc|hosts\.yml|\.git-credentials|\.docker/config|credentials|\.env\b|token|secret"
         r"|passw|_auth))"),
    Rule("git_push_remote", _X, HOLD, "pushes the repository to a new remote or straight to a URL",
         r"\bgit\s+push\s+(?:--?[\w-]+(?:=\S+)?\s+){0,4}(?:https?://|git@|ssh://|\S+\.git\b)"
         r"|\bgit\s+push\s+(?:--?[\w-]+"
         r"\s+){0,3}--mirror\b|\bgit\s+remote\s+(?:add|set-url)\s+(?:--?[\w-]+\s+){0,3}(?!origin\b|upstream\b)"
         r"([\w.-]{1,40})\s+\S+[\s\S]{0,400}?\bgit\s+push\s+(?:--?[\w-]+\s+){0,4}\1\b"
         r"|\bgit\s+config\s+(?:--[\w-]+\s+){0,2}remote\.[\w.-]+\.pushurl\s+['\"]?\S"
         r"|\bgit\s+remote\s+set-url\s+(?:--?[\w-]+\s+){0,2}?--push\s+\S+\s+\S"),
    Rule("secret_file_committed", _X, HOLD, "force-adds a `.env` file git ignores, so its secrets get committed",
         r"\bgit\s+add\s+(?:[^\s;&|]+\s+){0,4}?(?:-f|--force|-[a-z]*f[a-z]*)\s+(?:[^\s;&|]+\s+){0,4}?[^\s;&|]*"
         r"(?<![\w-])\.env\b(?!\.(?:example|sample|template|dist|defaults?)\b)"
         r"|\bgit\s+add\s+(?:[^\s;&|]+\s+){0,4}?[^\s;&|]*(?<![\w-])\.env\s+(?:-f|--force)\b"),
    Rule("possible_exfil_dns", _X, HOLD, "looks up a DNS name built from shell variables (how DNS exfiltration "
         "carries data out; a cluster-local service name is left alone)",
         r"\b(?:nslookup|dig|host|drill|kdig)\s+(?:(?:[-+]\S+|txt|a|aaaa|any|mx|cname)\s+){0,4}[\w.-]{0,40}?\$\{?\w+\}?"
         r"\.(?![\w$.{}-]*?(?:\.svc|cluster\.local|\.local|\.internal|\.lan|localhost)\b)[\w${}-]+\.[\w${}.-]*[a-z]"),
    Rule("md_url_exfil", _X, BLOCK, "an image or link URL that carries a secret, the environment or the chat",
         rf"!?\[[^\]\n]{{0,200}}\]\(\s*<?(?:https?:)?//[^\s)]{{0,400}}?{_TEMPLATE}"
         rf"|<\s*(?:img|a|iframe|script|link|source)\b[^>]{{0,300}}?(?:src|href)\s*=\s*['\"]?(?:https?:)?//"
         rf"[^\s'\">]{{0,400}}?{_TEMPLATE}"),
    Rule("secret_in_url", _X, HOLD, "a web address that carries a secret's variable (`?t=$GITHUB_TOKEN`) to a host "
         "other than the key's own API (held: opening it hands the key over)",
         rf"\b(?:https?|wss?)://{_OWN_HOST}(?!localhost\b|127\.|0\.0\.0\.0)[^\s'\"<>]{{0,300}}?{SECRET_VAR}"),
    Rule("possible_img_exfil", _X, HOLD, "an image URL with query parameters (can leak data when rendered)",
         rf"<\s*img\s[^>]{{0,2048}}?src\s*=\s*[\"']?https?://\S{{0,2048}}?[?&]{_DISPLAY_PARAMETER}"
         rf"|!\[(?:(?!!\[)[^\]]){{0,2048}}\]\(https?://[^\s)]{{0,2048}}?[?&]{_DISPLAY_PARAMETER}"),
    Rule("leak_system_prompt", _X, BLOCK, "asks the agent to reveal its system prompt (`do not copy the system "
         "message` is a rule, not a request; a negated `output … system prompt` is still held below, as Hermes flags it)",
         NOT + r"\b(?:output|print|reveal|show|display|repeat|dump|leak|disclose|echo|recite|expose|share|send|paste|copy"
         r"|tell\s+(?:me|us)|write\s+out|give\s+me)\s+(?:(?:me|us|your|the|my|its|full|entire|complete|exact|initial"
         r"|original|hidden|current|verbatim)\s+){0,4}(?:system\s+(?:prompt|message|instructions)|initial\s+(?:prompt"
         r"|instructions)|hidden\s+(?:prompt|instructions)|developer\s+(?:message|prompt|instructions)|pre-?prompt"
         r"|(?:instructions|prompt)\s+above)\b|\bwhat\s+(?:is|are|was|were)\s+your\s+(?:system\s+prompt|(?:initial"
         r"|original|hidden)\s+instructions)\b"),
    Rule("possible_leak_system_prompt", _X, HOLD, "may ask for the system prompt (held for a person)",
         r"\b(?:output|print|reveal|show|repeat|dump|leak)\s+(?:(?!(?:output|print|reveal|show|repeat|dump|leak)\b)"
         r"[\w']+\s+)*?(?:system|initial)\s+prompt"),
    Rule("send_to_url", _X, BLOCK, "sends data to an external URL or address",
         rf"\b(?:send|post|upload|transmit|forward|submit|leak|beam|pipe|mail|email)\s+"
         rf"(?:{_G_SEND}\s)?{DATA}\s+(?:[^\n]{{0,30}}?\s)?to\s+"
         rf"(?!{LOOPBACK}){URL}|\bexfiltrate\b{_G_EXFIL}\bto\b"),
    Rule("possible_send_to_url", _X, HOLD, "sends something to a web address (held for a person)",
         rf"\b(?:send|post|upload|transmit)\s+(?:{_G_SEND_LONG}\s)?(?:to|at)\s+"
         r"https?://"),
    Rule("context_exfil", _X, BLOCK, "sends or dumps the conversation or context",
         r"\b(?:output|print|dump|send|share|leak|reveal|upload|post|forward|export|transmit|copy)\s+(?:(?:the|your"
         r"|this"
         r"|our|all|entire|full|whole|complete|current)\s+){0,3}(?:conversation|chat|session|context\s+window|message"
         r"|dialog(?:ue)?)\s*(?:history|logs?|transcripts?|contents?)\b|\b(?:share|send|leak|upload|forward|transmit"
         r"|export|post)\s+(?:(?:the|your|this|all|entire|full|whole|complete|current)\s+){1,3}(?:context|conversation"
         r"|memory|memories)\s+(?:with|to)\s+(?:(?:an?|the|some)\s+)?(?:external|third[\s-]party|remote|outside|unknown"
         r"|https?://)"),
    Rule("possible_context_exfil", _X, HOLD, "may share the conversation or full context (held for a person)",
         r"\b(?:include|output|print|share)\s+(?:(?!(?:include|output|print|share)\b)[\w']+\s+)*?(?:conversation"
         r"|chat\s+history|previous\s+messages|full\s+context|entire\s+context)"),
    Rule("exfil_pipe", _X, BLOCK, "pipes environment or shell history to a network tool",
         r"(?<![\w$./-])(?:env|printenv|history|set|export\s+-p|declare\s+-x|compgen\s+-v)(?:\s+\||\|)"
         rf"{_G_ENV}\b(?:curl|wget|nc|ncat|netcat|socat|telnet"
         r"|openssl\s+s_client)\b"),
    Rule("exfil_raw_socket", _X, BLOCK, "opens a raw socket or reverse shell (nc -e, /dev/tcp, piping into netcat)",
         r"/dev/(?:tcp|udp)/[\w.-]+/\d+|\b(?:nc|ncat|netcat)\s+(?:-\w+\s+){0,4}-[a-z]*[ec]\s+(?:/bin/)?(?:ba|z|da)?sh\b"
         r"|\|\s*(?:nc|ncat|netcat|socat|telnet)\s+(?:-\w+\s+){0,4}[\w.-]+\.[\w.-]+\s+\d{2,5}\b"
         r"|\b(?:nc|ncat|netcat)\s+(?:-\w+\s+){0,4}[\w.-]+\s+\d{2,5}\s*<|\bsocat\b"
         rf"{_G_SOCAT}\bexec:|\bbash\s+-i\s*>&|\bmkfifo\s+\S+[^\n]{{0,120}}?\|\s*(?:nc|ncat|netcat"
         r"|telnet|openssl)\b"),
    Rule("reverse_shell", _X, BLOCK, "starts an interactive shell wired to a network socket",
         r"\bbash\s+-i\s+>&?\s*/dev/(?:tcp|udp)/|\b(?:sh|bash)\s+-i\s+[^\n]{0,20}?[<>]&\s*\d|\bpty\.spawn\([^)\n]{0,40}"
         r"(?:sh|bash)|\bsocket\.socket\([^\n]{0,200}?(?:dup2|subprocess)"),
    Rule("nc_shell", _X, BLOCK, "netcat serving a shell (nc -e /bin/sh)",
         r"\bn(?:c|cat|etcat)\s+(?:[^\s|;&]+\s+){0,3}?(?:-e|-c)\s+['\"]?(?:/bin/)?(?:ba|z)?sh\b"),
    Rule("secrets_file_mailed", _X, BLOCK, "mails a secrets file as an attachment (.env, a key, credentials)",
         r"\b(?:swaks|mutt|mailx|mail|sendmail|msmtp|send-mailmessage)\b[^\n]{0,160}?(?:--attach(?:-type)?|-a"
         rf"|-attachments?)\s+['\"]?\S{{0,80}}?{SENSITIVE}"),
    Rule("environment_in_telemetry", _X, HOLD, "puts the whole environment (every key and token in it) into error "
         "reports or telemetry",
         r"\b(?:setcontext|setextras?|settags?|setuser|capture(?:exception|message|event)|addbreadcrumb)\s*\("
         r"[^\n]{0,80}?(?:\.\.\.\s*process\.env\b|\*\*\s*os\.environ\b|dict\(\s*os\.environ\s*\)"
         r"|json\.stringify\(\s*process\.env\s*\))"),
    Rule("npm_token_printed", _X, HOLD, "prints the npm registry's stored auth token (`npm config get …_authToken`)",
         r"\bnpm\s+config\s+get\s+\S*_auth"),
    Rule("possible_mkfifo", _X, HOLD, "makes a named pipe (the usual reverse-shell plumbing)", r"\bmkfifo\s"),
    Rule("ssh_access", _X, BLOCK, "reads, copies or replaces a private SSH key (a key only named as the one SSH goes "
         "`via` or is `using` is held by possible_ssh_access instead)",
         r"(?<!-i\s)(?<!-i\s[\"'])(?<!identityfile\s)(?<!ssh-add\s)(?<!chmod\s600\s)(?<!chmod\s400\s)"
         r"(?<!\bvia\s)(?<!\bvia\s`)(?<!\busing\s)(?<!\busing\s`)(?<!\bkey:\s)(?<!\bkey:\s`)"
         r"(?:\$home|\$\{home\}|~|/home/[\w.-]{1,32}|/root|/users/[\w.-]{1,32}|%userprofile%)[/\\]\.ssh[/\\]"
         r"(?:id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?\b(?!\.pub)|[\w.-]{0,40}\.(?:pem|key)\b|\*)"
         r"|(?:>>?|\btee\b(?:\s+-a)?|\b(?:cp|mv|install|ln\s+-sf?)\s+\S+)\s*['\"]?(?:\$home|~|/root|/home/[\w.-]{1,32})"
         r"/\.ssh/(?!known_hosts\b|config\b)"),
    Rule("possible_ssh_access", _X, HOLD, "mentions the user's ~/.ssh folder (held for a person)",
         r"(?:\$home|\$\{home\}|~|/home/[\w.-]{1,32}|/root|/users/[\w.-]{1,32}|%userprofile%)[/\\]\.ssh"),
    Rule("hermes_env", _X, BLOCK, "reads or sends Hermes's secrets file ~/.hermes/.env",
         r"\b(?:cat|bat|less|head|tail|cp|scp|rsync|base64|xxd|strings|dump|exfiltrate|upload|leak|grep|source"
         r"|get-content)\b[^\n]{0,80}?(?:\.hermes|\$hermes_home|\$\{hermes_home\})/\.env\b"),
    Rule("possible_hermes_env", _X, HOLD, "mentions Hermes's secrets file ~/.hermes/.env (held for a person)",
         r"(?:\$home/|~/|/)?(?:\.hermes|\$hermes_home|\$\{hermes_home\})/\.env"),
)
"""(id, family, severity, description, pattern) for the exfiltration rules."""

EXECUTION_RULES: tuple[Rule, ...] = (
    Rule("remote_code", _E, BLOCK, "runs code fetched from the network (curl | sh, bash <(curl ...), iwr | iex)",
         rf"(?<![-_])\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|aria2c|lwp-download)\b(?=[ \t]*[^\s|`])"
         rf"(?![ \t]+(?:x|\.\.\.|…|<url>|url|\$url)[ \t]*\|){_HAS_PIPE}"
         rf"(?![^\n|]{{0,300}}?(?://|\s){INSTALLER_HOSTS}){LOCAL_LINE}[^\n|]{{0,300}}\|\s*(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+"
         rf"(?:\S+=\S*\s+)*)?{INTERPRETER}(?!\s+-m\s+json\.tool|\s+-c\s+['\"]import\s+json)"
         rf"|\b(?:(?:ba|z|k|da)?sh|source|eval)\s+(?:<\(|\$\(|-c\s+['\"]?\$\(|['\"]\$\()\s*"
         rf"(?:curl|wget|fetch|iwr|irm)\b(?!\s*(?:\.\.\.|…)\s*\))(?![^\n)]{{0,300}}?(?://|\s){INSTALLER_HOSTS})"
         rf"|\b(?:python[23]?|exec|perl|ruby|node)\s+(?:<\(|\$\(|-c\s+['\"]?\$\(|['\"]\$\()\s*"
         rf"(?:curl|wget|fetch|iwr|irm)\b(?![^\n)]{{0,300}}?(?://|\s){INSTALLER_HOSTS})"
         r"|\b(?:iex|invoke-expression)\s*\(?\s*"
         r"\(?\s*(?:new-object\s+(?:system\.)?net\.webclient\)?\.download(?:string|data)|iwr|irm|invoke-webrequest"
         rf"|invoke-restmethod|\(iwr|\(irm)|\b(?:iwr|irm|invoke-webrequest|invoke-restmethod|curl|wget)\b(?=\s+[^\s|])"
         rf"(?![^\n|]{{0,300}}?{INSTALLER_HOSTS})[^\n|]{{0,300}}"
         r"\|\s*(?:iex|invoke-expression)\b|\bcertutil(?:\.exe)?\s+[^\n]{0,40}?-urlcache\b[^\n]{0,80}?https?://"
         r"|\bmshta(?:\.exe)?\s+['\"]?(?:https?:|vbscript:|javascript:)|\bregsvr32\s+[^\n]{0,40}?/i:https?://"
         r"|\b(?:powershell|pwsh)(?:\.exe)?\s+(?:-\w+(?:\s+(?:bypass|hidden|unrestricted|\d))?\s+){0,6}"
         r"-(?:e|ec|enc|enco|encod|encode|encoded|encodedc\w*)\s+[a-z0-9+/=]{16,}"),
    Rule("possible_remote_code", _E, HOLD, "pipes a download into a shell (a known installer or this machine: held)",
         rf"\b(?:curl|wget)\s(?=[^\n]{{0,2048}}?\|){_G_PIPE}\|\s*(?:bash|sh|python(?:\d(?:\.\d+)?)?(?![\d.]|\s+-m\s)|perl|ruby|node)"
         r"|\b(?:bash|sh|zsh)\s+(?:-c\s+)?['\"]?(?:<\(|\$\()\s*(?:curl|wget)\b|\b(?:powershell|pwsh)(?:\.exe)?\s[^\n]"
         r"{0,80}?-(?:e|ec|enc|encodedcommand)\s|\b(?:iwr|irm|invoke-webrequest|invoke-restmethod)\b[^\n|]{0,300}"
         r"\|\s*(?:iex|invoke-expression)\b"
         rf"|{NOT}\bpipe\s+[^\n]{{0,200}}?{URL}[^\n]{{0,200}}?\b(?:in)?to\s+(?:(?:a|the)\s+)?(?:ba|z)?sh(?:ell)?\b"
         rf"|{NOT}\b(?:pull|download|fetch|grab)\s+and\s+(?:run|execute)\s+[`'\"]?{URL}"
         r"|\bbrew\s+tap\s+\S+\s+(?:https?://|git@)"),
    Rule("decode_exec", _E, BLOCK, "decodes hidden text and runs it (base64 -d | sh, eval(atob(...)), exec(b64decode))",
         rf"\bbase64\s+(?:-d|--decode|-D|/d)\b[^\n|]{{0,80}}\|\s*(?:sudo\s+)?{INTERPRETER}|\b(?:xxd\s+-r\s+-p"
         rf"|rev(?:\s+\||\|)"
         rf"|tr\s+['\"]?a-za-z['\"]?\s+['\"]?n-za-mn-za-m)[^\n|]{{0,80}}\|\s*(?:sudo\s+)?(?:(?:ba|z)?sh|python\d?)\b"
         r"|\beval\s+['\"]?\$\((?:echo|printf|cat)\s[^)\n]{0,400}?\|\s*(?:base64|xxd|rev|tr|openssl)\b"
         r"|\beval\s*\(\s*(?:atob|base64_decode|buffer\.from|decodeuricomponent|unescape|string\.fromcharcode"
         r"|gzinflate|str_rot13)\b|\bexec\s*\(\s*(?:base64\.b64decode|codecs\.decode|bytes\.fromhex|zlib\.decompress"
         r"|marshal\.loads|__import__\(\s*['\"](?:base64|codecs|zlib))|\bnew\s+function\s*\(\s*atob\b"
         r"|\[system\.text\.encoding\]::\w+\.getstring\(\s*\[convert\]::frombase64string[^\n]{0,400}?\|\s*"
         r"(?:iex|invoke-expression)\b|\b(?:iex|invoke-expression)\s*\(?\s*\(?\s*\[(?:system\.)?text\.encoding\]"
         r"|\b(?:os\.system|os\.popen|subprocess\.\w+|exec|eval)\s*\(\s*(?:base64\.)?b64decode\("),
    Rule("possible_b64_exec", _E, HOLD, "decodes base64 (held: decoded text can hide a command)",
         r"\bbase64\s+(?:-d|--decode|/d)\s*\|?\s*(?:sh|bash|python\d?|perl|ruby|node)"
         r"|\becho\s+[a-z0-9+/=]{20,}\s*\|\s*base64\s+(?:-d|--decode)"),
    Rule("exfil_code", _E, BLOCK, "an inline script that reads the environment or a secret file and sends it out",
         rf"\b(?:python[23]?|node|ruby|perl|php|deno|bun)\s+(?:-\w\s+)?-(?:c|e|r)\s+['\"][^\n]{{0,400}}?(?:os\.environ"
         rf"|os\.getenv|process\.env|env\[|getenv\(|open\([^)\n]{{0,80}}?{SENSITIVE}|readfilesync\([^)\n]{{0,80}}?"
         rf"{SENSITIVE})[^\n]{{0,400}}?(?:requests\.(?:post|get|put)|urllib|urlopen|http\.client|socket\.|httpx\."
         r"|fetch\(|https?\.request|net::http|lwp::|curl_exec|file_get_contents\(['\"]https?)"
         rf"|\b(?:python[23]?|node|ruby|perl|php|deno|bun)\s+(?:-\w\s+)?-(?:c|e|r)\s+['\"][^\n]{{0,400}}?"
         rf"(?:requests\.(?:post|put)|urlopen|httpx\.post|fetch\(|https?\.request)\(\s*[f'\"]*https?://{_OWN_HOST}"
         rf"(?!{LOOPBACK})[^\n]{{0,400}}?(?:os\.environ\b(?!\s*\[)|(?:os\.getenv|getenv|os\.environ\.get)\(\s*['\"]"
         rf"[\w]{{0,40}}?(?:key|token|secret|password|credential)|process\.env\.[\w]{{0,40}}?(?:key|token|secret"
         rf"|password))"),
)
"""(id, family, severity, description, pattern) for code fetched or decoded and run."""
