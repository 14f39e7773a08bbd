import pytest

from hookline.signing import SignatureError, parse_header, sign_payload, verify_signature

BODY = b'{"data":{"order":42},"type":"order.paid"}'


def test_sign_and_verify_round_trip():
    header = sign_payload(BODY, "s3cret", 1_700_000_000)
    verify_signature(BODY, header, "s3cret", now=1_700_000_010)


def test_header_format():
    timestamp, digest = parse_header(sign_payload(BODY, "s3cret", 1_700_000_000))
    assert timestamp == 1_700_000_000
    assert len(digest) == 64


def test_tampered_body_is_rejected():
    header = sign_payload(BODY, "s3cret", 1_700_000_000)
    with pytest.raises(SignatureError, match="does not match"):
        verify_signature(BODY.replace(b"42", b"43"), header, "s3cret", now=1_700_000_000)


def test_wrong_secret_is_rejected():
    header = sign_payload(BODY, "s3cret", 1_700_000_000)
    with pytest.raises(SignatureError):
        verify_signature(BODY, header, "other", now=1_700_000_000)


def test_stale_signature_is_rejected():
    header = sign_payload(BODY, "s3cret", 1_700_000_000)
    with pytest.raises(SignatureError, match="tolerance"):
        verify_signature(BODY, header, "s3cret", now=1_700_000_000 + 301)


@pytest.mark.parametrize("header", ["", "t=abc,v1=00", "v1=00", "t=1"])
def test_malformed_header(header):
    with pytest.raises(SignatureError, match="malformed"):
        parse_header(header)
