"""Reads of a progressive game: its conditions and tally, the players, the current round, each
table's results, the tallies, the next round's seating as the policy computes it
(``tournament.movements.progressive``), and the final ranking with prizes
(``tournament.movements.prizes``).

Progressive Five Hundred (the condition ``five_hundred_hands``) is read at the end: its
seating rows are ``{"table", "seats": [seat 1, seat 2, …]}`` and its deals
``FiveHundredDeal`` rows (``tournament.movements.five_hundred``).

The event's conditions say how it is scored (docs/schedules.md, "Running them in a session"):
``progressive`` (the policy), ``tally`` ("gross", "net" or "games"), ``prizes`` (how
many best prizes, 1), ``booby`` (true), ``class_prizes`` (true: ladies' and
gentlemen's) and ``tie_rule`` (``play_off``, ``cut`` or ``draw``; ``share`` -> draw).
"""

from __future__ import annotations

from fractions import Fraction

from django.core.exceptions import ValidationError

from scoring.engine.ranking import rank as rank_labels
from tournament.conditions import TALLIES
from tournament.models import RoundSeating, Section
from tournament.movements.five_hundred import DEAL_POINTS_MAX as DEAL_POINTS_MAX  # for pages

TIE_RULES = {"play_off": "play-off", "cut": "cut", "draw": "draw", "share": "draw"}


def conditions(section: Section) -> dict:
    return section.session.event.usable_conditions


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


def current_round(section: Section) -> RoundSeating | None:
    return section.round_seatings.order_by("-round_number").first()


def table_results(section: Section, round_number: int) -> tuple[dict, dict]:
    """({table: TableResult}, {table: the TD's decision}) of one round: the side that
    progresses from a tied table, or the player who stays at a tied three-hand foot table."""
    from tournament.movements.progressive import TableResult

    results, decisions = {}, {}
    for row in section.progressive_results.filter(round_number=round_number):
        results[row.table_number] = TableResult(
            winner=row.winner or None, ns_points=row.ns_points, ew_points=row.ew_points,
            first_to_score=row.first_to_score or None,
            player_points={int(p): v for p, v in (row.player_points or {}).items()},
        )  # fmt: skip
        if row.stays:
            decisions[row.table_number] = row.stays
        elif row.tie_decision:
            decisions[row.table_number] = row.tie_decision
    return results, decisions


def is_auction(section: Section) -> bool:
    """Progressive auction: its rounds are entered deal by deal [002 L2868–2875]."""
    event = section.session.event
    return event.format == "progressive" and event.game == "auction"


def seat_at(section: Section, round_number: int, table: int) -> dict | None:
    """The seating row of ``table`` in ``round_number`` (n, s, e, w), or None."""
    row = section.round_seatings.filter(round_number=round_number).first()
    if row is None:
        return None
    return next((t for t in row.seating if t.get("table") == table), None)


def deals_at(section: Section, round_number: int, table: int, lock: bool = False) -> list:
    """The deals entered at ``table`` in ``round_number``, in order."""
    rows = section.progressive_deals.filter(round_number=round_number, table_number=table)
    return list((rows.select_for_update() if lock else rows).order_by("deal_number"))


def round_sheet(section: Section, round_number: int, table: int) -> dict:
    """A table's score sheet for a round of progressive auction: each deal, the running
    trick points toward game, each side's total so far with 125 a game
    (``progressive_auction_round``), and the next deal due (None: all four in)."""
    from tournament.movements.tallies import PROGRESSIVE_DEALS, progressive_auction_round

    deals = deals_at(section, round_number, table)
    lines, upto = [], []
    for d in deals:
        upto.append((d.ns_trick, d.ew_trick, d.ns_above, d.ew_above))
        ns, ew = progressive_auction_round(upto)
        lines.append({"deal": d, "ns_total": ns, "ew_total": ew})
    ns, ew = progressive_auction_round(upto)
    numbers = {d.deal_number for d in deals}
    due = next((n for n in range(1, PROGRESSIVE_DEALS + 1) if n not in numbers), None)
    return {"lines": lines, "ns": ns, "ew": ew, "due": due, "deals": PROGRESSIVE_DEALS}


