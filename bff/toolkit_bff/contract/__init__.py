"""The API's contract, declared once: pydantic models of every request body, query and answer,
routes that read requests into them (operations.py, validation.py) and the OpenAPI document built
from them (document.py). bff/README.md says why this layer is ours rather than a library's."""
