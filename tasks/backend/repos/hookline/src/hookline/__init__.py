"""hookline: signed webhook delivery with retries."""

from .dispatcher import DeliveryError, DeliveryResult, Dispatcher, Transport
from .events import Event, encode_body
from .retry import RetryPolicy
from .signing import SIGNATURE_HEADER, SignatureError, sign_payload, verify_signature
from .subscriptions import Registry, Subscription

__all__ = [
    "SIGNATURE_HEADER",
    "DeliveryError",
    "DeliveryResult",
    "Dispatcher",
    "Event",
    "Registry",
    "RetryPolicy",
    "SignatureError",
    "Subscription",
    "Transport",
    "encode_body",
    "sign_payload",
    "verify_signature",
]

__version__ = "0.3.0"
