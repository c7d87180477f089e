"""HTML pieces of the balance report, for the report page and the games' own sections.

>>> percent({"rate": 0.25, "ci95": [0.2, 0.31]})
'25.0% (20.0% – 31.0%)'
>>> table(["", "value"], [["games", "1,000"]])
"<table><tr><th></th><th>value</th></tr><tr><td>games</td><td class='n'>1,000</td></tr></table>"
"""

from __future__ import annotations

from html import escape
from typing import Any


def percent(r: dict[str, Any]) -> str:
    """A rate with its 95% interval, as percentages."""
    return f"{r['rate']:.1%} ({r['ci95'][0]:.1%} – {r['ci95'][1]:.1%})"


def table(head: list[str], rows: list[list[str]]) -> str:
    """A table with a heading row; every cell after the first of a row is a number (right-aligned)."""
    th = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(
        f"<td class='n'>{escape(c)}</td>" if i else f"<td>{escape(c)}</td>" for i, c in enumerate(row))
        + "</tr>" for row in rows)
    return f"<table><tr>{th}</tr>{body}</table>"
