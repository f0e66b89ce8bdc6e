"""gunicorn entry point of ./scripts/test's throw-away stack only (never of dev or production): the
app of wsgi.py, except that outbound requests may reach loopback, where the test stack plays the
username checker's sites (scripts/stack/username_sites.py). No environment variable can turn this on:
only starting this module does."""

from toolkit_bff import create_app

app = create_app({"OUTBOUND_TEST_STACK": True, "OUTBOUND_TEST_NETWORKS": ["127.0.0.1/32"]})
