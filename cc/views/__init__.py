"""Read views shared by the doors: my games, events, players, the arbiter's
desk, the office, reports.
"""
