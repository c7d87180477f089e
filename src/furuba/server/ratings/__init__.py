"""Ratings of signed-in players: openskill's Plackett-Luce model, leaderboards and profiles.

A rated table's result (every human seat signed in) moves its players' ratings in three pools of
its game: ``all`` (every player count), ``<n>p`` (games of ``n`` players only) and the season the
game ended in (``2026-q4``: a calendar quarter in UTC, which everyone starts as a newcomer).

- :mod:`.model` — pure functions: a finished game's ranks and new ratings, the bots' fixed
  ratings, the co-op anchor, the displayed rating;
- :mod:`.values` — the plain values the queries hand out, and the pools' names;
- :mod:`.seasons` — pure functions: the season of a moment, its bounds and names;
- :mod:`.store` — the queries: rate a finished table once, the leaderboard, a player's profile
  (read by :mod:`.profiles`);
- :mod:`.routes` — ``/api/leaderboard/{game}``, ``/api/leaderboard/{game}/seasons`` and
  ``/api/players/{name}``.
"""
