"""``cc notation``: moves read and written in every notation players use, no database."""

from __future__ import annotations

import sys

import chess
import click

from cc.console.base import _, _lang, emit_json, word
from cc.text import i18n


@click.group()
def notation() -> None:
    """Read and write moves in every notation players use."""


def _board(fen: str | None) -> chess.Board:
    try:
        return chess.Board(fen) if fen else chess.Board()
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--fen") from None


@notation.command("read")
@click.option("--fen", help="The position the first move is played in (default: the start).")
@click.option("--json", "as_json_flag", is_flag=True)
@click.argument("text", nargs=-1, required=True)
def notation_read(fen: str | None, as_json_flag: bool, text: tuple[str, ...]) -> None:
    """Print the UCI move(s) TEXT writes; exit 1 with the fault if one fails."""
    import notation as nt
    from cc.games.move_text import notation_reason

    result = nt.read_move_list(" ".join(text), _board(fen))
    if as_json_flag:
        emit_json(
            {
                "notation": result.notation.value if result.notation else None,
                "moves": [
                    {
                        "number": m.number,
                        "color": "white" if m.color else "black",
                        "text": m.text,
                        "uci": m.move.uci(),
                        "notation": m.notation.value,
                    }
                    for m in result.moves
                ],
                "error": None
                if result.failure is None
                else {
                    "number": result.failure.number,
                    "color": "white" if result.failure.color else "black",
                    "text": result.failure.text,
                    "kind": result.failure.error.kind,
                    "reason": result.failure.error.reason,
                    "fen": result.failure.error.fen,
                },
            }
        )
    elif result.moves:
        click.echo(" ".join(m.move.uci() for m in result.moves))
    if result.failure is not None:
        f = result.failure
        if not as_json_flag:
            dots = "." if f.color else "..."
            reason = i18n.localize(notation_reason(f.error), _lang())
            kind = word("notation", f.error.kind)
            click.echo(f"{kind}: {f.number}{dots} {f.text!r}: {reason}", err=True)
        sys.exit(1)
    if not result.moves:
        kind, reason = word("notation", "illegible"), word("reason", "no move is written")
        click.echo(f"{kind}: {reason}", err=True)
        sys.exit(1)


@notation.command("write")
@click.option("--fen", help="The position the first move is played in (default: the start).")
@click.option(
    "--as",
    "style",
    required=True,
    type=click.Choice(["numeric", "san", "san-ru", "lan", "lan-ru", "uci"]),
)
@click.option("--numbered", is_flag=True, help="Number the moves as a record.")
@click.option("--form", is_flag=True, help="One line per move number, as the 59.1 form.")
@click.argument("moves", nargs=-1, required=True)
def notation_write(
    fen: str | None, style: str, numbered: bool, form: bool, moves: tuple[str, ...]
) -> None:
    """Print UCI MOVES, played in order, in another notation."""
    import notation as nt

    board = _board(fen)
    parsed = []
    position = board.copy()
    for uci in moves:
        try:
            move = position.parse_uci(uci)
        except ValueError:
            click.echo(
                _(
                    "{kind}: {uci!r} is not a legal move in {fen}",
                    kind=word("notation", "impossible"),
                    uci=uci,
                    fen=position.fen(),
                ),
                err=True,
            )
            sys.exit(1)
        parsed.append(move)
        position.push(move)
    click.echo(nt.write_moves(parsed, style, board=board, numbered=numbered or form, form=form))
