"""Reading the cards of a Dai Hin Min position: the hands, the pile, who has gone out, the
exchange and the log (see :mod:`furuba.daihinmin.position` for the order of the reading).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from furuba.core.protocol import JSON
from furuba.daihinmin import events
from furuba.daihinmin.exchange import gift_card
from furuba.daihinmin.house import EXCHANGE_AFTER
from furuba.daihinmin.moves import PLAY_LEVEL, PLAY_TOTAL, play_id
from furuba.daihinmin.phases import EXCHANGE, OVER, PHASE_NAMES, PLAY
from furuba.daihinmin.position_house import check_house_pile, suited_pile_action
from furuba.daihinmin.ranks import JOKER, JOKERS_ONLY_LEVEL, counts_of, parse_card
from furuba.daihinmin.reading import (
    Cards,
    Parsed,
    before,
    fail,
    int_field,
    is_int,
    player_list,
    tokens,
)
from furuba.daihinmin.scoring import roles

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState


def read_hands(s: GameState, data: JSON, hands_raw: list[Any],
               cards: Cards) -> tuple[list[Any], list[Parsed]]:
    """The hands; returns the pile as given and its card tokens (read by :func:`read_pile`,
    once exact cards named on the pile are claimed and the hands' ranks alone resolved)."""
    hands_parsed = [tokens(f"hands[{p}]", h) for p, h in enumerate(hands_raw)]
    pile_raw = data.get("pile", [])
    if isinstance(pile_raw, list) and pile_raw and all(isinstance(x, str) for x in pile_raw):
        pile_raw = [{"cards": pile_raw}]
    if not isinstance(pile_raw, list) or not all(isinstance(x, dict) for x in pile_raw):
        raise fail("'pile' must be a list of sets {\"player\": id, \"cards\": [...]} or "
                   "one list of cards")
    pile_parsed = [tokens(f"pile[{i}]", x.get("cards")) for i, x in enumerate(pile_raw)]
    for p, parsed in enumerate(hands_parsed):
        cards.claim_exact(f"hands[{p}]", parsed)
    for i, parsed in enumerate(pile_parsed):
        cards.claim_exact(f"pile[{i}]", parsed)
    hands = tuple(cards.resolve(f"hands[{p}]", parsed) for p, parsed in enumerate(hands_parsed))
    s.hands = hands
    s.counts = tuple(counts_of(h) for h in hands)
    return pile_raw, pile_parsed


def read_pile(s: GameState, pile_raw: list[Any], pile_parsed: list[Parsed], turn_raw: Any,
              cards: Cards) -> None:
    """The sets on the pile, each following the one under it (D4)."""
    n = s.num_players
    pile = []
    previous: tuple[int, int] | None = None
    suited = s.options.suited
    for i, (entry, parsed) in enumerate(zip(pile_raw, pile_parsed, strict=True)):
        mask = cards.resolve(f"pile[{i}]", parsed)
        levels = {level for level, _ in parsed if level != JOKER}
        jokers = sum(1 for level, _ in parsed if level == JOKER)
        if suited and levels:
            action = suited_pile_action(f"pile[{i}]", entry, mask)
            previous = (PLAY_LEVEL[action], PLAY_TOTAL[action])
            pile.append((_pile_player(s, entry, i, len(pile_raw), turn_raw), action, mask))
            continue
        if len(levels) > 1 or not parsed or len(parsed) > 6:
            raise fail(f"pile[{i}] is not a set (1 to 6 cards of one rank, jokers aside)")
        level = levels.pop() if levels else JOKERS_ONLY_LEVEL
        action = play_id(level, len(parsed) - jokers, jokers)
        if s.rules.house:
            previous = (level, len(parsed))
            pile.append((_pile_player(s, entry, i, len(pile_raw), turn_raw), action, mask))
            continue
        if previous is not None and (len(parsed) != previous[1] or level <= previous[0]):
            raise fail(f"pile[{i}] does not follow the set under it (same number of "
                       "cards, strictly higher rank, D4)")
        previous = (level, len(parsed))
        player = entry.get("player")
        if player is None and i == len(pile_raw) - 1 and is_int(turn_raw) and turn_raw >= 0:
            player = before(s, int(turn_raw))
        if not is_int(player) or not 0 <= player < n:
            raise fail(f"pile[{i}] needs 'player', a player id")
        pile.append((int(player), action, mask))
    s.pile = tuple(pile)
    if s.rules.house:
        check_house_pile(s, [action for _, action, _ in pile])
    if pile:
        s.top_level, s.top_total = previous if previous else (0, 0)
    if s.phase_code != PLAY and pile and s.phase_code != OVER:
        raise fail(f"no cards are on the pile in the {PHASE_NAMES[s.phase_code]} phase")


def _pile_player(s: GameState, entry: JSON, i: int, count: int, turn_raw: Any) -> int:
    """Who played the set ``pile[i]`` (the last one: by default the player before the turn)."""
    player: Any = entry.get("player")
    if player is None and i == count - 1 and is_int(turn_raw) and turn_raw >= 0:
        player = before(s, int(turn_raw))
    if not is_int(player) or not 0 <= player < s.num_players:
        raise fail(f"pile[{i}] needs 'player', a player id")
    return int(player)


# -- the round so far --------------------------------------------------------------------------
def read_progress(s: GameState, data: JSON) -> None:
    """Who has gone out, the exchange, passes, whether the game was truncated, and the log."""
    n = s.num_players
    fallen = data.get("fallen")     # D15: out of the round, not gone out (checked later)
    empty = [p for p in s.seating if not s.hands[p] and p != fallen]
    finished = player_list("finished", data.get("finished", empty), n)
    if s.phase_code != OVER and sorted(finished) != sorted(empty):
        raise fail(f"'finished' must list exactly the players with no cards ({empty})")
    if s.phase_code == OVER and len(finished) != n:
        raise fail("a finished game's 'finished' lists every player")
    s.finished = tuple(finished)
    s.gifts = _read_gifts(data.get("gifts", []), s, s.phase_code == EXCHANGE)
    s.exchange = _read_exchange(data.get("exchange", []), s)
    s.passes = int_field(data, "passes", 0, 0)
    truncated = data.get("truncated", False)
    if not isinstance(truncated, bool):
        raise fail(f"'truncated' must be true or false, not {truncated!r}")
    s.truncated = truncated
    try:
        s.log, s.private = events.parse_log(data.get("log", []), n)
        s.log_len = len(events.entries(s.log))
    except ValueError as exc:
        raise fail(f"'log': {exc}") from None


def _read_gifts(value: Any, s: GameState, allowed: bool) -> tuple[tuple[int, int, int], ...]:
    """The gifts chosen so far in the exchange phase (D9)."""
    if not isinstance(value, list):
        raise fail("'gifts' must be a list")
    if value and not allowed:
        raise fail("gifts are only chosen in the exchange phase")
    if not value:
        return ()
    rich, second_rich, second_poor, poor = roles(s.titles)
    out: list[tuple[int, int, int]] = []
    for i, item in enumerate(value):
        if not isinstance(item, dict) or not isinstance(item.get("card"), str):
            raise fail(f"gifts[{i}] must be {{\"from\": id, \"card\": name}}")
        giver = item.get("from")
        expected_giver = rich if i < 2 else second_rich
        if giver != expected_giver or i > 2:
            raise fail(f"gifts[{i}]: the Rich Man chooses 2 gifts, then the Second "
                       "Richest 1 (D9)")
        receiver = poor if giver == rich else second_poor
        if item.get("to", receiver) != receiver:
            raise fail(f"gifts[{i}] goes to player {receiver}")
        level, card = parse_card(item["card"])
        left = s.hands[giver] & ~sum(1 << c for g, _, c in out if g == giver)
        if card is None:
            card = gift_card(left, level)
        if card < 0 or not left >> card & 1:
            raise fail(f"gifts[{i}]: player {giver} holds no such card to give")
        out.append((giver, receiver, card))
    return tuple(out)


def _read_exchange(value: Any, s: GameState) -> tuple[tuple[int, int, int], ...]:
    """This round's completed exchange: who gave which cards to whom."""
    if not isinstance(value, list):
        raise fail("'exchange' must be a list")
    out = []
    n = s.num_players
    for i, item in enumerate(value):
        if not isinstance(item, dict):
            raise fail(f"exchange[{i}] must be {{\"from\", \"to\", \"cards\"}}")
        giver, receiver = item.get("from"), item.get("to")
        if not (isinstance(giver, int) and isinstance(receiver, int)
                and is_int(giver) and is_int(receiver) and 0 <= giver < n
                and 0 <= receiver < n and giver != receiver):
            raise fail(f"exchange[{i}] needs two different player ids 'from' and 'to'")
        mask = 0
        for _level, card in tokens(f"exchange[{i}]", item.get("cards")):
            if card is None:
                raise fail(f"exchange[{i}] must name exact cards such as '7♦'")
            mask |= 1 << card
        if mask & s.hands[giver] and not s.rules.house & EXCHANGE_AFTER:    # D24: given back
            raise fail(f"exchange[{i}]: player {giver} still holds a card they gave")
        out.append((int(giver), int(receiver), mask))
    return tuple(out)
