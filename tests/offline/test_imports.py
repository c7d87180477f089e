"""The offline package runs on the standard library and furuba's core only (Pyodide has no
pydantic, fastapi or numpy): a game, a hint, the catalog, a restore — with those blocked."""

from __future__ import annotations

import subprocess
import sys
import textwrap

SERVER_STACK = ("pydantic", "pydantic_core", "fastapi", "starlette", "sqlalchemy")
ALL_EXTRAS = (*SERVER_STACK, "numpy", "typing_extensions", "typer", "rich", "click")

SCRIPT = """
import importlib.abc, sys
BLOCKED = {blocked!r}

class Blocker(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED or name == "furuba.server" \\
                or name.startswith("furuba.server."):
            raise ImportError(f"{{name}} is blocked: the offline package must not need it")
        return None

sys.meta_path.insert(0, Blocker())
import furuba.offline
from furuba.offline import LocalTable, games_catalog

games_catalog("ja")
for game, seats in (("zodiac", ["human", "normal", "easy"]),
                    ("daihinmin", ["human", "normal", "easy", "beginner"])):
    table = LocalTable.new({{"game": game, "seed": 1, "seats": seats, "undo": True}})
    table.hello()
    table.catalog()
    for _ in range(12):
        if table.bot_due():
            table.bot_turn()
        else:
            hint = table.receive({{"type": "hint"}})[0]
            assert hint["type"] == "hint", hint
            frames = table.receive({{"type": "act", "action": hint["action"]["id"],
                                     "seq_seen": table.seq}})
            assert frames[0]["type"] == "event", frames
    LocalTable.restore(table.saved()).hello()
assert not [m for m in sys.modules if m.startswith("furuba.server")]
print(sorted({{m.split(".")[0] for m in sys.modules}} & {extras!r}))
"""


def run(blocked: tuple[str, ...]) -> subprocess.CompletedProcess[str]:
    code = textwrap.dedent(SCRIPT.format(blocked=set(blocked), extras=set(ALL_EXTRAS)))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)


def test_no_server_stack() -> None:
    done = run(SERVER_STACK)
    assert done.returncode == 0, done.stderr[-3000:]


def test_nothing_beyond_the_standard_library() -> None:
    done = run(ALL_EXTRAS)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "[]"
