"""Bots that play any furuba game through the shared protocol."""
