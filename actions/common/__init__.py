"""What every action needs, and that knows nothing of questions or permits: the turn (conversation),
the word catalogues (i18n), language detection, citation links, money formatting, settings."""
