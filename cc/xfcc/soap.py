"""The Xfcc wire format: SOAP 1.1 requests in, answers and the WSDL out.

Pure: bytes in, bytes out. Real clients are stricter than the standard, so
the answers are written the way ICCF's server writes them, byte for byte:
no whitespace, the service's namespace as the default namespace on the
``...Response`` element and unprefixed children (``<GetMyGamesResult>``,
``<XfccGame>``, ``<MakeAMoveResult>``), which clients match with regular
expressions. Requests are dispatched on the body's element, since some
clients send no SOAPAction header, and parsed with :mod:`defusedxml` (no
DTDs, no entities) after a size check.

A request is read in the encoding it declares (a byte order mark, the
``charset`` of its Content-Type, its XML declaration; UTF-8 when none), and
read as well as it can be where the bytes are not what they declare, so
that a move is never lost to the message sent with it (see
:func:`decode_body`). Scid (``tcl/tools/correspondence.tcl``,
``::Xfcc::SendMove``, on Tcl 8.6) declares UTF-8 but writes each
character's low byte: Latin-1 letters arrive as Latin-1 bytes, read back
exactly; Cyrillic ones lose their high byte (``Н``, U+041D, arrives as the
control byte 0x1D, ``м`` as ``<``, ``Ц`` as ``&``, lower-case letters as
digits and capitals), and nothing can tell them back from the bytes: the
move is made and the message kept as it arrived, with U+FFFD for each byte
XML cannot carry and its stray ``<`` and ``&`` read as text. A character
reference to what XML cannot carry (``&#1;``) is refused, as the parser
refuses it. Every text written out passes :func:`xml_text`, so a stored
text never makes an answer ill-formed.
"""

from __future__ import annotations

import codecs
import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass, fields
from xml.etree.ElementTree import Element
from xml.sax.saxutils import escape

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import ParseError, fromstring

NAMESPACE = "http://www.bennedik.com/webservices/XfccBasic"
SOAP_ENV = "http://schemas.xmlsoap.org/soap/envelope/"
SOAP12_ENV = "http://www.w3.org/2003/05/soap-envelope"
CONTENT_TYPE = "text/xml; charset=utf-8"
#: a MakeAMove is a few hundred bytes; a message to the partner fits easily
MAX_REQUEST_BYTES = 64 * 1024
OPERATIONS = ("GetMyGames", "MakeAMove")

_HEAD = (
    '<?xml version="1.0" encoding="utf-8"?>'
    f'<soap:Envelope xmlns:soap="{SOAP_ENV}" '
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
    'xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>'
)
_TAIL = "</soap:Body></soap:Envelope>"


#: a character XML 1.0 cannot carry (its ``Char`` production): the C0
#: controls but tab, LF and CR, surrogates, U+FFFE and U+FFFF
NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(value: str) -> str:
    r"""``value`` escaped as XML character data, every character XML cannot
    carry replaced by U+FFFD.

    >>> xml_text("a<b & \x00c\ufffe") == "a&lt;b &amp; \ufffdc\ufffd"
    True
    """
    return escape(NOT_XML.sub("\ufffd", value))


class MakeAMoveResult(enum.StrEnum):
    """The protocol's answers to MakeAMove, spelled as it spells them: the 13
    codes ICCF's server gives and every client knows (Scid and Lucas Chess
    show nothing for any other)."""

    SUCCESS = "Success"
    SERVER_ERROR = "ServerError"
    AUTHENTICATION_FAILED = "AuthenticationFailed"
    INVALID_GAME_ID = "InvalidGameID"
    NOT_YOUR_GAME = "NotYourGame"
    NOT_YOUR_TURN = "NotYourTurn"
    INVALID_MOVE_NUMBER = "InvalidMoveNumber"
    INVALID_MOVE = "InvalidMove"
    NO_DRAW_WAS_OFFERED = "NoDrawWasOffered"
    LOST_ON_TIME = "LostOnTime"
    YOU_ARE_ON_LEAVE = "YouAreOnLeave"
    MOVE_IS_AMBIGUOUS = "MoveIsAmbigous"  # sic: the protocol's spelling, which clients match
    FEATURE_UNAVAILABLE = "FeatureUnavailable"


class GameResult(enum.StrEnum):
    ONGOING = "Ongoing"
    WHITE_WINS = "WhiteWins"
    BLACK_WINS = "BlackWins"
    DRAW = "Draw"
    WHITE_WIN_ADJUDICATED = "WhiteWinAdjudicated"
    BLACK_WIN_ADJUDICATED = "BlackWinAdjudicated"
    DRAW_ADJUDICATED = "DrawAdjudicated"
    WHITE_DEFAULTED = "WhiteDefaulted"
    BLACK_DEFAULTED = "BlackDefaulted"
    BOTH_DEFAULTED = "BothDefaulted"
    CANCELLED = "Cancelled"
    ADJUDICATION_PENDING = "AdjudicationPending"


