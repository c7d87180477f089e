"""Every text in every language: the gettext catalogs of each package and the web's catalogs.

A text marked for translation in the code and missing from a catalog fails here, as does a
translation whose ``{fields}`` differ from its text's, a ``.mo`` not compiled from its ``.po``,
a web key in one language and not the other, and a key a page asks for that no catalog has.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

from furuba import i18n
from furuba.server.language import language_of

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "src" / "furuba" / "server" / "web"
FIELD = re.compile(r"\{(\w+)\}")


def load_script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["i18n_script"] = module
    spec.loader.exec_module(module)
    return module


SCRIPT = load_script()


@pytest.mark.parametrize("domain", SCRIPT.domains(), ids=lambda d: d.name)
def test_every_marked_text_is_translated(domain) -> None:  # type: ignore[no-untyped-def]
    assert SCRIPT.problems(domain, "ja") == []


def test_every_package_with_words_has_a_catalog() -> None:
    names = {d.name for d in SCRIPT.domains()}
    assert "furuba" in names
    assert all(d.sources for d in SCRIPT.domains())


def catalog(lang: str) -> dict[str, object]:
    return json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def fields(text: object) -> set[str]:
    if isinstance(text, dict):
        return set().union(*(fields(v) for v in text.values()))
    return set(FIELD.findall(str(text)))


def test_web_catalogs_have_the_same_keys_and_fields() -> None:
    en, ja = catalog("en"), catalog("ja")
    assert sorted(set(en) ^ set(ja)) == []
    for key, text in en.items():
        assert fields(ja[key]) == fields(text), key
        for forms in (text, ja[key]):
            if isinstance(forms, dict):
                assert "other" in forms, key
                assert set(forms) <= {"zero", "one", "two", "few", "many", "other"}, key
            else:
                assert isinstance(forms, str) and forms.strip(), key


LITERAL_KEYS = [
    re.compile(r"""\b(?:t|parts|has)\(\s*['"]([\w.-]+)['"]"""),
    re.compile(r"""data-i18n=['"]([\w.-]+)['"]"""),
]


def test_every_key_a_page_asks_for_exists() -> None:
    en = catalog("en")
    asked: dict[str, str] = {}
    for path in [*WEB.glob("*.html"), *(WEB / "js").glob("*.js")]:
        text = re.sub(r"/\*.*?\*/|^\s*//.*$", "", path.read_text(encoding="utf-8"),
                      flags=re.S | re.M)
        for pattern in LITERAL_KEYS:
            for key in pattern.findall(text):
                asked.setdefault(key, path.name)
        for attrs in re.findall(r"""data-i18n-attr=['"]([^'"]+)['"]""", text):
            for pair in attrs.split(";"):
                asked.setdefault(pair.split("=")[1].strip(), path.name)
    missing = {k: where for k, where in asked.items() if k not in en}
    assert missing == {}


def test_a_request_speaks_the_language_it_asks_for() -> None:
    def scope(query: bytes = b"", **headers: str) -> dict[str, object]:
        return {"type": "http", "query_string": query,
                "headers": [(k.replace("_", "-").encode(), v.encode()) for k, v in headers.items()]}

    assert language_of(scope(b"lang=ja", accept_language="en")) == "ja"
    assert language_of(scope(b"lang=xx", accept_language="ja-JP")) == "ja"
    assert language_of(scope(cookie="furuba_lang=en", accept_language="ja")) == "en"
    assert language_of(scope(cookie="furuba_lang=??", accept_language="ja")) == "ja"
    assert language_of(scope(accept_language="fr, ja;q=0.1")) == "ja"
    assert language_of(scope()) == "en"


def test_the_language_is_per_context() -> None:
    with i18n.speaking("ja"):
        assert i18n.current() == "ja"
        with i18n.speaking("xx"):
            assert i18n.current() == "en"
        assert i18n.current() == "ja"
    assert i18n.current() == "en"
