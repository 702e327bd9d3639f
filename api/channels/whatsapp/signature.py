"""Meta signs every webhook POST: X-Hub-Signature-256 = "sha256=" + HMAC-SHA256(app secret, raw body)."""

import hashlib
import hmac

__all__ = ["signature_is_valid"]

_PREFIX = "sha256="


def signature_is_valid(body: bytes, header: str | None, app_secret: str) -> bool:
    """True only for the exact signature of these bytes; compared in constant time."""
    if not header or not header.startswith(_PREFIX) or not app_secret:
        return False
    expected = hmac.new(app_secret.encode("utf-8"), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected.encode("ascii"), header[len(_PREFIX):].strip().lower().encode("ascii", "replace"))
