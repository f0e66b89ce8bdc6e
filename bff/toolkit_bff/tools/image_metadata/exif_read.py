"""Reading EXIF into groups a person understands, GPS decoded to decimal degrees."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

from PIL import ExifTags, Image
from PIL.TiffImagePlugin import IFDRational

# An EXIF value as JSON.
PlainValue = str | float | None | list["PlainValue"]

GROUPS = {
    "camera": {
        "Make",
        "Model",
        "LensMake",
        "LensModel",
        "BodySerialNumber",
        "Software",
        "FNumber",
        "ExposureTime",
        "ISOSpeedRatings",
        "PhotographicSensitivity",
        "FocalLength",
        "FocalLengthIn35mmFilm",
        "Flash",
        "ExposureProgram",
        "ExposureBiasValue",
        "MeteringMode",
        "WhiteBalance",
        "ApertureValue",
        "ShutterSpeedValue",
        "MaxApertureValue",
    },
    "time": {
        "DateTime",
        "DateTimeOriginal",
        "DateTimeDigitized",
        "OffsetTime",
        "OffsetTimeOriginal",
        "OffsetTimeDigitized",
        "SubsecTime",
        "SubsecTimeOriginal",
        "SubsecTimeDigitized",
    },
    "author": {
        "Artist",
        "Copyright",
        "ImageDescription",
        "XPAuthor",
        "XPTitle",
        "XPComment",
        "XPSubject",
        "XPKeywords",
        "UserComment",
    },
    "image": {
        "Orientation",
        "XResolution",
        "YResolution",
        "ResolutionUnit",
        "ColorSpace",
        "ExifImageWidth",
        "ExifImageHeight",
        "YCbCrPositioning",
        "BitsPerSample",
        "Compression",
        "PhotometricInterpretation",
    },
}
_SKIPPED = {
    "ExifOffset",
    "GPSInfo",
    "InteropOffset",
    "MakerNote",
    "PrintImageMatching",
    "JPEGInterchangeFormat",
    "JPEGInterchangeFormatLength",
    "StripOffsets",
    "StripByteCounts",
}


def plain_value(value: object) -> PlainValue:
    """EXIF values as JSON: rationals as numbers, text decoded, long binary blobs summarised."""
    if isinstance(value, (Fraction, IFDRational)):
        try:
            return round(float(value), 6)
        except ZeroDivisionError:
            return None
    if isinstance(value, bytes):
        if value[:8] in (b"ASCII\x00\x00\x00", b"UNICODE\x00"):
            value = value[8:]
        if len(value) > 256:
            return f"<{len(value)} bytes>"
        try:
            text = value.decode("utf-16-le" if value.endswith(b"\x00\x00") else "utf-8")
        except UnicodeDecodeError:
            return value.hex()
        return text.rstrip("\x00").strip()
    if isinstance(value, str):
        return value.rstrip("\x00").strip()
    if isinstance(value, (tuple, list)):
        return [plain_value(item) for item in value][:64]
    if isinstance(value, (int, float)) or value is None:
        return value
    return str(value)


def dms_to_degrees(dms: object, ref: object) -> float | None:
    if not isinstance(dms, Iterable):
        return None
    try:
        degrees, minutes, seconds = (float(part) for part in dms)
    except (TypeError, ValueError, ZeroDivisionError):
        return None
    value = degrees + minutes / 60 + seconds / 3600
    # The reference is ASCII ("N", "S", "E", "W"); a file may store it as anything else, which says no side.
    side = ref.decode() if isinstance(ref, bytes) else ref if isinstance(ref, str) else ""
    return round(-value if side.strip().upper() in ("S", "W") else value, 7)


def decode_gps(gps: Mapping[int, object]) -> dict[str, object]:
    named = {ExifTags.GPSTAGS.get(tag, str(tag)): value for tag, value in gps.items()}
    location: dict[str, object] = {}
    latitude = dms_to_degrees(named.get("GPSLatitude"), named.get("GPSLatitudeRef"))
    longitude = dms_to_degrees(named.get("GPSLongitude"), named.get("GPSLongitudeRef"))
    if latitude is not None and longitude is not None:
        location.update(latitude=latitude, longitude=longitude)
    if "GPSAltitude" in named:
        altitude = plain_value(named["GPSAltitude"])
        if isinstance(altitude, (int, float)):
            below = named.get("GPSAltitudeRef") in (1, b"\x01")
            location["altitude"] = -altitude if below else altitude
    raw: dict[str, PlainValue] = {name: plain_value(value) for name, value in named.items()}
    version = named.get("GPSVersionID")
    if isinstance(version, (bytes, tuple, list)) and all(isinstance(part, int) for part in version):
        # Four BYTE values (2, 3, 0, 0), not text: read as text they come out as one odd character.
        raw["GPSVersionID"] = ".".join(str(part) for part in version)
    location["raw"] = raw
    return location


def read_groups(image: Image.Image) -> dict[str, dict[str, object]]:
    exif = image.getexif()
    tags = dict(exif.items())
    for ifd in (ExifTags.IFD.Exif, ExifTags.IFD.Interop):
        tags.update(exif.get_ifd(ifd))
    groups: dict[str, dict[str, object]] = {
        "camera": {},
        "time": {},
        "location": {},
        "author": {},
        "image": {},
        "other": {},
    }
    for tag, value in tags.items():
        name = ExifTags.TAGS.get(tag, f"Tag{tag}")
        if name in _SKIPPED:
            continue
        group = next((key for key, names in GROUPS.items() if name in names), "other")
        groups[group][name] = plain_value(value)
    gps = exif.get_ifd(ExifTags.IFD.GPSInfo)
    if gps:
        groups["location"] = decode_gps(gps)
    return groups
