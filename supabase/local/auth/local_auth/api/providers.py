"""What cannot run here answers as upstream answers when it is switched off.

An SMS provider, a SAML identity provider, OAuth/OIDC providers on the internet and web3 wallets are
out of reach of this machine, so whatever GOTRUE_EXTERNAL_*_ENABLED, GOTRUE_SAML_ENABLED or
GOTRUE_EXTERNAL_WEB3_* say, /settings reports them off and their endpoints give the official
"disabled" errors (read from v2.186.0's internal/api/settings.go, middleware.go requireSAMLEnabled,
web3.go, otp.go, signup.go, token.go, external.go). A configuration that asks for them is logged at
start. Switches of what does run here (e-mail, anonymous sign-ins, sign-up, autoconfirm) are reported
as configured."""

from __future__ import annotations

from typing import NoReturn

from flask import Blueprint, Response, jsonify
from flask.blueprints import BlueprintSetupState

from ..config import current_settings
from ..errors import AuthError, not_found, unprocessable
from ..ratelimit import limit

bp = Blueprint("providers", __name__)

# Every provider upstream lists in /settings, in its order.
SETTINGS_PROVIDERS = (
    "anonymous_users",
    "apple",
    "azure",
    "bitbucket",
    "discord",
    "facebook",
    "snapchat",
    "figma",
    "fly",
    "github",
    "gitlab",
    "google",
    "keycloak",
    "kakao",
    "linkedin",
    "linkedin_oidc",
    "notion",
    "spotify",
    "slack",
    "slack_oidc",
    "workos",
    "twitch",
    "twitter",
    "email",
    "phone",
    "zoom",
)


@bp.record_once
def _warn_about_unavailable(state: BlueprintSetupState) -> None:
    app = state.app
    for name in app.config["AUTH_SETTINGS"].unavailable:
        app.logger.warning(
            "%s=true is ignored: it needs a service this local Auth cannot reach; its endpoints"
            " answer as upstream does when it is off",
            name,
        )


@bp.get("/settings")
def settings() -> Response:
    cfg = current_settings()
    external = dict.fromkeys(SETTINGS_PROVIDERS, False)
    external["anonymous_users"] = cfg.anonymous_users_enabled
    external["email"] = cfg.email_enabled
    external["phone"] = cfg.sms.configured
    # passkeys_enabled: from v2.188.0 on, as the passkey endpoints themselves.
    return jsonify(
        {
            "external": external,
            "disable_signup": cfg.disable_signup,
            "mailer_autoconfirm": cfg.autoconfirm,
            "phone_autoconfirm": cfg.sms.configured and cfg.sms.autoconfirm,
            "sms_provider": cfg.sms.provider if cfg.sms.configured else "",
            "saml_enabled": False,
            "passkeys_enabled": cfg.passkey.enabled,
        }
    )


def _saml_disabled() -> AuthError:
    # Upstream's requireSAMLEnabled guards the whole /sso route before anything else.
    return not_found("saml_provider_disabled", "SAML 2.0 is disabled")


@bp.post("/sso")
def single_sign_on() -> NoReturn:
    raise _saml_disabled()


@bp.get("/sso/saml/metadata")
def saml_metadata() -> NoReturn:
    raise _saml_disabled()


@bp.post("/sso/saml/acs")
def saml_acs() -> NoReturn:
    raise _saml_disabled()


def web3_grant() -> None:
    """POST /token?grant_type=web3 (token.py): its own limiter, then disabled."""
    limit("web3")
    raise unprocessable("web3_provider_disabled", "Web3 provider is disabled")
