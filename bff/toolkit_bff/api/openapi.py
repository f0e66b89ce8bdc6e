"""GET /api/openapi.json: the OpenAPI document (contract/document.py), built and serialised once at
import, when every route has declared itself."""

import json

from flask import Blueprint, Response

from .. import tools  # noqa: F401 (their routes declare themselves on import)
from ..contract.document import build_document
from ..contract.operations import Routes
from ..contract.responses import json_response
from . import admin, api_tokens, health, links, me, pages, pastes  # noqa: F401 (likewise)
from .models.me import OpenApiDocument

bp = Blueprint("openapi", __name__, url_prefix="/api")
routes = Routes(bp, "system")


@routes.get(
    "/openapi.json",
    "getOpenApiDocument",
    answers={200: json_response("The OpenAPI 3.1 document describing every endpoint.", OpenApiDocument)},
)
def openapi_document() -> Response:
    """This OpenAPI document

    The single source of the API contract; the app's types are generated from it
    (openapi-typescript)."""
    return Response(_BODY, mimetype="application/json")


DOCUMENT = build_document()
_BODY = json.dumps(DOCUMENT, ensure_ascii=False)
