"""What a pre-application is, independent of who sends or stores it.

- `documents`: the taxpayer numbers (CPF, CNPJ, NIF) and their check digits;
- `catalogue`: which permit kinds a jurisdiction issues (asked of the rules module);
- `contract`: `PreapplicationCreate`, the body the chat's permit form sends and the API validates.

Both actions/ (the sender) and api/ (the receiver) import this package; it imports neither, so the
action server never loads the API's storage or settings to speak the same schema.
"""
