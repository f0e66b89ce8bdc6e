"""The name of the untyped JSON the server reads and writes."""

from __future__ import annotations

from typing import Any, TypeAlias

# A JSON object: a request body as json.loads decodes it (each reader checks the types of the fields it
# takes, answering bad_json as upstream), or a body the server answers with. Values are Any because
# JSON's are any of its types.
JsonObject: TypeAlias = dict[str, Any]
