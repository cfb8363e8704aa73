"""Is the message really from the address in its From: line?

A reply token in a subject is no secret once mail is forwarded or quoted,
and anyone can write a player's address in From:. What vouches for the
sender is their domain's own authentication, aligned with the From domain
(DMARC, RFC 7489), as the site's receiving server recorded it in an
``Authentication-Results`` header (RFC 8601) or as the gateway verifies it
itself where the site runs no filtering mail server: DKIM (RFC 6376), and
SPF (RFC 7208) of the messages its SMTP listener takes, which knows the
connecting client's address, its HELO name and the MAIL FROM address.

Rules of evidence:

* a *pass* is believed only from a header of the site's own receiving
  server, named by its authserv-id in the settings, or from what the
  gateway verified itself: a DKIM signature, or an SPF pass of its own
  listener (written in the topmost header, under the site's own
  authserv-id), with a domain aligned with From;
* a *fail* is believed from the topmost ``Authentication-Results`` header
  whatever its authserv-id, when none is configured: a forger gains nothing
  by writing that their own message failed, and the topmost header is the
  one the last receiving server (the site's mailbox) wrote;
* no evidence is *none*; the policy says what *none* means. A DNS failure
  (a timeout, SERVFAIL) is no evidence: SPF's *temperror*, never a pass.

The check reads the raw message and DNS through a function passed in (the
tests give the answers), writes nothing and never raises; so does the
listener's SPF check (:func:`stamp`), which only adds its header.
"""

from __future__ import annotations

import contextvars
import enum
import logging
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from email import policy
from email.message import Message
from email.parser import BytesHeaderParser
from email.utils import parseaddr

import authres
import dkim
import dns.resolver
import spf

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
    #: verify DKIM signatures, check SPF (in the SMTP listener) and look up
    #: DMARC records here
    verify_dkim: bool = False
    #: the authserv-id the gateway writes its own results under (the site's
    #: mail domain); a header under it is believed only where the listener
    #: wrote it, having removed any the message came with
    own_id: str = ""


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


def aligned(signer: str, author: str, *, strict: bool = False) -> bool:
    """Relaxed alignment: the same organisational domain; strict: the same
    domain (a DMARC record's ``adkim=s`` or ``aspf=s``).

    >>> aligned("example.org", "mail.example.org"), aligned("evil.test", "example.org")
    (True, False)
    >>> aligned("mail.example.org", "example.org", strict=True)
    False
    """
    if strict:
        return bool(signer) and signer.lower().rstrip(".") == author.lower().rstrip(".")
    return bool(signer) and organizational(signer) == organizational(author)


def check_sender(
    raw: bytes,
    settings: AuthSettings,
    dns: TxtLookup | None = None,
    *,
    spf_checked_here: bool = False,
) -> SenderCheck:
    """The verdict on ``raw``'s sender under ``settings``; never raises.

    ``spf_checked_here``: the message came through the gateway's SMTP
    listener, which checked SPF and wrote the topmost header under
    ``settings.own_id`` (see :func:`stamp`); that header is read for SPF
    where the gateway verifies DKIM itself, and is no other server's.
    """
    if settings.policy is SenderPolicy.OFF:
        return SenderCheck(Verdict.NONE, "not checked")
    try:
        message = _headers(raw)
        author = _author(message)
    except Exception as exc:
        log.info("header unreadable: %s", exc)
        message, author = Message(), ""
    headers = [str(v) for v in message.get_all("Authentication-Results", [])]
    own_spf = None
    if spf_checked_here and settings.verify_dkim and headers:
        own_spf = _own_spf(headers[0], settings.own_id)
        if own_spf is not None:
            headers = headers[1:]
    try:
        found = _from_headers(headers, settings.authserv_id, author)
    except Exception as exc:  # a malformed header is no evidence
        log.info("Authentication-Results unreadable: %s", exc)
        found = None
    if found is not None and (found.verdict is Verdict.FAIL or not settings.verify_dkim):
        return found
    if settings.verify_dkim:
        try:
            own = _verify(raw, author, dns, own_spf)
        except Exception as exc:
            log.info("DKIM verification failed to run: %s", exc)
            own = SenderCheck(Verdict.NONE, f"dkim: {type(exc).__name__}")
        # A header that found nothing either way does not outweigh what the
        # gateway found itself (anyone can write one that says nothing).
        if own.verdict is Verdict.PASS or found is None or found.verdict is Verdict.NONE:
            return own
    return found or SenderCheck(Verdict.NONE, "no authentication results")


