"""Texts in the users' languages: Russian and English for every page, mail and console line."""
