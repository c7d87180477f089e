"""The game's seeded randomness (furuba.core.rng): its compiled shuffle is the stdlib's."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from furuba.core.rng import rng_for, shuffle, shuffled


@given(seed=st.integers(min_value=0, max_value=2**64), size=st.integers(min_value=0, max_value=300))
def test_shuffle_draws_as_the_stdlib_shuffle(seed: int, size: int) -> None:
    """The same permutation and the generator left in the same state: a saved game, a seeded
    simulation and every record made before :func:`shuffle` replays unchanged."""
    ours, theirs = random.Random(seed), random.Random(seed)
    mine, stdlib = list(range(size)), list(range(size))
    shuffle(ours, mine)
    theirs.shuffle(stdlib)
    assert mine == stdlib
    assert ours.getstate() == theirs.getstate()


@given(items=st.lists(st.integers(), max_size=60), seed=st.integers(min_value=0, max_value=2**40))
def test_shuffle_moves_every_item_and_loses_none(items: list[int], seed: int) -> None:
    out = list(items)
    shuffle(random.Random(seed), out)
    assert sorted(out) == sorted(items)


def test_shuffle_leaves_a_generator_of_its_own_to_its_own_shuffle() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
            x.reverse()

    items = [1, 2, 3]
    shuffle(Reversing(1), items)
    assert items == [3, 2, 1]


def test_shuffled_is_the_counterth_shuffle_of_the_game() -> None:
    expected = list(range(10))
    rng_for(7, 3).shuffle(expected)
    assert shuffled(range(10), seed=7, counter=3) == expected
    assert shuffled(range(10), seed=7, counter=4) != expected
