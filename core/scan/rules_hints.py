"""Telltale words of text hidden by ROT13 or reversal (`vtaber`, `snoitcurtsni`), as patterns the matcher finds in its
one pass like any rule's opening; a hit is not a finding, it tells the scanner which line to decode (`decoding`)."""

from __future__ import annotations

import codecs

WORDS = ("ignore", "previous", "instructions", "instruction", "system", "prompt", "disregard", "forget", "override",
         "secret", "secrets", "password", "passwords", "token", "tokens", "credentials", "exfiltrate", "execute",
         "upload", "curl", "wget", "bashrc", "authorized", "rules", "reveal", "pretend", "jailbreak", "send",
         "private", "environment", "conversation", "history", "delete", "silently", "everything", "above",
         "authorised", "approved", "permission", "without", "asking", "command", "commands", "shell", "anything",
         "mention", "never")
"""Words the rules care about; their ROT13 and reversed spellings are the telltales."""
ROT13 = frozenset({codecs.encode(word, "rot13") for word in WORDS} - set(WORDS))
REVERSED = frozenset({word[::-1] for word in WORDS if len(word) >= 5} - set(WORDS))
ROT13_HINT, REVERSED_HINT = "decode:rot13", "decode:reversed"
HINT_SOURCES = {ROT13_HINT: r"\b(?:%s)\b" % "|".join(sorted(ROT13)),
                REVERSED_HINT: r"\b(?:%s)\b" % "|".join(sorted(REVERSED))}
"""Pattern per hint id; these ids are not rules and never become findings."""
