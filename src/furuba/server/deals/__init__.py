"""Deals of the day: everyone plays the same seeded deal against the same bots, then sees where they stand."""
