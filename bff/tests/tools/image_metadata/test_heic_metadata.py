"""HEIC photos in the metadata tool: read, edited, located and stripped without re-encoding — the HEVC
data is copied byte for byte and every decoded pixel stays the same; HEIC bombs are refused."""

from __future__ import annotations

import piexif
import pytest

from fixtures.documents import decoded_pixels, gps_of, heic_bomb, heic_photo
from fixtures.tools_support import assert_json_error, upload


@pytest.fixture(scope="module")
def phone_photo() -> bytes:
    return heic_photo()


def test_read_a_phone_photo(anonymous_tools_client, phone_photo):
    body = upload(anonymous_tools_client, "/api/tools/metadata", (phone_photo, "IMG_0001.HEIC")).get_json()
    assert (body["format"], body["width"], body["height"]) == ("heif", 640, 480)
    assert body["groups"]["camera"]["Make"] == "Apple" and body["groups"]["camera"]["Model"] == "iPhone 15"
    assert body["groups"]["location"]["latitude"] == pytest.approx(48.8583701, abs=1e-6)
    assert body["has_gps"] is True


def test_edit_round_trips_and_keeps_every_pixel(anonymous_tools_client, phone_photo):
    response = upload(
        anonymous_tools_client,
        "/api/tools/metadata/edit",
        (phone_photo, "IMG_0001.HEIC"),
        Artist="Grace Hopper",
        Make="",
        gps_latitude="-33.8568",
        gps_longitude="151.2153",
    )
    assert response.status_code == 200, response.data[:300]
    assert 'filename="IMG_0001-edited.heic"' in response.headers["Content-Disposition"]
    assert decoded_pixels(response.data) == decoded_pixels(phone_photo)
    read = upload(anonymous_tools_client, "/api/tools/metadata", response.data).get_json()["groups"]
    assert read["author"]["Artist"] == "Grace Hopper" and "Make" not in read["camera"]
    assert read["camera"]["Model"] == "iPhone 15" and read["time"]["DateTimeOriginal"] == "2023:07:14 10:30:00"
    assert read["location"]["latitude"] == pytest.approx(-33.8568, abs=1e-4)
    assert read["location"]["longitude"] == pytest.approx(151.2153, abs=1e-4)
    # And the edited file edits again (the round trip holds).
    again = upload(anonymous_tools_client, "/api/tools/metadata/edit", response.data, Artist="Ada")
    assert (
        upload(anonymous_tools_client, "/api/tools/metadata", again.data).get_json()["groups"]["author"]["Artist"]
        == "Ada"
    )


def test_remove_gps_and_strip(anonymous_tools_client, phone_photo):
    no_gps = upload(anonymous_tools_client, "/api/tools/metadata/remove-gps", phone_photo)
    assert no_gps.status_code == 200, no_gps.data[:300]
    assert gps_of(no_gps.data) == {}
    assert decoded_pixels(no_gps.data) == decoded_pixels(phone_photo)
    kept = upload(anonymous_tools_client, "/api/tools/metadata", no_gps.data).get_json()
    assert kept["has_gps"] is False and kept["groups"]["camera"]["Model"] == "iPhone 15"
    stripped = upload(anonymous_tools_client, "/api/tools/metadata/strip", phone_photo)
    assert stripped.status_code == 200, stripped.data[:300]
    assert b"iPhone 15" not in stripped.data and b"Apple" not in stripped.data
    assert decoded_pixels(stripped.data) == decoded_pixels(phone_photo)
    assert upload(anonymous_tools_client, "/api/tools/metadata", stripped.data).get_json()["groups"]["camera"] == {}


def test_heic_bombs_are_refused_by_the_pixel_limit(anonymous_tools_client):
    bomb = heic_bomb()
    for path in ("/api/tools/metadata", "/api/tools/metadata/strip", "/api/tools/ocr", "/api/tools/ocr/searchable"):
        error = assert_json_error(upload(anonymous_tools_client, path, (bomb, "bomb.heic")), 422, "image_too_large")
        assert "megapixel" in error["message"]


def test_a_damaged_heic_is_a_clear_error(anonymous_tools_client, phone_photo):
    damaged = phone_photo[: len(phone_photo) // 2]
    error = assert_json_error(
        upload(anonymous_tools_client, "/api/tools/metadata/remove-gps", (damaged, "half.heic")), 422, "invalid_image"
    )
    assert "half.heic" in error["message"]


def test_the_gps_written_is_what_exif_readers_see(anonymous_tools_client, phone_photo):
    edited = upload(
        anonymous_tools_client, "/api/tools/metadata/edit", phone_photo, gps_latitude="10.5", gps_longitude="-20.25"
    ).data
    gps = gps_of(edited)
    assert gps[piexif.GPSIFD.GPSLatitudeRef] == "N" and gps[piexif.GPSIFD.GPSLongitudeRef] == "W"
