"""The save file of ``furuba play``: the seats, the game record and the state, as JSON.

The record (options, seed, actions and written inputs) replays the game; the state is kept
beside it so that a game resumes even when a later version of the rules replays differently —
then the saved state wins and the player is warned.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from furuba import games
from furuba.cli.seats import Seat, parse_seats
from furuba.core.errors import FurubaError, SaveFileError
from furuba.core.protocol import JSON, State
from furuba.core.record import GameRecord
from furuba.text import _

SAVE_FORMAT = 1


def write_save(path: Path, game: str, seats: Sequence[Seat], record: GameRecord,
               state: State) -> None:
    """Write the save file atomically (a half-written save never replaces a good one)."""
    data = {"furuba_save": SAVE_FORMAT, "game": game,
            "seats": [s.saved_spec() for s in seats],
            "record": record.to_json(), "state": state.to_json()}
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(json.dumps(data, ensure_ascii=False) + "\n", encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        raise SaveFileError(_("cannot write the save file {path}: {problem}").format(
            path=path, problem=exc.strerror or exc)) from None


@dataclass
class Loaded:
    """A save file read back."""

    game: str
    seats: list[Seat]
    record: GameRecord
    state: State
    warning: str | None = None


def _read_json(path: Path) -> JSON:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SaveFileError(_("cannot read the save file {path}: {problem}").format(
            path=path, problem=exc.strerror or exc)) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SaveFileError(_("{path} is not a furuba save file (not JSON: {problem})").format(
            path=path, problem=exc)) from None
    if not isinstance(data, dict) or data.get("furuba_save") != SAVE_FORMAT:
        raise SaveFileError(_("{path} is not a furuba save file (no 'furuba_save': "
                              "{version})").format(path=path, version=SAVE_FORMAT))
    return data


def read_save(path: Path) -> Loaded:
    """Read and check a save file; a broken one gets a :class:`SaveFileError` naming the fault."""
    data = _read_json(path)
    try:
        game = games.canonical_name(str(data["game"]))
        raw_seats = data["seats"]
        record = GameRecord.from_json(data["record"])
        state_data = data["state"]
    except KeyError as exc:
        raise SaveFileError(_("{path}: the save file has no {field!r}").format(
            path=path, field=exc.args[0])) from None
    except FurubaError as exc:
        raise SaveFileError(f"{path}: {exc}") from None
    if not isinstance(raw_seats, list) or not all(isinstance(s, str) for s in raw_seats):
        raise SaveFileError(_("{path}: 'seats' must be a list of seat names").format(path=path))
    if not isinstance(state_data, dict) or state_data.get("game", game) != game:
        raise SaveFileError(_("{path}: the saved state is not a {game} state").format(
            path=path, game=game))
    try:
        seats = parse_seats(raw_seats, None)
    except FurubaError as exc:
        raise SaveFileError(f"{path}: {exc}") from None
    if record.game != game:
        raise SaveFileError(_("{path}: the record is of {record!r}, the save of {game!r}").format(
            path=path, record=record.game, game=game))
    try:
        state = games.state_from_json({**state_data, "game": game})
        warning = _replay_warning(record, state)
    except FurubaError as exc:
        state, warning = _replay_instead(path, record, exc)
    if len(seats) != state.num_players:
        raise SaveFileError(_("{path}: {seats} seats for a {players}-player game").format(
            path=path, seats=len(seats), players=state.num_players))
    return Loaded(game, seats, record, state, warning)


def _replay_instead(path: Path, record: GameRecord, problem: FurubaError) -> tuple[State, str]:
    """The state rebuilt from the record when the saved state cannot be read."""
    try:
        state = record.replay()
    except FurubaError:
        raise SaveFileError(f"{path}: {problem}") from None
    return state, _("the saved state cannot be read ({problem}); it was rebuilt by replaying "
                    "the game record").format(problem=problem)


def _replay_warning(record: GameRecord, state: State) -> str | None:
    try:
        replayed = record.replay()
    except FurubaError as exc:
        return _("the game record does not replay ({problem}); continuing from the saved "
                 "state").format(problem=exc)
    if replayed.to_json() != state.to_json():
        return _("the game record does not replay to the saved state; continuing from the "
                 "saved state")
    return None
