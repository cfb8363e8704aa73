"""The cases on the JSON API: claims, complaints, withdrawals, protests,
decisions, appeals and adjudication (Art. 54.1, 56.6, 56.9).

Each route hands the caller and the text to the cases service, which holds
every rule of who may do what when; refusals are the API's error form.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from cc.base.json_values import as_json
from cc.cases.oversteps import ClaimBasis
from cc.cases.views import CaseSummary, CaseView
from cc.web.api import Caller
from cc.web.api_document import returns
from cc.web.context import services_of

router = APIRouter(prefix="/api/v1")  # tags: cc.web.api_document


class TextIn(BaseModel):
    text: str = Field(description="The statement, protest or appeal, in the writer's words")


class TimeClaimIn(BaseModel):
    statement: str | None = Field(default=None, description="Anything to add to the evidence")


class DecisionIn(BaseModel):
    decision: str = Field(description="One of the case's choices (see the case's 'choices')")
    reasons: str = Field(description="The written reasons")
    bar: bool = Field(default=False, description="Bar the claimant for this cycle (56.6.7)")
    penalty_days: int = Field(default=0, description="Post: penalty days, 55.6.10")


class AppealDecisionIn(BaseModel):
    decision: str
    reasons: str


class WithdrawalIn(BaseModel):
    player: str = Field(description="The withdrawing player's login")
    statement: str | None = None


@router.get(
    "/games/{game_id}/time-claim",
    summary="The overstep I may claim in a game, if any",
    responses=returns(ClaimBasis | None),
)
def time_claim_basis(request: Request, caller: Caller, game_id: int) -> dict[str, Any] | None:
    svc = services_of(request)
    svc.queries.game_for(caller, game_id)
    return as_json(svc.cases.claim_basis(caller, game_id))  # type: ignore[no-any-return]


@router.post(
    "/games/{game_id}/time-claim",
    summary="Claim the partner's overstep (56.6.1)",
    status_code=201,
    responses=returns(CaseView, 201),
)
def file_time_claim(
    request: Request, caller: Caller, game_id: int, body: TimeClaimIn
) -> dict[str, Any]:
    return as_json(services_of(request).cases.file_time_claim(caller, game_id, body.statement))  # type: ignore[no-any-return]


@router.post(
    "/games/{game_id}/complaints",
    summary="Complain of a breach (54.1.2)",
    status_code=201,
    responses=returns(CaseView, 201),
)
def complain(request: Request, caller: Caller, game_id: int, body: TextIn) -> dict[str, Any]:
    return as_json(services_of(request).cases.file_complaint(caller, game_id, body.text))  # type: ignore[no-any-return]


@router.post(
    "/me/lost-email",
    summary="Report lost email access (56.1.6)",
    status_code=201,
    responses=returns(list[CaseView], 201),
)
def lost_email(request: Request, caller: Caller, body: TextIn) -> list[dict[str, Any]]:
    svc = services_of(request)
    views = svc.cases.report_lost_email(caller, str(caller.player_id or 0), body.text)
    return as_json(views)  # type: ignore[no-any-return]


@router.get(
    "/cases",
    summary="The cases I take part in, oversee, or may hear on appeal",
    responses=returns(list[CaseSummary]),
)
def cases(request: Request, caller: Caller) -> list[dict[str, Any]]:
    return as_json(services_of(request).cases.cases(caller))  # type: ignore[no-any-return]


@router.get(
    "/cases/{case_id}",
    summary="A case: evidence frozen at filing, history, what I may do",
    responses=returns(CaseView),
)
def case(request: Request, caller: Caller, case_id: int) -> dict[str, Any]:
    return as_json(services_of(request).cases.case(caller, case_id))  # type: ignore[no-any-return]


@router.post(
    "/cases/{case_id}/protest",
    summary="The accused's protest (56.6.4)",
    responses=returns(CaseView),
)
def protest(request: Request, caller: Caller, case_id: int, body: TextIn) -> dict[str, Any]:
    return as_json(services_of(request).cases.protest(caller, case_id, body.text))  # type: ignore[no-any-return]


@router.post(
    "/cases/{case_id}/decision",
    summary="The arbiter's decision with reasons",
    responses=returns(CaseView),
)
def decide(request: Request, caller: Caller, case_id: int, body: DecisionIn) -> dict[str, Any]:
    view = services_of(request).cases.decide(
        caller,
        case_id,
        body.decision,
        body.reasons,
        bar=body.bar,
        penalty_days=body.penalty_days,
    )
    return as_json(view)  # type: ignore[no-any-return]


@router.post(
    "/cases/{case_id}/restore", summary="Lost email restored in time", responses=returns(CaseView)
)
def restore(request: Request, caller: Caller, case_id: int) -> dict[str, Any]:
    return as_json(services_of(request).cases.restore_email(caller, case_id))  # type: ignore[no-any-return]


@router.post(
    "/cases/{case_id}/appeal",
    summary="Appeal the decision within 14 days (54.1.4)",
    responses=returns(CaseView),
)
def appeal(request: Request, caller: Caller, case_id: int, body: TextIn) -> dict[str, Any]:
    return as_json(services_of(request).cases.appeal(caller, case_id, body.text))  # type: ignore[no-any-return]


@router.post(
    "/cases/{case_id}/appeal-decision",
    summary="The appeal arbiter's final decision",
    responses=returns(CaseView),
)
def decide_appeal(
    request: Request, caller: Caller, case_id: int, body: AppealDecisionIn
) -> dict[str, Any]:
    view = services_of(request).cases.decide_appeal(caller, case_id, body.decision, body.reasons)
    return as_json(view)  # type: ignore[no-any-return]


@router.post(
    "/arbiter/events/{code}/withdrawals",
    summary="Open a player's withdrawal (54.7, 56.8)",
    status_code=201,
    responses=returns(CaseView, 201),
)
def withdrawal(request: Request, caller: Caller, code: str, body: WithdrawalIn) -> dict[str, Any]:
    view = services_of(request).cases.open_withdrawal(caller, code, body.player, body.statement)
    return as_json(view)  # type: ignore[no-any-return]


class SubmissionIn(BaseModel):
    claim: str = Field(description="win, draw or loss, from my side (Art. 56.9.4)")
    reasoning: str
    analysis: str | None = Field(default=None, description="PGN with variations, or text")
    move: str | None = Field(default=None, description="My move, if I am to move")


@router.post(
    "/games/{game_id}/adjudication",
    summary="My materials for adjudication (56.9.4)",
    responses=returns(CaseView),
)
def submit_materials(
    request: Request, caller: Caller, game_id: int, body: SubmissionIn
) -> dict[str, Any]:
    view = services_of(request).cases.submit(
        caller, game_id, body.claim, body.reasoning, analysis=body.analysis, move=body.move
    )
    return as_json(view)  # type: ignore[no-any-return]


@router.post(
    "/cases/{case_id}/analysis",
    summary="Stockfish's evidence for an adjudication",
    responses=returns(CaseView),
)
def analyse(request: Request, caller: Caller, case_id: int) -> dict[str, Any]:
    return as_json(services_of(request).cases.analyse(caller, case_id))  # type: ignore[no-any-return]
