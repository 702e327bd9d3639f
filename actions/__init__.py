"""The custom actions of the Rasa bot, served by `python -m rasa_sdk --actions actions`
(scripts/serve.sh): rasa-sdk imports this package and every module below it, and registers each
`Action` subclass by its `name()` (the names bot/domain lists).

    common/   what every action needs: the turn (slots, language, replies), the word catalogues,
              language detection, citations, money, settings
    qa/       answering questions about the rules: action_answer, the law search fallback, location,
              contact, chitchat; reading the subject (town, activity, topic) of a question
    permits/  the pre-application form and the status of a case: the plan of questions, readers of
              answers, the application, the one client of the permits API

Imports go one way: permits → qa → common → knowledge (tests/test_architecture.py). The API is
reached over HTTP only; the body a submission carries is the contract in knowledge/permits/.
"""
