"""Language codes and names. The API speaks ISO 639-1 codes (`en`, `es`), as LibreTranslate and the
language detector do; Apertium names its pairs with ISO 639-3 codes (`eng`, `spa`), mapped here.
Apertium's regional variants (`cat_valencia`, `por_BR`) are not offered: one entry per language."""
from __future__ import annotations

# ISO 639-3 (Apertium) → ISO 639-1, for the languages Debian's Apertium pairs cover.
APERTIUM_CODES = {
    "afr": "af", "arg": "an", "ast": "ast", "bel": "be", "bul": "bg", "cat": "ca", "dan": "da", "eng": "en",
    "epo": "eo", "eus": "eu", "fra": "fr", "frp": "frp", "glg": "gl", "hbs": "sh", "hin": "hi", "isl": "is",
    "ita": "it", "mkd": "mk", "nld": "nl", "nno": "nn", "nob": "nb", "nor": "no", "oci": "oc", "pol": "pl",
    "por": "pt", "ron": "ro", "rus": "ru", "slv": "sl", "spa": "es", "srd": "sc", "swe": "sv", "szl": "szl",
    "ukr": "uk", "urd": "ur", "ind": "id", "zlm": "ms",
    # Older pairs use two-letter codes already (es-pt, fr-es, eo-en…).
}

NAMES = {
    "af": "Afrikaans", "an": "Aragonese", "ar": "Arabic", "ast": "Asturian", "az": "Azerbaijani",
    "be": "Belarusian", "bg": "Bulgarian", "bn": "Bengali", "br": "Breton", "bs": "Bosnian", "ca": "Catalan",
    "cs": "Czech", "cy": "Welsh", "da": "Danish", "de": "German", "el": "Greek", "en": "English",
    "eo": "Esperanto", "es": "Spanish", "et": "Estonian", "eu": "Basque", "fa": "Persian", "fi": "Finnish",
    "fr": "French", "frp": "Arpitan", "ga": "Irish", "gl": "Galician", "he": "Hebrew", "hi": "Hindi",
    "hr": "Croatian", "hu": "Hungarian", "hy": "Armenian", "id": "Indonesian", "is": "Icelandic",
    "it": "Italian", "ja": "Japanese", "ka": "Georgian", "kk": "Kazakh", "ko": "Korean", "la": "Latin",
    "lb": "Luxembourgish", "lt": "Lithuanian", "lv": "Latvian", "mk": "Macedonian", "ms": "Malay",
    "mt": "Maltese", "nb": "Norwegian Bokmål", "nl": "Dutch", "nn": "Norwegian Nynorsk", "no": "Norwegian",
    "oc": "Occitan", "pl": "Polish", "pt": "Portuguese", "ro": "Romanian", "ru": "Russian", "sc": "Sardinian",
    "sh": "Serbo-Croatian", "sk": "Slovak", "sl": "Slovenian", "sq": "Albanian", "sr": "Serbian",
    "sv": "Swedish", "sw": "Swahili", "szl": "Silesian", "th": "Thai", "tl": "Tagalog", "tr": "Turkish",
    "uk": "Ukrainian", "ur": "Urdu", "vi": "Vietnamese", "zh": "Chinese",
}


def language_name(code: str) -> str:
    return NAMES.get(code, code)


def from_apertium(code: str) -> str | None:
    """`eng` → `en`; a regional variant (`cat_valencia`, `por_BR`) → None."""
    if "_" in code:
        return None
    return APERTIUM_CODES.get(code, code)
