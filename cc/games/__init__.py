"""A game's play: moves, offers and claims, conditional moves, forfeits,
messages, records, state.
"""
