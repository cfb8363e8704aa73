"""A knockout section's bracket as text: mail, the console and the
organiser's report (Art. 53.3) say a cup's results this way, where a round
robin prints its crosstable.

Each round's matches with their scores, the winner marked, then the final
placing once the bracket is decided. The rounds are named as the bracket
page names them (:file:`cc/web/templates/bracket.html`).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from cc.events.systems.knockout import KNOCKOUT_SYSTEMS, RoundView, SectionBracket
from cc.text.i18n import N_, Text

#: how a match was decided, when not by its games alone
_HOW = {
    "extra_pair": N_("decided by an extra pair"),
    "higher_seed": N_("tied: the higher seed goes through"),
    "lots": N_("tied: decided by lot"),
    "forfeit": N_("forfeited: a player withdrew"),
}


def round_title(r: RoundView, double: bool) -> Text:
    """The round's name: "Final", "Losers' round 2", "Grand final" ..."""
    if r.bracket == "F":
        return N_("Grand final") if r.round == 1 else N_("Grand final, second match")
    if r.bracket == "L":
        return N_("Losers' round {n}", n=r.round)
    if r.to_go == 0:
        return N_("Winners' bracket final") if double else N_("Final")
    if r.to_go == 1:
        return N_("Semi-finals")
    if r.to_go == 2:
        return N_("Quarter-finals")
    return N_("Round {n}", n=r.round)


def stored_round_name(system: str, number: int) -> Text | None:
    """A game's stored round as a knockout names it: its losers' rounds and
    grand finals are stored from 101 and 201 (:mod:`cc.events.systems.knockout`);
    None for a round known by its number."""
    if system not in KNOCKOUT_SYSTEMS:
        return None
    if number > 200:
        return N_("Grand final") if number == 201 else N_("Grand final, second match")
    if number > 100:
        return N_("Losers' round {n}", n=number - 100)
    return None


def stage(match: str) -> Text:
    """A match's place in the bracket as a notice names it: "round 2, match
    W2-1", "losers' round 1, match L1-2", "grand final" (the key is the
    bracket page's)."""
    if match == "GF":
        return N_("grand final")
    if match == "GF2":
        return N_("grand final, second match")
    head = match.split("-", 1)[0]
    number = int(head[1:]) if head[1:].isdigit() else 0
    if head.startswith("L"):
        return N_("losers' round {n}, match {match}", n=number, match=match)
    return N_("round {n}, match {match}", n=number, match=match)


def paired_stage(params: Mapping[str, object]) -> Text:
    """Where a PAIRED notice's game stands: a knockout's match, else the
    Swiss round."""
    match = params.get("match")
    if isinstance(match, str):
        return stage(match)
    return N_("round {n}", n=params.get("round", "-"))


def bracket_text(view: SectionBracket, lang: str) -> str:
    """The section's matches round by round, then its final placing."""
    lines: list[str] = []
    for r in view.rounds:
        matches = [m for m in r.matches if m.status != "empty"]
        if not matches:
            continue
        if lines:
            lines.append("")
        lines.append(round_title(r, view.double).localize(lang))
        tops = [_marked(m.top, m.winner == "top", lang) for m in matches]
        width = max(len(t) for t in tops)
        for m, top in zip(matches, tops, strict=True):
            bottom = _marked(m.bottom, m.winner == "bottom", lang)
            if m.status == "bye":
                through = _marked(m.top or m.bottom, m.winner is not None, lang)
                lines.append(f"  {through}  ({N_('no opponent').localize(lang)})")
                continue
            note = ""
            if m.status == "playing":
                note = f" ({N_('playing').localize(lang)})"
            how = _HOW.get(m.decided_by or "")
            if how is not None:
                note = f" ({how.localize(lang)})"
            score = ""
            if m.status != "waiting" and any(g.result != "*" for g in m.games):
                score = f"  {_points(m.score[0])}:{_points(m.score[1])}"
            lines.append(f"  {top:<{width}} - {bottom}{score}{note}")
    if view.placings:
        lines += ["", N_("Final placing").localize(lang)]
        lines += [f"  {shown:>5}. {name}" for _, shown, name in view.placings]
    if lines:
        lines += ["", N_("+: the winner of the match").localize(lang)]
    return "\n".join(lines)


def _marked(name: str | None, won: bool, lang: str) -> str:
    """The player's name, "+" for the match's winner; "…" while unknown."""
    if name is None:
        return "…"
    return f"{name} +" if won else name


def _points(value: float) -> str:
    """1.5 as "1½", as both languages write match scores."""
    whole = int(Fraction(value))
    half = Fraction(value) - whole == Fraction(1, 2)
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)


__all__ = ["bracket_text", "paired_stage", "round_title", "stage", "stored_round_name"]
