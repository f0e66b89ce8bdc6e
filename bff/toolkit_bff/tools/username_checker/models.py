"""GET /api/tools/username/{name}: its options and the lines of its NDJSON stream."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, RootModel

from ...contract.base import Answer
from ...contract.fields import SERVER_RULE, optional
from ...contract.options import Options, Switch, TextOption

Status = Literal["available", "taken", "invalid", "unknown", "blocked"]
Count = Annotated[int, Field(ge=0)]


class UsernameQuery(Options):
    sites: Annotated[str, TextOption()] = Field(
        "",
        description="Only these sites (comma-separated names, case-insensitive).",
        json_schema_extra={SERVER_RULE: "at least one name in the server's site list"},
    )
    nsfw: Switch = Field(False, description="Include NSFW sites. `true`/`false` (also 1/0, yes/no, on/off).")


class UsernameStart(Answer):
    type: Literal["start"]
    username: str
    sites: int = Field(description="How many results follow.")


class UsernameResult(Answer):
    type: Literal["result"]
    site: str
    url: str = Field(description="The profile's address (empty for Toolkit).")
    status: Status = Field(
        description="`available` only when sure; `invalid`: the site does not allow this name; "
        "`blocked`: rate limit or bot wall."
    )
    http_status: int = optional()
    elapsed_ms: Count = optional()
    detail: str = optional(
        description="Why the answer is not clear, in words (never an exception's text), e.g. "
        "`Could not reach the site`, `Blocked by the site's bot protection`, `Timed "
        "out`, `This site does not accept this name`."
    )


class UsernameSummary(Answer):
    """found: `taken`; not found: `available`; could not check: `unknown`, `blocked` and `invalid`."""

    found: Count
    not_found: Count
    could_not_check: Count


class UsernameDone(Answer):
    type: Literal["done"]
    counts: dict[Status, Annotated[int, Field(ge=1)]]
    summary: UsernameSummary
    elapsed_ms: Count


class UsernameStreamLine(
    RootModel[Annotated[UsernameStart | UsernameResult | UsernameDone, Field(discriminator="type")]]
):
    """One line of the NDJSON stream: `start` first, one `result` per site (Toolkit's own profiles
    included) as answers arrive, `done` last."""
