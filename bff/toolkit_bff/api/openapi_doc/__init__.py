"""The tools' part of the OpenAPI document, still written by hand until their routes declare
their models (contract/operations.py); contract/document.py adds it to the document."""
from __future__ import annotations

from . import documents, images, pdf

AREAS = (images, pdf, documents)
