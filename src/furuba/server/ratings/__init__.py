"""Ratings of signed-in players: openskill's Plackett-Luce model, leaderboards and profiles.

A rated table's result (every human seat signed in) moves its players' ratings in two pools of
its game: ``all`` (every player count) and ``<n>p`` (games of ``n`` players only).

- :mod:`.model` — pure functions: a finished game's ranks and new ratings, the bots' fixed
  ratings, the co-op anchor, the displayed rating;
- :mod:`.values` — the plain values the queries hand out, and the pools' names;
- :mod:`.store` — the queries: rate a finished table once, the leaderboard, a player's profile
  (read by :mod:`.profiles`);
- :mod:`.routes` — ``/api/leaderboard/{game}`` and ``/api/players/{name}``.
"""
