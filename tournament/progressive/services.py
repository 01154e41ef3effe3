"""Writes of a progressive game: round 1 seated, each table's result (progressive auction: deal
by deal, at the table or on the console), a tie at a table decided, the next round kept or
overridden by the TD with a reason, and a prize tie settled.
"""

from __future__ import annotations

import random

from django.core.exceptions import ValidationError
from django.db import transaction

from tournament.models import (
    FiveHundredDeal,
    ProgressiveDeal,
    ProgressivePrizeTie,
    ProgressiveTableResult,
    RoundSeating,
    Section,
    Session,
)
from tournament.progressive.selectors import (
    current_round,
    deals_at,
    fh_deals,
    fh_round,
    fh_table,
    final_ranking,
    game_points,
    hands,
    is_auction,
    is_five_hundred,
    lone_hand_max,
    lone_hands_on,
    next_seating,
    players,
    seat_at,
    short_tables,
    tally_mode,
    tie_method,
)

SIDES = ("ns", "ew")


@transaction.atomic
def start(section: Section, *, seed: int | None = None, given: dict[int, str] | None = None):
    """Seat round 1: at random (``seed``) or from positions like "1 A" / "1 B"."""
    from tournament.movements.base import MovementError
    from tournament.movements.progressive import initial_seating

    if section.round_seatings.exists():
        raise ValidationError({"__all__": "Round 1 is already seated."})
    if is_five_hundred(section):
        return _fh_start(section, hands(section), seed, given)
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


def _per_line(text: str, place, hint: str) -> dict[int, str]:
    """'player: place' per line → {player: place(text after the colon)}; a blank line is
    skipped, a line that does not read is refused at the field by its number with ``hint``."""
    given = {}
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            player, where = line.split(":")
            given[int(player)] = place(where)
        except ValueError:
            raise ValidationError({"given": f"Line {n}: write {hint}."}) from None
    return given


def _couple_place(where: str) -> str:
    table, couple = where.split()
    if couple.upper() not in ("A", "B"):
        raise ValueError(couple)
    return f"{int(table)} {couple.upper()}"


def parse_positions(text: str) -> dict[int, str]:
    """'3: 1 A' per line (player 3 at table 1, head couple) → {3: "1 A"}."""
    return _per_line(text, _couple_place, "'player: table couple', e.g. '3: 1 A'")


@transaction.atomic
def enter_result(section, table: int, *, winner="", ns_points=None, ew_points=None, user=None,
                 first_to_score="", player_points=None, lone_hands=None,
                 at_table=False):  # fmt: skip
    """One table's result in the current round: the winning side, or both sides' points, and
    the side that scored first (it progresses at a tie [002 L6473–6476, L6817–6818]); at a
    two- or three-hand foot table, each player's points (``player_points``) [002 L6507–6515].
    ``lone_hands``: each player's lone hands made, when the conditions allow them
    (``check_lone_hands``), at a four-hand or a foot table alike [002 L6385–6387].  At the table (``at_table``) the result goes in once, while play
    runs; a correction is the TD's."""
    seating = current_round(section)
    if at_table:
        _check_at_table(section, seating, table)
    if seating is None:
        raise ValidationError({"__all__": "Seat round 1 before entering results."})
    if table not in {row["table"] for row in seating.seating}:
        raise ValidationError(
            {"table": f"There is no table {table} in round {seating.round_number}."}
        )
    short = short_tables(section, seating.round_number).get(table)
    if is_five_hundred(section):
        raise ValidationError(
            {"__all__": "Five Hundred is entered deal by deal, each player's points."}
        )
    if short or player_points:
        return _short_result(section, seating.round_number, table, short, player_points, user,
                             lone_hands)  # fmt: skip
    if (ns_points is None) != (ew_points is None):
        raise ValidationError({"ns_points": "Give both sides' points, or neither."})
    if ns_points is None and winner not in ("ns", "ew"):
        raise ValidationError({"winner": "Say which side won, or give both sides' points."})
    if first_to_score not in ("", *SIDES):
        raise ValidationError({"first_to_score": "Say N-S or E-W scored first, or neither."})
    if ns_points is None and tally_mode(section) != "games":
        raise ValidationError({"ns_points": "This game is tallied in points: give both sides'."})
    lone = _lone_hands(section, seating.round_number, table, lone_hands, ns_points, ew_points)
    row, _ = ProgressiveTableResult.objects.update_or_create(
        section=section, round_number=seating.round_number, table_number=table,
        defaults={"winner": winner if ns_points is None else "", "ns_points": ns_points,
                  "ew_points": ew_points, "tie_decision": "", "first_to_score": first_to_score,
                  "lone_hands": lone, "entered_by": _user(user)},
    )  # fmt: skip
    return row


