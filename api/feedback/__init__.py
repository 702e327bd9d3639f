"""Feedback on answers and the answer log (issue 14): stored by the API, read by /clerk/insights."""

from api.feedback.answers import COMMENT_LIMIT, AnswerLog, answer_traits, conversation_hash, masked
from api.feedback.store import answer_log_for

__all__ = ["COMMENT_LIMIT", "AnswerLog", "answer_log_for", "answer_traits", "conversation_hash", "masked"]
