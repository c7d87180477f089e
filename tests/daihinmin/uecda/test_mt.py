"""The standard UECda server's Mersenne Twister, drawn in furuba as the reference C code draws
it (``init_genrand``, ``genrand_int32``, ``genrand_real1``) — numbers computed with the C code."""

from __future__ import annotations

from furuba.daihinmin.uecda.mt import MersenneTwister, init_state


def test_ruling_d29_the_reference_numbers() -> None:
    mt = MersenneTwister(31)
    assert [mt.genrand_int32() for _ in range(3)] == [1228591826, 124517975, 4115032080]
    assert mt.genrand_real1() == 0.32233306726495109


def test_ruling_d29_the_state_is_regenerated_after_624_draws() -> None:
    mt = MersenneTwister(20251)
    for _ in range(700):
        mt.genrand_int32()
    assert mt.genrand_int32() == 1885040935
    assert mt.genrand_real1() == 0.413364699672294


def test_ruling_d29_the_default_seed_of_the_reference_code() -> None:
    mt = MersenneTwister(5489)      # the C code's seed when none was given: Python's numbers
    assert init_state(5489)[:2] == [5489, 1301868182]
    assert mt.genrand_int32() == 3499211612