def lone_hands_from(section, data, names: dict | None = None) -> dict[int, int]:
    """Each player's lone hands as posted (``lone_<player>``; blank is none), every count a
    whole number from 0 to the deals a game can have (``lone_hand_limit``), or a
    ValidationError naming the player at the field ``lone_<player>``."""
    from tournament.limits import ENTRY_NUMBER_MAX, number

    most = lone_hand_max(section)
    out = {}
    for key, value in data.items():
        if (
            not key.startswith("lone_")
            or not key[5:].isdecimal()
            or int(key[5:]) > ENTRY_NUMBER_MAX
        ):
            continue
        player = int(key[5:])
        if str(value).strip() == "":
            continue
        who = (names or {}).get(player, f"player {player}")
        try:
            out[player] = number(value, f"Lone hands of {who}", most, 0)
        except ValueError as exc:
            raise ValidationError({key: f"{exc} (a game has at most {most} deals)."}) from None
    return out


def _check_at_table(section, seating, table) -> None:
    """A table enters its own result once, while play runs."""
    if section.session.status != Session.Status.RUNNING:
        raise ValidationError({"__all__": "Results are entered at the table only while play runs."})
    if seating is None:
        raise ValidationError({"__all__": "No round is seated yet: see the director."})
    if section.progressive_results.filter(
        round_number=seating.round_number, table_number=table
    ).exists():
        raise ValidationError(
            {"__all__": f"Round {seating.round_number}'s result is in: ask the director to "
                        "correct it."}
        )  # fmt: skip


def _lone_hands(section, rnd, table, given, ns_points, ew_points, player_points=None) -> dict:
    """Each player's lone hands as kept ({"3": 1}), checked against the game: a count from 0,
    a side's no more than its points (or the deals of a game) [002 L5943–5944]; at a foot
    table (``player_points``) a player's no more than his own points."""
    from tournament.movements.base import Seating
    from tournament.movements.progressive import (
        TableResult,
        check_lone_hands,
        lone_hand_limit,
        short_lone_hand_limit,
    )

    given = {p: n for p, n in (given or {}).items() if n}
    if not given:
        return {}
    if not lone_hands_on(section):
        raise ValidationError({"lone_hands": "Lone hands are not played in this game."})
    seat = Seating(**seat_at(section, rnd, table))
    if player_points is not None:
        limit = short_lone_hand_limit(seat, TableResult(player_points=player_points),
                                      game_points(section))  # fmt: skip
    else:
        limit = lone_hand_limit(game_points(section), ns_points, ew_points)
    try:
        check_lone_hands(seat, given, limit)
    except ValueError as exc:
        raise ValidationError({"lone_hands": f"Lone hands: {exc}."}) from None
    return {str(p): n for p, n in sorted(given.items())}


POINTS_MAX = 100_000


def _short_result(section, rnd, table, short, player_points, user, lone_hands=None):
    """A two- or three-hand foot table: every player's points and, when they are played,
    each player's lone hands made."""
    if not short:
        raise ValidationError({"player_points": f"Table {table} is a four-hand table: give "
                                                "the sides' points."})  # fmt: skip
    given = player_points or {}
    missing = [p for p in short if p not in given]
    if missing or set(given) - set(short):
        raise ValidationError(
            {"player_points": f"Give the points of each player at table {table}: "
                              f"{', '.join(map(str, short))}."}
        )  # fmt: skip
    if any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= POINTS_MAX
           for v in given.values()):  # fmt: skip
        raise ValidationError({"player_points": f"Points are from 0 to {POINTS_MAX}."})
    lone = _lone_hands(section, rnd, table, lone_hands, None, None, given)
    row, _ = ProgressiveTableResult.objects.update_or_create(
        section=section, round_number=rnd, table_number=table,
        defaults={"winner": "", "ns_points": None, "ew_points": None, "tie_decision": "",
                  "stays": None, "first_to_score": "", "lone_hands": lone,
                  "player_points": {str(p): given[p] for p in short}, "entered_by": _user(user)},
    )  # fmt: skip
    return row