@dataclass(frozen=True)
class XfccGame:
    """One game as GetMyGames lists it; the field order is the WSDL's."""

    id: int
    white: str
    black: str
    event: str
    site: str
    myTurn: bool
    hasWhite: bool
    daysPlayer: int
    hoursPlayer: int
    minutesPlayer: int
    daysOpponent: int
    hoursOpponent: int
    minutesOpponent: int
    moves: str
    drawOffered: bool
    result: GameResult
    message: str | None = None
    setup: bool = False
    fen: str | None = None
    eventDate: str | None = None
    timeControl: str | None = None
    whiteElo: int | None = None
    blackElo: int | None = None
    noEngines: bool = False
    noDatabases: bool = False
    noOpeningBooks: bool = False
    noTablebases: bool = False
    # Read by Scid and Lucas Chess, after the fields of ICCF's description.
    gameLink: str | None = None
    round: str | None = None
    whiteCountry: str | None = None
    blackCountry: str | None = None


_XSD_TYPES = {"int": "s:int", "str": "s:string", "bool": "s:boolean"}


def _xsd_type(name: str, annotation: str) -> str:
    if name == "result":
        return "tns:Result"
    base = annotation.split("|")[0].strip()
    return _XSD_TYPES[base]


def _optional(annotation: str) -> bool:
    return "None" in annotation


@dataclass(frozen=True)
class Request:
    """A call as read off the wire: the operation and its parameters as text;
    ``mended``, what had to be mended to read it (for the log)."""

    operation: str
    params: dict[str, str]
    mended: tuple[str, ...] = ()

    def text(self, name: str) -> str:
        return self.params.get(name, "")

    def flag(self, name: str) -> bool:
        return self.params.get(name, "").strip().lower() in ("true", "1")

    def number(self, name: str) -> int | None:
        """An ``xs:int`` parameter; None when it is no whole number (Python's
        own ``int`` would also take ``1_0`` and digits of other scripts).

        >>> [Request("MakeAMove", {"gameId": v}).number("gameId") for v in (" 12", "1_0", "١")]
        [12, None, None]
        """
        value = self.params.get(name, "").strip()
        return int(value) if _INTEGER.fullmatch(value) else None


_INTEGER = re.compile(r"[+-]?[0-9]+")


class BadRequest(ValueError):
    """A request that is not an Xfcc call we can read; the text says why."""


def parse_request(
    body: bytes, soap_action: str | None = None, content_type: str | None = None
) -> Request:
    """The operation and parameters of a SOAP request; ``content_type``, the
    request's Content-Type header, whose ``charset`` it is read in.

    >>> r = parse_request(b'<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">'
    ...     b'<soap:Body><GetMyGames xmlns="http://www.bennedik.com/webservices/XfccBasic">'
    ...     b'<username>ivanov</username><password>pw</password></GetMyGames></soap:Body>'
    ...     b'</soap:Envelope>')
    >>> (r.operation, r.params)
    ('GetMyGames', {'username': 'ivanov', 'password': 'pw'})
    """
    if len(body) > MAX_REQUEST_BYTES:
        raise BadRequest(f"the request has {len(body)} bytes, more than {MAX_REQUEST_BYTES}")
    text, encoding = decode_body(body, content_type)
    mended = []
    if encoding != _declared_or_utf8(body, content_type):
        mended.append(f"read as {encoding}, which its bytes are, not as declared")
    unreadable = len(NOT_XML.findall(text))
    if unreadable:
        text = NOT_XML.sub("\ufffd", text)
        mended.append(f"{unreadable} character(s) XML cannot carry read as U+FFFD")
    try:
        root = _parse(text)
    except BadRequest as refused:
        # A client that wrote its message's characters' low bytes may have
        # written a "<" or an "&" into it: read them as the text they are.
        repaired = _message_as_text(text)
        if repaired == text:
            raise
        try:
            root = _parse(repaired)
        except BadRequest:
            raise refused from None
        mended.append("stray markup in myMessage read as text")
    if _local(root.tag) != "Envelope" or _namespace(root.tag) not in (SOAP_ENV, SOAP12_ENV):
        raise BadRequest(f"the document is {root.tag!r}, not a SOAP envelope")
    body_el = next((c for c in root if _local(c.tag) == "Body"), None)
    call = next(iter(body_el), None) if body_el is not None else None
    if call is None:
        raise BadRequest("the SOAP body is empty")
    operation = _local(call.tag)
    if operation not in OPERATIONS:
        # Only when the body does not name a call do we look at the header.
        action = (soap_action or "").strip().strip('"').rsplit("/", 1)[-1]
        raise BadRequest(
            f"{operation!r} is not an Xfcc call"
            + (f" (SOAPAction names {action!r})" if action else "")
        )
    params = {_local(child.tag): _text(child) for child in call}
    return Request(operation, params, tuple(mended))


