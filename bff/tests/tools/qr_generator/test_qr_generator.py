"""QR codes: every payload type decoded back with zbarimg (Debian's zbar-tools)."""

from __future__ import annotations

import io
import re
import subprocess
from xml.etree import ElementTree

import pytest
from PIL import Image

from fixtures.tools_support import assert_json_error, decode_image
from toolkit_bff.tools.qr_generator.payloads import escape_wifi


def zbar_decode(png: bytes, tmp_path) -> str:
    path = tmp_path / "code.png"
    path.write_bytes(png)
    result = subprocess.run(
        ["zbarimg", "--quiet", "--raw", "-Sbinary", str(path)], capture_output=True, timeout=30, check=True
    )
    return result.stdout.decode("utf-8").removesuffix("\n")


@pytest.mark.parametrize(
    "body, expected",
    [
        ({"type": "text", "text": "Hello, wörld ✓"}, "Hello, wörld ✓"),
        ({"type": "url", "url": "example.org/path?q=1"}, "https://example.org/path?q=1"),
        (
            {"type": "wifi", "ssid": 'Cafe;"Net"', "password": r"pa:ss,wo\rd", "encryption": "wpa", "hidden": True},
            r"WIFI:T:WPA;S:Cafe\;\"Net\";P:pa\:ss\,wo\\rd;H:true;;",
        ),
        ({"type": "wifi", "ssid": "Open", "encryption": "none"}, "WIFI:T:nopass;S:Open;;"),
        (
            {"type": "email", "email": "ada@example.org", "subject": "Hi there", "body": "A & B"},
            "mailto:ada@example.org?subject=Hi%20there&body=A%20%26%20B",
        ),
        ({"type": "phone", "phone": "+44 (20) 7946-0958"}, "tel:+442079460958"),
    ],
)
def test_payloads_decode(tools_client, tmp_path, body, expected):
    response = tools_client.post("/api/tools/qr", json=body)
    assert response.status_code == 200, response.data[:300]
    assert zbar_decode(response.data, tmp_path) == expected


def test_vcard(tools_client, tmp_path):
    body = {
        "type": "vcard",
        "first_name": "Ada",
        "last_name": "Lovelace",
        "organization": "Analytical; Engines",
        "phone": "+44 20 7946 0958",
        "email": "ada@example.org",
        "website": "https://example.org",
    }
    decoded = zbar_decode(tools_client.post("/api/tools/qr", json=body).data, tmp_path).splitlines()
    assert decoded[:4] == ["BEGIN:VCARD", "VERSION:3.0", "N:Lovelace;Ada;;;", "FN:Ada Lovelace"]
    assert r"ORG:Analytical\; Engines" in decoded and "EMAIL:ada@example.org" in decoded
    assert decoded[-1] == "END:VCARD"


def test_wifi_escaping():
    assert escape_wifi('a\\b;c,d"e:f') == 'a\\\\b\\;c\\,d\\"e\\:f'


# 47 bytes: the smallest version that holds them grows with the level (byte capacities, ISO/IEC
# 18004 table 7: L v3 53, M v4 62, Q v5 60, H v6 58), so each level gives another module count.
LEVEL_TEXT = "toolkit: small, fast tools that do one job well"


@pytest.mark.parametrize("level", ["L", "M", "Q", "H"])
def test_size_margin_colours_and_levels(tools_client, tmp_path, level):
    response = tools_client.post(
        "/api/tools/qr",
        data={
            "text": LEVEL_TEXT,
            "error_correction": level,
            "size": 300,
            "margin": 2,
            "foreground": "#1a237e",
            "background": "#fffde7",
        },
    )
    image = decode_image(response.data).convert("RGB")
    assert image.size == (300, 300)
    assert image.getpixel((0, 0)) == (0xFF, 0xFD, 0xE7)
    colours = image.getcolors()
    assert colours is not None  # (None only past 256 colours by default)
    assert (0x1A, 0x23, 0x7E) in {colour for _, colour in colours}
    assert zbar_decode(response.data, tmp_path) == LEVEL_TEXT
    modules = int(response.headers["X-QR-Modules"])
    version = {"L": 3, "M": 4, "Q": 5, "H": 6}[level]
    assert modules == 17 + 4 * version + 2 * 2  # the version's side + 2 × 2 margin


