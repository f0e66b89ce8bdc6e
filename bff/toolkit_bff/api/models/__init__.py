"""The data API's request and answer models, one module per area (the routes beside them name them)."""
