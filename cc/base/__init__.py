"""What every layer stands on and needs no database: refusals, the clock,
regulations, positions, heartbeats.
"""
