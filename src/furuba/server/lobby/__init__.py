"""Finding a game: the lobby of public tables, **Play now**, a player's own tables, and the
live feeds that keep pages up to date (the lobby, and "your turn" notices).

Everything is read from the database, so that every server process sees the same lobby and
tells a player of their turn whichever process drives the table (see ``feeds.py``).

- :mod:`.queries` — the lobby, the oldest open table of a game, a player's tables and turns;
- :mod:`.feeds` — one poller per process pushing changes to the pages that listen;
- :mod:`.routes` — ``/api/lobby``, ``/api/lobby/play``, ``/api/me/games`` and the event streams.
"""
