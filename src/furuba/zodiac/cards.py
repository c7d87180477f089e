"""Friends of the Zodiac's cards in the balance lab: :data:`CARDS` (see
:mod:`furuba.sim.card_hooks`).

A card is a kind of the card set — a memory or an event — named as the set names it. One trial
is one player's game: the win share, the three cards dealt, every kind held at some time (dealt,
drawn, or taken back from the discard pile) and every kind played. An action plays a card when
it is "play <card>"; drawing, discarding and taking a card play none.

>>> import random
>>> from furuba.zodiac import greedy_action, new_game
>>> s = new_game(players=3, seed=2)
>>> rng = random.Random(0)
>>> while not s.is_terminal():
...     s.apply(greedy_action(s, rng))
>>> rows = CARDS.trials(s)
>>> [r["seat"] for r in rows], sum(r["win"] for r in rows)
([0, 1, 2], 1.0)
>>> all(set(r["dealt"]) <= set(r["held"]) and set(r["played"]) <= set(r["held"]) for r in rows)
True
>>> sorted(CARDS.lengths(s)) == ["rounds", "turns"]
True
"""

from __future__ import annotations

from furuba.core.protocol import State
from furuba.i18n import N_
from furuba.sim.card_hooks import CardHooks, Trial, trial
from furuba.zodiac.actions import A_PLAY
from furuba.zodiac.state import GameState
from furuba.zodiac.text import card_text


def _state(state: State) -> GameState:
    assert isinstance(state, GameState)
    return state


def kinds(state: State) -> list[str]:
    """The card set's kinds, memories first, by name."""
    return list(_state(state).rules.kind_names)


def label(state: State, kind: str) -> str:
    """A kind's name in the reader's language (the card set's translation)."""
    return card_text(_state(state).rules.cardset, kind)


def trials(state: State) -> list[Trial]:
    """Each player's game: win share, cards dealt, held and played."""
    s = _state(state)
    names = s.rules.kind_names
    start = GameState.deal(s.rules, s.seed)          # the same seed deals the same hands
    dealt = [{names[k] for k in hand} for hand in start.hands]
    held = [set(d) for d in dealt]
    played: list[set[str]] = [set() for _ in range(s.num_players)]
    for actor, code, kind, _b in s.log_entries():
        if code in ("draw", "take"):
            held[actor].add(names[kind])
        elif code == "play":
            played[actor].add(names[kind])
    returns = s.returns()
    return [trial(p, returns[p], dealt[p], held[p], played[p]) for p in range(s.num_players)]


def plays(state: State, action: int) -> frozenset[str]:
    """The card ``action`` plays: ``{name}`` for "play <card>", else nothing."""
    s = _state(state)
    code, arg = s.rules.actions.decode(action)
    return frozenset((s.rules.kind_names[arg],)) if code == A_PLAY else frozenset()


def lengths(state: State) -> dict[str, int]:
    """Rounds (the round the game ended in) and turns (every player's turn counted)."""
    s = _state(state)
    turns = sum(1 for entry in s.log_entries() if entry[1] == "turn")
    return {"turns": turns, "rounds": s.round}


CARDS = CardHooks(unit=N_("game"), outcome=N_("the player's win share of the game"),
                  kinds=kinds, trials=trials, plays=plays, label=label, lengths=lengths)
"""Friends of the Zodiac's answers to the balance lab."""