def _parse(text: str) -> Element:
    """The document of a request's text (its XML declaration already read)."""
    data = _DECLARATION.sub("", text, count=1).encode("utf-8")
    try:
        root: Element = fromstring(
            data, forbid_dtd=True, forbid_entities=True, forbid_external=True
        )
    except (ParseError, DefusedXmlException) as exc:
        raise BadRequest(f"the request is not well-formed XML without DTDs: {exc}") from None
    return root


# ------------------------------------------------------- reading the bytes

_DECLARATION = re.compile(r"\A\ufeff?<\?xml[ \t\r\n][^>]*?\?>")
_DECLARED = re.compile(rb"""\A<\?xml[ \t\r\n][^>]*?encoding\s*=\s*["']([A-Za-z][\w.:-]*)["']""")
_CHARSET = re.compile(r"""charset\s*=\s*["']?([^"';\s]+)""", re.IGNORECASE)
_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
#: text encodings a request may not declare: they read markup into the text
_UNSAFE = frozenset({"unicode-escape", "raw-unicode-escape", "punycode", "idna", "utf-7"})
_WORD = re.compile(rb"[A-Za-z\x80-\xff]+")


def _codec(name: str | None) -> str | None:
    """Python's name of a declared text encoding (``windows-1251``:
    ``cp1251``); None when unknown or no text encoding."""
    if not name:
        return None
    try:
        codec = codecs.lookup(name).name
        "".encode(codec)  # a LookupError for base64 and the other bytes codecs
    except (LookupError, UnicodeError):
        return None
    return None if codec in _UNSAFE else codec


def _declared(body: bytes, content_type: str | None) -> list[str]:
    """The encodings a request declares: its Content-Type's ``charset``
    first (RFC 7303 puts it before the document's own), then its XML
    declaration's."""
    found = []
    charset = _CHARSET.search(content_type or "")
    declaration = _DECLARED.match(body)
    for name in (
        charset.group(1) if charset else None,
        declaration.group(1).decode("ascii") if declaration else None,
    ):
        codec = _codec(name)
        if codec and codec not in found:
            found.append(codec)
    return found


def _declared_or_utf8(body: bytes, content_type: str | None) -> str:
    for bom, codec in _BOMS:
        if body.startswith(bom):
            return codec
    return next(iter(_declared(body, content_type)), "utf-8")


def decode_body(body: bytes, content_type: str | None = None) -> tuple[str, str]:
    """A request's text and the encoding it was read in.

    A byte order mark decides; else bytes that are UTF-8 are read as UTF-8
    when UTF-8 is declared or nothing is; else the first declared encoding
    the bytes are text in. Bytes that are not what they declare (a client
    declaring UTF-8 and writing another encoding) are read in the
    single-byte encoding they look like, as the mail door reads letters:
    Windows-1251 or KOI8-R where words are made of high bytes alone (a
    Cyrillic text; the one whose lower-case range, where most letters of a
    text are, holds more of them), else Windows-1252, whose letters are
    Latin-1's.

    >>> decode_body('<a>Ничья?</a>'.encode("cp1251"), 'text/xml; charset="utf-8"')
    ('<a>Ничья?</a>', 'cp1251')
    >>> decode_body('<a>Grüße</a>'.encode("latin-1"))
    ('<a>Grüße</a>', 'cp1252')
    """
    for bom, codec in _BOMS:
        if body.startswith(bom):
            try:
                return body[len(bom) :].decode(codec), codec
            except UnicodeDecodeError:
                break
    declared = _declared(body, content_type)
    if not declared or "utf-8" in declared:
        try:
            return body.decode("utf-8"), "utf-8"
        except UnicodeDecodeError:
            pass
    for codec in declared:
        try:
            return body.decode(codec), codec
        except UnicodeDecodeError:
            continue
    codec = _single_byte(body)
    try:
        return body.decode(codec), codec
    except UnicodeDecodeError:  # the five bytes Windows-1252 leaves undefined
        return body.decode("iso8859-1"), "iso8859-1"