@transaction.atomic
def decide_tie(section: Section, round_number: int, table: int, side, user=None):
    """The TD says which side progresses from a tied table, or at a tied three-hand foot
    table which player stays (``side`` is then the player's number); the decision is kept."""
    row = ProgressiveTableResult.objects.filter(
        section=section, round_number=round_number, table_number=table
    ).first()
    if row is None:
        raise ValidationError({"table": f"No result is entered for table {table}."})
    if is_five_hundred(section):
        raise ValidationError(
            {"side": "At Five Hundred the TD enters who progresses after the cut."}
        )
    short = short_tables(section, round_number).get(table)
    if short:
        stays = int(side) if str(side).isdecimal() else None
        if stays not in short:
            raise ValidationError({"side": f"Choose the player who stays: one of {short}."})
        row.stays, row.decided_by = stays, _user(user)
        row.save(update_fields=["stays", "decided_by", "updated"])
        return row
    if side not in ("ns", "ew"):
        raise ValidationError({"side": "Choose N-S or E-W."})
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
    if is_five_hundred(section):
        seating = _fh_override_rows(section, seating)
    elif any("seats" in row for row in seating):
        raise ValidationError(
            {
                "seating": "Write each table as 'table: N S E W' (four players) or 'table: N-S v E-W'."
            }
        )
    seen = [p for row in seating for k, v in row.items() if k != "table"
            for p in (v if isinstance(v, list) else [v])]  # fmt: skip
    if len(seen) != len(set(seen)):
        raise ValidationError({"seating": "A player or pair is seated twice."})
    row, _ = RoundSeating.objects.update_or_create(
        section=section, round_number=round_number,
        defaults={"seating": seating, "overridden_by": user, "override_reason": reason.strip()},
    )  # fmt: skip
    return row


def _fh_override_rows(section: Section, seating: list[dict]) -> list[dict]:
    """A Five Hundred seating as the TD typed it ('table: players in seat order'), checked:
    every table full, every player in the game seated once."""
    want = hands(section)
    rows = []
    for row in seating:
        seats = row.get("seats") or [row[k] for k in ("n", "s", "e", "w") if row.get(k)]
        if len(seats) != want:
            raise ValidationError(
                {"seating": f"Table {row['table']}: give {want} players, seat 1 first."}
            )
        rows.append({"table": row["table"], "seats": list(seats)})
    flat = sorted(p for row in rows for p in row["seats"])
    if flat != sorted(players(section)):
        raise ValidationError({"seating": "Seat every player in the game, each once."})
    if sorted(r["table"] for r in rows) != list(range(1, len(rows) + 1)):
        raise ValidationError({"seating": "Number the tables 1, 2, … (A, B, …) without gaps."})
    return rows


@transaction.atomic
def decide_prize_tie(section: Section, tied: list[int], order: list[int] | None, user=None,
                     space: str = ""):  # fmt: skip
    """Keep how a prize tie was settled: the TD's order (best first), or a draw of slips.
    ``space`` "lone": a tie for the most lone hands (kept as "lone:3,7")."""
    from tournament.movements.prizes import rank

    tied = sorted(set(tied))
    key = (f"{space}:" if space else "") + ",".join(map(str, tied))
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
        section=section, players=key,
        defaults={"order": order, "method": method, "note": note,
                  "decided_by": user if user is not None and user.is_authenticated else None},
    )[0]  # fmt: skip


def _check_deal_open(section: Section, *, at_table: bool) -> None:
    status = section.session.status
    if status == Session.Status.FINAL:
        raise ValidationError({"__all__": "The session is final: scores can no longer change."})
    if at_table and status != Session.Status.RUNNING:
        raise ValidationError({"__all__": "Deals are entered at the table only while play runs."})
    if not is_auction(section):
        raise ValidationError(
            {"__all__": "Deals are entered one by one in progressive auction only; enter this "
                        "game's result for the round."}
        )  # fmt: skip


