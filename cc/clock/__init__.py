"""The day ledger of every game and what feeds it: leaves, receipts, and the calendar's alerts."""
