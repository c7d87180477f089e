"""Adapters for the game-AI frameworks: OpenSpiel, PettingZoo and Gymnasium (the ``rl`` extra).

Every adapter speaks only the shared protocol of :mod:`furuba.core.protocol` and turns what a
player may know — ``state.view(player)`` — into tensors through one encoder per game
(:mod:`furuba.integrations.encoding`), so secrecy is decided in one place: the views.

* ``import furuba.integrations.openspiel`` registers ``python_furuba_zodiac`` and
  ``python_furuba_daihinmin`` with OpenSpiel;
* ``from furuba.integrations.pettingzoo import zodiac_v0, daihinmin_v0`` gives PettingZoo AEC
  environments;
* ``import furuba.integrations.gymnasium`` registers ``furuba/Zodiac-v0`` and
  ``furuba/DaiHinMin-v0``.

Only the encoders need numpy; each framework module needs its framework.
"""
