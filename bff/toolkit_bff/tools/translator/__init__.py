"""The translator (app slug `translator`): /api/tools/translate… through an engine's HTTP API.

endpoint.py."""
from .endpoint import bp

__all__ = ["bp"]
