"""SMS: the official GOTRUE_SMS_* variables and defaults (v2.186.0's SmsProviderConfiguration and
ApplyDefaults). Only the Twilio provider is built. LOCAL_AUTH_SMS_TWILIO_URL (ours, like
LOCAL_AUTH_THREADS) points it at another Twilio-compatible base URL: the stack's SMS capture
(scripts/stack/sms_capture.py) in development and tests; unset, it is Twilio's own."""

from __future__ import annotations

from dataclasses import dataclass

from .config_env import env_bool, env_duration, env_int, env_str

TWILIO_API_BASE = "https://api.twilio.com"


@dataclass(frozen=True)
class SmsSettings:
    phone_enabled: bool  # GOTRUE_EXTERNAL_PHONE_ENABLED
    provider: str
    autoconfirm: bool
    max_frequency: float  # seconds between two codes to one number
    otp_exp: int  # seconds
    otp_length: int
    template: str
    twilio_account_sid: str
    twilio_auth_token: str
    twilio_message_service_sid: str
    twilio_url: str

    @property
    def configured(self) -> bool:
        """Phone sign-ups are on and a provider this server can send through is complete."""
        return (
            self.phone_enabled
            and self.provider == "twilio"
            and bool(self.twilio_account_sid and self.twilio_auth_token and self.twilio_message_service_sid)
        )


def load_sms_settings() -> SmsSettings:
    length = env_int("GOTRUE_SMS_OTP_LENGTH", 6)
    return SmsSettings(
        phone_enabled=env_bool("GOTRUE_EXTERNAL_PHONE_ENABLED", False),
        provider=env_str("GOTRUE_SMS_PROVIDER"),
        autoconfirm=env_bool("GOTRUE_SMS_AUTOCONFIRM", False),
        max_frequency=env_duration("GOTRUE_SMS_MAX_FREQUENCY", 60.0) or 60.0,
        otp_exp=env_int("GOTRUE_SMS_OTP_EXP", 60) or 60,
        otp_length=length if 6 <= length <= 10 else 6,
        template=env_str("GOTRUE_SMS_TEMPLATE") or "Your code is {{ .Code }}",
        twilio_account_sid=env_str("GOTRUE_SMS_TWILIO_ACCOUNT_SID"),
        twilio_auth_token=env_str("GOTRUE_SMS_TWILIO_AUTH_TOKEN"),
        twilio_message_service_sid=env_str("GOTRUE_SMS_TWILIO_MESSAGE_SERVICE_SID"),
        twilio_url=(env_str("LOCAL_AUTH_SMS_TWILIO_URL") or TWILIO_API_BASE).rstrip("/"),
    )
