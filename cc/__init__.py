"""Correspondence chess server.

Every door (web pages, JSON API, email gateway, Xfcc, the daily run, the
console) calls the services facade of :mod:`cc.app.services`, over the
domain packages where the rules live (``cc/games``, ``cc/clock``,
``cc/cases``, ...); no rule of play lives anywhere else. The map:
docs/architecture.md.
"""

__version__ = "0.1.0"
