"""The arbiter's cases: from the player, through the arbiter, to the appeal arbiter."""
