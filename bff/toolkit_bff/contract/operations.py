"""Routes declared with their contract: one decorator registers the Flask route, reads its body and
query into their models before the view runs (a refusal is the API's 422) and records the
operation for the OpenAPI document (document.py). The view's docstring is the operation's summary
(first line) and description (the rest).

    routes = Routes(bp, tag="links")

    @routes.post("/links", "createLink", body=ShortLinkCreate,
                 answers={201: json_response("The new link.", ShortLink)}, errors=(JSON_BODY,))
    def create_link(body: ShortLinkCreate): ...
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import wraps
from typing import Generic, Required, TypeAlias, TypedDict, Unpack, cast

from flask import Blueprint, Response, request
from flask.typing import ResponseReturnValue
from pydantic import BaseModel
from typing_extensions import TypeVar  # with defaults (PEP 696), which 3.11's typing lacks

from ..auth import require_claims
from ..errors import ApiError
from .fields import SERVER_RULE
from .openapi_types import ErrorGroup, OpenApi, Security
from .parameters import path_parameters, query_parameters
from .responses import (
    BODY_TOO_LARGE,
    DISK_FULL,
    FORM,
    JOB_RUN,
    JOB_TAGS,
    JSON,
    MULTIPART,
    OPTIONS,
    RATE_LIMIT_HEADERS,
    RATE_LIMITED,
    error_responses,
    header_refs,
    schema_of,
)
from .schemas import model_schema
from .validation import json_object, query_values, tool_options, validated

# A view as Flask calls it: the URL's values by name, any answer Flask makes a response of.
ViewFunction: TypeAlias = Callable[..., ResponseReturnValue]
View = TypeVar("View", bound=ViewFunction)
# What runs around a view before its request is read (a rate limit, an admin check).
BeforeView: TypeAlias = Callable[[ViewFunction], ViewFunction]
# Answers of views besides a plain Response: a body with its status (`jsonify(...), 201`), and no
# body (`"", 204`).
WithStatus: TypeAlias = tuple[Response, int]
NoContent: TypeAlias = tuple[str, int]


@dataclass
class Operation:
    method: str
    path: str  # as the document writes it: /api/links/{link_id}
    spec: OpenApi = field(default_factory=dict)


OPERATIONS: list[Operation] = []


def openapi_path(prefix: str, rule: str) -> str:
    return prefix + re.sub(r"<(?:[^<>:]+:)?([^<>]+)>", r"{\1}", rule)


def _summary_and_description(view: ViewFunction) -> tuple[str, str | None]:
    summary, _, rest = inspect.cleandoc(view.__doc__ or "").partition("\n")
    description = " ".join(rest.split()) or None  # paragraphs of a docstring read as one
    return summary.strip(), description


def request_body(body: type[BaseModel] | OpenApi) -> OpenApi:
    """A model (or an OpenAPI request body as it is) as the operation's required JSON body."""
    if isinstance(body, dict) and "content" in body:
        return body
    return {"required": True, "content": {JSON: {"schema": schema_of(body)}}}


def _signed_in_first(view: ViewFunction) -> ViewFunction:
    @wraps(view)
    def signed_in_view(**kwargs: object) -> ResponseReturnValue:
        require_claims()
        return view(**kwargs)

    return signed_in_view


def options_body(model: type[BaseModel]) -> OpenApi:
    """The same fields as a JSON object or as form fields."""
    schema = schema_of(model)
    return {
        "required": True,
        "content": {JSON: {"schema": schema}, FORM: {"schema": schema}, MULTIPART: {"schema": schema}},
    }


FILE: OpenApi = {
    "type": "string",
    "contentMediaType": "application/octet-stream",
    SERVER_RULE: "not empty, and of a type the tool reads, told from its bytes (415 otherwise)",
}


# The options model of a multipart upload (BaseModel when it has none).
UploadOptions = TypeVar("UploadOptions", bound=BaseModel, covariant=True, default=BaseModel)


@dataclass(frozen=True)
class Multipart(Generic[UploadOptions]):
    """A multipart upload: field `file` (repeated when `many`), the options beside it."""

    options: type[UploadOptions] | None = None
    many: bool = False
    file_description: str = "The file; its type is told from its content."

    def read_options(self) -> dict[str, UploadOptions]:
        """The options as `options=`; a `file` sent as a text field is no file (a 422, not ignored)."""
        if "file" in request.form:
            raise ApiError(422, "invalid_option", "Option 'file' must be a file upload, not a text field")
        return {"options": validated(self.options, request.values, options=True)} if self.options else {}

    def body(self) -> OpenApi:
        """Options may also come as query parameters: the tools read form and query together."""
        files: OpenApi
        if self.many:
            files = {
                "type": "array",
                "items": FILE,
                "minItems": 1,
                "maxItems": 100,
                "description": self.file_description + " Repeat the field for several files (at most 100).",
            }
        else:
            files = {**FILE, "description": self.file_description}
        schema: OpenApi = model_schema(self.options) if self.options else {"type": "object", "properties": {}}
        schema = {
            **schema,
            "required": ["file", *schema.get("required", [])],
            "properties": {"file": files, **schema["properties"]},
        }
        return {"required": True, "content": {MULTIPART: {"schema": schema}}}


