"""The balance lab's report: ``furuba lab … --out DIR``.

``DIR/index.html`` is one self-contained page (readable offline, no scripts) with its PNG plots
beside it, in the style of ``furuba report``; ``DIR/lab.md`` holds the same tables in Markdown,
ready to paste into a balance note; ``DIR/lab.json`` holds every number.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from furuba.core.errors import OptionsError
from furuba.i18n import speaking
from furuba.sim import lab_plots
from furuba.sim.html import table
from furuba.sim.lab_tables import markdown, tables
from furuba.sim.plots import Plot
from furuba.sim.report import CSS
from furuba.text import _

Data = dict[str, Any]
TITLES = {"cards": "Cards", "restrict": "Restricted play", "depth": "Skill depth"}


@dataclass
class LabReport:
    """What was written."""

    index: Path
    data_file: Path
    markdown_file: Path
    plots: list[Plot] = field(default_factory=list)


def describe_setup(data: Data) -> str:
    """One sentence on what was played."""
    options = ", ".join(f"{k}={v}" for k, v in data.get("options", {}).items()) or "defaults"
    return (f"{data['title']}, {data['players']} players, {data['games']:,} games, seed "
            f"{data['seed']}, options {options}.")


def notes(data: Data) -> list[str]:
    """The notes on what each number means and which way it leans."""
    found = data.get("metrics", {}).get("notes") or data.get("notes") or {}
    return list(found.values())


def write(data: Data, out: Path) -> LabReport:
    """Write the report of ``data`` (an experiment's analysis) into the folder ``out``."""
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OptionsError(_("cannot write the report into {out}: {exc}").format(
            out=out, exc=exc)) from None
    report = LabReport(out / "index.html", out / "lab.json", out / "lab.md")
    report.plots = [make(data, out) for make in lab_plots.figures(data)]
    report.data_file.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    heading = f"Balance lab, {TITLES[data['lab']].lower()}: {data['title']}"
    with speaking("en"):                     # the report is written in English
        found = tables(data)
    md = [f"## {heading}", "", describe_setup(data), "",
          *(markdown(*t) for t in found), *(f"- {n}" for n in notes(data))]
    report.markdown_file.write_text("\n".join(md) + "\n", encoding="utf-8")
    report.index.write_text(render_html(data, report, heading, found), encoding="utf-8")
    return report


def render_html(data: Data, report: LabReport, heading: str, found: list[Any]) -> str:
    """The report page."""
    figures = "".join(f"<h2>{escape(p.title)}</h2><figure><img src='{escape(p.file)}' "
                      f"alt='{escape(p.title)}'><figcaption>{escape(p.caption)}</figcaption>"
                      f"</figure>" for p in report.plots)
    body = "".join(f"<h2>{escape(title)}</h2>{table(head, rows)}" for title, head, rows in found)
    said = "".join(f"<li>{escape(n)}</li>" for n in notes(data))
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(heading)}</title><style>{CSS}</style></head>
<body>
<h1>{escape(heading)}</h1>
<p class="note">{escape(describe_setup(data))} Intervals are 95%. The numbers are in
<a href="lab.json">lab.json</a> and, as Markdown tables, in <a href="lab.md">lab.md</a>.</p>
{figures}
{body}
<h2>How to read it</h2><ul class="note">{said}</ul>
</body></html>
"""
