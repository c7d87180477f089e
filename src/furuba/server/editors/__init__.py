"""File editors in the browser: an option whose values are files (a card set) may declare an
editor (:class:`furuba.spec.FileEditor`); for each one the server serves its page (``/<option>s``),
its form, reading and writing files, the account's saved files, tables started from a file, and
measures of a file's balance by bot games. The server names no game: it finds the editors in the
registered specs, as :mod:`furuba.server.file_checks` finds the file checkers.
"""
