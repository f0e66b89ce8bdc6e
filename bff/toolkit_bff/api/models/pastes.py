"""/api/pastes: create, list, read (counting views), raw text, edit, delete, like, duplicate."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, ConfigDict, Field

from ...contract.base import Answer, Body, Query
from ...contract.fields import (
    LATEST_EXPIRY_TEXT,
    Between,
    Documented,
    Expiry,
    Flag,
    Rule,
    Text,
    WholeNumberText,
    optional,
    refuse,
)
from .common import Count, DateTime, Id

MAX_CONTENT_BYTES = 512 * 1024  # the table's check constraint
PREVIEW_CHARS = 280
PASTE_ID = r"[A-Za-z0-9]{6,32}"  # the table's id check
MAX_CURSOR_LENGTH = 200  # ours are about 70 characters; a longer one is not ours


def _some_text_within_the_limit(content: str) -> str:
    if not content.strip():
        raise refuse("must have some text: a paste of only spaces or blank lines is empty")
    size = len(content.encode())
    if size > MAX_CONTENT_BYTES:
        raise refuse(f"is {size // 1024} KB; a paste holds at most {MAX_CONTENT_BYTES // 1024} KB of text")
    return content


# Measured in bytes, with a message in KB; the character bound only stops absurd bodies early.
Content = Annotated[
    Text,
    Field(max_length=4 * MAX_CONTENT_BYTES),
    AfterValidator(_some_text_within_the_limit),
    Documented(
        "at most 512 KB in UTF-8, and more than spaces and blank lines",
        minLength=1,
        maxLength=MAX_CONTENT_BYTES,
        description="1 byte to 512 KB of UTF-8 text (no NUL characters).",
    ),
]
Title = Annotated[Text, Field(max_length=200)]
Language = Annotated[
    Text,
    Field(max_length=32),
    Rule(r"[a-z0-9][a-z0-9+#._-]{0,31}", "must be a lower-case language id such as python or plaintext"),
    Field(description="A lower-case language id for highlighting, e.g. `python`, `c++`, `plaintext`."),
]
Privacy = Annotated[
    Literal["public", "unlisted", "private"],
    Field(
        description="`public`: listed and readable by everyone; `unlisted`: readable by whoever has the id, never "
        "listed; `private`: the owner only (needs sign-in)."
    ),
]
BurnAfterRead = Annotated[Flag, Field(description="Deleted by its first read by anyone but the owner.")]
PasteId = Annotated[str, Field(pattern=f"^{PASTE_ID}$")]
EXPIRY = f"In the future and before {LATEST_EXPIRY_TEXT}, with a time zone; null: never."


class PasteUpdate(Body):
    """The fields to change; the others keep their value. Views, likes and the owner are never
    writable (422 `unknown_field`)."""

    model_config = ConfigDict(json_schema_extra={"minProperties": 1})
    content: Content = optional()
    title: Title = optional()
    language: Language = optional()
    privacy: Privacy = optional()
    expires_at: Expiry = optional(description=EXPIRY)
    burn_after_read: BurnAfterRead = optional()


class PasteCreate(Body):
    """Only these fields; anything else (views, likes, user_id) is a 422 `unknown_field`."""

    content: Content
    title: Title = ""
    language: Language = "plaintext"
    privacy: Privacy = optional(shown_default="public")  # encrypted ones: unlisted
    expires_at: Expiry = optional(description=EXPIRY)
    burn_after_read: BurnAfterRead = False
    encrypted: Flag = Field(
        False,
        description="`content` is ciphertext made in the browser (`tk1.<iv>.<data>`, "
        "base64url): no title or language beside it, privacy unlisted (the "
        "default then) or private. Anything else is a 422.",
    )


class PasteFacts(Answer):
    """What every paste shape says (a paste, a new one, a list item); not a shape of its own."""

    id: PasteId
    title: Annotated[str, Field(max_length=200)]
    language: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9+#._-]{0,31}$")]
    privacy: Privacy
    user_id: Id | None = Field(
        description="The owner, named only to the owner: your own id on your pastes, null on "
        "anonymous pastes and on everyone else's (who wrote a paste is private)."
    )
    created_at: DateTime
    updated_at: DateTime = Field(description="Moves on edits only, not when views or likes are counted.")
    expires_at: DateTime | None = Field(description="After it the paste is gone (404); null: never.")
    burn_after_read: BurnAfterRead
    views: Count
    likes: Count
    encrypted: bool = Field(
        description="Encrypted in the author's browser: `content` is the ciphertext "
        "`tk1.<iv>.<data>` (AES-GCM; title and language inside it), and the key is "
        "only in the link's `#fragment`, which no server sees."
    )


class Paste(PasteFacts):
    content: str


class NewPaste(Paste):
    """A paste just created; `edit_token` only when its author is anonymous."""

    edit_token: str = optional(
        description="Shown only in this response (only its hash is stored): send it as "
        "`X-Edit-Token` to change or delete the paste."
    )


class PasteListItem(PasteFacts):
    preview: Annotated[str, Field(max_length=PREVIEW_CHARS)] = Field(
        description=f"The first {PREVIEW_CHARS} characters of the content ('' when encrypted)."
    )
    size: Annotated[int, Field(ge=1)] = Field(description="Length of the content in characters.")


class PasteList(Answer):
    pastes: list[PasteListItem]
    next_cursor: str | None = Field(description="Send as `cursor` for the next page; null on the last.")


class PasteListQuery(Query):
    scope: Literal["recent", "mine"] = Field(
        "recent",
        description="`recent`: public pastes (not burn-after-read); `mine`: all of the caller's (sign-in needed).",
    )
    limit: Annotated[WholeNumberText, Between(1, 100)] = 10  # SPEC §9: 10 recent pastes by default
    cursor: Annotated[str, Field(max_length=MAX_CURSOR_LENGTH), Documented("a `next_cursor` this API returned")] = (
        optional(description="The `next_cursor` of the previous page.")
    )


class LikeResult(Answer):
    id: PasteId
    likes: Count = Field(description="The paste's likes now.")
    liked: bool = Field(description="Whether the caller likes the paste now.")
    counted: bool = Field(
        description="Whether this request changed anything (one like per user: liking twice counts once)."
    )
