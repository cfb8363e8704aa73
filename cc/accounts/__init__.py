"""People and their ways in: players, sign-in, sessions and tokens, passwords,
throttling, addresses.
"""
