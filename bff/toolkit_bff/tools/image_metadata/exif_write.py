"""Changing metadata without touching pixels: piexif edits for JPEG and WebP (the compressed image
data is copied byte for byte), segment/chunk filters for stripping."""

from __future__ import annotations

import re
import struct
from collections.abc import Callable
from datetime import datetime
from typing import Any

import piexif

from ...errors import ApiError

TEXT_TAGS = {
    "Artist": ("0th", piexif.ImageIFD.Artist),
    "Copyright": ("0th", piexif.ImageIFD.Copyright),
    "ImageDescription": ("0th", piexif.ImageIFD.ImageDescription),
    "Make": ("0th", piexif.ImageIFD.Make),
    "Model": ("0th", piexif.ImageIFD.Model),
    "Software": ("0th", piexif.ImageIFD.Software),
    "DateTimeOriginal": ("Exif", piexif.ExifIFD.DateTimeOriginal),
}
ORIENTATION = ("0th", piexif.ImageIFD.Orientation)
# piexif's EXIF: IFD name ("0th", "Exif", "GPS", …) → {tag number → value}, and "thumbnail" → bytes or
# None. Its values are whatever the file stored (piexif is untyped).
ExifDict = dict[str, Any]


def empty_exif() -> ExifDict:
    return {"0th": {}, "Exif": {}, "GPS": {}, "Interop": {}, "1st": {}, "thumbnail": None}


def load_exif(data: bytes | None) -> ExifDict:
    """piexif's dict for a JPEG/WebP file or raw 'Exif\\0\\0…' bytes; damaged EXIF counts as none."""
    if not data:
        return empty_exif()
    try:
        exif: ExifDict = piexif.load(data)
        return exif
    except Exception:
        return empty_exif()


def dump_exif(exif: ExifDict) -> bytes:
    """piexif.dump, dropping tags whose stored type piexif cannot write back (a known piexif
    limitation with some camera tags) instead of failing the whole edit."""
    for _ in range(32):
        try:
            return bytes(piexif.dump(exif))
        except ValueError as exc:
            match = re.search(r"(\d+) in (\w+) IFD", str(exc))
            if not match or int(match.group(1)) not in exif.get(match.group(2), {}):
                break
            del exif[match.group(2)][int(match.group(1))]
        except Exception:
            break
    exif["thumbnail"] = None
    exif["1st"] = {}
    try:
        return bytes(piexif.dump(exif))
    except Exception:
        raise ApiError(422, "invalid_metadata", "The image's existing EXIF could not be rewritten") from None


def exif_datetime(value: str) -> str:
    value = value.strip()
    for layout in ("%Y:%m:%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%d"):
        try:
            return datetime.strptime(value, layout).strftime("%Y:%m:%d %H:%M:%S")
        except ValueError:
            continue
    raise ApiError(422, "invalid_option", "Option 'DateTimeOriginal' must be a date-time like 2024-05-01T12:30:00")


def _rational(value: float, denominator: int = 10000) -> tuple[int, int]:
    return (round(value * denominator), denominator)


# Degrees, minutes and seconds as EXIF rationals (numerator, denominator).
DMS = tuple[tuple[int, int], tuple[int, int], tuple[int, int]]


def gps_ifd(latitude: float, longitude: float, altitude: float | None) -> dict[int, object]:
    def dms(value: float) -> DMS:
        value = abs(value)
        degrees = int(value)
        minutes = int((value - degrees) * 60)
        seconds = (value - degrees - minutes / 60) * 3600
        return ((degrees, 1), (minutes, 1), _rational(seconds))

    ifd: dict[int, object] = {
        piexif.GPSIFD.GPSVersionID: (2, 3, 0, 0),
        piexif.GPSIFD.GPSLatitudeRef: b"S" if latitude < 0 else b"N",
        piexif.GPSIFD.GPSLatitude: dms(latitude),
        piexif.GPSIFD.GPSLongitudeRef: b"W" if longitude < 0 else b"E",
        piexif.GPSIFD.GPSLongitude: dms(longitude),
    }
    if altitude is not None:
        ifd[piexif.GPSIFD.GPSAltitudeRef] = 1 if altitude < 0 else 0
        ifd[piexif.GPSIFD.GPSAltitude] = _rational(abs(altitude), 100)
    return ifd


