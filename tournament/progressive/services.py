"""Writes of a progressive game: round 1 seated, each table's result, a tie at a table decided,
the next round kept or overridden by the TD with a reason, and a prize tie settled.
"""

from __future__ import annotations

import random

from django.core.exceptions import ValidationError
from django.db import transaction

from tournament.models import ProgressivePrizeTie, ProgressiveTableResult, RoundSeating, Section
from tournament.progressive.selectors import (
    current_round,
    final_ranking,
    next_seating,
    players,
    tally_mode,
    tie_method,
)


@transaction.atomic
def start(section: Section, *, seed: int | None = None, given: dict[int, str] | None = None):
    """Seat round 1: at random (``seed``) or from positions like "1 A" / "1 B"."""
    from tournament.movements.base import MovementError
    from tournament.movements.progressive import initial_seating

    if section.round_seatings.exists():
        raise ValidationError({"__all__": "Round 1 is already seated."})
    numbers = sorted(players(section))
    if len(numbers) < 4:
        raise ValidationError({"__all__": "Sign in at least four players first."})
    if given and sorted(given) != numbers:
        missing = sorted(set(numbers) - set(given))
        raise ValidationError({"given": f"Give a position to every player (missing {missing})."})
    try:
        seats = initial_seating(numbers, rng=random.Random(seed), given=given)
    except (MovementError, ValueError) as exc:
        raise ValidationError({"given": str(exc)}) from None
    rows = [{k: v for k, v in vars(s).items() if v not in (None, (), False)} for s in seats]
    return RoundSeating.objects.create(section=section, round_number=1, seating=rows)


def parse_positions(text: str) -> dict[int, str]:
    """'3: 1 A' per line (player 3 at table 1, head couple) → {3: "1 A"}."""
    given = {}
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            player, pos = line.split(":")
            table, couple = pos.split()
            if couple.upper() not in ("A", "B"):
                raise ValueError
            given[int(player)] = f"{int(table)} {couple.upper()}"
        except ValueError:
            raise ValidationError(
                {"given": f"Line {n}: write 'player: table couple', e.g. '3: 1 A'."}
            ) from None
    return given


@transaction.atomic
def enter_result(section, table: int, *, winner="", ns_points=None, ew_points=None, user=None):
    """One table's result in the current round: the winning side, or both sides' points."""
    seating = current_round(section)
    if seating is None:
        raise ValidationError({"__all__": "Seat round 1 before entering results."})
    if table not in {row["table"] for row in seating.seating}:
        raise ValidationError(
            {"table": f"There is no table {table} in round {seating.round_number}."}
        )
    if (ns_points is None) != (ew_points is None):
        raise ValidationError({"ns_points": "Give both sides' points, or neither."})
    if ns_points is None and winner not in ("ns", "ew"):
        raise ValidationError({"winner": "Say which side won, or give both sides' points."})
    if ns_points is None and tally_mode(section) != "games":
        raise ValidationError({"ns_points": "This game is tallied in points: give both sides'."})
    row, _ = ProgressiveTableResult.objects.update_or_create(
        section=section, round_number=seating.round_number, table_number=table,
        defaults={"winner": winner if ns_points is None else "", "ns_points": ns_points,
                  "ew_points": ew_points, "tie_decision": "", "entered_by": _user(user)},
    )  # fmt: skip
    return row


@transaction.atomic
def decide_tie(section: Section, round_number: int, table: int, side: str, user=None):
    """The TD says which side progresses from a tied table; the decision is kept."""
    if side not in ("ns", "ew"):
        raise ValidationError({"side": "Choose N-S or E-W."})
    row = ProgressiveTableResult.objects.filter(
        section=section, round_number=round_number, table_number=table
    ).first()
    if row is None:
        raise ValidationError({"table": f"No result is entered for table {table}."})
    row.tie_decision, row.decided_by = side, _user(user)
    row.save(update_fields=["tie_decision", "decided_by", "updated"])
    return row


def _user(user):
    return user if user is not None and user.is_authenticated else None


@transaction.atomic
def advance(section: Section) -> RoundSeating:
    """Keep the computed next seating as the next round's."""
    proposal = next_seating(section)
    if not proposal or "error" in proposal:
        raise ValidationError({"__all__": (proposal or {}).get("error", "No round seated yet.")})
    return RoundSeating.objects.create(
        section=section, round_number=proposal["round"], seating=proposal["seating"]
    )


@transaction.atomic
def override(section: Section, round_number: int, seating: list[dict], user, reason: str):
    """The TD seats a round by hand; the reason is required and kept."""
    if not (reason or "").strip():
        raise ValidationError({"reason": "Give the reason for overriding the seating."})
    if round_number < 1:
        raise ValidationError({"seating": "Say which round this seating is for."})
    seated = section.round_seatings.order_by("-round_number").first()
    last = seated.round_number if seated else 0
    if round_number > last + 1:
        raise ValidationError(
            {
                "seating": f"Round {round_number} cannot be seated yet: seat a round from 1 to {last + 1}."
            }
        )
    seen = [p for row in seating for k, p in row.items() if k != "table"]
    if len(seen) != len(set(seen)):
        raise ValidationError({"seating": "A player or pair is seated twice."})
    row, _ = RoundSeating.objects.update_or_create(
        section=section, round_number=round_number,
        defaults={"seating": seating, "overridden_by": user, "override_reason": reason.strip()},
    )  # fmt: skip
    return row


@transaction.atomic
def decide_prize_tie(section: Section, tied: list[int], order: list[int] | None, user=None):
    """Keep how a prize tie was settled: the TD's order (best first), or a draw of slips."""
    from tournament.movements.prizes import rank

    tied = sorted(set(tied))
    key = ",".join(map(str, tied))
    open_ties = [t["key"] for t in final_ranking(section)["ties"]]
    if key not in open_ties and not section.progressive_prize_ties.filter(players=key).exists():
        shown = "; ".join(open_ties) or "none"
        raise ValidationError(
            {"players": f"Players [{key}] are not a prize tie to settle (open ties: {shown})."}
        )
    method = tie_method(section)
    if order is not None:
        if sorted(order) != tied:
            raise ValidationError({"order": f"Order exactly the tied players {tied}, best first."})
        note = "decided by the TD"
    else:
        if method != "draw":
            raise ValidationError({"order": f"The tie rule is {method}: enter the order."})
        _, made = rank(dict.fromkeys(tied, 0), method="draw", rng=random.SystemRandom())
        order, note = list(made[0].order), made[0].note
    return ProgressivePrizeTie.objects.update_or_create(
        section=section, players=",".join(map(str, tied)),
        defaults={"order": order, "method": method, "note": note,
                  "decided_by": user if user is not None and user.is_authenticated else None},
    )[0]  # fmt: skip
