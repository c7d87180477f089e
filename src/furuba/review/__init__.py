"""Game review: the search bot's analysis of a finished game, for one seat (lichess's analysis
board is the model).

:func:`~furuba.review.analysis.analyse` turns a game record into a
:class:`~furuba.review.model.Review`: each decision of the seat with the move played, the bot's
preferred move and the win chance after each, the biggest mistakes judged, and every player's
win chance over the whole game. :mod:`furuba.review.text` prints it in a terminal. Nothing here
names a game: the search, the playouts and the action names all come through the protocol and
the game's spec.
"""
