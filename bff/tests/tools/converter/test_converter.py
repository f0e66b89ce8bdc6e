"""Converter: real files in, outputs decoded and checked."""

from __future__ import annotations

import io

import pillow_heif
import pytest
from pypdf import PdfReader

from fixtures import samples
from fixtures.tools_support import assert_json_error, decode_image, unzip, upload


def test_jpeg_to_webp_reports_sizes_and_names_the_file(tools_client):
    source = samples.jpeg_with_exif(640, 480)
    response = upload(tools_client, "/api/tools/convert", (source, "holiday.jpg"), format="webp", quality=70)
    assert response.status_code == 200, response.data[:300]
    assert response.mimetype == "image/webp"
    assert 'filename="holiday.webp"' in response.headers["Content-Disposition"]
    assert int(response.headers["X-Input-Size"]) == len(source)
    assert int(response.headers["X-Output-Size"]) == len(response.data)
    image = decode_image(response.data)
    assert (image.format, image.size) == ("WEBP", (640, 480))


@pytest.mark.parametrize(
    "target, pil_format",
    [
        ("png", "PNG"),
        ("jpeg", "JPEG"),
        ("webp", "WEBP"),
        ("gif", "GIF"),
        ("bmp", "BMP"),
        ("tiff", "TIFF"),
        ("ico", "ICO"),
        ("avif", "AVIF"),
    ],
)
def test_every_output_format_decodes(tools_client, target, pil_format):
    source = samples.image_bytes("PNG", 96, 64, mode="RGBA")
    response = upload(tools_client, "/api/tools/convert", (source, "logo.png"), format=target)
    assert response.status_code == 200, response.data[:300]
    image = decode_image(response.data)
    assert image.format == pil_format
    assert image.size == ((96, 96) if target == "ico" else (96, 64))


def test_heic_input_is_decoded(tools_client):
    heif = pillow_heif.from_pillow(samples.photo(320, 240))
    buffer = io.BytesIO()
    heif.save(buffer, quality=80)
    response = upload(tools_client, "/api/tools/convert", (buffer.getvalue(), "IMG_0001.HEIC"), format="jpeg")
    assert response.status_code == 200, response.data[:300]
    image = decode_image(response.data)
    assert (image.format, image.size) == ("JPEG", (320, 240))
    assert 'filename="IMG_0001.jpg"' in response.headers["Content-Disposition"]


@pytest.mark.parametrize(
    "fields, expected",
    [
        ({"width": 320}, (320, 240)),  # one side: aspect kept
        ({"height": 120}, (160, 120)),
        ({"width": 200, "height": 200, "fit": "contain"}, (200, 150)),
        ({"width": 200, "height": 200, "fit": "cover"}, (200, 200)),
        ({"width": 100, "height": 300, "fit": "fill"}, (100, 300)),
    ],
)
def test_resize_modes(tools_client, fields, expected):
    response = upload(tools_client, "/api/tools/convert", samples.jpeg_with_exif(640, 480), format="png", **fields)
    assert response.status_code == 200, response.data[:300]
    assert decode_image(response.data).size == expected


def test_exif_orientation_is_applied_and_metadata_stripped_by_default(tools_client):
    source = samples.jpeg_with_exif(640, 480, orientation=6)  # 6: rotate 90° clockwise to view
    response = upload(tools_client, "/api/tools/convert", source, format="jpeg")
    image = decode_image(response.data)
    assert image.size == (480, 640)
    assert not image.getexif()
    assert image.info.get("icc_profile")  # the colour profile survives stripping


def test_metadata_kept_when_asked(tools_client):
    response = upload(
        tools_client,
        "/api/tools/convert",
        samples.jpeg_with_exif(64, 48, orientation=6),
        format="webp",
        strip_metadata="false",
        auto_orient="false",
    )
    image = decode_image(response.data)
    assert image.size == (64, 48)
    assert image.getexif()[0x013B] == "Ada Lovelace"  # Artist
    assert image.getexif()[0x0112] == 6


def test_several_files_come_back_as_a_zip(tools_client):
    files = [
        (samples.image_bytes("PNG", 50, 40), "a.png"),
        (samples.image_bytes("BMP", 30, 20), "b.bmp"),
        (samples.image_bytes("PNG", 10, 10), "a.png"),
    ]
    response = upload(tools_client, "/api/tools/convert", files, format="jpeg")
    assert response.mimetype == "application/zip"
    assert response.headers["X-Output-Count"] == "3"
    entries = unzip(response.data)
    assert sorted(entries) == ["a-2.jpg", "a.jpg", "b.jpg"]
    assert decode_image(entries["b.jpg"]).size == (30, 20)


def test_images_become_one_pdf(tools_client):
    files = [(samples.image_bytes("PNG", 300, 200), "one.png"), (samples.jpeg_with_exif(150, 300), "two.jpg")]
    response = upload(tools_client, "/api/tools/convert", files, format="pdf", dpi=150)
    assert response.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(response.data))
    assert len(reader.pages) == 2
    first = reader.pages[0].mediabox
    assert (round(float(first.width)), round(float(first.height))) == (144, 96)  # 300 px at 150 dpi