def _from_headers(headers: list[str], authserv_id: str, author: str) -> SenderCheck | None:
    """The verdict of the trusted (or topmost) Authentication-Results."""
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


def _verify(
    raw: bytes, author: str, dns: TxtLookup | None, own_spf: SpfResult | None = None
) -> SenderCheck:
    """DKIM verified here, SPF checked by the listener, either aligned with
    From (RFC 7489 3.1), and the domain's DMARC record."""
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
    record, answered = _dmarc_record(author, lookup)
    said = "no aligned dkim pass (" + (", ".join(f"d={s}" for s in signers) or "no signature")
    said += ")"
    if own_spf is not None:
        # aspf=s asks for the same domain; where the record could not be
        # read, only a strict match is sure to satisfy it.
        strict = record.strict_spf if record is not None else not answered
        spf_aligned = aligned(own_spf.domain, author, strict=strict)
        if own_spf.result == "pass" and spf_aligned:
            return SenderCheck(Verdict.PASS, f"{own_spf} (verified here)")
        said += f", {own_spf}"
        if own_spf.result == "pass":
            said += f" not aligned with {author}" + (" (aspf=s)" if strict else "")
        elif own_spf.result == "temperror" and spf_aligned and record is not None:
            # The sender's DNS did not answer: no evidence either way.
            return SenderCheck(Verdict.NONE, f"dmarc=temperror: {said}")
    if record is None:
        return SenderCheck(Verdict.NONE, f"{said}; no dmarc record")
    return SenderCheck(Verdict.FAIL, f"dmarc=fail: {said}; {author} publishes {record.policy}")


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


@dataclass(frozen=True)
class DmarcRecord:
    """What the gateway reads of a domain's DMARC record."""

    #: as written: "p=reject"
    policy: str
    #: ``aspf=s``: SPF aligns only with the very From domain
    strict_spf: bool = False


def _dmarc_record(domain: str, lookup: TxtLookup) -> tuple[DmarcRecord | None, bool]:
    """The DMARC record the From domain (or its organisational domain)
    publishes, and whether DNS answered (False: a lookup failed, and no
    record was found)."""
    answered = True
    for name in dict.fromkeys((domain, organizational(domain))):
        if not name:
            continue
        try:
            answer = lookup(f"_dmarc.{name}".encode())
        except Exception:
            answer, answered = None, False
        if isinstance(answer, bytes):
            answer = answer.decode("ascii", errors="replace")
        if answer and answer.strip().lower().startswith("v=dmarc1"):
            fields = [f.strip() for f in answer.split(";")]
            policy = next((f for f in fields if f.lower().startswith("p=")), "p=none")
            strict = any(f.replace(" ", "").lower() == "aspf=s" for f in fields)
            return DmarcRecord(policy, strict), True
    return None, answered


def _system_txt(name: bytes, timeout: int = 5) -> bytes | None:
    """DNS through the system's resolver (dnspython), as dkimpy does."""
    result: bytes | None = dkim.dnsplug.get_txt(name, timeout=timeout)
    return result


# ----------------------------------------------------------------- SPF


@dataclass(frozen=True)
class Envelope:
    """What the SMTP session says of a message besides its bytes."""

    #: the connecting client's IP address
    peer: str
    #: the name it gave in HELO or EHLO
    helo: str
    #: the MAIL FROM address ("" for the null sender of a bounce)
    mail_from: str


