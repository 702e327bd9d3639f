"""Test helpers shared by the unit and end-to-end suites, kept out of the production packages:

- `permit_conversation`: drives the permit form the way Rasa would, without Rasa;
- `channel_fakes`: fake Rasa, Telegram Bot API and WhatsApp Cloud API servers, update/event factories;
- `devstack`: starts Rasa, the action server and the API on free ports (e2e tests, scripts/bench.py).
"""
