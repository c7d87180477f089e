"""The client's tracker reads the standard server's messages right (D29): fed every message one
seat received in the recorded transcripts, it writes at each of that seat's turns a furuba
position in which the play the server accepted is legal and the ones it refused are not, whose
log of the game, played again, comes to the table as it stands, its gifts are its own cards,
and its points agree with the server's."""

from __future__ import annotations

import random

import pytest
from tests.daihinmin.uecda.transcripts import TRANSCRIPTS, streams

from furuba.bots.registry import make_bot
from furuba.daihinmin.inference import reversed_at_start_of, round_moves
from furuba.daihinmin.moves import PASS
from furuba.daihinmin.state import GameState
from furuba.daihinmin.uecda.cells import hand_of_cells, play_of_cells
from furuba.daihinmin.uecda.client import Player, Tracker
from furuba.daihinmin.uecda.table import (
    ACCEPTED,
    ALL_OVER,
    GAME_GOES_ON,
    cells_of_table,
    decode_int,
    decode_table,
)


@pytest.mark.parametrize("name", sorted(TRANSCRIPTS))
@pytest.mark.parametrize("me", range(5))
def test_ruling_d29_the_tracker_follows_every_seat_of_a_recorded_match(name: str,
                                                                       me: int) -> None:
    recorded = streams(name)
    received = iter(recorded[(me, "S>C")])
    sent = iter(recorded[(me, "C>S")])
    next(sent)                                   # the profile
    assert decode_int(next(received)) == me
    tracker = Tracker(me=me)
    player = Player(tracker, make_bot("greedy", 1))
    turns = 0
    end = GAME_GOES_ON
    while end != ALL_OVER:
        tracker.dealt(decode_table(next(received)))
        assert tracker.status is not None
        if tracker.status.gives:
            next(sent)
            exchange = GameState.from_json(tracker.position("exchange"))     # the bot decides
            assert exchange.phase == "exchange" and exchange.current_player == me
            gift = hand_of_cells(player.gives(tracker.status.gives))
            assert gift.bit_count() == tracker.status.gives and gift & ~tracker.hand == 0
        end = GAME_GOES_ON
        while end == GAME_GOES_ON:
            status = tracker.turn(decode_table(next(received)))
            if status.my_turn:
                action = play_of_cells(cells_of_table(decode_table(next(sent))))
                ack = decode_int(next(received))
                position = GameState.from_json(tracker.position("play"))
                legal = position.legal_actions()
                if round_moves(position):   # the game so far, played again, is this table
                    world = position.determinize(me, random.Random(turns))
                    assert reversed_at_start_of(world, round_moves(position)) is not None
                if action not in (None, PASS):
                    assert (action in legal) == (ack == ACCEPTED)
                assert player.play() is not None
                turns += 1
            tracker.moved(status.to_move, decode_table(next(received)))
            end = decode_int(next(received))
        tracker.game_over()
    assert tracker.games == TRANSCRIPTS[name][2] and turns > 10
    assert sum(tracker.points) == 15 * tracker.games
    assert len(tracker.places) == tracker.games


def test_each_seat_knows_its_side_of_the_exchange_and_the_search_deals_by_it() -> None:
    """In the titled games of a recorded match, the Rich know what they gave and the Poor what
    was taken and what came back; every seat's account agrees with its partner's, and a world
    dealt from a Poor seat's position puts its strongest cards, while unplayed, in its Rich
    partner's hand."""
    recorded = streams("tr5")
    seats = {}
    for me in range(5):
        received = iter(recorded[(me, "S>C")])
        assert decode_int(next(received)) == me
        seats[me] = (Tracker(me=me), received)
    accounts: list[dict[int, list[tuple[int, int, int]]]] = []
    dealt_worlds = 0
    for _game in range(TRANSCRIPTS["tr5"][2]):
        for tracker, received in seats.values():      # (the gifts went to the server)
            tracker.dealt(decode_table(next(received)))
        game: dict[int, list[tuple[int, int, int]]] = {}
        end = GAME_GOES_ON
        first = True
        while end == GAME_GOES_ON:
            statuses = {me: t.turn(decode_table(next(r))) for me, (t, r) in seats.items()}
            if first:
                game = {me: list(t.exchange) for me, (t, _) in seats.items()}
                for me, (tracker, _) in seats.items():
                    if tracker.exchange:
                        state = GameState.from_json(tracker.position("play"))
                        world = state.determinize(me, random.Random(me))
                        for giver, receiver, cards in tracker.exchange:
                            if giver == me:
                                assert world.hand(receiver) & cards == cards
                                dealt_worlds += 1
                first = False
            mover = next(me for me, s in statuses.items() if s.my_turn)
            ack_reader = seats[mover][1]
            decode_int(next(ack_reader))                          # the mover's ack
            for tracker, received in seats.values():
                tracker.moved(mover, decode_table(next(received)))
                end = decode_int(next(received))
        for tracker, _ in seats.values():
            tracker.game_over()
        accounts.append(game)
    titled = [game for game in accounts if any(game.values())]
    assert len(titled) == TRANSCRIPTS["tr5"][2] - 1          # every game after the first
    for game in titled:
        told = {(g, r, c) for account in game.values() for g, r, c in account}
        for me, account in game.items():
            for giver, receiver, cards in account:
                assert me in (giver, receiver)
                partner = receiver if giver == me else giver
                if (giver, receiver, cards) not in game[partner]:
                    # what the Poor gave, which their Rich partner cannot tell apart
                    assert giver == me and (receiver, me) in {(g, r) for g, r, _ in game[me]}
        gifts = [(g, r) for g, r, _ in told]
        assert len(gifts) == len(set(gifts)) >= 4    # each side of both swaps said once
    assert dealt_worlds >= 4
