"""Moderation, as lichess and Board Game Arena have it.

* **Blocks** (:mod:`.blocks`): an account that blocks another no longer gets its chat (live, per
  connection, and in snapshots), and the two never sit at one table: a join is refused, **Play
  now** keeps them apart.
* **Reports** (:mod:`.reports`): a player or a chat line, stored with its context (the table and
  the chat lines around it), at most :data:`~furuba.server.config.ServerConfig.reports_per_hour`
  per account.
* **Roles and actions** (:mod:`.actions`): accounts are players, moderators or admins; moderators
  warn, mute chat for a time, ban (sign-in refused, sessions ended, seats handed to bots) and
  close reports, each action written to the audit log.

Every check reads the database when it is made, so a decision taken on one server process holds
at once on tables another drives; a ban also tells every process over Redis (``cluster/``) to
hand the banned player's seats to bots.
"""