def tallies(section: Section) -> dict[int, dict]:
    """Each player's points (gross or net) and games won over every round with results."""
    from tournament.movements.base import Seating
    from tournament.movements.progressive import round_credits, short_table_points
    from tournament.movements.tallies import round_tally

    if is_five_hundred(section):
        sheet = score_sheet(section)
        return {
            row["player"]: {"points": row["net"], "plus": row["plus"], "minus": row["minus"],
                            "games": Fraction(0), "rounds": len(sheet["rounds"])}
            for row in sheet["rows"]
        }  # fmt: skip
    policy, mode = _policy(section), tally_mode(section)
    blank = {"points": 0, "games": Fraction(0), "rounds": 0, "lone_hands": 0}
    out = {n: dict(blank) for n in players(section)}
    for rs in section.round_seatings.all():
        results, _ = table_results(section, rs.round_number)
        seats = [Seating(**row) for row in rs.seating if row["table"] in results]
        for p, games in round_credits(policy, seats, results).items():
            out.setdefault(p, dict(blank))
            out[p]["games"] += games
            out[p]["rounds"] += 1
        for row in section.progressive_results.filter(round_number=rs.round_number):
            for p, n in (row.lone_hands or {}).items():
                out.setdefault(int(p), dict(blank))["lone_hands"] += n
        for st in seats:
            res = results[st.table]
            if len(st.seated) < 4 and res.player_points:
                for p, pts in short_table_points(st, res).items():
                    out[p]["points"] += pts
            elif res.ns_points is not None and len(st.seated) == 4:
                tally = round_tally((st.n, st.s), (st.e, st.w), res.ns_points, res.ew_points,
                                    "net" if mode == "net" else "gross")  # fmt: skip
                for p, pts in tally.items():
                    out[p]["points"] += pts
    return out


def _policy(section: Section):
    from tournament.movements.progressive import ProgressivePolicy

    data = conditions(section).get("progressive", {})
    try:
        return ProgressivePolicy.from_dict(data)
    except ValueError as exc:
        raise ValidationError({"__all__": str(exc)}) from None


def _seats(rows: list[dict]):
    from tournament.movements.base import Seating

    return [Seating(**row) for row in rows]


def next_seating(section: Section) -> dict | None:
    """{"round": r + 1, "seating": [...]} after the last kept round, or {"error": ...};
    a tie the policy cannot settle adds {"ties": [table, ...]} for the TD to decide."""

    last = section.round_seatings.order_by("-round_number").first()
    if last is None:
        return None
    if is_five_hundred(section):
        return _fh_next(section, last)
    from tournament.movements.base import MovementError
    from tournament.movements.progressive import TieUndecided
    from tournament.movements.progressive import next_seating as engine_next

    results, decisions = table_results(section, last.round_number)
    try:
        seats = engine_next(_policy(section), _seats(last.seating), results, decisions,
                            foot_games(section), rows=room_rows(section))  # fmt: skip
    except TieUndecided as exc:
        return {"round": last.round_number + 1, "error": str(exc), "ties": exc.tables}
    except (MovementError, ValueError, KeyError) as exc:
        return {"round": last.round_number + 1, "error": str(exc)}
    rows = [{k: v for k, v in vars(s).items() if v not in (None, (), False)} for s in seats]
    return {"round": last.round_number + 1, "seating": rows}


def foot_games(section: Section) -> dict[int, int]:
    """The games each player at the last round's three-hand table has played there in a
    row, that round's included [002 L6512–6515]."""
    rounds = list(section.round_seatings.order_by("-round_number"))
    counts: dict[int, int] = {}
    for back, rs in enumerate(rounds):
        threes = {p for row in rs.seating for p in _short(row) if len(_short(row)) == 3}
        if back == 0:
            counts = dict.fromkeys(threes, 1)
            continue
        going = [p for p, n in counts.items() if n == back and p in threes]
        if not going:
            break
        for p in going:
            counts[p] += 1
    return counts


def _short(row: dict) -> list[int]:
    """The players of a seating row when it is a short (two- or three-hand) table."""
    seated = [row[k] for k in ("n", "s", "e", "w") if row.get(k)]
    return seated if len(seated) < 4 else []


def short_tables(section: Section, round_number: int) -> dict[int, list[int]]:
    """The two- and three-hand tables of a round: table → its players."""
    rs = section.round_seatings.filter(round_number=round_number).first()
    return {row["table"]: _short(row) for row in (rs.seating if rs else []) if _short(row)}


SEX = {"F": "lady", "M": "gentleman"}


CLASS_LABEL = {"lady": "ladies' prize", "gentleman": "gentlemen's prize"}


def tie_method(section: Section) -> str:
    return TIE_RULES.get(conditions(section).get("tie_rule", "draw"), "draw")


def _key(section: Section) -> tuple[dict, dict]:
    """(player → ranking score, player → tally)."""
    tally = tallies(section)
    five_hundred = is_five_hundred(section)  # ranked by net points [002 L7393–7396]
    field = "games" if tally_mode(section) == "games" and not five_hundred else "points"
    return {p: t[field] for p, t in tally.items()}, tally


