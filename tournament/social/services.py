"""Writes of a social game scored as the book plays it: a table's points for a round, entered
at the table (the phone page, "O.K.'d by an adversary" [002 L2767–2768]) or on the console,
corrected or deleted by the TD.  Every change keeps the earlier value, who changed it and when
in the row's ``history`` (the audit trail); a refused entry stores nothing.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from tournament.models import ProgressivePrizeTie, Session, SocialTableScore
from tournament.movements import social
from tournament.social.selectors import is_social, keep_for_final, open_ties, table_round

#: the event's ``tie_rule`` → how the tie is settled ("share" leaves it shared)
TIE_METHODS = {"play_off": "play-off", "cut": "cut", "draw": "draw"}

POINTS_MAX = 100_000  # a side's points in one round (rubber points run to a few thousand)


def _check_open(section, *, at_table: bool) -> None:
    status = section.session.status
    if status == Session.Status.FINAL:
        raise ValidationError({"__all__": "The session is final: scores can no longer change."})
    if at_table and status != Session.Status.RUNNING:
        raise ValidationError({"__all__": "Scores are entered at the table only while play runs."})
    if not is_social(section):
        raise ValidationError(
            {"__all__": "This section is not scored as the book's social game (see the "
                        "event's condition social_scoring)."}
        )  # fmt: skip


def _snapshot(row: SocialTableScore) -> dict:
    return {"ns_points": row.ns_points, "ew_points": row.ew_points, "finished": row.finished,
            "ns_games": row.ns_games, "ew_games": row.ew_games}  # fmt: skip


@transaction.atomic
def enter_score(section, round_number: int, table: int, *, ns_points: int, ew_points: int,
                finished: bool = True, ns_games: int = 0, ew_games: int = 0, user=None,
                at_table: bool = False) -> SocialTableScore:  # fmt: skip
    """Keep (or correct) one table's points in one round; refused with the field named."""
    _check_open(section, at_table=at_table)
    place = table_round(section, round_number, table)
    if place is None:
        raise ValidationError({"table": f"There is no table {table} in round {round_number}."})
    for name, value in (("ns_points", ns_points), ("ew_points", ew_points)):
        if not isinstance(value, int) or not 0 <= value <= POINTS_MAX:
            raise ValidationError({name: f"Give the points won, 0 to {POINTS_MAX}."})
    if not finished and section.movement_kind == "baker" and not place.last:
        raise ValidationError(
            {"finished": "Baker's rubbers run on; only the last round (the 24th hand) may end "
                         "with a rubber unfinished [002 L3161–3164]."}
        )  # fmt: skip
    try:
        social.TableScore(round_number, table, place.ns, place.ew, ns_points, ew_points,
                          finished, ns_games, ew_games)  # fmt: skip
    except social.SocialError as exc:
        raise ValidationError({"ns_games": str(exc)}) from None
    row = (
        SocialTableScore.objects.select_for_update()
        .filter(section=section, round_number=round_number, table_number=table)
        .first()
    )
    if row is not None and at_table:
        raise ValidationError(
            {"__all__": f"Round {round_number} at table {table} is already in: ask the TD "
                        "to correct it."}
        )  # fmt: skip
    if row is None:
        row = SocialTableScore(section=section, round_number=round_number, table_number=table)
    else:
        row.history = [*row.history, {**_snapshot(row), "changed_at": timezone.now().isoformat(),
                                      "changed_by": getattr(user, "username", "") or "table"}]  # fmt: skip
    row.ns_points, row.ew_points, row.finished = ns_points, ew_points, finished
    row.ns_games, row.ew_games = ns_games, ew_games
    row.entered_at_table = at_table
    row.entered_by = user if user is not None and user.is_authenticated else None
    row.save()
    return row


@transaction.atomic
def delete_score(section, round_number: int, table: int, *, user=None) -> None:
    """The TD takes a table's score for a round out (it was entered for the wrong round)."""
    _check_open(section, at_table=False)
    deleted, _ = SocialTableScore.objects.filter(
        section=section, round_number=round_number, table_number=table
    ).delete()
    if not deleted:
        raise ValidationError(
            {"table": f"No score is in for table {table} in round {round_number}."}
        )


@transaction.atomic
def decide_prize_tie(section, tied: list[int], order: list[int] | None, *, user=None):
    """Keep how a tie for a social prize was settled: the TD's order, best first (a play-off or
    a cut, "the winner takes first and the loser second" [002 L6478–6493]), or numbered slips
    drawn here [002 L6782–6788].  A final session's kept prize list is brought up to date."""
    import random

    from tournament.movements.prizes import rank

    if not is_social(section):
        raise ValidationError({"__all__": "This section is not scored as the book's social game."})
    rule = section.session.event.condition("tie_rule", "share")
    method = TIE_METHODS.get(rule)
    if method is None:
        raise ValidationError({"players": "The tie rule is to share: a tie needs no decision."})
    tied = sorted(set(tied))
    key = ",".join(map(str, tied))
    ties = [z["key"] for z in open_ties(section)]
    if key not in ties:
        raise ValidationError(
            {"players": f"Players [{key}] are not a prize tie to settle (open ties: "
                        f"{'; '.join(ties) or 'none'})."}
        )  # fmt: skip
    if order is not None:
        if sorted(order) != tied:
            raise ValidationError({"order": f"Order exactly the tied players {tied}, best first."})
        note = "decided by the TD"
    elif method != "draw":
        raise ValidationError({"order": f"The tie rule is {method}: enter the order."})
    else:
        _, made = rank(dict.fromkeys(tied, 0), method="draw", rng=random.SystemRandom())
        order, note = list(made[0].order), made[0].note
    row = ProgressivePrizeTie.objects.create(
        section=section, players=key, order=list(order), method=method, note=note,
        decided_by=user if user is not None and user.is_authenticated else None,
    )  # fmt: skip
    keep_prizes(section.session)
    return row


def keep_prizes(session) -> None:
    """Keep the social prize lists with a final session's standings (``kept_prizes``)."""
    from scoring.models import Standings

    if session.status != Session.Status.FINAL:
        return
    row = Standings.objects.select_for_update().filter(session=session).first()
    if row is None:
        return
    row.data = {**row.data, "social_prizes": keep_for_final(session)}
    row.save(update_fields=["data"])
