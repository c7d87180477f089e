"""After the deck runs out and is made again from the discard pile, the worlds the bots deal keep
what that tells everyone: the deck holds only cards of that pile, and another player holds no
more of them than they drew since. The true position is always one of those worlds, no card is
lost or doubled, and the worlds still depend only on what the player sees."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from furuba.zodiac import GameState, new_game
from furuba.zodiac.reshuffle import draws_since_reshuffle, split_unseen


def after_reshuffle(seed: int, moves: int = 0, players: int = 4) -> GameState:
    """A game played at random until the deck was made again, then ``moves`` more moves."""
    state, rng = new_game(players=players, seed=seed), random.Random(seed)
    while not state.reshuffled and not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def hidden(state: GameState, p: int) -> Counter[int]:
    return Counter(state.hands[p]) - Counter(state.known[p])


def redealt(state: GameState, seat: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """The players whose hidden cards a world of ``seat`` deals again, as the sampler lists them."""
    return [(q, len(state.hands[q]) - len(state.known[q]), state.known[q])
            for q in range(state.num_players) if q != seat]


def unseen(state: GameState, seat: int) -> list[int]:
    """The cards ``seat`` cannot see: the deck, the box and the others' hidden cards."""
    return sorted([*state.deck, *state.box, *(c for q in range(state.num_players) if q != seat
                                              for c in hidden(state, q).elements())])


def every_card(state: GameState) -> Counter[int]:
    cards = [*state.deck, *state.discard, *state.center, *state.box,
             *(c for hand in state.hands for c in hand)]
    if state.limbo >= 0:
        cards.append(state.limbo)
    return Counter(cards)


def drawn_since(state: GameState) -> list[int]:
    """Every card drawn since the last reshuffle (the true log names them all)."""
    out = []
    for _actor, code, card, _b in reversed(state.log_entries()):
        if code == "reshuffle":
            return out
        if code == "draw":
            out.append(card)
    raise AssertionError("no reshuffle in the log")


def test_the_pile_is_kept_when_the_deck_is_made_again() -> None:
    state = new_game(players=4, seed=8)
    rng = random.Random(8)
    while not state.is_terminal():
        deck = len(state.deck)
        state.apply(rng.choice(state.legal_actions()))
        if len(state.deck) > deck:           # made again: the pile it was made from is kept
            assert state.discard == ()
            assert state.reshuffled == tuple(sorted((*state.deck, *drawn_since(state))))
            break
    else:
        raise AssertionError("the deck never ran out")
    again = GameState.from_json(state.to_json())
    assert again.reshuffled == state.reshuffled


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 40), seat=st.integers(0, 3))
def test_worlds_after_a_reshuffle_keep_what_it_tells(seed: int, moves: int, seat: int) -> None:
    state = after_reshuffle(seed, moves)
    if state.is_terminal() or not state.reshuffled:
        return
    since = draws_since_reshuffle(state.log, state.num_players, seat)
    assert since is not None
    draws = since[0]
    closed = redealt(state, seat)
    split = split_unseen(state, seat, closed, unseen(state, seat))
    assert split is not None
    fresh, old, either = Counter(split.fresh), Counter(split.old), Counter(split.either)
    # the true position is one of the worlds the rule allows: the deck holds only the pile's
    # cards, and a hand holds no more cards that were not in it before than its draws since
    # (by kind: a few kinds have two copies, and a copy the facts cannot place may be either)
    assert Counter(state.deck) <= fresh + either
    for q, _n, _k in closed:
        assert (hidden(state, q) - old - either).total() <= draws[q]
    sample = state.sampler(seat)
    rng = random.Random(seed)
    for _ in range(8):
        world = sample(rng)
        assert every_card(world) == every_card(state)           # nothing lost or doubled
        assert world.view(seat) == state.view(seat)             # what the seat sees, kept
        assert Counter(world.deck) <= fresh + either            # only the pile's cards
        assert len(world.deck) == len(state.deck)
        for q, _n, _k in closed:
            assert len(world.hands[q]) == len(state.hands[q])
            assert Counter(world.known[q]) <= Counter(world.hands[q])
            assert (hidden(world, q) - old - either).total() <= draws[q]


def test_a_copy_the_facts_cannot_place_may_be_the_pile_s_or_an_old_one() -> None:
    """Found by the property above: a player drew the pile's only copy of a kind and played a
    card of that kind, while another, who drew nothing since, holds one from before. The copy
    still unseen may be either, and the true position is among the worlds dealt."""
    state = after_reshuffle(329, moves=5)
    seat = 0
    closed = redealt(state, seat)
    split = split_unseen(state, seat, closed, unseen(state, seat))
    assert split is not None and split.either
    since = draws_since_reshuffle(state.log, state.num_players, seat)
    assert since is not None
    holder = next(q for q, _n, _k in closed if not since[0][q]
                  and hidden(state, q) & Counter(split.either))
    assert holder != seat
    rng = random.Random(1)
    worlds = [state.sampler(seat)(rng) for _ in range(60)]
    assert all(every_card(w) == every_card(state) and w.view(seat) == state.view(seat)
               for w in worlds)
    kinds = set(split.either)
    assert any(set(w.hands[holder]) & kinds for w in worlds)     # held from before, as it is


def test_the_worlds_depend_only_on_what_the_player_sees() -> None:
    """Dealt from a world instead of the true position (the same view, other hidden cards), the
    worlds are the very same: the reshuffle's reading uses public facts only."""
    checked = 0
    for seed in range(12):
        state = after_reshuffle(seed, moves=seed)
        if state.is_terminal() or not state.reshuffled:
            continue
        seat = state.current_player
        other = state.determinize(seat, random.Random(99))
        assert other.hands != state.hands or other.deck != state.deck
        a, b = state.sampler(seat)(random.Random(5)), other.sampler(seat)(random.Random(5))
        assert (a.hands, a.deck, a.box) == (b.hands, b.deck, b.box)
        checked += 1
    assert checked >= 6


def test_old_cards_never_go_back_into_the_deck() -> None:
    """The cards the others held when the deck ran out were not in the pile: a world never puts
    one in the deck, where the pooled deal put them there as often as anywhere."""
    checked = 0
    for seed in range(30):
        state = after_reshuffle(seed, moves=2)
        if state.is_terminal() or not state.reshuffled:
            continue
        seat = state.current_player
        closed = redealt(state, seat)
        split = split_unseen(state, seat, closed, unseen(state, seat))
        assert split is not None
        if not split.old or not state.deck:
            continue
        pooled = state.clone()
        pooled.reshuffled = ()
        rng = random.Random(seed)
        fresh = Counter(split.fresh)
        assert all(Counter(state.sampler(seat)(rng).deck) <= fresh for _ in range(10))
        assert not all(Counter(pooled.sampler(seat)(rng).deck) <= fresh for _ in range(10))
        checked += 1
    assert checked >= 5


def test_a_position_without_its_pile_deals_as_before() -> None:
    """A position read without ``reshuffled`` (written by hand, or saved before furuba kept it)
    pools every unseen card, as determinize always did."""
    state = after_reshuffle(3, moves=5)
    data = state.to_json()
    del data["reshuffled"]
    old = GameState.from_json(data)
    assert old.reshuffled == ()
    seat = old.current_player
    world = old.sampler(seat)(random.Random(1))
    assert world.view(seat) == old.view(seat)
