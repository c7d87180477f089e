"""The rules of a table, whoever hosts it: the server's rooms (:mod:`furuba.server`) and the
offline table the browser runs on Pyodide (:mod:`furuba.offline`) both follow them.

Which bots a seat may use and how they are seeded (:mod:`~furuba.tables.bots`), hints
(:mod:`~furuba.tables.hints`), log marks (:mod:`~furuba.tables.logmarks`), the seat a message acts
for (:mod:`~furuba.tables.seats`), an action's and a written input's checks
(:mod:`~furuba.tables.actions`), undo (:mod:`~furuba.tables.undo`), players' names
(:mod:`~furuba.tables.names`) and the games a table may play (:mod:`~furuba.tables.catalog`).
A rule says no with a :class:`~furuba.tables.refusals.Refusal` (an error code and a sentence),
or raises the host's own error (``refuse``).

It imports the standard library and furuba's core only — never ``furuba.server``, whose package
needs the web extra (fastapi, pydantic), which the browser does not have.
"""