#: the namespace of a lone-hand prize tie's record (``ProgressivePrizeTie.players``
#: "lone:3,7"): a tie on lone hands is not a tie on games
LONE = "lone"


def _decisions(section: Section) -> dict[tuple[str, tuple[int, ...]], list[int]]:
    """The settled prize ties: (namespace, tied players) → order, best first."""
    out = {}
    for t in section.progressive_prize_ties.exclude(players__startswith="foster:"):
        space, _, numbers = t.players.rpartition(":")  # Foster's draw keeps its own ties
        out[(space, tuple(int(x) for x in numbers.split(",")))] = list(t.order)
    return out


def large_room(section: Section) -> dict | None:
    """A large euchre's room [002 L6536–6835] (``conditions["large_room"]``): ``rows`` of
    tables (each its own circuit), ``head_prizes`` for the whole room and ``row_prizes``
    for each row; None when the game is not laid out in rows."""
    room = conditions(section).get("large_room")
    if not room:
        return None
    return {"rows": int(room.get("rows", 1)), "head_prizes": int(room.get("head_prizes", 1)),
            "row_prizes": int(room.get("row_prizes", 1))}  # fmt: skip


def room_rows(section: Section) -> int:
    room = large_room(section)
    return room["rows"] if room else 1


def lone_hands_on(section: Section) -> bool:
    """Lone hands are scored and recorded, with a prize for the most [002 L6385–6387]; the
    book's sample rules say "There will be no lone hands" [002 L6820], so it is off unless
    the conditions say ``lone_hands``."""
    return bool(conditions(section).get("lone_hands", False))


def game_points(section: Section) -> int:
    """Points to a game: 5 unless the conditions say (``game_points``) [002 L5949, L6395–6397]."""
    return int(conditions(section).get("game_points", 5))


def lone_hand_max(section: Section) -> int:
    """The most lone hands one game can hold: its deals (``lone_hand_limit``)."""
    from tournament.movements.progressive import lone_hand_limit

    return lone_hand_limit(game_points(section))["table"]


def table_rows(section: Section, round_number: int) -> dict[int, int]:
    """Table → its row (aisle) in ``round_number`` (all 1 when the room has one row)."""
    from tournament.movements.base import MovementError
    from tournament.movements.progressive import row_of_table

    rs = section.round_seatings.filter(round_number=round_number).first()
    tables = [row["table"] for row in (rs.seating if rs else [])]
    try:
        return row_of_table(tables, room_rows(section)) if tables else {}
    except MovementError:
        return dict.fromkeys(tables, 1)


def final_rows(section: Section) -> dict[int, int]:
    """Each player's row (aisle) at the end of his last game: the row of the table he sat at
    in the last round he played — his prizes come "from the table at the head of the aisle
    at which the winner concluded his or her last game" [002 L6831–6832]."""
    out: dict[int, int] = {}
    for rs in section.round_seatings.order_by("round_number"):
        by_table = table_rows(section, rs.round_number)
        for row in rs.seating:
            for k in ("n", "s", "e", "w"):
                if row.get(k):
                    out[row[k]] = by_table.get(row["table"], 1)
    return out


def _contests(section: Section, scores: dict, tally: dict) -> list:
    """Every prize contest in the order they are awarded: best (or, in a large room, the
    head prizes and then each row's), booby, the ladies' and gentlemen's prizes, and the
    most lone hands when lone hands are played."""
    from tournament.movements.prizes import Contest, room_contests

    cond, room = conditions(section), large_room(section)
    out = []
    if room:
        out += room_contests(scores, final_rows(section), room["head_prizes"],
                             room["row_prizes"])  # fmt: skip
    else:
        out.append(Contest("prize", scores, int(cond.get("prizes", 1))))
    k = room["head_prizes"] if room else int(cond.get("prizes", 1))
    if cond.get("booby", True) and len(scores) > k:
        out.append(Contest("booby", scores, 0, booby=True))
    if cond.get("class_prizes", True):
        who = players(section)
        for sex, cls in SEX.items():
            group = {p: v for p, v in scores.items() if who.get(p) and who[p].gender == sex}
            out.append(Contest(CLASS_LABEL[cls], group))
    if lone_hands_on(section):
        lone = {p: t["lone_hands"] for p, t in tally.items() if t["lone_hands"] > 0}
        out.append(Contest("most lone hands", lone, ties=LONE))
    return out


