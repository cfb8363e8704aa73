"""Is the message really from the address in its From: line?

A reply token in a subject is no secret once mail is forwarded or quoted,
and anyone can write a player's address in From:. What vouches for the
sender is their domain's own authentication, aligned with the From domain
(DMARC, RFC 7489), as the site's receiving server recorded it in an
``Authentication-Results`` header (RFC 8601) or as the gateway verifies it
itself (DKIM, RFC 6376) where the site runs no filtering mail server.

Rules of evidence:

* a *pass* is believed only from a header of the site's own receiving
  server, named by its authserv-id in the settings, or from a DKIM
  signature the gateway verified itself with a domain aligned with From;
* a *fail* is believed from the topmost ``Authentication-Results`` header
  whatever its authserv-id, when none is configured: a forger gains nothing
  by writing that their own message failed, and the topmost header is the
  one the last receiving server (the site's mailbox) wrote;
* no evidence is *none*; the policy says what *none* means.

The check reads the raw message and DNS through a function passed in (the
tests give the answers), writes nothing and never raises.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable
from dataclasses import dataclass
from email import policy
from email.message import Message
from email.parser import BytesHeaderParser
from email.utils import parseaddr

import authres
import dkim

log = logging.getLogger(__name__)

#: a DNS TXT lookup: the name (bytes, no trailing dot) to the record or None
TxtLookup = Callable[..., bytes | str | None]


class Verdict(enum.StrEnum):
    #: the sender's domain vouches for the message, aligned with From
    PASS = "pass"
    #: the sender's domain says the message is not theirs
    FAIL = "fail"
    #: nothing either way
    NONE = "none"


class SenderPolicy(enum.StrEnum):
    """What the gateway does with each verdict (a site setting)."""

    #: hold what fails; take a message with no evidence (the default)
    FAIL = "fail"
    #: hold everything without an aligned pass
    PASS = "pass"
    #: check nothing
    OFF = "off"

    def holds(self, verdict: Verdict) -> bool:
        """Whether a message with ``verdict`` is held for the arbiter.

        >>> SenderPolicy.FAIL.holds(Verdict.NONE), SenderPolicy.PASS.holds(Verdict.NONE)
        (False, True)
        """
        if self is SenderPolicy.OFF:
            return False
        if self is SenderPolicy.PASS:
            return verdict is not Verdict.PASS
        return verdict is Verdict.FAIL


@dataclass(frozen=True)
class SenderCheck:
    """The verdict on one message's sender, and the evidence for it."""

    verdict: Verdict
    #: what was found, for the arbiter and the office: "dmarc=fail (mx.example.org)"
    evidence: str


@dataclass(frozen=True)
class AuthSettings:
    """How the site checks senders (see the README's "Trusted senders")."""

    policy: SenderPolicy = SenderPolicy.FAIL
    #: the authserv-id of the site's own receiving server, whose
    #: Authentication-Results are believed ("" : none is believed for a pass)
    authserv_id: str = ""
    #: verify DKIM signatures and look up DMARC records here
    verify_dkim: bool = False


def _headers(raw: bytes) -> Message:
    """The message's header, read once for every check (its body is not
    parsed: nothing here reads it)."""
    return BytesHeaderParser(policy=policy.compat32).parsebytes(raw)


def _author(message: Message) -> str:
    """The domain of the From: address, lower-cased ('' when there is none).

    >>> _author(_headers(b"From: Ivan <Ivan@Mail.Example.ORG>\\r\\n\\r\\nx"))
    'mail.example.org'
    """
    address = parseaddr(str(message.get("From", "")))[1]
    return address.rpartition("@")[2].strip().lower().rstrip(".")


def organizational(domain: str) -> str:
    """The registrable part of a domain, for relaxed alignment (RFC 7489 3.2),
    by the last two labels (three under a two-letter country code with a
    short second-level label, as ``mail.co.uk`` or ``example.com.ru``).

    >>> organizational("mx.mail.example.org"), organizational("a.example.co.uk")
    ('example.org', 'example.co.uk')
    """
    labels = [label for label in domain.lower().split(".") if label]
    if len(labels) >= 3 and len(labels[-1]) == 2 and len(labels[-2]) <= 3:
        return ".".join(labels[-3:])
    return ".".join(labels[-2:])


def aligned(signer: str, author: str) -> bool:
    """Relaxed alignment: the same organisational domain.

    >>> aligned("example.org", "mail.example.org"), aligned("evil.test", "example.org")
    (True, False)
    """
    return bool(signer) and organizational(signer) == organizational(author)


def check_sender(raw: bytes, settings: AuthSettings, dns: TxtLookup | None = None) -> SenderCheck:
    """The verdict on ``raw``'s sender under ``settings``; never raises."""
    if settings.policy is SenderPolicy.OFF:
        return SenderCheck(Verdict.NONE, "not checked")
    try:
        message = _headers(raw)
        author = _author(message)
    except Exception as exc:
        log.info("header unreadable: %s", exc)
        message, author = Message(), ""
    try:
        found = _from_headers(message, settings.authserv_id, author)
    except Exception as exc:  # a malformed header is no evidence
        log.info("Authentication-Results unreadable: %s", exc)
        found = None
    if found is not None and (found.verdict is Verdict.FAIL or not settings.verify_dkim):
        return found
    if settings.verify_dkim:
        try:
            own = _verify(raw, author, dns)
        except Exception as exc:
            log.info("DKIM verification failed to run: %s", exc)
            own = SenderCheck(Verdict.NONE, f"dkim: {type(exc).__name__}")
        if own.verdict is Verdict.PASS or found is None:
            return own
    return found or SenderCheck(Verdict.NONE, "no authentication results")


