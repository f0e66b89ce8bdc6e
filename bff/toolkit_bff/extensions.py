"""Flask extensions, created once and bound to each app in create_app."""

from flask_limiter import Limiter

from .client_keys import request_client_key

# Keyed on the client IP (IPv6: its /64); behind the gateway, ProxyFix makes remote_addr the client.
limiter = Limiter(request_client_key)
