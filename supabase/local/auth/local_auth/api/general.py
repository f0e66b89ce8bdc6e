"""GET /health, GET /settings, GET /.well-known/jwks.json."""
from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from .. import db

bp = Blueprint("general", __name__)

# Every provider upstream lists in /settings; none can be enabled offline except e-mail (and phone,
# which needs an SMS provider we do not have).
PROVIDERS = ("anonymous_users", "apple", "azure", "bitbucket", "discord", "facebook", "snapchat", "figma",
             "fly", "github", "gitlab", "google", "keycloak", "kakao", "linkedin", "linkedin_oidc",
             "notion", "spotify", "slack", "slack_oidc", "workos", "twitch", "twitter", "email", "phone",
             "zoom")


@bp.get("/health")
def health():
    with db.transaction() as conn:
        conn.execute("select 1")
    return jsonify({"version": "v2.186.0", "name": "GoTrue",
                    "description": "GoTrue is a user registration and authentication API"})


@bp.get("/settings")
def settings():
    cfg = current_app.config["AUTH_SETTINGS"]
    external = {name: False for name in PROVIDERS}
    external["email"] = cfg.email_enabled
    external["phone"] = cfg.phone_enabled
    return jsonify({"external": external, "disable_signup": cfg.disable_signup,
                    "mailer_autoconfirm": cfg.autoconfirm, "phone_autoconfirm": False,
                    "sms_provider": "", "saml_enabled": False})


@bp.get("/.well-known/jwks.json")
def jwks():
    response = jsonify(current_app.config["AUTH_KEYS"].public_jwks())
    response.headers["Cache-Control"] = "public, max-age=600"
    return response
