"""Running a progressive game: round 1's seating, each table's result per round, the TD's
decision at a tie the policy cannot settle, the players' tallies and the final ranking
with prizes (``tournament.movements.progressive``, ``tallies``, ``prizes``).

Players are the section's individual entries, seated by entry number.  The event's
conditions say how it is scored (docs/schedules.md, "Running them in a session"):
``progressive`` (the policy), ``tally`` ("gross", "net" or "games"), ``prizes`` (how
many best prizes, 1), ``booby`` (true), ``class_prizes`` (true: ladies' and
gentlemen's) and ``tie_rule`` (``play_off``, ``cut`` or ``draw``; ``share`` → draw).
"""

from __future__ import annotations

import random
from fractions import Fraction

from django.core.exceptions import ValidationError
from django.db import transaction

from .models import ProgressiveTableResult, RoundSeating, Section

TALLIES = ("gross", "net", "games")
TIE_RULES = {"play_off": "play-off", "cut": "cut", "draw": "draw", "share": "draw"}


def conditions(section: Section) -> dict:
    return section.session.event.conditions or {}


def tally_mode(section: Section) -> str:
    mode = conditions(section).get("tally", "gross")
    if mode not in TALLIES:
        raise ValidationError({"__all__": f"tally {mode!r}: use one of {TALLIES}."})
    return mode


def players(section: Section) -> dict[int, object]:
    """Entry number → its (single) Player, for the entries still in the game."""
    out = {}
    entries = section.entries.filter(withdrawn=False).prefetch_related("entry_players__player")
    for entry in entries:
        places = list(entry.entry_players.all())
        out[entry.number] = places[0].player if places else None
    return out


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


def current_round(section: Section) -> RoundSeating | None:
    return section.round_seatings.order_by("-round_number").first()


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


def table_results(section: Section, round_number: int) -> tuple[dict, dict]:
    """({table: TableResult}, {table: the TD's decision}) of one round."""
    from tournament.movements.progressive import TableResult

    results, decisions = {}, {}
    for row in section.progressive_results.filter(round_number=round_number):
        results[row.table_number] = TableResult(
            winner=row.winner or None, ns_points=row.ns_points, ew_points=row.ew_points
        )
        if row.tie_decision:
            decisions[row.table_number] = row.tie_decision
    return results, decisions


def tallies(section: Section) -> dict[int, dict]:
    """Each player's points (gross or net) and games won over every round with results."""
    from tournament.movements.base import Seating
    from tournament.movements.progressive import round_credits
    from tournament.movements.tallies import round_tally

    from .progressive_services import _policy

    policy, mode = _policy(section), tally_mode(section)
    out = {n: {"points": 0, "games": Fraction(0), "rounds": 0} for n in players(section)}
    for rs in section.round_seatings.all():
        results, _ = table_results(section, rs.round_number)
        seats = [Seating(**row) for row in rs.seating if row["table"] in results]
        for p, games in round_credits(policy, seats, results).items():
            out.setdefault(p, {"points": 0, "games": Fraction(0), "rounds": 0})
            out[p]["games"] += games
            out[p]["rounds"] += 1
        for st in seats:
            res = results[st.table]
            if res.ns_points is not None and len(st.seated) == 4:
                tally = round_tally((st.n, st.s), (st.e, st.w), res.ns_points, res.ew_points,
                                    "net" if mode == "net" else "gross")  # fmt: skip
                for p, pts in tally.items():
                    out[p]["points"] += pts
    return out