class RouteOptions(TypedDict, total=False):
    """A route's contract besides its method, rule and operation id. `body`: a JSON body model (read
    and passed as `body=`), or a request body the view reads itself (a dict); `query`: a query model
    (passed as `query=`); `form`: a tool's options, as a JSON object, form fields or the query string
    (passed as `options=`); `upload`: a multipart upload, its files and its options' model (read from
    its fields or the query string, passed as `options=`; the view reads the files, jobs/uploads.py);
    `path`: schemas of path parameters beyond their converter's; `before`: decorators that run before
    the request is read (a rate limit counts refused bodies too); `description`: one several routes
    share, in place of the docstring's."""

    answers: Required[dict[int, OpenApi]]
    errors: tuple[ErrorGroup, ...]
    body: type[BaseModel] | OpenApi | None
    query: type[BaseModel] | None
    form: type[BaseModel] | None
    upload: Multipart | None
    path: dict[str, OpenApi] | None
    parameters: tuple[OpenApi, ...]
    security: Security | None
    before: tuple[BeforeView, ...]
    description: str | None


class Routes:
    """The operations of one blueprint, under its url_prefix; tools (`tool=True`) are limited per
    client IP, so their answers carry the limit headers and any of them may be a 429."""

    def __init__(self, bp: Blueprint, tag: str, *, tool: bool = False) -> None:
        self.bp, self.tag, self.tool = bp, tag, tool

    def get(self, rule: str, operation_id: str, **options: Unpack[RouteOptions]) -> Callable[[View], View]:
        return self.route("GET", rule, operation_id, **options)

    def post(self, rule: str, operation_id: str, **options: Unpack[RouteOptions]) -> Callable[[View], View]:
        return self.route("POST", rule, operation_id, **options)

    def put(self, rule: str, operation_id: str, **options: Unpack[RouteOptions]) -> Callable[[View], View]:
        return self.route("PUT", rule, operation_id, **options)

    def patch(self, rule: str, operation_id: str, **options: Unpack[RouteOptions]) -> Callable[[View], View]:
        return self.route("PATCH", rule, operation_id, **options)

    def delete(self, rule: str, operation_id: str, **options: Unpack[RouteOptions]) -> Callable[[View], View]:
        return self.route("DELETE", rule, operation_id, **options)

    def route(
        self, method: str, rule: str, operation_id: str, **options: Unpack[RouteOptions]
    ) -> Callable[[View], View]:
        errors, security, before = options.get("errors", ()), options.get("security"), options.get("before", ())
        body, query = options.get("body"), options.get("query")
        form, upload = options.get("form"), options.get("upload")

        def decorate(view: View) -> View:
            summary, written = _summary_and_description(view)
            spec: OpenApi = {"operationId": operation_id, "tags": [self.tag], "summary": summary}
            if options.get("description") or written:
                spec["description"] = options.get("description") or written
            found = [
                *path_parameters(rule, options.get("path") or {}),
                *(query_parameters(query) if query else []),
                *options.get("parameters", ()),
            ]
            if found:
                spec["parameters"] = found
            if body is not None:
                spec["requestBody"] = request_body(body)
            if form is not None:
                spec["requestBody"] = options_body(form)
            if upload is not None:
                spec["requestBody"] = upload.body()
            if security is not None:
                spec["security"] = security
            reads_options = form is not None or upload is not None or (query is not None and self.tool)
            spec["responses"] = self._responses(
                options["answers"],
                (*errors, OPTIONS) if reads_options else errors,
                has_body=body is not None or form is not None or upload is not None,
            )
            OPERATIONS.append(Operation(method, openapi_path(self.bp.url_prefix or "", rule), spec))

            body_read = None if body is None or isinstance(body, dict) else body
            signed_in_only = security is not None and {} not in security

            @wraps(view)
            def checked_view(**kwargs: object) -> ResponseReturnValue:
                if query is not None:
                    kwargs["query"] = validated(query, query_values(), options=self.tool)
                if body_read is not None:
                    kwargs["body"] = validated(body_read, json_object())
                if form is not None:
                    kwargs["options"] = tool_options(form)
                if upload is not None:
                    kwargs.update(upload.read_options())
                return view(**kwargs)

            registered: ViewFunction = checked_view
            for decorator in reversed(before):
                registered = decorator(registered)
            if signed_in_only:  # who is asking comes before anything they sent
                registered = _signed_in_first(registered)
            self.bp.add_url_rule(rule, view_func=registered, methods=[method])
            # The view's own signature, as Flask's route decorators keep it: Flask calls the
            # registered function with the URL's values and it answers what the view answers.
            return cast(View, registered)

        return decorate

    def _responses(self, answers: dict[int, OpenApi], errors: tuple[ErrorGroup, ...], *, has_body: bool) -> OpenApi:
        by_status = {str(status): answer for status, answer in answers.items()}
        if self.tool:
            by_status = {
                status: {**answer, "headers": {**answer.get("headers", {}), **header_refs(RATE_LIMIT_HEADERS)}}
                for status, answer in by_status.items()
            }
            errors = (RATE_LIMITED, *errors) + ((BODY_TOO_LARGE,) if has_body else ())
            if self.tag in JOB_TAGS and has_body:
                errors += (JOB_RUN, DISK_FULL)
        return {**by_status, **error_responses(*errors)}