def final_ranking(section: Section) -> dict:
    """{"rows": ranked players, "awards": prizes, "ties": open ties for the TD, "method",
    "calls": the manager's calling sheet (games tally)}.

    Prizes go in order (``tournament.movements.prizes.award_contests``); with the
    condition ``one_prize_each`` (the default — "No player is entitled to more than one
    prize", the precedent of LAWS.md §8.5; always in a large room, whose row prizes go
    "exclusive of those awarded principal prizes" [002 L6715–6725]) a player already
    awarded is not eligible for a later prize.  A tie that decides a prize stops the
    awarding there until the TD settles it, since later prizes depend on it.
    """
    from tournament.movements.prizes import award_contests, calling_sheet

    scores, tally = _key(section)
    who = players(section)
    method, decided = tie_method(section), _decisions(section)
    room = large_room(section)
    one_each = bool(room) or conditions(section).get("one_prize_each", True)
    by_label = dict(zip(scores, rank_labels(list(scores.values())), strict=True))
    order = sorted(scores, key=lambda p: (-scores[p], p))
    aisle = final_rows(section) if room else {}
    rows = [{"rank": by_label[p], "player": p, "name": str(who.get(p) or p),
             "aisle": aisle.get(p), **tally[p]} for p in order]  # fmt: skip
    done = award_contests(_contests(section, scores, tally), method=method, decisions=decided,
                          one_each=one_each)  # fmt: skip
    awards = []
    for contest, award in done.awards:
        awards.append({"prize": award.prize, "player": award.player,
                       "name": str(who.get(award.player) or award.player),
                       "score": award.score, "ties": award.decisions, "lone": contest.ties == LONE,
                       "aisle": aisle.get(award.player), "row": contest.row,
                       "called": contest.ties != LONE and not contest.booby})  # fmt: skip
    ties = []
    for t in done.open:
        shown = ",".join(map(str, t["players"]))
        ties.append({**t, "shown": shown, "key": f"{t['ties']}:{shown}" if t["ties"] else shown})
    calls = []
    if tally_mode(section) == "games" and not ties and not is_five_hundred(section):
        called = [a for a in awards if a["called"]]
        calls = calling_sheet(called, games_played(section), score=lambda a: a["score"])
        for call in calls:
            call["label"] = games_text(call["games"])
    return {"rows": rows, "awards": awards, "ties": ties, "method": method, "records": decided,
            "calls": calls, "room": room, "lone_hands": lone_hands_on(section)}  # fmt: skip


def games_text(value) -> str:
    """Games won as called: 2, 2½ (half games from ties [002 L6817–6818])."""
    whole, half = divmod(Fraction(value) * 2, 2)
    return f"{int(whole)}{'½' if half else ''}"


def games_played(section: Section) -> int:
    """The number of games (rounds) with every table's result in."""
    done = 0
    for rs in section.round_seatings.order_by("round_number"):
        results, _ = table_results(section, rs.round_number)
        if rs.seating and all(row["table"] in results for row in rs.seating):
            done += 1
    return done


# --- Progressive Five Hundred [002 L7368–7406] (tournament.movements.five_hundred) ---------


def hands(section: Section) -> int | None:
    """The hands at each table of a Progressive Five Hundred game, or None for another game
    (the event's condition ``five_hundred_hands``: 3, 4, 5 or 6)."""
    event = section.session.event
    if event.format != "progressive":
        return None
    value = conditions(section).get("five_hundred_hands")
    return value if value in (3, 4, 5, 6) else None


def is_five_hundred(section: Section) -> bool:
    return hands(section) is not None


def fh_tables(rows: list[dict]) -> list:
    """A round's seating rows as the engine's tables (seat 1 first)."""
    from tournament.movements.five_hundred import Table

    return [Table.from_row(row) for row in rows]


def fh_table(section: Section, round_number: int, table: int):
    """The engine's table ``table`` in ``round_number``, or None."""
    row = seat_at(section, round_number, table)
    return fh_tables([row])[0] if row and "seats" in row else None


def fh_deals(section: Section, round_number: int, table: int, lock: bool = False) -> list:
    rows = section.five_hundred_deals.filter(round_number=round_number, table_number=table)
    return list((rows.select_for_update() if lock else rows).order_by("deal_number"))


def _points(row) -> dict[int, int]:
    return {int(p): v for p, v in row.points.items()}


