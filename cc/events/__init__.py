"""Events: regulations, entries, the start, thematic positions, standings, and
the pairing systems.
"""
