"""A review in a terminal: a summary, every player's win chance as a line of blocks, the biggest
mistakes, and a table of the seat's decisions (rich).

>>> sparkline([0.0, 0.5, 1.0, 0.25], 4)
'▁▅█▃'
>>> sparkline([0.0, 1.0] * 8, 4)      # each column is the mean of its steps
'▅▅▅▅'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from furuba import i18n
from furuba.review.model import JUDGEMENTS, SYMBOLS, Decision, Review
from furuba.text import N_, _, listing, ngettext

BLOCKS = "▁▂▃▄▅▆▇█"
GRAPH_WIDTH = 60
"""The most columns the win-chance lines take."""
SHOWN_MISTAKES = 5
STYLES = {"blunder": "bold red", "mistake": "red", "inaccuracy": "yellow"}
WORDS = {"blunder": N_("blunder"), "mistake": N_("mistake"), "inaccuracy": N_("inaccuracy")}
"""Each judgement in words (said in the reader's language)."""

Rename = Callable[[str], str]
"""Puts names in a text (``player 2`` → the seat's name)."""


def sparkline(values: Sequence[float], width: int) -> str:
    """``values`` (from 0 to 1) as at most ``width`` blocks, each the mean of its share."""
    if not values:
        return ""
    columns = min(width, len(values))
    out = []
    for c in range(columns):
        part = values[c * len(values) // columns:(c + 1) * len(values) // columns]
        mean = sum(part) / len(part)
        out.append(BLOCKS[min(len(BLOCKS) - 1, max(0, round(mean * (len(BLOCKS) - 1))))])
    return "".join(out)


def percent(chance: float) -> str:
    """A win chance in whole percent.

    >>> percent(0.4249)
    '42%'
    """
    return f"{chance:.0%}"


def give_or_take(chance: float, error: float) -> str:
    """A win chance with its standard error, in points (none when it is not known).

    >>> give_or_take(0.4249, 0.0123), give_or_take(0.5, 0.0)
    ('42% ±1.2', '50%')
    """
    return f"{chance:.0%} ±{error * 100:.1f}" if error > 0 else percent(chance)


def slips(judgement: str, n: int) -> str:
    """``n`` slips of one kind, in words.

    >>> slips("blunder", 1), slips("inaccuracy", 2)
    ('1 blunder', '2 inaccuracies')
    """
    forms = {"blunder": ngettext("{n} blunder", "{n} blunders", n),
             "mistake": ngettext("{n} mistake", "{n} mistakes", n),
             "inaccuracy": ngettext("{n} inaccuracy", "{n} inaccuracies", n)}
    return forms[judgement].format(n=n)


def summary(review: Review, names: Sequence[str]) -> str:
    """One paragraph: whose review, how close to the bot, how many slips of each kind."""
    n = len(review.decisions)
    counts = review.counts()
    found = listing([slips(name, counts[name]) for name, _least in JUDGEMENTS])
    agreed = round(review.agreement * n)
    decisions = ngettext("Review of {name}'s play: {n} decision, searched with {sims} "
                         "simulations, its moves weighed in the same {worlds} worlds.",
                         "Review of {name}'s play: {n} decisions, each searched with {sims} "
                         "simulations, its moves weighed in the same {worlds} worlds.", n).format(
        name=names[review.seat], n=n, sims=review.sims, worlds=review.worlds)
    return _("{decisions} The bot's move, or one as good, was played in {agreed} of {n} "
             "({as_good} as good); on average {loss:.1f} points of win chance were lost per "
             "decision; {slips}.").format(
        decisions=decisions, agreed=agreed, n=n, as_good=review.as_good,
        loss=review.mean_loss * 100, slips=found)


def graph(review: Review, names: Sequence[str], width: int = GRAPH_WIDTH) -> Table:
    """Every player's win chance over the game, one line of blocks each at most ``width``
    columns wide, with a row under the seat's line that marks its mistakes (``^``)."""
    table = Table(box=None, show_header=False, padding=(0, 1))
    table.add_column("player", no_wrap=True)
    table.add_column("line", no_wrap=True)
    table.add_column("result", no_wrap=True, justify="right")
    steps = len(review.chances)
    columns = min(width, steps)
    for p in range(review.players):
        line = sparkline([row[p] for row in review.chances], width)
        table.add_row(escape(names[p]), line,
                      _("result {percent}").format(percent=percent(review.returns[p])))
        if p == review.seat and review.mistakes():
            table.add_row(Text(_("mistakes"), style="dim"),
                          marks(review.mistakes(), steps, columns), "")
    return table


def marks(mistakes: Sequence[Decision], steps: int, columns: int) -> Text:
    """A row with ``^`` under the column of each mistake's step, coloured by the worst there."""
    row = Text(" " * columns)
    for d in reversed(mistakes):            # the largest loss is styled last, so it shows
        column = min(columns - 1, (d.step * columns) // max(1, steps))
        row = row[:column] + Text("^", style=STYLES[d.judgement or "inaccuracy"]) + \
            row[column + 1:]
    row.rstrip()
    return row


def graph_width(console_width: int, names: Sequence[str]) -> int:
    """How many columns the lines may take on a console ``console_width`` wide.

    >>> graph_width(80, ["Ann", "Kaito"]), graph_width(200, ["Ann"])
    (54, 60)
    """
    used = max(cell_len(_("mistakes")), *(cell_len(n) for n in names)) + \
        cell_len(_("result {percent}").format(percent="100%")) + 7
    return max(10, min(GRAPH_WIDTH, console_width - used))


def mistake_lines(review: Review, rename: Rename, language: str = "en") -> list[Text]:
    """The biggest mistakes, worst first, each explained: what the move played did, what the
    bot's did, and what the difference was where the game can tell."""
    out = []
    for d in review.mistakes(SHOWN_MISTAKES):
        judgement = d.judgement or ""
        line = Text(_("step {step} {mark} {judgement}: ").format(
            step=d.step, mark=SYMBOLS[judgement], judgement=_(WORDS[judgement])),
            style=STYLES[judgement])
        line.append(_("played {played} ({played_chance}); the bot preferred {best} "
                      "({best_chance}), {gain} points more").format(
            played=d.played.name, played_chance=give_or_take(d.played.win_chance,
                                                             d.played.error),
            best=d.best.name, best_chance=give_or_take(d.best.win_chance, d.best.error),
            gain=f"{d.gain * 100:.0f} ±{d.gain_error * 100:.1f}"), style="default")
        out.append(line)
        said = [_("your move: {reason}").format(reason=rename(d.played.said(language)))
                if d.played.reason else "",
                _("the bot's move: {reason}").format(reason=rename(d.best.said(language)))
                if d.best.reason else "", rename(d.explained(language))]
        words = "; ".join(part for part in said if part)
        if words:
            out.append(Text(f"    {words}", style="dim"))
    return out


def decisions_table(review: Review) -> Table:
    """Every decision: the move played and the bot's, with the win chance after each."""
    table = Table(title=_("Decisions"), title_justify="left", show_edge=False)
    table.add_column(_("Step"), justify="right")
    table.add_column(_("Played"))
    table.add_column(_("Win"), justify="right")
    table.add_column(_("Bot's move"))
    table.add_column(_("Win"), justify="right")
    table.add_column(_("Loss"), justify="right")
    table.add_column("")
    for d in review.decisions:
        same = d.played.action == d.best.action
        judgement = d.judgement
        table.add_row(str(d.step), escape(d.played.name),
                      give_or_take(d.played.win_chance, d.played.error),
                      _("the same") if same else escape(d.best.name),
                      give_or_take(d.best.win_chance, d.best.error),
                      f"{d.loss * 100:.0f}" if not same and not d.as_good else "",
                      Text(SYMBOLS[judgement], style=STYLES[judgement]) if judgement
                      else _("as good") if d.as_good else "")
    return table


def render(review: Review, names: Sequence[str], rename: Rename = lambda text: text,
           width: int = 80, language: str = "en") -> RenderableType:
    """The whole review for a console ``width`` columns wide, ready for ``console.print``."""
    parts: list[RenderableType] = [
        Text(summary(review, names)), Text(""),
        Text(_("Win chance over the game (each player's own estimate)"), style="bold"),
        graph(review, names, graph_width(width, names)), Text("")]
    found = mistake_lines(review, rename, language)
    least = JUDGEMENTS[-1][1] * 100
    parts.append(Text(_("Biggest mistakes") if found else _(
        "No mistakes: every decision was within {least:g} points of the bot's "
        "choice").format(least=least), style="bold"))
    parts.extend(found)
    if review.decisions:
        parts += [Text(""), decisions_table(review)]
    return Group(*parts)


def print_review(console: Console, review: Review, names: Sequence[str],
                 rename: Rename = lambda text: text) -> None:
    """Print the review on ``console``."""
    console.print(render(review, names, rename, console.width, i18n.current()), highlight=False)
