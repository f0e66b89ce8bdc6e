"""The Auth HTTP API, one blueprint per area like upstream's router."""
