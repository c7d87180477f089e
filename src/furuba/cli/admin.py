"""``furuba admin``: moderation from the command line, on the web app's database.

* ``furuba admin role NAME ROLE`` — make an account a player, a moderator or an admin (how the
  first admin is named);
* ``furuba admin ban NAME --reason …`` / ``unban NAME`` — a ban refuses sign-in and ends the
  account's sessions; with ``--redis-url`` (several server processes), every process also closes
  its connections and hands its seats at live tables to bots at once;
* ``furuba admin mute NAME --minutes N --reason …`` / ``unmute NAME``;
* ``furuba admin reports`` (the queue), ``report ID`` (one, with its chat context), ``close ID``;
* ``furuba admin audit`` — the audit log.

Each action is written to the audit log under the name ``furuba admin``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from rich.markup import escape
from rich.table import Table

from furuba.cli.console import console, fail
from furuba.cli.db import DatabaseUrl
from furuba.text import _

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

T = TypeVar("T")
DEFAULT_URL = "sqlite:///var/furuba.sqlite3"
RedisUrl = Annotated[str | None, typer.Option(
    envvar="FURUBA_REDIS_URL", help=_("the servers' Redis (several processes): they apply a ban "
                                      "to live tables and connections at once"))]
Reason = Annotated[str, typer.Option(help=_("why: the player and the audit log see it"))]


def _run(database_url: str, fn: Callable[..., T], *args: Any) -> T:
    """``fn(session, *args)`` in one transaction; a refusal or a database error is one line."""
    try:
        from sqlalchemy.orm import Session

        from furuba.server.models import make_engine
        from furuba.server.moderation.store import ModerationError
        from furuba.server.storage import Storage
    except ImportError as exc:
        raise fail(_("the database needs the web extra: pip install 'furuba[web]' "
                     "({problem})").format(problem=exc)) from None
    try:
        engine = make_engine(database_url)
        Storage(engine)   # the tables, as the server makes them
    except Exception as exc:
        raise fail(_("cannot open the database {url}: {problem}").format(
            url=database_url, problem=exc)) from None
    try:
        with Session(engine) as s, s.begin():
            return fn(s, *args)
    except ModerationError as exc:
        raise fail(exc.message) from None
    finally:
        engine.dispose()


def _admin() -> Any:
    from furuba.server.moderation.actions import Actor
    from furuba.server.moderation.store import CLI_ACTOR

    return Actor(CLI_ACTOR, "admin")


def _act(database_url: str, action: str, name: str, reason: str,
         minutes: int | None = None) -> Any:
    from furuba.server.moderation.actions import Decision, act

    return _run(database_url, act, _admin(), Decision(action, name, reason, minutes))


def _moment(at: float | None) -> str:
    return "" if at is None else datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%d %H:%M UTC")


def role(name: Annotated[str, typer.Argument(help=_("the account's name"))],
         new_role: Annotated[str, typer.Argument(metavar="ROLE", help=_(
             "player, moderator or admin"))],
         database_url: DatabaseUrl = DEFAULT_URL) -> None:
    """Give an account a role."""
    from furuba.server.moderation.actions import set_role

    shown = _run(database_url, set_role, _admin(), name, new_role)
    console.print(_("{name} is now: {role}").format(name=escape(shown), role=new_role))


def ban(name: Annotated[str, typer.Argument(help=_("the account's name"))], reason: Reason = "",
        database_url: DatabaseUrl = DEFAULT_URL, redis_url: RedisUrl = None) -> None:
    """Ban an account: sign-in refused, its sessions ended, its seats handed to bots."""
    done = _act(database_url, "ban", name, reason)
    console.print(_("{name} is banned; their sessions ended").format(name=escape(done.name)))
    if redis_url:
        _tell_servers(redis_url, done.account_id)
        console.print(_("the servers were told: their connections close and bots take their "
                        "seats"))
    else:
        console.print(_("without --redis-url the running servers are not told: their open "
                        "connections stay until they close (a ban from the moderators' page "
                        "acts at once)"))


def _tell_servers(redis_url: str, account_id: int) -> None:
    """Tell every server process about a ban, as a server does (``cluster/link.py``)."""
    try:
        import redis

        from furuba.server.accounts.ends import End, Why
        from furuba.server.cluster.link import ALL
        from furuba.server.moderation.checks import BAN_MESSAGE
    except ImportError as exc:
        raise fail(_("telling the servers needs the web extra ({problem})").format(
            problem=exc)) from None
    ends = {**End(account_id, why=Why.BANNED).message(), "k": "ends", "from": "furuba-admin"}
    lines = [json.dumps(m, separators=(",", ":")) for m in (ends, {"k": BAN_MESSAGE,
                                                                   "ban": account_id})]
    try:
        client = redis.Redis.from_url(redis_url)
        client.publish(ALL, "\n".join(lines))
        client.close()
    except Exception as exc:
        raise fail(_("the ban is stored, but Redis at {url} did not take the message: "
                     "{problem}").format(url=redis_url, problem=exc)) from None


def unban(name: Annotated[str, typer.Argument(help=_("the account's name"))], reason: Reason = "",
          database_url: DatabaseUrl = DEFAULT_URL) -> None:
    """Lift a ban."""
    done = _act(database_url, "unban", name, reason)
    console.print(_("{name} may sign in again").format(name=escape(done.name)))


def mute(name: Annotated[str, typer.Argument(help=_("the account's name"))],
         minutes: Annotated[int, typer.Option(help=_("how long, in minutes"))] = 60,
         reason: Reason = "", database_url: DatabaseUrl = DEFAULT_URL) -> None:
    """Mute an account's chat for a time."""
    done = _act(database_url, "mute", name, reason, minutes)
    console.print(_("{name} cannot chat until {until}").format(name=escape(done.name),
                                                                until=_moment(done.until)))


