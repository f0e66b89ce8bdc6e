"""The colour picker's server-side decoding: what the browser cannot open (HEIC from a phone) comes
back as a PNG with exactly the decoded colours, upright; only for signed-in users, like the page."""

from __future__ import annotations

import io

import pillow_heif
from PIL import Image

from fixtures.documents import heic_bomb, heic_photo
from fixtures.tools_support import assert_json_error, decode_image, upload


def test_a_heic_photo_decodes_to_the_same_colours(tools_client):
    photo = heic_photo()
    response = upload(tools_client, "/api/tools/color-picker/decode", (photo, "IMG_0003.HEIC"))
    assert response.status_code == 200, response.data[:300]
    assert response.mimetype == "image/png"
    assert 'filename="IMG_0003.png"' in response.headers["Content-Disposition"]
    pillow_heif.register_heif_opener()
    expected = Image.open(io.BytesIO(photo)).convert("RGB")
    assert decode_image(response.data).convert("RGB").tobytes() == expected.tobytes()


def test_the_picture_is_upright(tools_client):
    image = Image.new("RGB", (60, 20), (255, 0, 0))
    image.paste((0, 0, 255), (0, 0, 10, 20))  # blue on the left
    exif = Image.Exif()
    exif[0x0112] = 6  # shown turned a quarter clockwise
    buffer = io.BytesIO()
    image.save(buffer, "HEIF", quality=100, exif=exif.tobytes())
    decoded = decode_image(upload(tools_client, "/api/tools/color-picker/decode", buffer.getvalue()).data)
    assert decoded.size == (20, 60)
    pixel = decoded.convert("RGB").getpixel((10, 2))  # the left edge is now at the top
    assert isinstance(pixel, tuple), pixel
    red, _, blue = pixel
    assert blue > 200 and red < 60


def test_signed_in_only_and_bombs_refused(anonymous_tools_client, tools_client):
    assert_json_error(
        upload(anonymous_tools_client, "/api/tools/color-picker/decode", heic_photo()), 401, "not_authenticated"
    )
    assert_json_error(upload(tools_client, "/api/tools/color-picker/decode", heic_bomb()), 422, "image_too_large")
    assert_json_error(
        upload(tools_client, "/api/tools/color-picker/decode", b"%PDF-1.4 nope"), 415, "unsupported_file_type"
    )
