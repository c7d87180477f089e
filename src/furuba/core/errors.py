"""The errors furuba raises for bad input.

Every one of them carries a message meant for a person: the CLI and the server show it as is,
never a traceback. Raising one of them never leaves a state half-changed.
"""


class FurubaError(Exception):
    """Base class of every error caused by bad input (never by a bug)."""


class IllegalActionError(FurubaError, ValueError):
    """An action that is not legal in the current state, or a name no action has."""


class OptionsError(FurubaError, ValueError):
    """Game options that make no sense: a wrong player count, an unknown variant, …"""


class CardSetError(FurubaError, ValueError):
    """A card-set file that cannot be used; the message names the file, the field and the fault."""


class FileProblemsError(FurubaError, ValueError):
    """A file (a card set a user uploads) with faults, each at a named place: ``problems`` is a
    list of ``(field, message)``, the field empty for a fault of the whole file (bad TOML)."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        self.problems = problems
        super().__init__("; ".join(f"{field}: {message}" if field else message
                                   for field, message in problems))


class SaveFileError(FurubaError, ValueError):
    """A saved game or game record that cannot be read back."""


class MissingKitError(FurubaError, LookupError):
    """A game that registered nothing for a consumer that needs it (no ``policy`` bot for a game
    without a learner's kit)."""
