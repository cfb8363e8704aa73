"""The email door: moves and requests by plain email, answers and notices by mail.

Inbound mail is read from a real mailbox (:mod:`mailgate.imap`) or an
SMTP/LMTP listener (:mod:`mailgate.listener`), parsed (:mod:`mailgate.letters`,
:mod:`mailgate.content`) and handed to :mod:`mailgate.gateway`, which calls
the services as every door does. What the services notify is put into words
by :mod:`mailgate.notices`; everything the gateway writes is queued by
:mod:`mailgate.outgoing` in the transaction of its change and sent after the
commit by :mod:`mailgate.sender`. Nothing here holds a rule of play.
"""