@transaction.atomic
def enter_deal(section: Section, table: int, deal_number: int, *, ns_trick: int = 0,
               ew_trick: int = 0, ns_above: int = 0, ew_above: int = 0,
               first_to_score: str = "", round_number: int | None = None, user=None,
               at_table: bool = False) -> ProgressiveDeal:  # fmt: skip
    """One deal of a progressive auction round at ``table``: each side's trick points below
    the line and points above.  At the table the deals go in order and an entered deal is
    the TD's to correct.  With the round's fourth deal the table's result is worked out by
    ``progressive_auction_round`` (125 a game of 30, over several deals if need be, nothing
    for a rubber [002 L2871–2875]) and kept with the side that scored first, which
    progresses at a tie [002 L6473–6476, L6817–6818]."""
    from tournament.movements.tallies import PROGRESSIVE_DEALS, check_deal

    _check_deal_open(section, at_table=at_table)
    seating = current_round(section)
    if seating is None:
        raise ValidationError({"__all__": "Seat round 1 before entering deals."})
    rnd = round_number or seating.round_number
    if at_table and rnd != seating.round_number:
        raise ValidationError({"__all__": "This table is not playing that round now: reload."})
    seat = seat_at(section, rnd, table)
    if seat is None or len([k for k in "nsew" if seat.get(k)]) < 4:
        raise ValidationError({"table": f"Table {table} has no four-hand game in round {rnd}."})
    if not 1 <= deal_number <= PROGRESSIVE_DEALS:
        raise ValidationError({"deal": f"A round has deals 1 to {PROGRESSIVE_DEALS}."})
    if first_to_score not in ("", *SIDES):
        raise ValidationError({"first_to_score": "Say N-S or E-W scored first, or neither."})
    try:
        check_deal(ns_trick, ew_trick, ns_above, ew_above)
    except ValueError as exc:
        field, _, message = str(exc).partition(": ")
        raise ValidationError({field: message}) from None
    kept = {d.deal_number: d for d in deals_at(section, rnd, table, lock=True)}
    if at_table:
        expected = next((n for n in range(1, PROGRESSIVE_DEALS + 1) if n not in kept), None)
        if deal_number in kept:
            raise ValidationError(
                {"deal": f"Deal {deal_number} is already in: ask the TD to correct it."}
            )
        if deal_number != expected:
            raise ValidationError({"deal": f"Enter deal {expected} first."})
    row = kept.get(deal_number) or ProgressiveDeal(
        section=section, round_number=rnd, table_number=table, deal_number=deal_number
    )
    row.ns_trick, row.ew_trick, row.ns_above, row.ew_above = ns_trick, ew_trick, ns_above, ew_above
    row.entered_at_table, row.entered_by = at_table, _user(user)
    row.save()
    kept[deal_number] = row
    if len(kept) == PROGRESSIVE_DEALS:
        _keep_round(section, rnd, table, list(kept.values()), first_to_score, user)
    return row


def _keep_round(section, rnd, table, deals, first_to_score, user) -> None:
    from tournament.movements.tallies import progressive_auction_round

    ns, ew = progressive_auction_round(
        (d.ns_trick, d.ew_trick, d.ns_above, d.ew_above)
        for d in sorted(deals, key=lambda d: d.deal_number)
    )
    row = ProgressiveTableResult.objects.filter(
        section=section, round_number=rnd, table_number=table
    ).first() or ProgressiveTableResult(section=section, round_number=rnd, table_number=table)
    row.winner, row.ns_points, row.ew_points = "", ns, ew
    row.first_to_score = first_to_score or row.first_to_score
    row.entered_by = _user(user)
    row.save()


# --- Progressive Five Hundred [002 L7368–7406] (tournament.movements.five_hundred) ---------


def parse_cards(text: str) -> dict[int, str]:
    """'3: A 1' per line (player 3 holds the tally card "Table A 1") → {3: "A 1"}."""
    from tournament.movements.five_hundred import parse_position, position

    return _per_line(text, lambda card: position(*parse_position(card)),
                     "'player: table letter and seat', e.g. '3: A 1'")  # fmt: skip


def _fh_start(section: Section, hands: int, seed, given) -> RoundSeating:
    """Round 1 from the tally cards [002 L7370–7376]: as drawn (``given``) or at random."""
    from tournament.movements.base import MovementError
    from tournament.movements.five_hundred import initial_seating

    numbers = sorted(players(section))
    try:
        tables = initial_seating(numbers, hands, rng=random.Random(seed), given=given)
    except (MovementError, ValueError) as exc:
        raise ValidationError({"given" if given else "__all__": str(exc)}) from None
    return RoundSeating.objects.create(
        section=section, round_number=1, seating=[t.to_row() for t in tables]
    )


