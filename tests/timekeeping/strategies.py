"""What the ledger's property tests draw at random: leaves, from the games' start."""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import strategies as st

from timekeeping import Leave

START = date(2026, 3, 1)


def leave_lists(latest_first_day: int) -> st.SearchStrategy[list[Leave]]:
    """Up to three leaves of up to 30 days, each beginning between 10 days
    before START and ``latest_first_day`` days after it."""
    return st.lists(
        st.builds(
            lambda first, length: Leave(
                START + timedelta(days=first), START + timedelta(days=first + length)
            ),
            st.integers(-10, latest_first_day),
            st.integers(0, 30),
        ),
        max_size=3,
    )
