"""Flask extensions, created once and bound to each app in create_app."""
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

# Keyed on the client IP; behind the gateway, ProxyFix makes remote_addr the real client.
limiter = Limiter(get_remote_address)
