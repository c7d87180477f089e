"""What both games share: the game protocol, the seeded RNG, the deck and the 13 Sohmas."""

from furuba.core.errors import FurubaError, IllegalActionError, OptionsError
from furuba.core.protocol import TERMINAL, State

__all__ = ["TERMINAL", "FurubaError", "IllegalActionError", "OptionsError", "State"]
