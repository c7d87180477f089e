"""The wire as models: what the server sends, beside the client messages of
:mod:`furuba.server.messages`.

* :mod:`.actions` — an action as data (in ``legal``, in a hint, in the actor's ``action`` event);
* :mod:`.events` — the body of each numbered table event (``event.kind``);
* :mod:`.streams` — the events of the Server-Sent Event streams (``/api/lobby/events``,
  ``/api/me/events``);
* :mod:`.schema` — the one JSON Schema of the whole protocol, built from those models and kept in
  ``docs/protocol.schema.json`` (``python -m furuba.server.protocol.schema`` writes it).

The table socket's frames themselves (``welcome``, ``snapshot``, ``event``, …) stay in
:mod:`furuba.server.messages`, beside the client messages they answer; this package holds what
they and the streams carry, so that no module builds an outgoing message as a plain dict.
"""
