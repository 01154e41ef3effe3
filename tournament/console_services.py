"""The director's console: sign-in, withdrawals, movement recommendations, round progress,
finalising with the prize list, and series standings.

Writes go through ``tournament.services`` and ``scoring.services``; the arithmetic of prizes
and series is the scoring engine's (``scoring.ranking``, ``scoring.series``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction

from scoring.models import BoardResult, Standings
from scoring.ranking import allocate_prizes, display
from scoring.selectors import scheduled_plays

from . import services
from .models import Entry, Player, Section, Session


def add_section(session: Session, name: str) -> Section:
    """An empty section; its entries are signed in one by one as they arrive."""
    if session.sections.filter(name=name).exists():
        raise ValidationError({"name": f"This session already has a section {name}."})
    return Section.objects.create(session=session, name=name)


@transaction.atomic
def sign_in(section: Section, players: list[Player | str], number: int | None = None) -> Entry:
    """Sign in one entry; a name instead of a Player adds a new player to the club."""
    if section.results.exists():
        raise ValidationError({"number": "Play has started; use a late-entry movement change."})
    club = section.session.event.club
    chosen = [
        p if isinstance(p, Player) else Player.objects.create(club=club, name=p) for p in players
    ]
    return services.add_entry(section, chosen, number=number)


@transaction.atomic
def withdraw(entry: Entry) -> Entry:
    """A no-show before round 1: the entry is withdrawn (re-choose the movement after)."""
    section = entry.section
    if section.results.exists():
        raise ValidationError({"entry": "Results are in; an entry can no longer be withdrawn."})
    entry.withdrawn = True
    entry.save(update_fields=["withdrawn"])
    if section.movement:
        section.movement, section.movement_kind = None, ""
        section.save(update_fields=["movement", "movement_kind"])
    return entry


# --- movement recommendations ------------------------------------------------------------


@dataclass(frozen=True)
class Recommendation:
    kind: str
    tables: int
    rounds: int
    boards_per_round: int
    boards: int
    note: str = ""

    @property
    def label(self) -> str:
        return (
            f"{self.kind}: {self.tables} tables, {self.rounds} rounds × "
            f"{self.boards_per_round} boards = {self.boards} boards"
        )


def recommendations(count: int, event=None, target_boards: int = 24) -> list[Recommendation]:
    """Movements for ``count`` entries, the best first (``tournament.movements.recommend``).

    An individual event gets the whist-tournament schedule for that many players; a
    progressive one needs no movement (its seating comes round by round).
    """
    from tournament.movements import MovementError, build
    from tournament.movements.recommend import recommend

    fmt = getattr(event, "format", "pairs")
    if fmt == "progressive":
        return []
    if fmt == "individual":
        try:
            m = build("individual", players=count)
        except MovementError as exc:
            return [Recommendation("individual", 0, 0, 0, 0, note=str(exc))] if count >= 4 else []
        return [
            Recommendation(
                "individual", m.tables, m.round_count, m.boards_per_round, m.total_boards
            )
        ]
    if count < 2:
        return []
    try:
        found = recommend(count, target_boards=target_boards)
    except MovementError as exc:  # e.g. too few pairs: say so where the choices would be
        return [Recommendation("", 0, 0, 0, 0, note=str(exc))]
    return [
        Recommendation(r.kind, r.tables, r.rounds, r.boards_per_round, r.total_boards)
        for r in found
    ]


# --- progress during play ----------------------------------------------------------------


@dataclass(frozen=True)
class TableProgress:
    table: int
    round: int | None  # the round being played (None: finished)
    ns: int | None
    ew: int | None
    boards: tuple[int, ...]
    entered: int
    confirmed: bool

    @property
    def label(self) -> str:
        if self.round is None:
            return f"table {self.table}: finished"
        return f"table {self.table}: {self.entered} of {len(self.boards)} boards in"


def progress(section: Section) -> list[TableProgress]:
    """The current round of every table and how many of its boards are in (one query)."""
    movement = section.get_movement()
    if movement is None:
        return []
    rows = BoardResult.objects.filter(section=section).values_list(
        "round_number", "table_number", "status"
    )
    entered: Counter = Counter()
    unconfirmed: Counter = Counter()
    for rnd, table, status in rows:
        entered[rnd, table] += 1
        unconfirmed[rnd, table] += status != BoardResult.Status.CONFIRMED
    out = []
    for table in range(1, movement.tables + 1):
        out.append(_table_progress(movement, table, entered, unconfirmed))
    return out


def _table_progress(movement, table, entered, unconfirmed) -> TableProgress:
    plays = [
        (rnd.number, seating, movement.boards_for(seating))
        for rnd in movement.rounds
        for seating in rnd.tables
        if seating.table == table and seating.ns is not None and seating.ew is not None
        and movement.phantom not in seating.seated
    ]  # fmt: skip
    for number, seating, boards in plays:
        done = entered[number, table]
        if done < len(boards) or unconfirmed[number, table]:
            return TableProgress(table, number, seating.ns, seating.ew, boards, done,
                                 done == len(boards) and not unconfirmed[number, table])  # fmt: skip
    return TableProgress(table, None, None, None, (), 0, True)


def confirm_round(section: Section, table: int, round_number: int, user) -> int:
    """The opponents' O.K. of one table's round, recorded by the TD."""
    from scoring.services import confirm

    return confirm(section, table_number=table, round_number=round_number, user=user,
                   actor="TD console")  # fmt: skip


def round_plays(section: Section, round_number: int, table: int) -> list:
    """The scheduled plays of one table in one round (the pick-up slip's rows)."""
    movement = section.get_movement()
    if movement is None:
        return []
    plays = scheduled_plays(movement)
    return sorted(
        (board, p) for board, ps in plays.items() for p in ps
        if p.round == round_number and p.table == table
    )  # fmt: skip


# --- prizes and finalising ---------------------------------------------------------------


def _field_awards(session: Session, data: dict):
    """(section, field, awards as allocated, ranks, names) per field of the kept standings."""
    conditions = session.event.conditions or {}
    prizes = int(conditions.get("prizes_per_field", 3))
    rule = conditions.get("tie_rule", "share")
    for section in data.get("sections", []):
        for field in section.get("fields", []):
            ranked = [(s["entry"], s["rank"]) for s in field["standings"]]
            names = {s["entry"]: s["name"] for s in field["standings"]}
            awards = allocate_prizes(ranked, prizes, rule, seed=session.pk)
            yield section["name"], field["name"], awards, dict(ranked), names


def prize_awards(session: Session, data: dict | None = None) -> dict[tuple[str, str], list]:
    """The ties a play-off, cut or draw settles, by (section, field), before any outcome."""
    from .prize_services import tie_groups

    data = data if data is not None else _standings_data(session)
    rule = (session.event.conditions or {}).get("tie_rule", "share")
    return {(sec, fld): tie_groups(awards, rule)
            for sec, fld, awards, _, _ in _field_awards(session, data)}  # fmt: skip


def prize_list(session: Session, data: dict | None = None) -> list[dict]:
    """Prizes per field from the kept standings, ties settled by the event's rule and the
    outcomes the TD recorded (``prize_services``)."""
    from . import prize_services

    rule = (session.event.conditions or {}).get("tie_rule", "share")
    data = data if data is not None else _standings_data(session)
    found = prize_services.decisions(session)
    who = prize_services.noun(session)
    out = []
    for sec, fld, awards, ranks, names in _field_awards(session, data):
        awards = prize_services.apply_decisions(awards, ranks, rule, found, (sec, fld), who)
        for award in awards:
            out.append({
                "section": sec, "field": fld, "entry": award.entry, "rank": ranks[award.entry],
                "name": names[award.entry], "prizes": list(award.prizes),
                "share": str(display(award.share)), "decision": award.decision,
            })  # fmt: skip
    return out


def _standings_data(session: Session) -> dict:
    row = Standings.objects.filter(session=session).first()
    return row.data if row else {}


@transaction.atomic
def finalise(session: Session) -> Session:
    """Make the results final and keep the prize list with how ties were settled."""
    session = services.set_status(session, Session.Status.FINAL)
    standings = Standings.objects.select_for_update().get(session=session)
    data = dict(standings.data)
    data["prizes"] = prize_list(session, data)
    standings.data = data
    standings.save(update_fields=["data"])
    return session


# --- series -----------------------------------------------------------------------------


def series_standings(event) -> list[dict]:
    """The event's series standings (``series_services``: players matched by Player ids)."""
    from .series_services import series_standings as standings

    return standings(event)
