"""EXIF as some files store it, not as the standard has it: read without failing."""

from __future__ import annotations

import io
import struct

import pytest
from PIL import Image

from fixtures.tools_support import upload


def _rationals(*values: int) -> bytes:
    return b"".join(struct.pack("<II", value, 1) for value in values)


def exif_with_numeric_latitude_ref() -> bytes:
    """EXIF (little-endian TIFF) whose GPSLatitudeRef is a SHORT (1), not the ASCII "N" or "S"."""
    gps_offset = 8 + 2 + 12 + 4  # after the header and IFD0 (one entry, then the next-IFD pointer)
    values_offset = gps_offset + 2 + 12 * 4 + 4  # after the GPS IFD's four entries
    ifd0 = struct.pack("<H", 1) + struct.pack("<HHII", 0x8825, 4, 1, gps_offset) + struct.pack("<I", 0)
    gps = struct.pack("<H", 4)
    gps += struct.pack("<HHIHH", 1, 3, 1, 1, 0)  # GPSLatitudeRef: SHORT 1
    gps += struct.pack("<HHII", 2, 5, 3, values_offset)  # GPSLatitude: 48° 51′ 30″
    gps += struct.pack("<HHI4s", 3, 2, 2, b"E\0\0\0")  # GPSLongitudeRef: "E"
    gps += struct.pack("<HHII", 4, 5, 3, values_offset + 24)  # GPSLongitude: 2° 17′ 40″
    gps += struct.pack("<I", 0)
    tiff = b"II*\0" + struct.pack("<I", 8) + ifd0 + gps + _rationals(48, 51, 30) + _rationals(2, 17, 40)
    return b"Exif\0\0" + tiff


def test_a_location_reference_stored_as_a_number_reads_as_no_side(tools_client):
    buffer = io.BytesIO()
    Image.new("RGB", (64, 48), "white").save(buffer, "JPEG", exif=exif_with_numeric_latitude_ref())
    response = upload(tools_client, "/api/tools/metadata", (buffer.getvalue(), "odd.jpg"))
    assert response.status_code == 200, response.data[:300]
    location = response.get_json()["groups"]["location"]
    assert location["latitude"] == pytest.approx(48.8583333, abs=1e-6)  # no "S": north
    assert location["longitude"] == pytest.approx(2.2944444, abs=1e-6)
    assert location["raw"]["GPSLatitudeRef"] == 1
