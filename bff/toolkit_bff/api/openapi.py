"""GET /api/openapi.json: the OpenAPI document, built and serialised once at import."""
import json

from flask import Blueprint, Response

from .openapi_doc import build_document

bp = Blueprint("openapi", __name__)

DOCUMENT = build_document()
_BODY = json.dumps(DOCUMENT, ensure_ascii=False)


@bp.get("/openapi.json")
def openapi_document():
    return Response(_BODY, mimetype="application/json")
