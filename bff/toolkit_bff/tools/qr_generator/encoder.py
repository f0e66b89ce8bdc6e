"""A QR code's modules from libqrencode (Debian's libqrencode4, the library behind the `qrencode`
CLI), called through ctypes: the smallest version that holds the payload at the level, its segments
(numeric, alphanumeric, bytes) chosen by the library, its mask by the standard's penalty rules.
A C call takes 0.1–6 ms where python-qrcode took 9–220 ms (its mask search in Python)."""

from __future__ import annotations

import ctypes
import errno
from ctypes.util import find_library

# The modules row by row, the quiet zone included: True is dark.
Matrix = list[list[bool]]

LEVELS = {"l": 0, "m": 1, "q": 2, "h": 3}  # QRecLevel
_MODE_8 = 2  # QRencodeMode QR_MODE_8: runs that are not digits or upper-case letters are bytes (UTF-8 as is)


class PayloadTooLong(ValueError):
    """No version holds the payload at this level."""


class _QRcode(ctypes.Structure):
    _fields_ = [("version", ctypes.c_int), ("width", ctypes.c_int), ("data", ctypes.POINTER(ctypes.c_ubyte))]


def _load() -> ctypes.CDLL:
    """Loaded with the BFF, so each job process forked from a worker has it already."""
    lib = ctypes.CDLL(find_library("qrencode") or "libqrencode.so.4", use_errno=True)
    code = ctypes.POINTER(_QRcode)
    # (string, version (0: the smallest that holds it), level, hint, case-sensitive)
    lib.QRcode_encodeString.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]
    lib.QRcode_encodeString.restype = code
    # (size, bytes, version, level): bytes mode only, for payloads holding a NUL
    lib.QRcode_encodeData.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_int]
    lib.QRcode_encodeData.restype = code
    lib.QRcode_free.argtypes = [code]
    lib.QRcode_free.restype = None
    return lib


_lib = _load()


def qr_modules(payload: bytes, level: str, margin: int) -> Matrix:
    """The modules of `payload` at error correction `level` (l, m, q or h), `margin` light modules around."""
    if b"\0" in payload:  # a C string would end there
        code = _lib.QRcode_encodeData(len(payload), payload, 0, LEVELS[level])
    else:
        code = _lib.QRcode_encodeString(payload, 0, LEVELS[level], _MODE_8, 1)
    if not code:
        failure = ctypes.get_errno()
        if failure == errno.ERANGE:
            raise PayloadTooLong
        # EINVAL: an empty payload (the models refuse one first); ENOMEM
        raise OSError(failure, f"libqrencode: {errno.errorcode.get(failure, failure)}")
    try:
        width = code.contents.width
        cells = ctypes.string_at(code.contents.data, width * width)  # bit 0 of each byte: dark
    finally:
        _lib.QRcode_free(code)
    light = [False] * margin
    rows = [light + [bool(cell & 1) for cell in cells[y * width : (y + 1) * width]] + light for y in range(width)]
    blank = [[False] * (width + 2 * margin) for _ in range(margin)]
    return blank + rows + [list(row) for row in blank]