def test_a_transparent_background_keeps_only_the_modules_opaque(tools_client, tmp_path):
    response = tools_client.post(
        "/api/tools/qr",
        json={"text": "see-through", "size": 4096, "foreground": "#1a237e", "background": "transparent"},
    )
    assert response.status_code == 200, response.data[:300]
    image = decode_image(response.data).convert("RGBA")
    assert image.size == (4096, 4096)
    assert image.getpixel((0, 0)) == (255, 255, 255, 0)  # the background: fully transparent
    colours = image.getcolors()
    assert colours is not None
    assert {colour for _, colour in colours} == {(255, 255, 255, 0), (0x1A, 0x23, 0x7E, 255)}
    # Laid on white paper, it scans.
    paper = Image.new("RGBA", image.size, (255, 255, 255, 255))
    paper.alpha_composite(image)
    buffer = io.BytesIO()
    paper.convert("L").resize((1024, 1024), Image.Resampling.NEAREST).save(buffer, "PNG")
    assert zbar_decode(buffer.getvalue(), tmp_path) == "see-through"


def test_svg(tools_client, tmp_path):
    response = tools_client.post("/api/tools/qr", json={"text": "svg please", "format": "svg", "size": 200})
    assert response.mimetype == "image/svg+xml"
    svg = response.data.decode()
    assert svg.startswith("<svg") and 'width="200"' in svg and 'fill="#000000"' in svg
    root = ElementTree.fromstring(svg)
    view_box, drawing = root.get("viewBox"), root.find("{http://www.w3.org/2000/svg}path")
    assert view_box and drawing is not None, svg
    modules = int(view_box.split()[2])
    path = drawing.get("d")
    assert path, svg
    # Paint the module squares the path describes, then scan the picture.
    image = Image.new("L", (modules, modules), 255)
    for x, y in re.findall(r"M(\d+),(\d+)h1v1h-1z", path):
        image.putpixel((int(x), int(y)), 0)
    buffer = io.BytesIO()
    image.resize((modules * 8, modules * 8), Image.Resampling.NEAREST).save(buffer, "PNG")
    png = buffer.getvalue()
    assert zbar_decode(png, tmp_path) == "svg please"


def test_errors(tools_client):
    assert_json_error(tools_client.post("/api/tools/qr", json={"type": "text"}), 422, "invalid_option")
    assert_json_error(tools_client.post("/api/tools/qr", json={"type": "fax", "text": "x"}), 422, "invalid_option")
    assert_json_error(
        tools_client.post("/api/tools/qr", json={"type": "url", "url": "javascript:alert(1)"}), 422, "invalid_option"
    )
    assert_json_error(tools_client.post("/api/tools/qr", json={"text": "x", "foreground": "#eee"}), 422, "low_contrast")
    assert_json_error(
        tools_client.post("/api/tools/qr", json={"text": "x", "foreground": "red"}), 422, "invalid_option"
    )
    assert_json_error(
        tools_client.post("/api/tools/qr", json={"text": "x" * 4000, "error_correction": "h"}), 422, "payload_too_long"
    )
    assert_json_error(tools_client.post("/api/tools/qr", json=["not", "an", "object"]), 400, "invalid_json")
    assert_json_error(tools_client.post("/api/tools/qr", json={"type": "wifi", "ssid": "x"}), 422, "invalid_option")


def test_digits_are_packed_as_digits_so_more_of_them_fit(tools_client, tmp_path):
    """4,000 digits fit at level L (numeric mode: 7,089 at version 40) though 4,000 bytes would not (2,953)."""
    digits = "0123456789" * 400
    response = tools_client.post("/api/tools/qr", json={"text": digits, "error_correction": "l", "size": 4096})
    assert response.status_code == 200, response.data[:300]
    assert zbar_decode(response.data, tmp_path) == digits


def test_a_form_text_holding_a_nul_is_encoded_whole(tools_client, tmp_path):
    """Form fields may carry a NUL (JSON bodies may not): the code holds every byte, not the text up to it."""
    response = tools_client.post("/api/tools/qr", data={"text": "before\0after"})
    assert response.status_code == 200, response.data[:300]
    assert zbar_decode(response.data, tmp_path) == "before\0after"
