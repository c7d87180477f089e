"""Friends: follows, who is online and where, challenges, and friends' latest games.

* **Follows** (:mod:`.store`): an account follows up to :data:`~.store.MAX_FOLLOWS` others by
  name; two accounts that follow each other are *friends*. A block (``moderation/blocks.py``)
  ends the follows both ways and refuses new ones while it stands.
* **Who is online** (:mod:`.online`): each server process writes, in ``furuba_presence``, the
  accounts that have a page (the signed-in event stream) or a table socket open on it, and at
  which tables (seated or watching); a heartbeat refreshes its rows, so those of a process that
  died grow old and count as offline. Only friends see each other's presence.
* **Challenges** (:mod:`.challenges`): a player opens a table for a friend, one seat kept for them
  (``furuba_seat_reservations``: nobody else may claim it); the friend is told on their pages
  (``/api/me/events``) and accepts or declines.
* **Friends' games** (:mod:`.games`): the latest finished games of the players one follows.
"""
