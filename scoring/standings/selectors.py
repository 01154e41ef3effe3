"""What a player (or anyone) may read about a session: standings, travellers, scorecards.

The no-peeking rule (docs/players.md):

* While a session is *draft* or *running*, a board's results (traveller lines,
  scores, points, contracts) are shown only once **every** table the movement
  schedules for that board has a result on it.  Until then nothing about the
  board is shown to anyone but the TD — not on the standings, the traveller,
  the scorecards, or their fragments.  Live standings still show the ranking
  and running scores (which cannot tell anyone what happened on a board).
* Once the session is *provisional* or *final* every board is shown.
* The deals themselves follow ``boards.services.deals_visible`` (released by
  the TD, or the session final).

Views call these functions and render; nothing here computes a score — the
numbers come from the kept ``Standings`` computed by the scoring engine.

A player's record across events (``player_history``) reads a constant number of queries
whatever the number of sessions; a running session shows the player's live place.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Prefetch

from scoring.engine.scorecards import build_scorecard
from scoring.inputs import scheduled_plays
from scoring.models import BoardResult, Standings
from tournament.models import Entry, EntryPlayer, Player, Section, Session

LIVE = {Session.Status.DRAFT, Session.Status.RUNNING}


MATCHPOINT_METHODS = {"matchpoints"}


def is_live(session: Session) -> bool:
    """Play may still be going on: board details stay hidden until every table has played."""
    return session.status in LIVE


def standings_data(session: Session) -> dict[str, Any]:
    """The kept standings JSON (``{"status", "sections": [...]}``), empty when nothing is scored."""
    row = Standings.objects.filter(session=session).only("data").first()
    return (row.data if row else None) or {"sections": []}


def standings_and_pending(session: Session) -> tuple[dict[str, Any], bool]:
    """``standings_data`` and ``pending`` in one query (the TD's standings page)."""
    row = Standings.objects.filter(session=session).only("data", "computed_version").first()
    data = (row.data if row else None) or {"sections": []}
    return data, session.results_version > (row.computed_version if row else 0)


def pending(session: Session) -> bool:
    """A result is stored that the kept standings do not include yet: a table's write is
    scored by the task queue's worker a moment after it answered
    (``scoring.standings.services.queue_refresh``).  Reads ``session.standings`` (its
    ``computed_version``), with the session when the caller selected it."""
    try:
        computed = session.standings.computed_version
    except Standings.DoesNotExist:
        computed = 0
    return session.results_version > computed


def result_counts(session: Session) -> Counter:
    """(section id, board number) → how many results are in (one query)."""
    rows = (
        BoardResult.objects.filter(section__session=session)
        .values("section_id", "board_number")
        .annotate(n=Count("pk"))
    )
    return Counter({(r["section_id"], r["board_number"]): r["n"] for r in rows})


def shown_boards(section: Section, session: Session, counts: Counter) -> set[int] | None:
    """The boards whose results may be shown; None means every board."""
    if not is_live(session):
        return None
    movement = section.get_movement()
    if movement is None:
        return set()
    return {
        board
        for board, plays in scheduled_plays(movement).items()
        if counts.get((section.pk, board), 0) >= len(plays)
    }


def board_is_shown(shown: set[int] | None, board: int) -> bool:
    return shown is None or board in shown


@dataclass
class SectionStandings:
    """One section as the public sees it (a whist team match adds its ``team_match``, teams of
    four at IMPs their ``imp_teams``)."""

    section: Section
    fields: list[dict[str, Any]]
    boards: list[dict[str, Any]]
    hidden: list[int]
    names: dict[int, str] = field(default_factory=dict)
    team_match: dict[str, Any] | None = None
    imp_teams: dict[str, Any] | None = None
    #: net plus/minus: the Law 11 balance and the direction averages (``SessionResult.balance``)
    balance: dict[str, Any] | None = None


def public_standings(
    session: Session, data: dict[str, Any] | None = None
) -> list[SectionStandings]:
    """Every section's ranking and the travellers the no-peeking rule allows (one item per
    section, with its entries); ``data``: the kept standings JSON when the caller has read it
    (``standings_data``)."""
    data = data if data is not None else standings_data(session)
    by_name = {s.get("name"): s for s in data.get("sections", [])}
    counts = result_counts(session)
    out = []
    # the movement known by digest (get_movement); the names in a query of their own each, no
    # model instances (a field's rows carry their names; these are for a section with none)
    for section in session.sections.defer("movement"):
        scored = by_name.get(section.name, {})
        shown = shown_boards(section, session, counts)
        boards = scored.get("boards", [])
        visible = [b for b in boards if board_is_shown(shown, b["board"])]
        hidden = sorted(b["board"] for b in boards if not board_is_shown(shown, b["board"]))
        names = Entry.names_in(section)
        fields = scored.get("fields", [])
        match, imp_teams = scored.get("team_match"), scored.get("imp_teams")
        out.append(SectionStandings(section, fields, visible, hidden, names, match, imp_teams,
                                    scored.get("balance")))  # fmt: skip
    return out


def traveller(session: Session, section: Section, board: int) -> list[dict[str, Any]] | None:
    """Every table's result on ``board`` in ``section``; None while the rule hides it."""
    shown = shown_boards(section, session, result_counts(session))
    if not board_is_shown(shown, board):
        return None
    for section_data in standings_data(session).get("sections", []):
        if section_data.get("name") != section.name:
            continue
        for item in section_data.get("boards", []):
            if item["board"] == board:
                return item["results"]
    return []


def entry_standing(fields: list[dict[str, Any]], entry: int) -> dict[str, Any] | None:
    for field_data in fields:
        for row in field_data.get("standings", []):
            if row["entry"] == entry:
                return {**row, "field": field_data["name"], "of": len(field_data["standings"])}
    return None


def section_data(session: Session, section: Section) -> dict[str, Any]:
    for item in standings_data(session).get("sections", []):
        if item.get("name") == section.name:
            return item
    return {}


@dataclass
class Place:
    session: Session
    section: str
    entry: int
    partners: list[Player]
    standing: dict[str, Any] | None


def _standings_by_session(session_ids) -> dict[int, dict[str, Any]]:
    rows = Standings.objects.filter(session_id__in=list(session_ids)).only("session_id", "data")
    return {row.session_id: row.data or {} for row in rows}


def _section_fields(data: dict[str, Any], name: str) -> list[dict[str, Any]]:
    for section in data.get("sections", []):
        if section.get("name") == name:
            return section.get("fields", [])
    return []


def player_history(player: Player) -> list[Place]:
    """Every session the player played: partners, place and score (newest first)."""
    places = list(
        EntryPlayer.objects.filter(player=player)
        .select_related("entry__section__session__event")
        .prefetch_related(
            Prefetch("entry__entry_players", queryset=EntryPlayer.objects.select_related("player"))
        )
        .order_by("-entry__section__session__date", "-entry__section__session__pk")
    )
    data = _standings_by_session(p.entry.section.session_id for p in places)
    out = []
    for place in places:
        section = place.entry.section
        fields = _section_fields(data.get(section.session_id, {}), section.name)
        partners = [
            ep.player for ep in place.entry.entry_players.all() if ep.player_id != player.pk
        ]
        standing = entry_standing(fields, place.entry.number)
        out.append(Place(section.session, section.name, place.entry.number, partners, standing))
    return out


def scorecard(session: Session, section: Section, entry: int, names: dict[int, str]):
    """One entry's scorecard (``scoring.engine.scorecards``) with the boards the no-peeking
    rule hides left out, and its standing in its field."""
    shown = shown_boards(section, session, result_counts(session))
    data = section_data(session, section)
    card = build_scorecard(
        section.get_movement(), data, entry, names, shown, session.event.scoring_method,
        session.event.game,
    )  # fmt: skip
    return card, entry_standing(data.get("fields", []), entry)
