"""Simulations: many bot games, seats rotated, results per game and summarised."""
