"""JSON Schema (2020-12, as OpenAPI 3.1 takes it) from the models: without pydantic's generated
titles, every nested model under components/schemas by its class name."""

from __future__ import annotations

from pydantic import BaseModel
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaMode, JsonSchemaValue, models_json_schema
from pydantic_core import CoreSchema, core_schema

from .openapi_types import OpenApi

REF_TEMPLATE = "#/components/schemas/{model}"


class DocumentSchema(GenerateJsonSchema):
    """Titles repeat the names the document already shows (property and component names)."""

    def field_title_should_be_set(self, schema: object) -> bool:  # whatever the schema or field
        return False

    def generate(self, schema: CoreSchema, mode: JsonSchemaMode = "validation") -> JsonSchemaValue:
        generated = super().generate(schema, mode)
        generated.pop("title", None)
        return generated

    def model_schema(self, schema: core_schema.ModelSchema) -> JsonSchemaValue:
        generated = super().model_schema(schema)
        generated.pop("title", None)
        if "description" in generated:  # a docstring's lines read as one paragraph
            generated["description"] = " ".join(generated["description"].split())
        return generated


def component_schemas(models: list[type[BaseModel]]) -> dict[str, OpenApi]:
    """Every model, and the models they name, as the document's components/schemas."""
    _, top = models_json_schema(
        [(model, "validation") for model in models], ref_template=REF_TEMPLATE, schema_generator=DocumentSchema
    )
    return dict(sorted(top.get("$defs", {}).items()))


def model_schema(model: type[BaseModel]) -> OpenApi:
    """One model's schema with the models it names referenced as components (they are listed by
    component_schemas when the model is)."""
    schema = model.model_json_schema(ref_template=REF_TEMPLATE, schema_generator=DocumentSchema)
    schema.pop("$defs", None)
    return schema
