"""The translator (app slug `translator`): /api/tools/translate….

endpoint.py (routes, limits, pivots), engine.py (the engine interface), engine_choice.py (which
engine is configured), apertium.py and libretranslate.py (the two engines), routes.py (direct pairs
and pivots), detection.py (offline language detection), languages.py (codes and names)."""

from .endpoint import bp

__all__ = ["bp"]
