"""The private access code a citizen gets with their protocol, and how it is kept (as a hash only).

A code is 12 characters of Crockford's base 32 (look-alikes read as the same symbol), shown as
"7K2M-9QXD-4T0B": 60 bits, read aloud or typed on a phone without mistakes. It is stored as an
scrypt hash with its own salt, so a copy of the database does not reveal it.

A submission made with an Idempotency-Key gets a code derived from the key and the server secret,
so that a retry (the first answer lost on a bad mobile connection) is answered with the same code,
although the code itself was never stored.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

__all__ = ["derive_access_code", "hash_access_code", "new_access_code", "normalise_access_code", "verify_access_code"]

# Crockford's base 32: no I, L, O or U; a typed O counts as 0 and I or L as 1.
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_LOOK_ALIKES = str.maketrans({"O": "0", "I": "1", "L": "1"})
_LENGTH = 12
# scrypt cost: ~20 ms and 8 MiB per check; the code's 60 bits of entropy do the real work.
_N, _R, _P = 2**13, 8, 1


def _format(symbols: str) -> str:
    return "-".join(symbols[i : i + 4] for i in range(0, _LENGTH, 4))


def new_access_code() -> str:
    return _format("".join(secrets.choice(_ALPHABET) for _ in range(_LENGTH)))


def derive_access_code(secret_key: str, idempotency_key_hash: str) -> str:
    digest = hmac.new(secret_key.encode(), b"access-code\x00" + idempotency_key_hash.encode(), hashlib.sha256).digest()
    number = int.from_bytes(digest, "big")
    symbols = []
    for _ in range(_LENGTH):
        number, index = divmod(number, len(_ALPHABET))
        symbols.append(_ALPHABET[index])
    return _format("".join(symbols))


def normalise_access_code(code: str) -> str:
    return "".join(ch for ch in code.upper() if ch.isalnum()).translate(_LOOK_ALIKES)


def hash_access_code(code: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(normalise_access_code(code).encode(), salt=salt, n=_N, r=_R, p=_P, dklen=32)
    encode = base64.urlsafe_b64encode
    return f"scrypt${_N}${_R}${_P}${encode(salt).decode()}${encode(digest).decode()}"


def verify_access_code(code: str, stored: str) -> bool:
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
    except ValueError:
        return False
    if scheme != "scrypt":
        return False
    candidate = hashlib.scrypt(
        normalise_access_code(code).encode(),
        salt=base64.urlsafe_b64decode(salt),
        n=int(n),
        r=int(r),
        p=int(p),
        dklen=32,
    )
    return hmac.compare_digest(candidate, base64.urlsafe_b64decode(digest))
