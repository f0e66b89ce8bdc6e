"""Image metadata: read grouped EXIF, edit tags, remove GPS, strip — pixels never re-encoded."""

from __future__ import annotations

import io

import pytest
from PIL import ExifTags

from fixtures import samples
from fixtures.tools_support import assert_json_error, decode_image, upload

ARTIST, COPYRIGHT, MAKE, ORIENTATION = 0x013B, 0x8298, 0x010F, 0x0112


def pixels(data: bytes) -> bytes:
    return decode_image(data).convert("RGB").tobytes()


def test_read_groups_and_decodes_gps(tools_client):
    response = upload(tools_client, "/api/tools/metadata", (samples.jpeg_with_exif(), "paris.jpg"))
    assert response.status_code == 200, response.data[:300]
    body = response.get_json()
    assert (body["format"], body["width"], body["height"]) == ("jpeg", 640, 480)
    groups = body["groups"]
    assert groups["camera"]["Make"] == "Canon" and groups["camera"]["Model"] == "EOS 5D"
    assert groups["camera"]["FNumber"] == 2.8
    assert groups["time"]["DateTimeOriginal"] == "2023:07:14 10:30:00"
    assert groups["author"] == {"Artist": "Ada Lovelace", "Copyright": "(c) Example"}
    assert groups["image"]["Orientation"] == 1
    assert groups["location"]["latitude"] == pytest.approx(48.8583701, abs=1e-6)
    assert groups["location"]["longitude"] == pytest.approx(2.2944813, abs=1e-6)
    assert groups["location"]["altitude"] == 35
    assert body["has_gps"] and body["icc_profile"]


def test_gps_version_reads_as_dotted_numbers(tools_client):
    # The edit writes GPSVersionID as four BYTE values, as the EXIF standard has it.
    edited = upload(
        tools_client,
        "/api/tools/metadata/edit",
        samples.jpeg_with_exif(),
        gps_latitude="48.8584",
        gps_longitude="2.2945",
    )
    location = upload(tools_client, "/api/tools/metadata", edited.data).get_json()["groups"]["location"]
    assert location["raw"]["GPSVersionID"] == "2.3.0.0"


def test_southern_and_western_coordinates_are_negative(tools_client):
    source = samples.jpeg_with_exif(gps=(-33.8567844, -70.6482690))
    location = upload(tools_client, "/api/tools/metadata", source).get_json()["groups"]["location"]
    assert location["latitude"] == pytest.approx(-33.8567844, abs=1e-6)
    assert location["longitude"] == pytest.approx(-70.648269, abs=1e-6)


def test_jpeg_edit_changes_tags_without_reencoding(tools_client):
    source = samples.jpeg_with_exif()
    response = upload(
        tools_client,
        "/api/tools/metadata/edit",
        (source, "photo.jpg"),
        Artist="Grace Hopper",
        Copyright="CC BY 4.0",
        Make="",
        Software="Toolkit",
        ImageDescription="Harbour at dawn",
        DateTimeOriginal="2024-05-01T12:30:00",
        Model="X100",
        Orientation=3,
        gps_latitude="51.5007",
        gps_longitude="-0.1246",
    )
    assert response.status_code == 200, response.data[:300]
    assert 'filename="photo-edited.jpg"' in response.headers["Content-Disposition"]
    edited = decode_image(response.data)
    exif = edited.getexif()
    assert exif[ARTIST] == "Grace Hopper" and exif[COPYRIGHT] == "CC BY 4.0"
    assert MAKE not in exif  # an empty value removes the tag
    assert exif[0x0131] == "Toolkit" and exif[0x0110] == "X100" and exif[ORIENTATION] == 3
    assert exif.get_ifd(ExifTags.IFD.Exif)[0x9003] == "2024:05:01 12:30:00"
    location = upload(tools_client, "/api/tools/metadata", response.data).get_json()["groups"]["location"]
    assert (location["latitude"], location["longitude"]) == (
        pytest.approx(51.5007, abs=1e-5),
        pytest.approx(-0.1246, abs=1e-5),
    )
    assert pixels(response.data) == pixels(source)
    # The compressed scan data itself is byte-for-byte the original's.
    assert source[source.index(b"\xff\xda") :] == response.data[response.data.index(b"\xff\xda") :]


def test_remove_gps_only(tools_client):
    source = samples.jpeg_with_exif()
    response = upload(tools_client, "/api/tools/metadata/remove-gps", source)
    exif = decode_image(response.data).getexif()
    assert not exif.get_ifd(ExifTags.IFD.GPSInfo)
    assert exif[ARTIST] == "Ada Lovelace"  # everything else stays
    assert pixels(response.data) == pixels(source)


def test_strip_all_keeps_orientation_and_colour_profile(tools_client):
    source = samples.jpeg_with_exif(orientation=6)
    source = source[:2] + b"\xff\xfe\x00\x0dhello there" + source[2:]  # plus a comment segment
    response = upload(tools_client, "/api/tools/metadata/strip", source)
    stripped = decode_image(response.data)
    assert dict(stripped.getexif()) == {ORIENTATION: 6}
    assert stripped.info["icc_profile"] == samples.icc_profile()
    assert b"hello there" not in response.data and b"Lovelace" not in response.data
    assert pixels(response.data) == pixels(source)


@pytest.mark.parametrize("kind", ["PNG", "WEBP"])
def test_png_and_webp_edits_keep_pixels(tools_client, kind):
    buffer = io.BytesIO()
    image = samples.photo(120, 80)
    image.save(buffer, kind, exif=samples.exif_bytes(), **({"lossless": True} if kind == "WEBP" else {}))
    source = buffer.getvalue()
    edited = upload(tools_client, "/api/tools/metadata/edit", source, Artist="Someone Else")
    assert edited.status_code == 200, edited.data[:300]
    assert decode_image(edited.data).getexif()[ARTIST] == "Someone Else"
    assert decode_image(edited.data).format == kind
    assert pixels(edited.data) == pixels(source)
    for action in ("remove-gps", "strip"):
        result = upload(tools_client, f"/api/tools/metadata/{action}", source)
        assert result.status_code == 200, result.data[:300]
        assert not decode_image(result.data).getexif().get_ifd(ExifTags.IFD.GPSInfo)
        assert pixels(result.data) == pixels(source)


def test_edit_rejects_bad_values_and_formats(tools_client):
    jpeg = samples.jpeg_with_exif()
    assert_json_error(upload(tools_client, "/api/tools/metadata/edit", jpeg), 422, "nothing_to_change")
    assert_json_error(upload(tools_client, "/api/tools/metadata/edit", jpeg, Orientation=9), 422, "invalid_option")
    assert_json_error(
        upload(tools_client, "/api/tools/metadata/edit", jpeg, gps_latitude=91, gps_longitude=0), 422, "invalid_option"
    )
    assert_json_error(
        upload(tools_client, "/api/tools/metadata/edit", jpeg, DateTimeOriginal="yesterday"), 422, "invalid_option"
    )
    gif = samples.image_bytes("GIF")
    assert_json_error(upload(tools_client, "/api/tools/metadata/edit", gif, Artist="x"), 415, "unsupported_file_type")
    assert upload(tools_client, "/api/tools/metadata", gif).status_code == 200  # reading works for all
