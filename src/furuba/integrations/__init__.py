"""Adapters for the game-AI frameworks: OpenSpiel, PettingZoo and Gymnasium (the ``rl`` extra).

Every adapter speaks only the shared protocol of :mod:`furuba.core.protocol` and the game's spec
(:mod:`furuba.spec`), and turns what a player may know — ``state.view(player)`` — into tensors
through the game's own encoder (a subclass of :class:`furuba.integrations.encoding.Encoder`
living beside the game, found through the game's
:class:`~furuba.integrations.kit.AdapterKit`), so secrecy is decided in one place: the views.
Every registered game with an encoder is adapted; none is named here.

* ``import furuba.integrations.openspiel`` registers ``python_furuba_<name>`` with OpenSpiel
  (``python_furuba_zodiac``, ``python_furuba_daihinmin``);
* ``from furuba.integrations.pettingzoo import zodiac_v0, daihinmin_v0`` gives PettingZoo AEC
  environments (``<name>_v0`` for every game; ``env(game, …)`` for any);
* ``import furuba.integrations.gymnasium`` registers ``furuba/<EnvName>-v0``
  (``furuba/Zodiac-v0``, ``furuba/DaiHinMin-v0``).

A game registered later is added with ``register(spec)`` of the OpenSpiel and Gymnasium modules.
Only the encoders need numpy; each framework module needs its framework.
"""
