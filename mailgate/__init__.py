"""Email gateway: moves by plain email, applied through the move service.

Inbound mail is read from a real mailbox (IMAP) or an SMTP/LMTP listener,
parsed, and handed to :mod:`cc.services`; replies go out only after the
commit. Built out under its own issue; nothing here holds a rule of play.
"""
