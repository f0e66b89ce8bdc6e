"""What a short code may look like and which visitors are not counted; shared with the BFF's /s/."""
import re

VALID_CODE = re.compile(r"[A-Za-z0-9_-]{3,64}")

# Link previews and crawlers fetch links nobody clicked: they follow, but are not counted.
BOT_AGENTS = re.compile(
    r"bot\b|crawler|spider|preview|facebookexternalhit|facebookcatalog|embedly|iframely|whatsapp|"
    r"skypeuripreview|vkshare|pinterest|slack|discord|telegram|mastodon|bitlybot|outbrain|quora link",
    re.IGNORECASE)
