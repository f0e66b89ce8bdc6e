"""What the data API's handlers do alike with rows: a page of a list, the changes a PATCH sent, a
delete of the caller's own row."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask import Response, jsonify
from pydantic import BaseModel

from ..claims import Claims
from ..db import rls_transaction
from ..errors import ApiError

Row = Mapping[str, Any]


def page_answer(key: str, rows: Sequence[Row], limit: int, offset: int, shape: Callable[[Row], Any] = dict) -> Response:
    """A page of a list, {key: [...], total, limit, offset}; each row carries the list's `total`
    (`count(*) over ()`), which the answer says once."""
    total = rows[0]["total"] if rows else 0
    items = [shape({k: v for k, v in row.items() if k != "total"}) for row in rows]
    return jsonify({key: items, "total": total, "limit": limit, "offset": offset})


def changes_of(body: BaseModel) -> dict[str, Any]:
    """The fields a PATCH sent; sending none is a 422 naming those it may send."""
    changes = body.model_dump(include=body.model_fields_set)
    if not changes:
        raise ApiError(422, "invalid_input", f"Send at least one of: {', '.join(type(body).model_fields)}")
    return changes


def assignments(changes: Mapping[str, object]) -> str:
    """`name = %(name)s, …` for an update; the names are a model's fields only, never the caller's."""
    return ", ".join(f"{name} = %({name})s" for name in changes)


def delete_mine(claims: Claims, table: str, row_id: object, missing: str) -> None:
    """Delete one row of the caller's (RLS keeps the others out of reach): not there and not theirs
    are the same 404, so nothing leaks."""
    with rls_transaction(claims) as conn:
        deleted = conn.execute(f"delete from public.{table} where id = %s returning id", (row_id,)).fetchone()
    if deleted is None:
        raise ApiError(404, "not_found", missing)
