"""furuba.core.bounded_toml: a text within the bounds reads exactly as tomllib reads it; a text
beyond one is refused, naming the limit, before the parser sees it.

The documents of the property tests are written here as text, with everything that could mislead
a scan — dots, brackets, ``#``, ``=`` and quotes inside the four kinds of strings and in quoted
keys, comments, whitespace around dots, arrays across lines, trailing commas, date-times — and
their exact measures (nesting, key parts, keys, array items) are known by construction.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, replace

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from furuba.core.bounded_toml import DEFAULT_LIMITS, Limits, TOMLBoundsError, check_bounds, loads


@dataclass(frozen=True)
class Piece:
    """A piece of TOML text and its measures."""

    text: str
    nesting: int = 0
    key_parts: int = 0
    keys: int = 0
    items: int = 0

    def __add__(self, other: Piece) -> Piece:
        return Piece(self.text + other.text, max(self.nesting, other.nesting),
                     max(self.key_parts, other.key_parts), self.keys + other.keys,
                     max(self.items, other.items))


TRICKY = "ab.#[]{},=' \"\\\t" + "é雪"
"""Characters that would mislead a scan that took them for syntax."""

bare_keys = st.text("abcdefghijklmnopqrstuvwxyzABC0123456789_-", min_size=1, max_size=6)
quoted_keys = st.text(TRICKY, max_size=6).map(lambda s: json.dumps(s, ensure_ascii=False))
literal_keys = st.text(TRICKY.replace("'", ""), max_size=6).map(lambda s: f"'{s}'")
simple_keys = st.one_of(bare_keys, bare_keys, quoted_keys, literal_keys)
dots = st.sampled_from([".", " . ", ".\t"])


@st.composite
def keys(draw: st.DrawFn) -> Piece:
    parts = draw(st.lists(simple_keys, min_size=1, max_size=4))
    text = parts[0]
    for part in parts[1:]:
        text += draw(dots) + part
    return Piece(text, key_parts=len(parts), keys=1)


def multiline_basic(body: str) -> str:
    escaped = body.replace("\\", "\\\\").replace('"""', '""\\"')
    if escaped.endswith('""\\'):
        escaped += "\\"
    return f'"""{escaped}"""'


def multiline_literal(body: str) -> str:
    return f"'''{body.replace(chr(39) * 3, '')}'''"


text_bodies = st.text(TRICKY + "\n", max_size=12)
strings = st.one_of(
    text_bodies.map(lambda s: json.dumps(s, ensure_ascii=False)),
    text_bodies.map(lambda s: "'" + s.replace("'", "").replace("\n", "") + "'"),
    text_bodies.map(multiline_basic),
    text_bodies.map(multiline_literal),
)
scalars = st.one_of(
    strings,
    st.integers(-10**9, 10**9).map(str),
    st.sampled_from(["+1_000", "0x1F", "0o17", "0b101", "3.5e2", "-0.25", "inf", "-nan",
                     "true", "false", "1979-05-27T07:32:00Z", "1979-05-27", "07:32:00",
                     "1979-05-27T00:32:00.999999-07:00"]),
).map(Piece)
between = st.sampled_from(["", " ", "\n", "\n  ", " # a comment, [with] {brackets} = 'q\n",
                           "\t#\"\n"])


def containers(children: st.SearchStrategy[Piece]) -> st.SearchStrategy[Piece]:
    return st.one_of(arrays(children), inline_tables(children))


@st.composite
def arrays(draw: st.DrawFn, children: st.SearchStrategy[Piece]) -> Piece:
    items = draw(st.lists(children, max_size=5))
    out = Piece("[" + draw(between))
    for i, item in enumerate(items):
        out += item + Piece(draw(between))
        if i < len(items) - 1 or draw(st.booleans()):
            out += Piece("," + draw(between))
    out += Piece("]")
    return Piece(out.text, out.nesting + 1, out.key_parts, out.keys, max(out.items, len(items)))


@st.composite
def inline_tables(draw: st.DrawFn, children: st.SearchStrategy[Piece]) -> Piece:
    pairs = draw(st.lists(st.tuples(keys(), children), max_size=4))
    out = Piece("{ ")
    for i, (key, value) in enumerate(pairs):
        out += key + Piece(draw(st.sampled_from(["=", " = ", "\t=  "]))) + value
        if i < len(pairs) - 1:
            out += Piece(", ")
    out += Piece(" }")
    return replace(out, nesting=out.nesting + 1)


values = st.recursive(scalars, containers, max_leaves=12)


