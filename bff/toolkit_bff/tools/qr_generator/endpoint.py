"""POST /api/tools/qr: a QR code as PNG or SVG (JSON or form body; see payloads.py for types)."""

from __future__ import annotations

import io

from flask import Blueprint, Response, request
from PIL import Image

from ...contract.operations import Routes
from ...contract.responses import OPTIONS, PAGE_GATE
from ...contract.responses import file_response as file_answer
from ...contract.validation import limit_body_to_data_api, tool_options
from ...errors import ApiError
from ...jobs.files import Result, file_response
from ...jobs.filetypes import MIME_TYPES
from ...jobs.options import parse_colour
from ...jobs.uploads import keep_request_body
from .encoder import Matrix, PayloadTooLong, qr_modules
from .models import QrRequest
from .payloads import build_payload

bp = Blueprint("tools_qr", __name__, url_prefix="/api/tools")
routes = Routes(bp, "qr", tool=True)

# Red, green, blue and alpha from 0 to 255 (jobs/options.parse_colour).
Colour = tuple[int, int, int, int]


@routes.post(
    "/qr",
    "createQrCode",
    form=QrRequest,
    answers={
        200: file_answer(
            "The QR code, named `qr-code.png` or `qr-code.svg`.",
            [MIME_TYPES["png"], MIME_TYPES["svg"]],
            {"Content-Disposition": "ContentDisposition", "X-Output-Size": "XOutputSize", "X-QR-Modules": "XQrModules"},
        )
    },
    errors=(PAGE_GATE, OPTIONS, {400: ["invalid_json"], 422: ["low_contrast", "payload_too_long"]}),
)
def make_qr(options: QrRequest) -> Response:
    """A QR code as PNG or SVG

    A JSON body that is not an object is a 400; form bodies are read as fields."""
    matrix, foreground, background = checked_code(options)
    size, output = options.size, options.format
    data = (
        render_svg(matrix, size, foreground, background)
        if output == "svg"
        else render_png(matrix, size, foreground, background)
    )
    response = file_response(Result(f"qr-code.{output}", data, output))
    response.headers["X-QR-Modules"] = str(len(matrix))
    return response


def checked_code(options: QrRequest) -> tuple[Matrix, Colour, Colour]:
    """The code's modules and colours; any problem with the request is a 4xx here."""
    payload = build_payload(options)
    foreground = parse_colour(options.foreground, "foreground")
    background = parse_colour(options.background, "background")
    check_contrast(foreground, background)
    matrix = qr_matrix(payload, options.error_correction, options.margin)
    if len(matrix) > options.size:
        raise ApiError(422, "invalid_option", f"Option 'size' must be at least {len(matrix)} px for this much data")
    return matrix, foreground, background


def refuse_before_job() -> None:
    """A before_request hook (tools/__init__.py registers it): the checks run in the worker, so a
    refused request costs no job slot and no job process; the job is handed the same body."""
    if request.endpoint == "tools_qr.make_qr" and request.method == "POST":
        limit_body_to_data_api()  # a few KB of options: read in the worker, never an upload's 100 MB
        keep_request_body()
        checked_code(tool_options(QrRequest))


def _luminance(colour: Colour) -> float:
    def channel(value: int) -> float:
        share = value / 255
        return share / 12.92 if share <= 0.03928 else ((share + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(c) for c in colour[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def check_contrast(foreground: Colour, background: Colour) -> None:
    """Scanners need dark modules on a light background with real contrast (WCAG ratio ≥ 3)."""
    if background[3] == 0:
        return
    dark, light = _luminance(foreground), _luminance(background)
    if dark >= light or (light + 0.05) / (dark + 0.05) < 3:
        raise ApiError(
            422,
            "low_contrast",
            "The foreground must be darker than the background, with a contrast ratio of at least 3",
        )


def qr_matrix(payload: str, level: str, margin: int) -> Matrix:
    try:
        return qr_modules(payload.encode("utf-8"), level, margin)
    except PayloadTooLong:
        raise ApiError(422, "payload_too_long", "Too much data for a QR code at this error correction level") from None


def render_png(matrix: Matrix, size: int, foreground: Colour, background: Colour) -> bytes:
    """Whole pixels per module (no blurred edges), centred in a size × size canvas. Two colours, so a
    1-bit palette PNG: the same pixels as RGB, a fifth of the time and an eighth of the bytes at 4096 px."""
    modules = len(matrix)
    box = size // modules
    small = Image.new("P", (modules, modules), 0)
    small.putdata([1 if dark else 0 for row in matrix for dark in row])
    canvas = Image.new("P", (size, size), 0)
    offset = (size - modules * box) // 2
    canvas.paste(small.resize((modules * box, modules * box), Image.Resampling.NEAREST), (offset, offset))
    canvas.putpalette([*background[:3], *foreground[:3]])
    # A transparent background: palette entry 0 fully transparent, the modules keep their own alpha.
    transparency = {"transparency": bytes([0, foreground[3]])} if background[3] == 0 else {}
    buffer = io.BytesIO()
    canvas.save(buffer, "PNG", optimize=True, bits=1, **transparency)
    return buffer.getvalue()


def _hex(colour: Colour) -> str:
    red, green, blue, _ = colour
    return f"#{red:02x}{green:02x}{blue:02x}"


def render_svg(matrix: Matrix, size: int, foreground: Colour, background: Colour) -> bytes:
    modules = len(matrix)
    path = "".join(f"M{x},{y}h1v1h-1z" for y, row in enumerate(matrix) for x, dark in enumerate(row) if dark)
    background_rect = (
        "" if background[3] == 0 else f'<rect width="{modules}" height="{modules}" fill="{_hex(background)}"/>'
    )
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {modules} {modules}" shape-rendering="crispEdges">{background_rect}'
        f'<path fill="{_hex(foreground)}" d="{path}"/></svg>'
    )
    return svg.encode()