def _single_byte(body: bytes) -> str:
    """The single-byte encoding bytes that are no UTF-8 look like written in."""
    cyrillic = latin = 0
    for word in _WORD.findall(body):
        high = sum(b >= 0x80 for b in word)
        if high == len(word) and high >= 2:
            cyrillic += 1
        elif high:
            latin += 1
    if cyrillic <= latin:
        return "cp1252"
    upper_koi8_lower_1251 = sum(b >= 0xE0 for b in body)
    lower_koi8_upper_1251 = sum(0xC0 <= b < 0xE0 for b in body)
    return "cp1251" if upper_koi8_lower_1251 >= lower_koi8_upper_1251 else "koi8-r"


_MESSAGE = re.compile(
    r"(<(?:[\w.-]+:)?myMessage(?:\s[^<>]*)?>)(.*)(</(?:[\w.-]+:)?myMessage\s*>)", re.DOTALL
)
_REFERENCE = re.compile(r"&(?!(?:#[0-9]+|#x[0-9A-Fa-f]+|[A-Za-z][\w.-]*);)")


def _message_as_text(text: str) -> str:
    """``text`` with the ``<``, ``>`` and ``&`` of its ``myMessage`` that
    begin no reference escaped: the element holds text alone, and a client
    that escaped its message before losing its characters' high bytes sent
    them for letters (``м``, U+043C, as ``<``; ``Ц``, U+0426, as ``&``).

    >>> _message_as_text("<m><myMessage>мат <0B & &amp; &#1;</myMessage></m>")
    '<m><myMessage>мат &lt;0B &amp; &amp; &#1;</myMessage></m>'
    """
    found = _MESSAGE.search(text)
    if found is None:
        return text
    inner = _REFERENCE.sub("&amp;", found.group(2)).replace("<", "&lt;").replace(">", "&gt;")
    return text[: found.start(2)] + inner + text[found.end(2) :]


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _namespace(tag: str) -> str:
    return tag[1:].split("}", 1)[0] if tag.startswith("{") else ""


def _text(element: Element) -> str:
    return "".join(element.itertext())


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return xml_text(str(value))


def games_response(games: Sequence[XfccGame]) -> bytes:
    """The GetMyGames answer.

    >>> b"<GetMyGamesResult /></GetMyGamesResponse>" in games_response([])
    True
    """
    if not games:
        result = "<GetMyGamesResult />"
    else:
        parts = []
        for game in games:
            inner = "".join(
                f"<{f.name}>{_value(getattr(game, f.name))}</{f.name}>"
                for f in fields(game)
                if getattr(game, f.name) is not None
            )
            parts.append(f"<XfccGame>{inner}</XfccGame>")
        result = f"<GetMyGamesResult>{''.join(parts)}</GetMyGamesResult>"
    return (
        f'{_HEAD}<GetMyGamesResponse xmlns="{NAMESPACE}">{result}</GetMyGamesResponse>{_TAIL}'
    ).encode()


def move_response(result: MakeAMoveResult) -> bytes:
    """The MakeAMove answer.

    >>> move_response(MakeAMoveResult.SUCCESS).decode().split("<soap:Body>")[1]
    '<MakeAMoveResponse xmlns="http://www.bennedik.com/webservices/XfccBasic"><MakeAMoveResult>Success</MakeAMoveResult></MakeAMoveResponse></soap:Body></soap:Envelope>'
    """
    return (
        f'{_HEAD}<MakeAMoveResponse xmlns="{NAMESPACE}">'
        f"<MakeAMoveResult>{result.value}</MakeAMoveResult></MakeAMoveResponse>{_TAIL}"
    ).encode()


def fault(code: MakeAMoveResult, reason: str = "", *, client: bool = True) -> bytes:
    """A SOAP 1.1 fault whose faultstring starts with a result code's name
    (``AuthenticationFailed``, ``ServerError: ...``): Scid shows its message
    for the code it finds there, Lucas Chess and zeep the whole string.

    >>> b"<faultstring>ServerError: not XML</faultstring>" in fault(
    ...     MakeAMoveResult.SERVER_ERROR, "not XML")
    True
    """
    kind = "soap:Client" if client else "soap:Server"
    text = f"{code.value}: {reason}" if reason else code.value
    return (
        f"{_HEAD}<soap:Fault><faultcode>{kind}</faultcode>"
        f"<faultstring>{xml_text(text)}</faultstring><detail /></soap:Fault>{_TAIL}"
    ).encode()