@st.composite
def documents(draw: st.DrawFn) -> Piece:
    doc = Piece(draw(st.sampled_from(["", "# a [header] = \"in\" a comment\n", "\n\n"])))
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.sampled_from(["pair", "pair", "pair", "table", "array of tables",
                                     "date"]))
        if kind == "table" or kind == "array of tables":
            key = draw(keys())
            brackets = ("[", "]") if kind == "table" else ("[[", "]]")
            doc += Piece(brackets[0] + draw(st.sampled_from(["", " "]))) + key \
                + Piece(draw(st.sampled_from(["", " "])) + brackets[1])
        elif kind == "date":
            doc += draw(keys()) + Piece(" = 1979-05-27 07:32:00")
        else:
            doc += draw(keys()) + Piece(" = ") + draw(values)
        doc += Piece(draw(st.sampled_from(["\n", " # c [x]\n", "\r\n", "  \n\n"])))
    return doc


def parsed(doc: Piece) -> dict[str, object]:
    try:
        return tomllib.loads(doc.text)
    except tomllib.TOMLDecodeError:
        reject()


QUICK = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                           HealthCheck.filter_too_much])


@QUICK
@given(documents())
def test_a_document_within_the_bounds_reads_as_tomllib_reads_it(doc: Piece) -> None:
    expected = parsed(doc)
    assert repr(loads(doc.text)) == repr(expected)   # repr: nan equals itself


@QUICK
@given(documents())
def test_the_scan_measures_every_document_exactly(doc: Piece) -> None:
    """Bounds set to a document's own measures let it through; each one lowered below them
    refuses it — so the scan followed the whole document, strings and comments included."""
    parsed(doc)
    exact = Limits(max_bytes=len(doc.text.encode()), max_nesting=doc.nesting,
                   max_key_parts=doc.key_parts, max_keys=doc.keys, max_array_items=doc.items)
    check_bounds(doc.text, exact)
    for field in ("max_bytes", "max_nesting", "max_key_parts", "max_keys", "max_array_items"):
        if getattr(exact, field) > 0:
            with pytest.raises(TOMLBoundsError):
                check_bounds(doc.text, replace(exact, **{field: getattr(exact, field) - 1}))


# Each refusal -----------------------------------------------------------------------------


def refusal(text: str, limits: Limits = DEFAULT_LIMITS) -> str:
    with pytest.raises(TOMLBoundsError) as caught:
        loads(text, limits)
    return str(caught.value)


def test_a_dotted_key_40000_deep_is_refused_naming_the_limit() -> None:
    message = refusal("a." * 40_000 + "a = 1")
    assert message == "line 1: a key of 40001 dotted parts: at most 16"


def test_deep_table_headers_are_refused() -> None:
    assert "dotted parts" in refusal('title = "x"\n[' + "t." * 20 + "t]\n")
    assert "dotted parts" in refusal("[[" + "t." * 20 + "t]]\n")
    assert "line 2" in refusal("x = 1\n[ a . b . " + "c." * 20 + "d ]")


def test_deep_keys_inside_inline_tables_are_refused() -> None:
    assert "dotted parts" in refusal("x = {y = 1, " + "z." * 20 + "z = 2}")


def test_nesting_of_arrays_and_inline_tables_is_refused() -> None:
    assert "nested 33 deep: at most 32" in refusal("x = " + "[" * 5000 + "]" * 5000)
    assert "nested 33 deep" in refusal("x = " + "{a = " * 40 + "1" + "}" * 40)
    assert "nested 33 deep" in refusal("x = " + "[{a = " * 20 + "1" + "}]" * 20)


def test_too_many_keys_are_refused() -> None:
    text = "".join(f"k{i}=1\n" for i in range(DEFAULT_LIMITS.max_keys + 1))
    assert refusal(text) == f"line {DEFAULT_LIMITS.max_keys + 1}: more than 20000 keys"


def test_a_long_array_is_refused() -> None:
    assert "more than 5000 items" in refusal("x = [" + "1, " * 5001 + "]")
    assert "more than 5000 items" in refusal("x = [\n" + '"a",\n' * 5001 + "]")


def test_a_large_text_is_refused_before_it_is_read() -> None:
    assert refusal("#" * (256 * 1024 + 1)) == "the file is too large: 257 KB, at most 256 KB"
    assert "at most 1 KB" in refusal("x = 1\n" * 200, Limits(max_bytes=1024))


def test_strings_and_comments_are_not_read_as_syntax() -> None:
    tricky = ('a = "' + "[" * 100 + "." * 100 + '\\"#"\n'
              "b = '" + "{" * 100 + "'\n"
              'c = """\n' + "x." * 100 + '= 1\n[[t]]\n""""\n'
              "d = '''" + "[" * 100 + "''''\n"
              "# " + "[" * 100 + " a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q = 1\n"
              '"' + "." * 100 + '" = 1\n')
    assert loads(tricky) == tomllib.loads(tricky)


def test_text_that_is_not_toml_is_left_to_the_parser() -> None:
    for text in ('x = "unterminated', "x = [1, 2", "= 1", "[t", "x = {a = 1,}", "x = ]"):
        with pytest.raises(tomllib.TOMLDecodeError):
            loads(text)
