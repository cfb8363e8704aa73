"""Xfcc: the SOAP 1.1 web service correspondence programs speak (ChessBase,
Fritz, Scid, Arena, Chess Assistant, Lucas Chess).

:mod:`cc.xfcc.soap` reads requests and writes answers and the WSDL, with no
I/O; :mod:`cc.xfcc.service` maps the two calls onto the application
services, as every door calls them; the route in :mod:`cc.web.xfcc` joins
them over HTTP.
"""