def test_pdf_pages_become_images_at_the_chosen_dpi(tools_client):
    pdf = samples.text_pdf(["First page", "Second page"])
    response = upload(tools_client, "/api/tools/convert", (pdf, "report.pdf"), format="png", dpi=144)
    entries = unzip(response.data)
    assert sorted(entries) == ["report-page1.png", "report-page2.png"]
    page = decode_image(entries["report-page1.png"])
    assert page.size == (1190, 1684)  # A4 (595 × 842 pt) at 2× 72 dpi
    darkest = page.convert("L").getextrema()[0]  # one band: (min, max)
    assert isinstance(darkest, (int, float)) and darkest < 50  # the text was drawn


def test_protected_pdf_pages_become_images_with_the_password(tools_client):
    locked = samples.encrypted_pdf("s3cret", pages=2)
    assert_json_error(upload(tools_client, "/api/tools/convert", locked, format="png"), 422, "pdf_password_required")
    assert_json_error(
        upload(tools_client, "/api/tools/convert", locked, format="png", password="nope"), 422, "pdf_wrong_password"
    )
    response = upload(tools_client, "/api/tools/convert", locked, format="png", password="s3cret")
    assert response.status_code == 200
    assert sorted(unzip(response.data)) == ["upload-page1.png", "upload-page2.png"]


def test_office_documents_become_pdf_with_libreoffice(tools_client):
    files = [
        (samples.docx(["Quarterly report", "Revenue grew by 12 percent."]), "report.docx"),
        ("Plain notes, ünïcode too.\nSecond line.".encode(), "notes.txt"),
    ]
    response = upload(tools_client, "/api/tools/convert", files, format="pdf")
    assert response.status_code == 200, response.data[:300]
    entries = unzip(response.data)
    assert sorted(entries) == ["notes.pdf", "report.pdf"]
    report = PdfReader(io.BytesIO(entries["report.pdf"]))
    assert "Revenue grew by 12 percent." in report.pages[0].extract_text()
    assert "ünïcode" in PdfReader(io.BytesIO(entries["notes.pdf"])).pages[0].extract_text()


def test_libreoffice_is_killed_at_the_job_time_limit(tools_app, tools_client):
    tools_app.config["TOOLS_JOB_TIMEOUT"] = 0.3
    response = upload(tools_client, "/api/tools/convert", (samples.docx(["x"]), "slow.docx"), format="pdf")
    assert "0.3 s" in assert_json_error(response, 422, "job_timeout")["message"]


def test_type_comes_from_content_not_extension(tools_client):
    response = upload(
        tools_client, "/api/tools/convert", (samples.image_bytes("PNG", 20, 10), "photo.jpg"), format="webp"
    )
    assert decode_image(response.data).size == (20, 10)


def test_limits_are_named(tools_app, tools_client):
    tools_app.config["TOOLS_MAX_FILE_BYTES"] = 1000
    error = assert_json_error(
        upload(tools_client, "/api/tools/convert", samples.jpeg_with_exif(), format="png"), 413, "file_too_large"
    )
    assert "limit" in error["message"]
    tools_app.config["TOOLS_MAX_FILE_BYTES"] = 25 * 1024 * 1024
    tools_app.config["TOOLS_MAX_IMAGE_PIXELS"] = 100_000
    error = assert_json_error(
        upload(tools_client, "/api/tools/convert", samples.jpeg_with_exif(640, 480), format="png"),
        422,
        "image_too_large",
    )
    assert "0.1 megapixel limit" in error["message"]
    # Resizing past the limit is refused too.
    response = upload(
        tools_client,
        "/api/tools/convert",
        samples.image_bytes("PNG", 10, 10),
        format="png",
        width=1000,
        height=1000,
        fit="fill",
    )
    assert_json_error(response, 422, "image_too_large")


def test_bad_requests(tools_client):
    assert_json_error(upload(tools_client, "/api/tools/convert", samples.image_bytes("PNG")), 422, "invalid_option")
    assert_json_error(
        upload(tools_client, "/api/tools/convert", samples.image_bytes("PNG"), format="psd"), 422, "invalid_option"
    )
    assert_json_error(
        upload(tools_client, "/api/tools/convert", samples.image_bytes("PNG"), format="png", quality=300),
        422,
        "invalid_option",
    )
    assert_json_error(tools_client.post("/api/tools/convert", data={"format": "png"}), 400, "file_missing")
    assert_json_error(
        upload(tools_client, "/api/tools/convert", b"\x00\x01\x02garbage", format="png"), 415, "unsupported_file_type"
    )
    assert_json_error(
        upload(tools_client, "/api/tools/convert", samples.text_pdf(["x"]), format="pdf"), 415, "unsupported_file_type"
    )
