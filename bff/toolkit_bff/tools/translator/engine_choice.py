"""Which translation engine runs: configuration (TOOLKIT_TRANSLATION_ENGINE, else the one whose URL
is set): Apertium APY (apertium.py) locally, LibreTranslate (libretranslate.py) in the production
compose file; with neither, the translator answers 503 translation_not_configured."""

from __future__ import annotations

from flask import Config, Flask, current_app

from ...errors import ApiError
from .apertium import ApertiumEngine
from .engine import TranslationEngine
from .libretranslate import LibreTranslateEngine

NOT_AVAILABLE = "Translation is not available on this site right now"


def chosen_engine_name(config: Config) -> str | None:
    chosen = (config.get("TRANSLATION_ENGINE") or "").strip().lower()
    if chosen:
        return chosen
    if config.get("LIBRETRANSLATE_URL"):
        return "libretranslate"
    if config.get("APERTIUM_APY_URL"):
        return "apertium"
    return None


def current_engine() -> TranslationEngine:
    """The configured engine (one instance per app and configuration), or 503 when there is none."""
    # The app itself (its extensions hold the engines); Flask types current_app as the app, so the
    # proxy's own method is unknown to the checker.
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    config = app.config
    name = chosen_engine_name(config)
    urls = {"apertium": config.get("APERTIUM_APY_URL"), "libretranslate": config.get("LIBRETRANSLATE_URL")}
    url = urls.get(name) if name else None
    if not name or not url:
        raise ApiError(503, "translation_not_configured", NOT_AVAILABLE)
    key = (name, url, config.get("LIBRETRANSLATE_API_KEY"), config["TRANSLATION_TIMEOUT"])
    engines: dict[tuple[object, ...], TranslationEngine] = app.extensions.setdefault("translation_engines", {})
    if key not in engines:
        if name == "apertium":
            engines[key] = ApertiumEngine(app, url, config["TRANSLATION_TIMEOUT"])
        else:
            engines[key] = LibreTranslateEngine(
                app, url, config["TRANSLATION_TIMEOUT"], config.get("LIBRETRANSLATE_API_KEY") or ""
            )
    return engines[key]
