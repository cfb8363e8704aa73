"""Where the raw messages of real mail programs are kept, and the reply
tokens written into them."""

from __future__ import annotations

from tests.support.paths import TESTS

HERE = TESTS / "fixtures" / "mail"


#: the reply tokens written into the fixtures' subjects, for White (player 2)
#: and Black (player 3) in game 1: each is replaced by one the server issues
#: now, as a reply to its latest message would carry
WRITTEN_TOKENS = {b"x7nizeesba": 2, b"q2cpam7rdk": 3}
