"""Reading an array of numbers from a ``.npz`` file with the standard library alone.

The learned weights a game ships (``weights/policy.npz``) and those ``furuba train`` writes are
numpy's ``.npz``: a zip archive holding one ``.npy`` file per array. The ``.npy`` format is small
and documented (numpy's ``numpy.lib.format``): six magic bytes, a version, the length of a
header, the header — a Python dict literal giving the dtype, the memory order and the shape —
and the raw numbers. This module reads the little-endian or big-endian float and integer arrays
such a file holds, so that the bots play the same weights where numpy is not installed (in the
browser, say); numpy stays the writer (:meth:`furuba.learn.policy.SoftmaxPolicy.save`).

>>> import io, zipfile
>>> header = "{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }"
>>> npy = b"\\x93NUMPY\\x01\\x00" + len(header).to_bytes(2, "little") + header.encode()
>>> npy += struct.pack("<2d", 0.5, -2.0)
>>> buffer = io.BytesIO()
>>> with zipfile.ZipFile(buffer, "w") as archive:
...     archive.writestr("weights.npy", npy)
>>> read_array(buffer, "weights")
(0.5, -2.0)
"""

from __future__ import annotations

import ast
import math
import struct
import zipfile
from pathlib import Path
from typing import IO, Any

MAGIC = b"\x93NUMPY"
"""The first bytes of every ``.npy`` file."""
_KINDS = {"f2": "e", "f4": "f", "f8": "d", "i1": "b", "i2": "h", "i4": "i", "i8": "q",
          "u1": "B", "u2": "H", "u4": "I", "u8": "Q"}
"""A numpy type code (without its byte order) and the :mod:`struct` format of one number."""


def read_array(source: Path | IO[bytes], name: str) -> tuple[float, ...]:
    """The numbers of the array ``name`` in the ``.npz`` at ``source``, in C order (a matrix row
    after row); :class:`ValueError` when the file is not a ``.npz``, holds no such array, or
    holds it in a form this reader does not know (objects, strings, complex numbers)."""
    try:
        with zipfile.ZipFile(source) as archive:
            data = archive.read(f"{name}.npy")
    except zipfile.BadZipFile as exc:
        raise ValueError(f"not a .npz file ({exc})") from None
    except KeyError:
        raise ValueError(f"no array {name!r} in the file") from None
    return parse_npy(data)


def parse_npy(data: bytes) -> tuple[float, ...]:
    """The numbers of one ``.npy`` file's bytes (see :func:`read_array`)."""
    if data[:6] != MAGIC or len(data) < 10:
        raise ValueError("not a .npy array")
    major = data[6]
    if major == 1:
        length, start = struct.unpack_from("<H", data, 8)[0], 10
    elif major in (2, 3):
        length, start = struct.unpack_from("<I", data, 8)[0], 12
    else:
        raise ValueError(f"an unknown .npy version {major}")
    header = _header(data[start:start + length])
    descr, shape = header["descr"], header["shape"]
    fmt = _KINDS.get(descr[1:]) if isinstance(descr, str) and len(descr) > 1 else None
    if fmt is None or descr[0] not in "<>|=":
        raise ValueError(f"numbers of type {descr!r} cannot be read without numpy")
    if header["fortran_order"] and len(shape) > 1:
        raise ValueError("an array in Fortran order cannot be read without numpy")
    count = math.prod(shape)
    order = ">" if descr[0] == ">" else "<"
    body = data[start + length:]
    if len(body) != count * struct.calcsize(fmt):
        raise ValueError("the array's numbers do not fill its shape")
    return tuple(float(x) for x in struct.unpack(f"{order}{count}{fmt}", body))


def _header(text: bytes) -> dict[str, Any]:
    """The header's dict, checked to hold what :func:`parse_npy` reads."""
    try:
        header = ast.literal_eval(text.decode("latin-1"))
    except (ValueError, SyntaxError) as exc:
        raise ValueError(f"an unreadable .npy header ({exc})") from None
    if (not isinstance(header, dict) or not isinstance(header.get("shape"), tuple)
            or not all(isinstance(n, int) and n >= 0 for n in header["shape"])
            or "descr" not in header or not isinstance(header.get("fortran_order"), bool)):
        raise ValueError("an unreadable .npy header")
    return header