@dataclass(frozen=True)
class SpfResult:
    """An SPF result (RFC 7208 2.6) for the identity DMARC reads."""

    #: pass, fail, softfail, neutral, none, temperror or permerror
    result: str
    #: "mailfrom", or "helo" when MAIL FROM is empty (RFC 7489 3.1.2)
    identity: str
    #: the MAIL FROM address, or the HELO name
    value: str

    @property
    def domain(self) -> str:
        """The domain DMARC aligns with From.

        >>> SpfResult("pass", "mailfrom", "Ivan@Mail.Example.org").domain
        'mail.example.org'
        """
        return self.value.rpartition("@")[2].lower().rstrip(".")

    def __str__(self) -> str:
        return f"spf={self.result} smtp.{self.identity}={self.value}"


#: the TXT lookup SPF asks in this context (None: the system's resolver)
_spf_txt: contextvars.ContextVar[TxtLookup | None] = contextvars.ContextVar("spf_txt", default=None)
#: DNS answers as pyspf reads them: ((name, type), value)
_Answers = list[tuple[tuple[str, str], object]]


def _spf_dns(name: str, qtype: str, strict: object = True, timeout: float = 20) -> _Answers:
    """pyspf's DNS: the TXT lookup passed in (the tests'; it answers TXT
    records only), or the system's resolver. Any failure is SPF's
    temperror (RFC 7208 2.6.6), never a pass."""
    lookup = _spf_txt.get()
    if lookup is None:
        return _resolve(name, qtype, timeout)
    if qtype != "TXT":
        return []
    try:
        answer = lookup(name.encode())
    except Exception as exc:
        raise spf.TempError(f"DNS {type(exc).__name__}: {exc}") from exc
    if answer is None:
        return []
    if isinstance(answer, str):
        answer = answer.encode()
    return [((name, "TXT"), [answer])]


def _resolve(name: str, qtype: str, timeout: float) -> _Answers:
    """A query to the system's resolver, in pyspf's form."""
    try:
        answers = dns.resolver.resolve(name, qtype, lifetime=timeout)
    except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
        return []
    except Exception as exc:  # a timeout, SERVFAIL (NoNameservers), no resolver
        raise spf.TempError(f"DNS {type(exc).__name__}: {exc}") from exc
    found: _Answers = []
    for rdata in answers:
        if qtype in ("A", "AAAA"):
            found.append(((name, qtype), rdata.address))
        elif qtype == "MX":
            found.append(((name, qtype), (rdata.preference, rdata.exchange.to_text(True))))
        elif qtype == "PTR":
            found.append(((name, qtype), rdata.target.to_text(True)))
        elif qtype in ("TXT", "SPF"):
            found.append(((name, qtype), list(rdata.strings)))
    return found


# pyspf asks its module's DNSLookup; this one answers from the lookup of the
# check in progress (a context variable: each check runs in a thread of its own).
spf.DNSLookup = _spf_dns


@contextmanager
def _spf_lookup(dns_txt: TxtLookup | None) -> Iterator[None]:
    token = _spf_txt.set(dns_txt)
    try:
        yield
    finally:
        _spf_txt.reset(token)


def check_spf(envelope: Envelope, dns: TxtLookup | None = None) -> SpfResult:
    """SPF (RFC 7208) of the identity DMARC reads: the MAIL FROM domain, or
    the HELO name for the null sender; never raises.

    >>> check_spf(Envelope("127.0.0.1", "", "")).result
    'none'
    """
    if envelope.mail_from:
        identity, value = "mailfrom", envelope.mail_from
    else:
        identity, value = "helo", envelope.helo
    found = SpfResult("none", identity, value)
    if not found.domain or found.domain.startswith("[") or "." not in found.domain:
        return found  # no domain to ask (an address literal, a bare name)
    try:
        with _spf_lookup(dns):
            result, _explanation = spf.check2(
                i=envelope.peer, s=envelope.mail_from, h=envelope.helo
            )
    except spf.TempError:
        result = "temperror"
    except Exception as exc:  # an unreadable client address, a broken record
        log.info("SPF of %s could not be checked: %s", value, exc)
        result = "permerror"
    return SpfResult(str(result).lower(), identity, value)


