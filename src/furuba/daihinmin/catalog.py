"""Dai Hin Min's gettext catalog (domain ``daihinmin``, ``locale/`` beside this package).

Its own module so that the lowest modules of the game (:mod:`~furuba.daihinmin.ranks`) can say
their words without importing the phrases of :mod:`~furuba.daihinmin.text`, which read them.
"""

from __future__ import annotations

from furuba.i18n import Catalog

CATALOG = Catalog(__file__, "daihinmin")
"""The game's own catalog: ``locale/ja/LC_MESSAGES/daihinmin.po`` beside this package."""
_ = CATALOG.gettext
ngettext = CATALOG.ngettext
pgettext = CATALOG.pgettext
