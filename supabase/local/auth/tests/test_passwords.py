"""bcrypt hashes both ways with the official server (`$2a$10$`), and its password-strength rules,
messages and reasons (internal/api/password.go): lengths in UTF-8 bytes, sets joined with ", "."""

from __future__ import annotations

import dataclasses

import bcrypt
import pytest

from local_auth.config import _required_characters, load_settings
from local_auth.errors import AuthError
from local_auth.passwords import check_password, check_strength, hash_password

# Written by the official server (Go's bcrypt) at sign-up, read from its auth.users.
GO_HASHES = [
    ("correct-horse-1", "$2a$10$JrxGlEJUwYiHJHMhAVs8EOwAGZal7JfDHK/D95utHrw3bRO6v9LPa"),
    ("ééé", "$2a$10$ZtpDTBVfU9ntgzkeJSnT3.QKL8gkPoV3YelgLn4o0Rtx83p.1Qav."),
]
LOWER, UPPER, DIGITS = "abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789"


def settings(min_length: int = 6, required: str = ""):
    return dataclasses.replace(
        load_settings(), password_min_length=min_length, password_required_characters=_required_characters(required)
    )


def weakness(s, password: str) -> AuthError:
    with pytest.raises(AuthError) as caught:
        check_strength(s, password)
    return caught.value


def test_hashes_are_go_style_2a_cost_10_and_plain_bcrypt_reads_them():
    hashed = hash_password("correct-horse-1")
    assert hashed.startswith("$2a$10$") and len(hashed) == 60
    assert bcrypt.checkpw(b"correct-horse-1", hashed.encode())
    assert not bcrypt.checkpw(b"correct-horse-2", hashed.encode())
    assert hash_password("correct-horse-1") != hashed  # a new salt each time


@pytest.mark.parametrize("password, hashed", GO_HASHES, ids=["ascii", "accented"])
def test_hashes_made_by_the_official_server_verify(password, hashed):
    assert check_password(password, hashed)
    assert not check_password(password + "x", hashed)


@pytest.mark.parametrize("hashed", [None, "", "plain-text", "$2a$10$short", "$argon2id$v=19$m=65536"])
def test_missing_or_foreign_hashes_never_match(hashed):
    assert not check_password("anything", hashed)


def test_a_password_longer_than_bcrypts_limit_never_matches():
    assert not check_password("x" * 73, hash_password("x" * 72))


def test_short_password_message_and_reason():
    err = weakness(settings(8), "1234567")
    assert (err.status, err.error_code) == (422, "weak_password")
    assert err.msg == "Password should be at least 8 characters."
    assert err.extra == {"weak_password": {"reasons": ["length"]}}


def test_default_minimum_is_six():
    assert weakness(settings(), "12345").msg == "Password should be at least 6 characters."
    check_strength(settings(), "123456")


def test_lengths_are_counted_in_bytes_like_upstream():
    check_strength(settings(6), "ééé")  # 3 characters, 6 bytes: long enough upstream
    err = weakness(settings(6), "é" * 37)  # 74 bytes
    assert (err.status, err.error_code) == (400, "validation_failed")
    assert err.msg == "Password cannot be longer than 72 characters"


def test_over_72_bytes_is_a_validation_error_not_weak():
    err = weakness(settings(), "x" * 73)
    assert (err.status, err.error_code, "weak_password" in err.extra) == (400, "validation_failed", False)
    check_strength(settings(), "x" * 72)


def test_missing_character_sets_list_every_set():
    err = weakness(settings(6, f"{LOWER}:{UPPER}:{DIGITS}"), "abcdefgh")
    assert err.msg == f"Password should contain at least one character of each: {LOWER}, {UPPER}, {DIGITS}."
    assert err.extra == {"weak_password": {"reasons": ["characters"]}}
    check_strength(settings(6, f"{LOWER}:{UPPER}:{DIGITS}"), "abcdeF1")


def test_both_reasons_in_upstreams_order_joined_with_a_space():
    err = weakness(settings(10, f"{DIGITS}:!@#"), "abc")
    assert err.extra == {"weak_password": {"reasons": ["length", "characters"]}}
    assert err.msg == (
        "Password should be at least 10 characters. "
        f"Password should contain at least one character of each: {DIGITS}, !@#."
    )


def test_an_escaped_colon_is_a_required_character():
    s = settings(6, "a\\:b:0123456789")
    assert s.password_required_characters == ["a:b", "0123456789"]
    check_strength(s, "::::::1")
    assert weakness(s, "zzzzzz1").extra["weak_password"]["reasons"] == ["characters"]
