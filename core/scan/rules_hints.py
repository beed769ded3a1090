"""Telltale words of text hidden by ROT13, reversal or Atbash (`vtaber`, `snoitcurtsni`, `rtmliv`), as patterns the matcher finds in its
one pass like any rule's opening; a hit is not a finding, it tells the scanner which line to decode (`decoding`)."""

from __future__ import annotations

import codecs

WORDS = ("ignore", "previous", "instructions", "instruction", "system", "prompt", "disregard", "forget", "override",
         "secret", "secrets", "password", "passwords", "token", "tokens", "credentials", "exfiltrate", "execute",
         "upload", "curl", "wget", "bashrc", "authorized", "rules", "reveal", "pretend", "jailbreak", "send",
         "private", "environment", "conversation", "history", "delete", "silently", "everything", "above",
         "authorised", "approved", "permission", "without", "asking", "command", "commands", "shell", "anything",
         "mention", "never", "ask", "confirm", "confirmation", "deleting", "force", "deploy", "deploying",
         "production", "pushing", "https", "keys")
"""Words the rules care about; their ROT13, reversed and Atbash spellings are the telltales."""
ROT13 = frozenset({codecs.encode(word, "rot13") for word in WORDS} - set(WORDS))
REVERSED = frozenset({word[::-1] for word in (*WORDS, "curl", "wget", "bash") if len(word) >= 5 or word in
                      ("curl", "wget", "bash")} - set(WORDS))
ATBASH_TABLE = str.maketrans("abcdefghijklmnopqrstuvwxyz", "zyxwvutsrqponmlkjihgfedcba")
"""Atbash: each letter swapped for its mirror in the alphabet (`a` for `z`), its own inverse."""
ATBASH = frozenset({word.translate(ATBASH_TABLE) for word in WORDS if len(word) >= 5} - set(WORDS))
ROT13_HINT, REVERSED_HINT, ATBASH_HINT = "decode:rot13", "decode:reversed", "decode:atbash"
HINT_SOURCES = {ROT13_HINT: r"\b(?:%s)\b" % "|".join(sorted(ROT13)),
                REVERSED_HINT: r"\b(?:%s)\b" % "|".join(sorted(REVERSED)),
                ATBASH_HINT: r"\b(?:%s)\b" % "|".join(sorted(ATBASH))}
"""Pattern per hint id; these ids are not rules and never become findings."""
