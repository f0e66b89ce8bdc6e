"""HEIC/HEIF metadata written without touching the picture: ExifTool rewrites the file's boxes (the
EXIF and XMP items and their locations) and copies the HEVC-coded image data byte for byte; the old
metadata bytes are gone from the file, not just unreferenced. Pillow-heif reads; it could only write
by re-encoding, which would change every pixel."""

from __future__ import annotations

from pathlib import Path

from ...errors import ApiError
from ...jobs.limits import Deadline
from ...jobs.processes import run_program
from ...jobs.uploads import job_workdir

# -m: minor problems (odd maker notes) do not stop the edit; -q: no chatter.
_EXIFTOOL = ["exiftool", "-m", "-q", "-q", "-overwrite_original", "-P"]


def _rewrite(data: bytes, arguments: list[str], deadline: Deadline, files: dict[str, bytes] | None = None) -> bytes:
    with job_workdir() as work:
        image = work / "image.heic"
        image.write_bytes(data)
        for name, content in (files or {}).items():
            (work / name).write_bytes(content)
        completed = run_program(
            [*_EXIFTOOL, *arguments, str(image)], deadline, cwd=work, env={"HOME": str(work)}
        )  # ExifTool reads no user config
        if completed.returncode != 0:
            raise ApiError(
                422, "invalid_image", f"The HEIC file's structure could not be rewritten{_first_line(completed.stderr)}"
            )
        return Path(image).read_bytes()


def _first_line(stderr: bytes) -> str:
    line = stderr.decode("utf-8", "replace").strip().splitlines()[:1]
    text = line[0].replace("Error: ", "").split(" - ")[0][:160] if line else ""
    return f": {text}" if text else ""


def heic_with_exif(data: bytes, exif_block: bytes, deadline: Deadline) -> bytes:
    """Replace the whole EXIF item by exif_block (piexif's dump: 'Exif\\0\\0' + TIFF structure)."""
    tiff = exif_block[6:] if exif_block.startswith(b"Exif\x00\x00") else exif_block
    return _rewrite(data, ["-EXIF<=new.exif"], deadline, {"new.exif": tiff})


def heic_without_gps(data: bytes, deadline: Deadline) -> bytes:
    """The EXIF GPS block and any XMP location (exif:GPS…) removed."""
    return _rewrite(data, ["-gps:all=", "-xmp:gps*="], deadline)


def heic_stripped(data: bytes, deadline: Deadline) -> bytes:
    """Every EXIF and XMP item removed; the colour profile kept (rotation lives in the image's own
    `irot` property, which is part of the picture, not metadata)."""
    return _rewrite(data, ["-all=", "-tagsfromfile", "@", "-icc_profile"], deadline)