def unmute(name: Annotated[str, typer.Argument(help=_("the account's name"))],
           reason: Reason = "", database_url: DatabaseUrl = DEFAULT_URL) -> None:
    """Lift a mute."""
    done = _act(database_url, "unmute", name, reason)
    console.print(_("{name} may chat again").format(name=escape(done.name)))


def reports(status: Annotated[str, typer.Option(help=_("open, closed or all"))] = "open",
            database_url: DatabaseUrl = DEFAULT_URL) -> None:
    """The reports (open ones: the moderators' queue)."""
    from furuba.server.moderation.reports import list_reports

    if status not in ("open", "closed", "all"):
        raise fail(_("--status is open, closed or all"))
    found = _run(database_url, list_reports, status)
    if not found:
        console.print(_("no reports"))
        return
    table = Table(_("id"), _("when"), _("player"), _("reporter"), _("reason"), _("table"),
                  _("status"))
    for r in found:
        table.add_row(str(r["id"]), _moment(r["at"]), escape(r["player"]), escape(r["reporter"]),
                      r["reason"], r["table"] or "", r["status"])
    console.print(table)


def report(report_id: Annotated[int, typer.Argument(metavar="ID", help=_("the report's id"))],
           database_url: DatabaseUrl = DEFAULT_URL) -> None:
    """One report, with the chat around the line reported."""
    import html

    from furuba.server.moderation.reports import describe, get_report

    def read(s: Session, wanted: int) -> dict[str, Any]:
        return describe(get_report(s, wanted))

    r = _run(database_url, read, min(max(report_id, 0), 2**31 - 1))
    console.print(_("report {id} ({status}), {when}").format(id=r["id"], status=r["status"],
                                                              when=_moment(r["at"])))
    console.print(_("{reporter} reports {player}: {reason}").format(
        reporter=escape(r["reporter"]), player=escape(r["player"]), reason=r["reason"]))
    if r["text"]:
        console.print(escape(r["text"]))
    for line in r["context"]:
        mark = ">" if line["seq"] == r["seq"] else " "
        console.print(escape(f"{mark} {line['name']}: {html.unescape(line['text'])}"))


def close(report_id: Annotated[int, typer.Argument(metavar="ID", help=_("the report's id"))],
          reason: Reason = "", database_url: DatabaseUrl = DEFAULT_URL) -> None:
    """Close a report (it leaves the queue)."""
    from furuba.server.moderation.actions import close_report

    _run(database_url, close_report, _admin(), min(max(report_id, 0), 2**31 - 1), reason)
    console.print(_("report {id} is closed").format(id=report_id))


def audit(limit: Annotated[int, typer.Option(min=1, max=10000, help=_("entries shown"))] = 50,
          database_url: DatabaseUrl = DEFAULT_URL) -> None:
    """The audit log, latest first."""
    from furuba.server.moderation.store import audit as read_audit

    entries = _run(database_url, read_audit, limit)
    table = Table(_("when"), _("who"), _("what"), _("whom"), _("why"))
    for e in entries:
        table.add_row(_moment(e["at"]), escape(e["actor"]), e["action"], escape(e["target"]),
                      escape(e["reason"]))
    console.print(table)


def build_app() -> typer.Typer:
    """The ``furuba admin`` commands, their help in the current language."""
    app = typer.Typer(no_args_is_help=True, help=_(
        "Moderation on the web app's database: roles, bans, mutes, the reports and the audit "
        "log."))
    app.command("role", help=_("Give an account a role: player, moderator or admin."))(role)
    app.command("ban", help=_("Ban an account: sign-in refused, its sessions ended, its seats "
                              "handed to bots."))(ban)
    app.command("unban", help=_("Lift a ban."))(unban)
    app.command("mute", help=_("Mute an account's chat for a time."))(mute)
    app.command("unmute", help=_("Lift a mute."))(unmute)
    app.command("reports", help=_("The reports (open ones: the moderators' queue)."))(reports)
    app.command("report", help=_("One report, with the chat around the line reported."))(report)
    app.command("close", help=_("Close a report (it leaves the queue)."))(close)
    app.command("audit", help=_("The audit log, latest first."))(audit)
    return app
