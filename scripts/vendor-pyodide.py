#!/usr/bin/env python3
"""Vendor Pyodide into the web app (``make pyodide``): see ``furuba/server/pyodide_vendor.py``.

    python scripts/vendor-pyodide.py [--dest DIR]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from furuba.server.pyodide_vendor import DEST, VendorError, ensure


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Vendor Pyodide into the web app.")
    parser.add_argument("--dest", type=Path, default=DEST)
    args = parser.parse_args(argv)
    try:
        ensure(args.dest, lambda line: print(line, file=sys.stderr))
    except VendorError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
