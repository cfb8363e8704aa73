"""The Xfcc wire format: SOAP 1.1 requests in, answers and the WSDL out.

Pure: bytes in, bytes out. Real clients are stricter than the standard, so
the answers are written the way ICCF's server writes them, byte for byte:
no whitespace, the service's namespace as the default namespace on the
``...Response`` element and unprefixed children (``<GetMyGamesResult>``,
``<XfccGame>``, ``<MakeAMoveResult>``), which clients match with regular
expressions. Requests are dispatched on the body's element, since some
clients send no SOAPAction header, and parsed with :mod:`defusedxml` (no
DTDs, no entities) after a size check. Every text written out passes
:func:`xml_text`, so a stored text never makes an answer ill-formed.
"""

from __future__ import annotations

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
    """A call as read off the wire: the operation and its parameters as text."""

    operation: str
    params: dict[str, str]

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


def parse_request(body: bytes, soap_action: str | None = None) -> Request:
    """The operation and parameters of a SOAP request.

    >>> r = parse_request(b'<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">'
    ...     b'<soap:Body><GetMyGames xmlns="http://www.bennedik.com/webservices/XfccBasic">'
    ...     b'<username>ivanov</username><password>pw</password></GetMyGames></soap:Body>'
    ...     b'</soap:Envelope>')
    >>> (r.operation, r.params)
    ('GetMyGames', {'username': 'ivanov', 'password': 'pw'})
    """
    if len(body) > MAX_REQUEST_BYTES:
        raise BadRequest(f"the request has {len(body)} bytes, more than {MAX_REQUEST_BYTES}")
    try:
        root = fromstring(body, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except (ParseError, DefusedXmlException) as exc:
        raise BadRequest(f"the request is not well-formed XML without DTDs: {exc}") from None
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
    return Request(operation, params)


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
