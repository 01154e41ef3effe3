"""Standings: computed by the scoring engine after every change and kept as one JSON row per session; what the public may read of them while play goes on; a player's history."""