def fh_sheet(section: Section, round_number: int, table: int) -> dict | None:
    """A table's score pad for a round: each deal's points per player in seat order, the
    running totals, the round's totals and the next deal due (None: all in)."""
    from tournament.movements.five_hundred import round_totals

    t = fh_table(section, round_number, table)
    if t is None:
        return None
    deals = fh_deals(section, round_number, table)
    lines, upto = [], []
    for d in deals:
        upto.append(_points(d))
        totals = round_totals(t, upto)
        lines.append({"deal": d.deal_number, "points": [upto[-1][p] for p in t.seats],
                      "totals": [totals[p] for p in t.seats]})  # fmt: skip
    numbers = {d.deal_number for d in deals}
    due = next((n for n in range(1, t.hands + 1) if n not in numbers), None)
    totals = round_totals(t, upto)
    return {"table": t, "lines": lines, "totals": [totals[p] for p in t.seats], "due": due,
            "deals": t.hands, "by_player": totals}  # fmt: skip


def fh_round(section: Section, round_number: int) -> tuple[dict, dict]:
    """({table: {player: the round's points}} for the tables whose deals are all in,
    {table: [players a cut sent on]}) of one round."""
    from tournament.movements.five_hundred import round_totals

    rs = section.round_seatings.filter(round_number=round_number).first()
    by_table: dict[int, list] = {}
    for d in section.five_hundred_deals.filter(round_number=round_number):
        by_table.setdefault(d.table_number, []).append(_points(d))
    totals = {}
    for t in fh_tables(rs.seating if rs else []):
        deals = by_table.get(t.table, [])
        if len(deals) == t.hands:
            totals[t.table] = round_totals(t, deals)
    cuts = {
        r.table_number: list(r.progress)
        for r in section.progressive_results.filter(round_number=round_number)
        if r.progress
    }
    return totals, cuts


def _fh_next(section: Section, last) -> dict:
    from tournament.movements.five_hundred import FiveHundredTie, letter
    from tournament.movements.five_hundred import next_seating as engine_next

    totals, cuts = fh_round(section, last.round_number)
    nxt = last.round_number + 1
    try:
        tables = engine_next(fh_tables(last.seating), totals, cuts)
    except FiveHundredTie as exc:
        ties = [{"table": t, "letter": letter(t), **tie} for t, tie in sorted(exc.ties.items())]
        return {"round": nxt, "error": str(exc), "ties": sorted(exc.ties), "fh_ties": ties}
    except ValueError as exc:
        return {"round": nxt, "error": str(exc)}
    return {"round": nxt, "seating": [t.to_row() for t in tables]}


def score_sheet(section: Section) -> dict:
    """The scorer's general score sheet [002 L7386–7396]: for each player the plus and
    minus columns of every round and the totals, ranked by net points (plus less minus)."""
    from tournament.movements.five_hundred import score_sheet as engine_sheet

    who = players(section)
    deals = [(d.round_number, _points(d)) for d in section.five_hundred_deals.all()]
    sheet = engine_sheet(deals, who)
    rounds = sorted({r for r, _ in deals})
    labels = dict(zip(sheet, rank_labels([line.net for line in sheet.values()]), strict=True))
    rows = [
        {"rank": labels[p], "player": p, "name": str(who.get(p) or p),
         "rounds": [line.rounds.get(r, (0, 0)) for r in rounds],
         "plus": line.plus, "minus": line.minus, "net": line.net}
        for p, line in sorted(sheet.items(), key=lambda kv: (-kv[1].net, kv[0]))
    ]  # fmt: skip
    return {"rounds": rounds, "rows": rows}


def tally_cards(section: Section) -> dict:
    """Round 1's tally cards: player → "A 1" (the table letter and the seat)."""
    rs = section.round_seatings.filter(round_number=1).first()
    return {p: t.label(p) for t in fh_tables(rs.seating if rs else []) for p in t.seats}


def fh_view(rows: list[dict], names: dict) -> list[dict]:
    """A Five Hundred seating for the pages: each table's letter, its players with their
    tally-card marks ("A 1") and, at four and six hands, the two sides."""
    out = []
    for t in fh_tables(rows):
        seats = [(t.label(p), p, names.get(p, p)) for p in t.seats]
        sides = None
        if t.partnership:
            sides = [[(t.label(p), p, names.get(p, p)) for p in side] for side in t.sides()]
        out.append({"table": t.table, "letter": letter_of(t.table), "seats": seats,
                    "sides": sides, "hands": t.hands})  # fmt: skip
    return out


def letter_of(table: int) -> str:
    from tournament.movements.five_hundred import letter

    return letter(table)


def fh_fit(section: Section) -> str:
    """What to do when the players signed in do not fill whole tables ("" when they do)."""
    from tournament.movements.base import MovementError
    from tournament.movements.five_hundred import check_count

    try:
        check_count(len(players(section)), hands(section))
    except MovementError as exc:
        return str(exc)
    return ""
