"""Adjudication of games unfinished at an event's end (Art. 54.8, 55.9, 56.9).

Built out under its own issue: players' claims and analysis, the
arbiter's ruling, the appeal to a different arbiter.
"""
