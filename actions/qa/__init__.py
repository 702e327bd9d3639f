"""Questions about the rules: the subject of a question (town, activity, topic), the rules' answer
(action_answer), the law search behind it and as fallback, a shared location, the competent office,
small talk. Uses actions.common and knowledge; never the permit form."""
