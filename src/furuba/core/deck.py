"""The 52 + 2 friendship deck and the 13 Sohmas, in the order of the circle.

The friendship cards are a poker deck: rank A–K matches a Sohma (the Aces are Yuki's, the Kings
Kyo's), suits ♦ ♥ ♠ carry a line in that Sohma's voice, ♣ a word on the zodiac sign. The two
jokers are Saki Hanajima and Arisa Uotani. The texts live in ``deck.toml`` beside this module.

>>> SOHMAS[0].name, SOHMAS[0].animal, SOHMAS[12].name
('Yuki', 'Rat', 'Kyo')
>>> card = FRIENDSHIP_CARDS[4 * 1 + 2]
>>> card.rank, card.suit, card.sohma.name
('2', '♠', 'Hatsuharu')
>>> sign_of_year(1996), sign_of_year(2000)
('Rat', 'Dragon')
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

RANKS: Final[tuple[str, ...]] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: Final[tuple[str, ...]] = ("♦", "♥", "♠", "♣")
SUIT_NAMES: Final[tuple[str, ...]] = ("diamonds", "hearts", "spades", "clubs")
SIGNS: Final[tuple[str, ...]] = (
    "Rat", "Ox", "Tiger", "Rabbit", "Dragon", "Snake",
    "Horse", "Sheep", "Monkey", "Rooster", "Dog", "Boar",
)
"""The twelve zodiac signs in year order; the Cat (Kyo) has no year."""

NUM_SOHMAS: Final = 13
JOKER_IDS: Final[tuple[int, int]] = (52, 53)


@dataclass(frozen=True, slots=True)
class Sohma:
    """One of the 13 Sohma cards of the circle."""

    index: int
    """Place in the circle, clockwise from Yuki (0) to Kyo (12); also the friendship rank."""
    name: str
    animal: str
    sign: str | None
    """The zodiac sign whose years the card shows, ``None`` for Kyo (the Cat)."""

    @property
    def rank(self) -> str:
        """The poker rank of this Sohma's friendship cards (Yuki A … Kyo K)."""
        return RANKS[self.index]

    def years(self, start: int = 1924, stop: int = 2044) -> list[int]:
        """The western calendar years of this Sohma's sign in ``[start, stop)``."""
        if self.sign is None:
            return []
        offset = SIGNS.index(self.sign)
        return [y for y in range(start, stop) if (y - 4) % 12 == offset]


SOHMAS: Final[tuple[Sohma, ...]] = (
    Sohma(0, "Yuki", "Rat", "Rat"),
    Sohma(1, "Hatsuharu", "Ox", "Ox"),
    Sohma(2, "Kisa", "Tiger", "Tiger"),
    Sohma(3, "Momiji", "Rabbit", "Rabbit"),
    Sohma(4, "Hatori", "Dragon", "Dragon"),
    Sohma(5, "Ayame", "Snake", "Snake"),
    Sohma(6, "Horse", "Horse", "Horse"),
    Sohma(7, "Hiro", "Sheep", "Sheep"),
    Sohma(8, "Ritsu", "Monkey", "Monkey"),
    Sohma(9, "Bird", "Rooster", "Rooster"),
    Sohma(10, "Shigure", "Dog", "Dog"),
    Sohma(11, "Kagura", "Boar", "Boar"),
    Sohma(12, "Kyo", "Cat", None),
)
SOHMA_NAMES: Final[tuple[str, ...]] = tuple(s.name for s in SOHMAS)


def sohma_by_name(name: str) -> Sohma:
    """The Sohma called ``name`` (case-insensitive); ``KeyError`` if there is none.

    >>> sohma_by_name("ayame").index
    5
    """
    for sohma in SOHMAS:
        if sohma.name.lower() == name.strip().lower():
            return sohma
    raise KeyError(name)


def sign_of_year(year: int) -> str:
    """The zodiac sign of a western calendar year: Rat when ``(year - 4) % 12 == 0``."""
    return SIGNS[(year - 4) % 12]


@dataclass(frozen=True, slots=True)
class FriendshipCard:
    """One of the 52 friendship cards, id ``rank_index * 4 + suit_index``."""

    id: int
    sohma: Sohma
    suit: str
    text: str

    @property
    def rank(self) -> str:
        return self.sohma.rank

    @property
    def label(self) -> str:
        """Short name such as ``"A♦"``."""
        return f"{self.rank}{self.suit}"


@dataclass(frozen=True, slots=True)
class Joker:
    """One of the two jokers (Saki Hanajima, Arisa Uotani)."""

    id: int
    name: str
    text: str

    @property
    def label(self) -> str:
        return "Joker"


@cache
def _texts() -> dict[str, object]:
    raw = resources.files("furuba.core").joinpath("deck.toml").read_text(encoding="utf-8")
    return tomllib.loads(raw)


def _build_friendship_cards() -> tuple[FriendshipCard, ...]:
    texts = _texts()
    sohma_texts = texts["sohma"]
    assert isinstance(sohma_texts, dict)
    cards = []
    for sohma in SOHMAS:
        entry = sohma_texts[sohma.name]
        for suit_index, suit_name in enumerate(SUIT_NAMES):
            cards.append(FriendshipCard(4 * sohma.index + suit_index, sohma, SUITS[suit_index],
                                        str(entry[suit_name])))
    return tuple(cards)


def _build_jokers() -> tuple[Joker, Joker]:
    jokers = _texts()["joker"]
    assert isinstance(jokers, list)
    first, second = jokers
    return (Joker(JOKER_IDS[0], str(first["name"]), str(first["text"])),
            Joker(JOKER_IDS[1], str(second["name"]), str(second["text"])))


FRIENDSHIP_CARDS: Final[tuple[FriendshipCard, ...]] = _build_friendship_cards()
JOKERS: Final[tuple[Joker, Joker]] = _build_jokers()


def friendship_card(sohma_index: int, suit_index: int) -> FriendshipCard:
    """The friendship card of a Sohma in a suit (0 ♦, 1 ♥, 2 ♠, 3 ♣)."""
    return FRIENDSHIP_CARDS[4 * sohma_index + suit_index]