def _from_headers(message: Message, authserv_id: str, author: str) -> SenderCheck | None:
    """The verdict of the trusted (or topmost) Authentication-Results."""
    headers = [str(v) for v in message.get_all("Authentication-Results", [])]
    trusted = [
        parsed
        for parsed in (_parse(h) for h in headers)
        if parsed is not None
        and (not authserv_id or parsed.authserv_id.lower() == authserv_id.lower())
    ]
    if not trusted:
        return None
    # The receiving server prepends its header: the topmost is the latest.
    header = trusted[0]
    where = header.authserv_id
    results = {r.method.lower(): r for r in header.results}
    dmarc = results.get("dmarc")
    if dmarc is not None:
        verdict = _dmarc_verdict(dmarc.result)
        if verdict is Verdict.PASS and not authserv_id:
            verdict = Verdict.NONE  # a pass is believed only from our own server
        return SenderCheck(verdict, f"dmarc={dmarc.result.lower()} ({where})")
    # No DMARC evaluated: an aligned DKIM pass still vouches for the sender.
    for result in header.results:
        if result.method.lower() == "dkim" and result.result.lower() == "pass":
            signer = _prop(result, "header", "d") or _prop(result, "header", "i").rpartition("@")[2]
            if authserv_id and aligned(signer, author):
                return SenderCheck(Verdict.PASS, f"dkim=pass header.d={signer} ({where})")
    return SenderCheck(Verdict.NONE, f"no dmarc result ({where})")


def _parse(value: str) -> authres.AuthenticationResultsHeader | None:
    try:
        return authres.AuthenticationResultsHeader.parse_value(" ".join(value.split()))
    except Exception:
        return None


def _prop(result: authres.AuthenticationResult, kind: str, name: str) -> str:
    for prop in result.properties:
        if prop.type.lower() == kind and prop.name.lower() == name:
            return str(prop.value).lower()
    return ""


def _dmarc_verdict(result: str) -> Verdict:
    result = result.lower()
    if result == "pass":
        return Verdict.PASS
    if result == "fail":
        return Verdict.FAIL
    return Verdict.NONE  # none, temperror, permerror


def _verify(raw: bytes, author: str, dns: TxtLookup | None) -> SenderCheck:
    """DKIM verified here, aligned with From, and the domain's DMARC record."""
    lookup: TxtLookup = dns or _system_txt
    signers = _signers(raw)
    for index, signer in enumerate(signers):
        if not aligned(signer, author):
            continue
        try:
            verified = dkim.DKIM(raw).verify(idx=index, dnsfunc=lookup)
        except dkim.DKIMException as exc:  # a broken or altered signature
            log.info("DKIM signature %d of %s does not verify: %s", index, signer, exc)
            verified = False
        if verified:
            return SenderCheck(Verdict.PASS, f"dkim=pass header.d={signer} (verified here)")
    record = _dmarc_record(author, lookup)
    said = ", ".join(f"d={s}" for s in signers) or "no signature"
    if record is None:
        return SenderCheck(Verdict.NONE, f"no aligned dkim pass ({said}); no dmarc record")
    return SenderCheck(
        Verdict.FAIL, f"dmarc=fail: no aligned dkim pass ({said}); {author} publishes {record}"
    )


def _signers(raw: bytes) -> list[str]:
    """The d= domain of each DKIM-Signature, in the order dkimpy indexes them."""
    message = _headers(raw)
    signers = []
    for value in message.get_all("DKIM-Signature", []):
        tags = dict(
            part.strip().split("=", 1) for part in str(value).split(";") if "=" in part.strip()
        )
        signers.append(" ".join(tags.get("d", "").split()).lower())
    return signers


def _dmarc_record(domain: str, lookup: TxtLookup) -> str | None:
    """The DMARC policy the From domain (or its organisational domain) publishes."""
    for name in dict.fromkeys((domain, organizational(domain))):
        if not name:
            continue
        try:
            answer = lookup(f"_dmarc.{name}".encode())
        except Exception:
            answer = None
        if isinstance(answer, bytes):
            answer = answer.decode("ascii", errors="replace")
        if answer and answer.strip().lower().startswith("v=dmarc1"):
            fields = [f.strip() for f in answer.split(";")]
            return next((f for f in fields if f.lower().startswith("p=")), "p=none")
    return None


def _system_txt(name: bytes, timeout: int = 5) -> bytes | None:
    """DNS through the system's resolver (dnspython), as dkimpy does."""
    result: bytes | None = dkim.dnsplug.get_txt(name, timeout=timeout)
    return result
