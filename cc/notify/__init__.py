"""The player's side of notifications: the centre, the daily digest, Web Push."""
