"""Guards of the public door (issue 13): who may name a conversation, how much a caller may send and
how often, the headers of HTML pages, and the back-off on wrong clerk tokens.

    settings.py                SecuritySettings (environment variables, README "Configuration")
    conversation_signature.py  the action server signs the conversation of a pre-application
    limits.py                  per-IP and per-sender rate limits (the `limits` library; memory or Redis)
    middleware.py              request body size limit, security headers
    lockout.py                 back-off after repeated wrong clerk tokens
"""