def wsdl(location: str) -> bytes:
    """The service description, for clients generated from it (zeep, .NET, gSOAP)."""
    game_elements = "".join(
        f'<s:element minOccurs="{0 if _optional(str(f.type)) else 1}" maxOccurs="1" '
        f'name="{f.name}" type="{_xsd_type(f.name, str(f.type))}" />'
        for f in fields(XfccGame)
    )
    results = "".join(f'<s:enumeration value="{r.value}" />' for r in GameResult)
    codes = "".join(f'<s:enumeration value="{r.value}" />' for r in MakeAMoveResult)
    move_params = "".join(
        f'<s:element minOccurs="{occurs}" maxOccurs="1" name="{name}" type="s:{kind}" />'
        for name, kind, occurs in (
            ("username", "string", 0),
            ("password", "string", 0),
            ("gameId", "int", 1),
            ("resign", "boolean", 1),
            ("acceptDraw", "boolean", 1),
            ("movecount", "int", 1),
            ("myMove", "string", 0),
            ("offerDraw", "boolean", 1),
            ("claimDraw", "boolean", 1),
            ("myMessage", "string", 0),
        )
    )
    operations = "".join(
        f'<wsdl:operation name="{op}"><soap:operation soapAction="{NAMESPACE}/{op}" '
        'style="document" /><wsdl:input><soap:body use="literal" /></wsdl:input>'
        '<wsdl:output><soap:body use="literal" /></wsdl:output></wsdl:operation>'
        for op in OPERATIONS
    )
    port_ops = "".join(
        f'<wsdl:operation name="{op}"><wsdl:input message="tns:{op}SoapIn" />'
        f'<wsdl:output message="tns:{op}SoapOut" /></wsdl:operation>'
        for op in OPERATIONS
    )
    messages = "".join(
        f'<wsdl:message name="{op}SoapIn"><wsdl:part name="parameters" element="tns:{op}" />'
        f'</wsdl:message><wsdl:message name="{op}SoapOut"><wsdl:part name="parameters" '
        f'element="tns:{op}Response" /></wsdl:message>'
        for op in OPERATIONS
    )
    text = (
        '<?xml version="1.0" encoding="utf-8"?>'
        '<wsdl:definitions xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" '
        'xmlns:s="http://www.w3.org/2001/XMLSchema" '
        f'xmlns:tns="{NAMESPACE}" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" '
        f'targetNamespace="{NAMESPACE}">'
        "<wsdl:types>"
        f'<s:schema elementFormDefault="qualified" targetNamespace="{NAMESPACE}">'
        '<s:element name="GetMyGames"><s:complexType><s:sequence>'
        '<s:element minOccurs="0" maxOccurs="1" name="username" type="s:string" />'
        '<s:element minOccurs="0" maxOccurs="1" name="password" type="s:string" />'
        "</s:sequence></s:complexType></s:element>"
        '<s:element name="GetMyGamesResponse"><s:complexType><s:sequence>'
        '<s:element minOccurs="0" maxOccurs="1" name="GetMyGamesResult" '
        'type="tns:ArrayOfXfccGame" /></s:sequence></s:complexType></s:element>'
        '<s:complexType name="ArrayOfXfccGame"><s:sequence>'
        '<s:element minOccurs="0" maxOccurs="unbounded" name="XfccGame" type="tns:XfccGame" />'
        "</s:sequence></s:complexType>"
        f'<s:complexType name="XfccGame"><s:sequence>{game_elements}</s:sequence>'
        "</s:complexType>"
        f'<s:simpleType name="Result"><s:restriction base="s:string">{results}'
        "</s:restriction></s:simpleType>"
        f'<s:element name="MakeAMove"><s:complexType><s:sequence>{move_params}'
        "</s:sequence></s:complexType></s:element>"
        '<s:element name="MakeAMoveResponse"><s:complexType><s:sequence>'
        '<s:element minOccurs="1" maxOccurs="1" name="MakeAMoveResult" '
        'type="tns:MakeAMoveResult" /></s:sequence></s:complexType></s:element>'
        f'<s:simpleType name="MakeAMoveResult"><s:restriction base="s:string">{codes}'
        "</s:restriction></s:simpleType>"
        "</s:schema></wsdl:types>"
        f"{messages}"
        f'<wsdl:portType name="XfccBasicSoap">{port_ops}</wsdl:portType>'
        '<wsdl:binding name="XfccBasicSoap" type="tns:XfccBasicSoap">'
        '<soap:binding transport="http://schemas.xmlsoap.org/soap/http" />'
        f"{operations}</wsdl:binding>"
        '<wsdl:service name="XfccBasic"><wsdl:port name="XfccBasicSoap" '
        f'binding="tns:XfccBasicSoap"><soap:address location="{xml_text(location)}" />'
        "</wsdl:port></wsdl:service></wsdl:definitions>"
    )
    return text.encode()
