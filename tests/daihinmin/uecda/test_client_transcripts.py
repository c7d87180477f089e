"""The client's tracker reads the standard server's messages right (D29): fed every message one
seat received in the recorded transcripts, it writes at each of that seat's turns a furuba
position in which the play the server accepted is legal and the ones it refused are not, its
gifts are its own cards, and its points agree with the server's."""

from __future__ import annotations

import pytest
from tests.daihinmin.uecda.transcripts import TRANSCRIPTS, streams

from furuba.bots.registry import make_bot
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
                legal = GameState.from_json(tracker.position("play")).legal_actions()
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
