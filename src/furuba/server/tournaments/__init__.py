"""Tournaments: Swiss tournaments of either game, for signed-in players, over processes and restarts."""
