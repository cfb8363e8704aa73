"""People and their ways in: players, sign-in, sessions and tokens, passwords, preferences,
throttling, addresses.
"""
