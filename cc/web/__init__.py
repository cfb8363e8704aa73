"""The web doors: pages and the JSON API, both over :mod:`cc.app.services`."""
