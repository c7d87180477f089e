"""TOML from a stranger: cheap bounds first, then the standard parser.

:func:`tomllib.loads` is fine for a file one wrote oneself, not for one a stranger uploads: its time
grows with the square of a dotted key's depth (``a.a.a…a = 1`` 20,000 levels deep — 40 KB — takes
seconds and gigabytes), and arrays or inline tables nested a thousand deep end in a
:class:`RecursionError`. :func:`loads` first reads the text once, in linear time and without
recursion, and refuses what no real file needs — too many bytes, brackets nested too deep, a key
or table header of too many dotted parts, too many keys, an array of too many items — with a
:class:`TOMLBoundsError` naming the limit; only then does it call :func:`tomllib.loads`, which
gives the same dict as always (or its own :class:`tomllib.TOMLDecodeError`).

The scan follows TOML's grammar as far as the bounds need: keys and table headers (bare, quoted,
dotted), the four kinds of strings (a ``#``, bracket, quote or dot inside one is text), comments,
arrays and inline tables. Where it cannot follow the text, the text is not TOML: the scan stops
there and the standard parser says where and why.

>>> loads('name = "mine"\\nsohmas.Yuki.human = {needs = ["star", "moon"]}')
{'name': 'mine', 'sohmas': {'Yuki': {'human': {'needs': ['star', 'moon']}}}}
>>> loads("a." * 40 + "a = 1")
Traceback (most recent call last):
...
furuba.core.bounded_toml.TOMLBoundsError: line 1: a key of 41 dotted parts: at most 16
>>> loads("x = " + "[" * 40 + "]" * 40)
Traceback (most recent call last):
...
furuba.core.bounded_toml.TOMLBoundsError: line 1: arrays and inline tables nested 33 deep: at most 32
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from typing import Any

from furuba.text import _

__all__ = ["DEFAULT_LIMITS", "Limits", "TOMLBoundsError", "check_bounds", "loads"]


@dataclass(frozen=True, slots=True)
class Limits:
    """What :func:`loads` accepts. The defaults leave a wide margin above a real card set (the
    default set: 32 KB, brackets 6 deep, keys of 3 dotted parts at most, about 640 keys, no
    array in brackets over 5 items), and keep the parser's work small: a file at every bound
    at once reads in well under a second."""

    max_bytes: int = 256 * 1024
    """The text's size in UTF-8."""
    max_nesting: int = 32
    """Arrays and inline tables inside one another."""
    max_key_parts: int = 16
    """Dotted parts of one key or table header (``a.b.c``: 3)."""
    max_keys: int = 20_000
    """Keys in all (each key of a pair or an inline table, each table header)."""
    max_array_items: int = 5_000
    """Items of one array written in brackets."""


DEFAULT_LIMITS = Limits()


class TOMLBoundsError(ValueError):
    """A text refused before parsing because it exceeds a :class:`Limits` bound; the message says
    the line, what was found and the limit."""


def loads(text: str, limits: Limits = DEFAULT_LIMITS) -> dict[str, Any]:
    """``tomllib.loads(text)`` once :func:`check_bounds` has found ``text`` within ``limits``."""
    check_bounds(text, limits)
    return tomllib.loads(text)


_SPACE = re.compile(r"(?:[ \t\r\n]++|#[^\n]*+)*+")
"""Blanks, newlines and comments (between items of an array, or between lines)."""
_INLINE_SPACE = re.compile(r"[ \t]*+")
_KEY_PART = re.compile(r"""[A-Za-z0-9_-]++|"(?:[^"\\\n]|\\.)*+"|'[^'\n]*+'""")
_STRING = re.compile(r'''"""(?:[^"\\]|\\[\s\S]|"(?!""))*+"{3,5}'''
                     r"""|'''(?:[^']|'(?!''))*+'{3,5}"""
                     r'''|"(?:[^"\\\n]|\\.)*+"'''
                     r"""|'[^'\n]*+'""")
_SCALAR = re.compile(r"""[^\s,\[\]{}#"'=]++""")
_REST_OF_LINE = re.compile(r"[^\n]*+")


class _NotTomlError(Exception):
    """The scan cannot follow the text: it is not TOML (the parser will say why)."""


