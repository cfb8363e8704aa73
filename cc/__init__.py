"""Correspondence chess server.

Every door (web pages, JSON API, email gateway, Xfcc, the daily run, the
admin CLI) calls the application services in :mod:`cc.services`; no rule of
play lives anywhere else.
"""

__version__ = "0.1.0"
