"""The outbox's Message-IDs are unique whatever state the shared random is in."""

from __future__ import annotations


def test_message_ids_differ_even_when_the_shared_random_repeats() -> None:
    """make_msgid's own number comes from the shared random module: seeded
    alike within one 10 ms tick it repeats, which the outbound table's unique
    ids refuse (a 500 on the complaint form was seen so)."""
    import random
    from email.utils import make_msgid

    from cc.office.outbox import message_id

    random.seed(7)
    first = message_id("cc-server")
    random.seed(7)
    second = message_id("cc-server")
    assert first != second and first.endswith("@cc-server>") and len(first) < 60
    random.seed(7)
    a = make_msgid(domain="x")
    random.seed(7)
    b = make_msgid(domain="x")
    assert a.split(".")[2] == b.split(".")[2]  # the library's own number repeats
