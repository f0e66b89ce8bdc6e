"""The one shape of every error the BFF sends: {"error": {"code", "message"}}."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class ErrorBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    code: str = Field(
        description="Stable, machine-readable; listed per response in `x-error-codes`.", examples=["invalid_option"]
    )
    message: str = Field(description="For people; names the limit or option.")


class Error(BaseModel):
    """Every error the BFF sends, whatever the status."""

    model_config = ConfigDict(extra="forbid")
    error: ErrorBody
