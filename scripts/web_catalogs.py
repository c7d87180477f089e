"""Merge the web catalog parts (web/i18n/parts/<area>.<lang>.json) into web/i18n/<lang>.json."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "src" / "furuba" / "server" / "web" / "i18n"

for lang in ("en", "ja"):
    merged: dict[str, object] = json.loads((WEB / f"{lang}.json").read_text(encoding="utf-8"))
    for part in sorted((WEB / "parts").glob(f"*.{lang}.json")):
        merged.update(json.loads(part.read_text(encoding="utf-8")))
    fd, tmp = tempfile.mkstemp(dir=WEB)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(dict(sorted(merged.items())), out, ensure_ascii=False, indent=1)
        out.write("\n")
    os.replace(tmp, WEB / f"{lang}.json")
