"""supabase-py through the stack's gateway, by phone: a code by text message (the stack's SMS capture)
signs a new number in, and a resend replaces the code of a phone sign-up — as a Python user of
Supabase calls it (`sign_in_with_otp`, `verify_otp`, `sign_up`, `resend`)."""

from __future__ import annotations

import os
import time
from contextlib import contextmanager

import httpx
import pytest
from supabase import AuthApiError, ClientOptions, create_client

from . import sms_inbox

PASSWORD = "correct-horse-42"


@contextmanager
def _client():
    with httpx.Client(timeout=10) as http:
        yield create_client(
            os.environ["TOOLKIT_PUBLIC_URL"],
            os.environ["TOOLKIT_ANON_KEY"],
            options=ClientOptions(httpx_client=http, auto_refresh_token=False),
        )


def test_a_code_by_text_signs_a_phone_in():
    phone = sms_inbox.new_phone()
    with _client() as client:
        client.auth.sign_in_with_otp({"phone": phone})
        code = sms_inbox.last_code(phone)
        with pytest.raises(AuthApiError) as wrong:
            client.auth.verify_otp({"phone": phone, "token": "000000" if code != "000000" else "111111", "type": "sms"})
        assert (wrong.value.status, wrong.value.code) == (403, "otp_expired")
        signed_in = client.auth.verify_otp({"phone": phone, "token": code, "type": "sms"})
        assert signed_in.session is not None and signed_in.user.phone == phone.lstrip("+")
        assert client.auth.get_user().user.phone_confirmed_at is not None


def test_resend_sends_a_new_code_and_only_that_one_confirms():
    phone = sms_inbox.new_phone()
    with _client() as client:
        signed_up = client.auth.sign_up({"phone": phone, "password": PASSWORD})
        assert signed_up.session is None
        first = sms_inbox.last_code(phone)
        time.sleep(1.1)  # the test stack's GOTRUE_SMS_MAX_FREQUENCY (1s) between two codes
        client.auth.resend({"type": "sms", "phone": phone})
        assert len(sms_inbox.messages_to(phone)) == 2
        second = sms_inbox.last_code(phone)
        if first != second:
            with pytest.raises(AuthApiError) as old:
                client.auth.verify_otp({"phone": phone, "token": first, "type": "sms"})
            assert old.value.code == "otp_expired"
        assert client.auth.verify_otp({"phone": phone, "token": second, "type": "sms"}).session is not None
        session = client.auth.sign_in_with_password({"phone": phone, "password": PASSWORD}).session
        assert session.user.phone == phone.lstrip("+")