# --- JPEG: segments before the scan; APP1 = Exif/XMP, APP2 = ICC (or MPF), APP14 = Adobe.
_APP0, _APP1, _APP2, _APP14, _COM, _SOS, _EOI = 0xE0, 0xE1, 0xE2, 0xEE, 0xFE, 0xDA, 0xD9


def jpeg_segments(data: bytes) -> tuple[list[tuple[int, bytes]], bytes]:
    """[(marker, whole segment)] up to the first SOS, and the rest (scan data to the first EOI)."""
    if data[:2] != b"\xff\xd8":
        raise ApiError(422, "invalid_image", "Not a JPEG")
    position, segments = 2, list[tuple[int, bytes]]()
    while position + 4 <= len(data):
        if data[position] != 0xFF:
            break
        marker = data[position + 1]
        if marker == 0xFF:  # fill byte
            position += 1
            continue
        if marker == _SOS:
            end = data.find(b"\xff\xd9", position)
            return segments, data[position : (end + 2 if end >= 0 else len(data))]
        length = struct.unpack(">H", data[position + 2 : position + 4])[0]
        if length < 2:
            break
        segments.append((marker, data[position : position + 2 + length]))
        position += 2 + length
    raise ApiError(422, "invalid_image", "The JPEG's structure is damaged")


def _keep_when_stripping(marker: int, segment: bytes) -> bool:
    payload = segment[4:]
    if marker == _APP0:
        return payload.startswith(b"JFIF\x00")
    if marker == _APP2:
        return payload.startswith(b"ICC_PROFILE\x00")
    if marker == _APP14:
        return payload.startswith(b"Adobe")  # tells decoders how CMYK/YCC data is stored
    return not (0xE0 <= marker <= 0xEF or marker == _COM)


def jpeg_strip(data: bytes, *, drop: Callable[[int, bytes], bool] = _keep_when_stripping) -> bytes:
    segments, scan = jpeg_segments(data)
    kept = [segment for marker, segment in segments if drop(marker, segment)]
    return b"\xff\xd8" + b"".join(kept) + scan


def jpeg_without_gps_xmp(data: bytes) -> bytes:
    """Drop XMP packets that carry location (they can duplicate the EXIF GPS block)."""

    def keep(marker: int, segment: bytes) -> bool:
        is_xmp = marker == _APP1 and segment[4:].startswith(b"http://ns.adobe.com/xap/1.0/")
        return not (is_xmp and b"GPS" in segment)

    return jpeg_strip(data, drop=keep)


# --- WebP: RIFF chunks; VP8X flags: ICC 0x20, alpha 0x10, EXIF 0x08, XMP 0x04, animation 0x02.
def webp_strip(data: bytes, *, drop_chunks: tuple[bytes, ...] = (b"EXIF", b"XMP ")) -> bytes:
    if data[:4] != b"RIFF" or data[8:12] != b"WEBP":
        raise ApiError(422, "invalid_image", "Not a WebP image")
    position, chunks = 12, list[bytearray]()
    while position + 8 <= len(data):
        fourcc = data[position : position + 4]
        size = struct.unpack("<I", data[position + 4 : position + 8])[0]
        chunk = data[position : position + 8 + size + (size & 1)]
        if len(chunk) < 8 + size:
            raise ApiError(422, "invalid_image", "The WebP's structure is damaged")
        if fourcc not in drop_chunks:
            chunks.append(bytearray(chunk))
        position += 8 + size + (size & 1)
    for kept in chunks:
        if kept[:4] == b"VP8X":
            kept[8] &= ~(0x08 | 0x04) & 0xFF
    body = b"WEBP" + b"".join(chunks)
    return b"RIFF" + struct.pack("<I", len(body)) + body
