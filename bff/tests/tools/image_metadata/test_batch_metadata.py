"""Batch metadata: many photos, one choice, one ZIP; every file checked by reading it back."""

from __future__ import annotations

import io
import zipfile

from fixtures import samples
from fixtures.documents import decoded_pixels, gps_of, heic_bomb, heic_photo, streamed_result
from fixtures.tools_support import assert_json_error, decode_image, upload


def photos() -> list[tuple[bytes, str]]:
    return [
        (samples.jpeg_with_exif(), "paris.jpg"),
        (heic_photo(), "IMG_0002.HEIC"),
        (samples.jpeg_with_exif(gps=(-33.85, 151.21)), "paris.jpg"),
    ]


def test_remove_gps_from_many_photos(anonymous_tools_client):
    sources = photos()
    data, result, progress = streamed_result(
        upload(anonymous_tools_client, "/api/tools/metadata/batch", sources, action="remove-gps")
    )
    assert result["filename"] == "photos-no-gps.zip" and result["content_type"] == "application/zip"
    assert [(line["done"], line["total"], line["unit"]) for line in progress] == [(n, 3, "file") for n in range(4)]
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = archive.namelist()
        assert names == ["paris-no-gps.jpg", "IMG_0002-no-gps.heic", "paris-no-gps-2.jpg"]
        outputs = [archive.read(name) for name in names]
    for (source, _), output in zip(sources, outputs, strict=True):
        assert gps_of(output) == {}
        assert decoded_pixels(output) == decoded_pixels(source)  # pixels untouched
        assert decode_image(output).getexif()[0x0110] in ("EOS 5D", "iPhone 15")  # the camera stays
    report = result["report"]
    assert report["done"] == 3 and report["failed"] == 0
    first = report["files"][0]
    assert first["status"] == "done" and first["had_gps"] is True and first["has_gps"] is False
    assert first["output"] == "paris-no-gps.jpg"
    assert set(first["removed"]) == {"location"} and "GPSLatitude" in first["removed"]["location"]


def test_strip_everything_reports_each_removed_tag(anonymous_tools_client):
    data, result, _ = streamed_result(
        upload(anonymous_tools_client, "/api/tools/metadata/batch", photos()[:2], action="strip")
    )
    report = result["report"]
    assert [entry["output"] for entry in report["files"]] == ["paris-stripped.jpg", "IMG_0002-stripped.heic"]
    removed = report["files"][0]["removed"]
    assert "Make" in removed["camera"] and "Artist" in removed["author"] and "DateTimeOriginal" in removed["time"]
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for name in archive.namelist():
            exif = decode_image(archive.read(name)).getexif()
            assert 0x010F not in exif and 0x013B not in exif  # no Make, no Artist


def test_one_bad_file_fails_alone(anonymous_tools_client):
    files = [
        (samples.jpeg_with_exif(), "good.jpg"),
        (b"not an image at all", "notes.txt"),
        (heic_bomb(), "bomb.heic"),
        (samples.jpeg_with_exif()[:3000], "cut.jpg"),
        (b"", "empty.jpg"),
        (samples.image_bytes("gif"), "anim.gif"),
    ]
    data, result, _ = streamed_result(
        upload(anonymous_tools_client, "/api/tools/metadata/batch", files, action="remove-gps")
    )
    report = result["report"]
    assert report["done"] == 1 and report["failed"] == 5
    statuses = {entry["name"]: (entry["status"], entry.get("error", {}).get("code")) for entry in report["files"]}
    assert statuses == {
        "good.jpg": ("done", None),
        "notes.txt": ("failed", "unsupported_file_type"),
        "bomb.heic": ("failed", "image_too_large"),
        "cut.jpg": ("failed", "invalid_image"),
        "empty.jpg": ("failed", "empty_file"),
        "anim.gif": ("failed", "unsupported_file_type"),
    }
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert archive.namelist() == ["good-no-gps.jpg"]


def test_keep_passes_files_through_and_says_what_they_carry(anonymous_tools_client):
    source = samples.jpeg_with_exif()
    data, result, _ = streamed_result(
        upload(anonymous_tools_client, "/api/tools/metadata/batch", [(source, "a.jpg")], action="keep")
    )
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert archive.read("a.jpg") == source
    assert result["report"]["files"][0]["had_gps"] is True and result["report"]["files"][0]["removed"] == {}


def test_bad_batches(anonymous_tools_client):
    good = samples.jpeg_with_exif()
    assert_json_error(upload(anonymous_tools_client, "/api/tools/metadata/batch", [good]), 422, "invalid_option")
    assert_json_error(
        upload(anonymous_tools_client, "/api/tools/metadata/batch", [good], action="shred"), 422, "invalid_option"
    )
    lines = upload(
        anonymous_tools_client,
        "/api/tools/metadata/batch",
        [(b"junk", "a.txt"), (b"more junk", "b.txt")],
        action="strip",
    ).data.splitlines()
    assert b'"code": "no_file_processed"' in lines[-1] and b"a.txt" in lines[-1]