def _check_fh_open(section: Section, *, at_table: bool) -> None:
    status = section.session.status
    if status == Session.Status.FINAL:
        raise ValidationError({"__all__": "The session is final: scores can no longer change."})
    if at_table and status != Session.Status.RUNNING:
        raise ValidationError({"__all__": "Deals are entered at the table only while play runs."})
    if not is_five_hundred(section):
        raise ValidationError({"__all__": "This is not a game of Progressive Five Hundred."})


@transaction.atomic
def enter_fh_deal(section: Section, table: int, deal_number: int, points: dict[int, int], *,
                  round_number: int | None = None, user=None,
                  at_table: bool = False) -> FiveHundredDeal:  # fmt: skip
    """One deal of a Five Hundred round at ``table``: each player's points made, or set back
    (minus); partners are credited alike [002 L7378–7386].  A round is one deal for each
    player at the table [002 L7400].  At the table the deals go in order and an entered deal
    is the TD's to correct; the TD may enter or correct any deal of any round."""
    from tournament.movements.five_hundred import check_deal, letter

    _check_fh_open(section, at_table=at_table)
    seating = current_round(section)
    if seating is None:
        raise ValidationError({"__all__": "Seat round 1 before entering deals."})
    rnd = round_number or seating.round_number
    if at_table and rnd != seating.round_number:
        raise ValidationError({"__all__": "This table is not playing that round now: reload."})
    t = fh_table(section, rnd, table)
    if t is None:
        raise ValidationError({"table": f"There is no table {table} in round {rnd}."})
    if not 1 <= deal_number <= t.hands:
        raise ValidationError(
            {"deal": f"A round at Table {letter(table)} has deals 1 to {t.hands}: one deal for "
                     "each player [002 L7400]."}
        )  # fmt: skip
    try:
        clean = check_deal(t, points)
    except ValueError as exc:
        field, _, message = str(exc).partition(": ")
        raise ValidationError({field: message}) from None
    kept = {d.deal_number: d for d in fh_deals(section, rnd, table, lock=True)}
    if at_table:
        expected = next((n for n in range(1, t.hands + 1) if n not in kept), None)
        if deal_number in kept:
            raise ValidationError(
                {"deal": f"Deal {deal_number} is already in: ask the TD to correct it."}
            )
        if deal_number != expected:
            raise ValidationError({"deal": f"Enter deal {expected} first."})
    row = kept.get(deal_number) or FiveHundredDeal(
        section=section, round_number=rnd, table_number=table, deal_number=deal_number
    )
    row.points = {str(p): v for p, v in clean.items()}
    row.entered_at_table, row.entered_by = at_table, _user(user)
    row.save()
    # a corrected deal can undo a tie: a cut entered before no longer stands
    ProgressiveTableResult.objects.filter(
        section=section, round_number=rnd, table_number=table
    ).exclude(progress=[]).update(progress=[])
    return row


@transaction.atomic
def decide_fh_cut(section: Section, round_number: int, table: int, progress: list[int],
                  user=None) -> ProgressiveTableResult:  # fmt: skip
    """The TD enters who progresses after the tied players cut [002 L10449–10458]."""
    from tournament.movements.five_hundred import check_cut

    if not is_five_hundred(section):
        raise ValidationError({"__all__": "This is not a game of Progressive Five Hundred."})
    t = fh_table(section, round_number, table)
    if t is None:
        raise ValidationError({"table": f"There is no table {table} in round {round_number}."})
    totals, _ = fh_round(section, round_number)
    if table not in totals:
        raise ValidationError({"table": f"Table {table}'s deals are not all in yet."})
    try:
        moved = check_cut(t, totals[table], progress)
    except ValueError as exc:
        raise ValidationError({"cut": str(exc).partition(": ")[2]}) from None
    row, _ = ProgressiveTableResult.objects.update_or_create(
        section=section, round_number=round_number, table_number=table,
        defaults={"progress": list(moved), "decided_by": _user(user)},
    )  # fmt: skip
    return row