class _Scan:
    """One pass over a text (see the module docstring); raises :class:`TOMLBoundsError`."""

    def __init__(self, text: str, limits: Limits) -> None:
        self.text = text
        self.limits = limits
        self.pos = 0
        self.keys = 0
        self.stack: list[list[int]] = []
        """Open brackets: ``[kind, items]``, kind 0 an array, 1 an inline table."""

    def line(self) -> int:
        return self.text.count("\n", 0, self.pos) + 1

    def refuse(self, message: str) -> TOMLBoundsError:
        return TOMLBoundsError(_("line {line}: {what}").format(line=self.line(), what=message))

    def skip(self, pattern: re.Pattern[str]) -> None:
        found = pattern.match(self.text, self.pos)
        assert found is not None
        self.pos = found.end()

    def peek(self, size: int = 1) -> str:
        return self.text[self.pos:self.pos + size]

    def key(self) -> None:
        """A key (``a``, ``"a b"``, ``a.'b'.c``), counted, its parts bounded."""
        parts = 0
        while True:
            self.skip(_INLINE_SPACE)
            found = _KEY_PART.match(self.text, self.pos)
            if found is None:
                raise _NotTomlError
            self.pos = found.end()
            parts += 1
            if parts > self.limits.max_key_parts:
                raise self.refuse(_("a key of {n} dotted parts: at most {limit}").format(
                    n=self.key_parts_from(parts), limit=self.limits.max_key_parts))
            self.skip(_INLINE_SPACE)
            if self.peek() != ".":
                break
            self.pos += 1
        self.keys += 1
        if self.keys > self.limits.max_keys:
            raise self.refuse(_("more than {limit} keys").format(limit=self.limits.max_keys))

    def key_parts_from(self, parts: int) -> int:
        """How many parts the key being read has in all (it is refused: count the rest cheaply,
        for the message)."""
        rest = _REST_OF_LINE.match(self.text, self.pos)
        assert rest is not None
        line = rest.group().split("=")[0].split("]")[0]
        return parts + line.count(".")

    def open(self, kind: int) -> None:
        self.count_item()
        self.pos += 1
        self.stack.append([kind, 0])
        if len(self.stack) > self.limits.max_nesting:
            raise self.refuse(_("arrays and inline tables nested {n} deep: at most {limit}")
                              .format(n=len(self.stack), limit=self.limits.max_nesting))

    def count_item(self) -> None:
        """One more item in the array being read, if an array is being read."""
        if self.stack and self.stack[-1][0] == 0:
            self.stack[-1][1] += 1
            if self.stack[-1][1] > self.limits.max_array_items:
                raise self.refuse(_("an array of more than {limit} items").format(
                    limit=self.limits.max_array_items))

    def value(self) -> None:
        """One value after ``=``: a string, a scalar, or brackets read to their end."""
        self.skip(_INLINE_SPACE)
        while True:
            char = self.peek()
            if not char:
                return
            if char in "\"'":
                found = _STRING.match(self.text, self.pos)
                if found is None:
                    raise _NotTomlError
                self.count_item()
                self.pos = found.end()
            elif char == "[":
                self.open(0)
            elif char == "{":
                self.open(1)
                self.skip(_INLINE_SPACE)
                if self.peek() != "}":
                    self.pair()
                    continue
            elif char in "]}":
                if not self.stack or self.stack[-1][0] != "]}".index(char):
                    raise _NotTomlError
                self.stack.pop()
                self.pos += 1
            elif char == ",":
                self.pos += 1
                if self.stack and self.stack[-1][0] == 1:
                    self.pair()
                    continue
            elif char in " \t\r\n#":
                if not self.stack:
                    return
                self.skip(_SPACE)
                continue
            else:
                found = _SCALAR.match(self.text, self.pos)
                if found is None:
                    raise _NotTomlError
                self.count_item()
                self.pos = found.end()
            if not self.stack:
                return
            self.skip(_INLINE_SPACE if self.stack[-1][0] == 1 else _SPACE)

    def pair(self) -> None:
        """``key = `` (the value follows)."""
        self.key()
        self.skip(_INLINE_SPACE)
        if self.peek() != "=":
            raise _NotTomlError
        self.pos += 1
        self.skip(_INLINE_SPACE)

    def header(self) -> None:
        """``[table]`` or ``[[array.of.tables]]``."""
        double = self.peek(2) == "[["
        self.pos += 2 if double else 1
        self.key()
        self.skip(_INLINE_SPACE)
        if self.peek(2 if double else 1) != ("]]" if double else "]"):
            raise _NotTomlError
        self.pos += 2 if double else 1

    def document(self) -> None:
        while True:
            self.skip(_SPACE)
            if self.pos >= len(self.text):
                return
            if self.peek() == "[":
                self.header()
            else:
                self.pair()
                self.value()
                if self.stack:
                    raise _NotTomlError   # brackets left open at the end
            self.skip(_REST_OF_LINE)   # a comment, or the time of a date-time


def check_bounds(text: str, limits: Limits = DEFAULT_LIMITS) -> None:
    """Raise :class:`TOMLBoundsError` if ``text`` exceeds ``limits`` (in time linear in its
    length). A text that is not TOML may pass: the parser refuses it.

    >>> check_bounds("a = [" + "1, " * 6000 + "]")
    Traceback (most recent call last):
    ...
    furuba.core.bounded_toml.TOMLBoundsError: line 1: an array of more than 5000 items
    """
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > limits.max_bytes:
        raise TOMLBoundsError(_("the file is too large: {kb} KB, at most {limit} KB").format(
            kb=-(-size // 1024), limit=limits.max_bytes // 1024))
    try:
        _Scan(text, limits).document()
    except _NotTomlError:
        return
