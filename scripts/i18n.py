"""The gettext catalogs: extract the marked texts, update every language's catalog, compile it.

Every package of ``src/furuba`` with a ``locale/`` folder is one gettext domain (the name of the
``.po`` files in it); its texts are those of its own modules, not of a sub-package with a
``locale/`` of its own (a game brings its catalog with it).

    python scripts/i18n.py update   # extract, merge new texts into each .po, compile each .mo
    python scripts/i18n.py check    # list what is missing or stale (exit 1), change nothing

``make i18n`` runs ``update``; ``tests/test_i18n.py`` runs the checks.
"""

from __future__ import annotations

import io
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1] / "src" / "furuba"
LANGUAGES = ("ja",)
"""The languages with a catalog (English is the source language)."""
KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
PLACEHOLDER = re.compile(r"\{[a-z_0-9]*(?:![rsa])?(?::[^{}]*)?\}")


@dataclass(frozen=True)
class Domain:
    """One package's catalog: its name, its ``locale/`` folder and its modules."""

    name: str
    folder: Path
    sources: tuple[Path, ...]

    def po(self, language: str) -> Path:
        return self.folder / language / "LC_MESSAGES" / f"{self.name}.po"

    def mo(self, language: str) -> Path:
        return self.po(language).with_suffix(".mo")


def domains(root: Path = ROOT) -> list[Domain]:
    """Every package with a ``locale/`` folder, its domain named by the ``.po`` files in it."""
    found = []
    homes = sorted(p.parent for p in root.rglob("locale") if p.is_dir())
    for home in homes:
        names = {po.stem for po in (home / "locale").rglob("*.po")}
        if len(names) != 1:
            raise SystemExit(f"{home / 'locale'} must hold the .po files of exactly one domain")
        others = [h for h in homes if h != home and h.is_relative_to(home)]
        sources = tuple(sorted(p for p in home.rglob("*.py")
                               if not any(p.is_relative_to(o) for o in others)))
        found.append(Domain(names.pop(), home / "locale", sources))
    return found


def extract(domain: Domain) -> Catalog:
    """The texts marked in a domain's modules, as a template catalog."""
    template = Catalog(domain=domain.name, project="furuba")
    for path in domain.sources:
        for lineno, message, comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
            template.add(message, None, [(str(path.relative_to(ROOT.parent)), lineno)],
                         auto_comments=comments, context=context)
    return template


def load(path: Path, language: str) -> Catalog:
    if not path.exists():
        return Catalog(locale=language, domain=path.stem)
    with path.open("rb") as handle:
        return read_po(handle, locale=language)


def placeholders(text: str) -> set[str]:
    """``{name}`` fields of a text (their format specs aside)."""
    return {re.sub(r"[!:].*", "", p.strip("{}")) for p in PLACEHOLDER.findall(text)}


def _strings(string: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """A message's translations: one, or one for each plural form."""
    return tuple(string) if isinstance(string, tuple | list) else (string,)


def problems(domain: Domain, language: str) -> list[str]:
    """What is wrong with one catalog: missing, untranslated, fuzzy, placeholders, stale ``.mo``."""
    template = extract(domain)
    catalog = load(domain.po(language), language)
    found = []
    for message in template:
        if not message.id:
            continue
        have = catalog.get(message.id, message.context)
        where = f"{domain.po(language).relative_to(ROOT.parent)}: {message.id!r}"
        if have is None:
            found.append(f"{where} is missing")
            continue
        strings = _strings(have.string)
        if not all(strings):
            found.append(f"{where} is not translated")
        elif have.fuzzy:
            found.append(f"{where} is marked fuzzy")
        else:
            ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
            want = set().union(*(placeholders(i) for i in ids))
            for s in strings:
                if placeholders(s) != want:
                    found.append(f"{where}: the translation's fields {sorted(placeholders(s))} "
                                 f"are not the text's {sorted(want)}")
    if domain.po(language).exists():
        compiled = io.BytesIO()
        write_mo(compiled, catalog)
        if not domain.mo(language).exists() or domain.mo(language).read_bytes() != compiled.getvalue():
            found.append(f"{domain.mo(language).relative_to(ROOT.parent)} is not compiled from "
                         "its .po (run make i18n)")
    return found


def update() -> None:
    """Extract, merge into each language's ``.po`` (new texts empty), compile each ``.mo``."""
    for domain in domains():
        template = extract(domain)
        for language in LANGUAGES:
            catalog = load(domain.po(language), language)
            catalog.update(template, no_fuzzy_matching=True)
            domain.po(language).parent.mkdir(parents=True, exist_ok=True)
            with domain.po(language).open("wb") as handle:
                write_po(handle, catalog, width=100, omit_header=False, ignore_obsolete=True)
            with domain.mo(language).open("wb") as handle:
                write_mo(handle, catalog)
            left = sum(1 for m in catalog if m.id and not all(_strings(m.string)))
            print(f"{domain.po(language).relative_to(ROOT.parent)}: {len(template)} texts, "
                  f"{left} to translate")


def main(argv: list[str]) -> int:
    if argv[1:] == ["update"]:
        update()
        return 0
    if argv[1:] == ["check"]:
        found = [p for d in domains() for lang in LANGUAGES for p in problems(d, lang)]
        print("\n".join(found) or "every catalog is complete")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