def spf_results(check: SpfResult, envelope: Envelope, own_id: str) -> str:
    """The Authentication-Results value (RFC 8601) that records ``check``."""
    result = authres.SPFAuthenticationResult(
        result=check.result,
        result_comment=f"client {envelope.peer}" if envelope.peer else None,
        smtp_mailfrom=envelope.mail_from or None,
        smtp_helo=envelope.helo or None,
    )
    header = authres.AuthenticationResultsHeader(authserv_id=own_id, results=[result])
    return str(header).partition(": ")[2]


def _own_spf(value: str, own_id: str) -> SpfResult | None:
    """The SPF result of the gateway's own header, or None if it is not one."""
    parsed = _parse(value)
    if parsed is None or not own_id or parsed.authserv_id.lower() != own_id.lower():
        return None
    for result in parsed.results:
        if result.method.lower() == "spf":
            mail_from = _prop(result, "smtp", "mailfrom")
            if mail_from:
                return SpfResult(result.result.lower(), "mailfrom", mail_from)
            return SpfResult(result.result.lower(), "helo", _prop(result, "smtp", "helo"))
    return None


_COMMENT = re.compile(r"\([^()]*\)")


def stamp(raw: bytes, envelope: Envelope, own_id: str, dns: TxtLookup | None = None) -> bytes:
    """``raw`` as the SMTP listener passes it on: SPF checked for its
    envelope and recorded on top in an ``Authentication-Results`` header
    under ``own_id``, any header under that authserv-id it came with
    removed (RFC 8601 5: the sender could have written one). Never raises:
    a message that cannot be stamped goes on unstamped."""
    try:
        value = spf_results(check_spf(envelope, dns), envelope, own_id)
        return _prepend(_without_own(raw, own_id), b"Authentication-Results: ", value)
    except Exception as exc:
        log.warning("SPF result not recorded: %s", exc)
        return _without_own(raw, own_id)


def _split(raw: bytes) -> tuple[list[bytes], bytes]:
    """The header's fields (each with its folded lines and line ending) and
    the rest (the blank line and the body)."""
    fields: list[bytes] = []
    lines = raw.split(b"\n")
    for index, line in enumerate(lines):
        whole = line + b"\n" if index < len(lines) - 1 else line
        if not line.rstrip(b"\r"):
            return fields, b"\n".join(lines[index:])
        if line[:1] in (b" ", b"\t") and fields:
            fields[-1] += whole
        else:
            fields.append(whole)
    return fields, b""


def _without_own(raw: bytes, own_id: str) -> bytes:
    """``raw`` without the Authentication-Results headers claiming ``own_id``.

    >>> _without_own(b"Authentication-Results: cc.test;\\n spf=pass\\nA: b\\n\\nx", "cc.test")
    b'A: b\\n\\nx'
    """
    fields, rest = _split(raw)
    kept = [field for field in fields if not _claims(field, own_id)]
    if len(kept) == len(fields):
        return raw
    return b"".join(kept) + rest


def _claims(field: bytes, own_id: str) -> bool:
    name, _, value = field.partition(b":")
    if name.strip().lower() != b"authentication-results":
        return False
    text = _COMMENT.sub(" ", " ".join(value.decode("utf-8", errors="replace").split()))
    return text.partition(";")[0].strip().lower() == own_id.lower()


def _prepend(raw: bytes, name: bytes, value: str) -> bytes:
    """``raw`` with a header field on top, in the message's own line ending."""
    newline = b"\r\n" if raw.partition(b"\n")[0].endswith(b"\r") else b"\n"
    return name + value.encode("utf-8", errors="replace") + newline + raw
