"""Puzzles from a player's own mistakes, as lichess makes them from its games.

Every decision a game review judged a mistake (an inaccuracy, a mistake or a blunder) becomes a
puzzle set in the position *as that seat saw it*: its own view before the move, never another
seat's hidden cards nor the deck. The answer is the move the review found best over the worlds
consistent with that view.

* :mod:`~furuba.server.puzzles.models`: the tables (``furuba_puzzles``, the attempts, the daily
  choices; made by migration ``0004``);
* :mod:`~furuba.server.puzzles.making`: a finished review → its puzzles (pure);
* :mod:`~furuba.server.puzzles.store`: the queries (made when a review is stored as done);
* :mod:`~furuba.server.puzzles.position`: the position to solve, replayed from the record;
* :mod:`~furuba.server.puzzles.routes`: ``/api/puzzles/…``.

This package imports nothing at its top, so that the review store can use the store without
loading the routes.
"""
