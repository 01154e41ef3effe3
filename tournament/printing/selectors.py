"""Reads a session's rows into the plain inputs of ``tournament.printing.documents`` (the only code that does).

``check(session, document, section=...)`` says what is missing (no such document, no section,
no movement chosen, no boards, no standings) as a :class:`~tournament.printing.documents.PrintError`; the
``print`` command and the download view both call it before ``print_data`` builds the
:class:`~tournament.printing.documents.PrintData` and ``tournament.printing.documents.generate`` renders it.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError

from tournament.models import Entry, Event, Section, Session
from tournament.printing.documents import (
    DOCUMENTS,
    PAGE_SIZES,
    PUBLIC_WHEN_FINAL,
    PrintData,
    PrintError,
)
from tournament.setup import sharing_selectors

NEEDS_MOVEMENT = frozenset(DOCUMENTS) - {
    "tally-cards",
    "five-hundred-sheet",
    "trump-slips",
    "hand-records",
    "results-sheet",
    "scorecards",
    "pack",
    "swiss-rounds",  # a Swiss is paired round by round, without a movement
    "calling-sheet",  # a progressive game is seated round by round
}
NEEDS_BOARDS = frozenset({"trump-slips", "hand-records"})
NEEDS_STANDINGS = frozenset({"results-sheet", "scorecards"})


def page_size(value: str | None) -> str:
    for name in PAGE_SIZES:
        if (value or "A4").lower() == name.lower():
            return name
    raise PrintError(f"unknown page size {value!r}; use one of {', '.join(PAGE_SIZES)}")


def section_of(session: Session, name: str | None = None) -> Section:
    sections = list(session.sections.all())
    if not sections:
        raise PrintError(f"session {session.pk} has no sections yet; sign in the entries first")
    if name is None:
        return sections[0]
    for section in sections:
        if section.name.lower() == name.lower():
            return section
    names = ", ".join(s.name for s in sections)
    raise PrintError(f"session {session.pk} has no section {name!r}; it has {names}")


def is_progressive(session: Session) -> bool:
    return session.event.format == Event.Format.PROGRESSIVE


def check(session: Session, document: str, section: str | None = None) -> Section:
    """The section to print, or a PrintError saying what is missing for ``document``."""
    if document not in DOCUMENTS:
        raise PrintError(
            f"unknown document {document!r}; choose one of {', '.join(sorted(DOCUMENTS))}"
        )
    chosen = section_of(session, section)
    no_movement = not chosen.movement
    if no_movement and (document in NEEDS_MOVEMENT or document == "pack"):
        if not (document == "pack" and is_progressive(session)):
            raise PrintError(
                f"{document}: section {chosen.name} has no movement chosen yet; "
                "choose a movement for the section first"
            )
    if document in NEEDS_BOARDS and not board_rows(session):
        raise PrintError(
            f"{document}: session {session.pk} has no boards yet; deal or import the boards first"
        )
    if document in NEEDS_STANDINGS and not standings_data(session, chosen):
        raise PrintError(f"{document}: no standings yet; enter and score results first")
    return chosen


def board_rows(session: Session) -> list:
    try:
        board_set = session.board_set
    except Exception:  # noqa: BLE001 — RelatedObjectDoesNotExist: no boards dealt yet
        return []
    return [b for b in board_set.boards.all() if b.deal]


def hand_records(session: Session) -> list:
    """The session's recorded boards with their double-dummy analyses (``boards.selectors``)."""
    from boards.selectors import hand_records as board_set_hand_records

    if not board_rows(session):
        return []
    return board_set_hand_records(session.board_set)


def standings_data(session: Session, section: Section | None = None) -> dict | None:
    """One section's ``duplicate-standings/1`` dict with the session's status.

    ``Standings.data`` keeps every section under ``"sections"``
    (``scoring.standings.services.recompute_standings``); the documents read one section's dict.
    """
    try:
        data = session.standings.data or None
    except Exception:  # noqa: BLE001 — RelatedObjectDoesNotExist: nothing scored yet
        return None
    if not data or "sections" not in data:
        return data
    for part in data["sections"]:
        if section is None or part.get("name") == section.name:
            prizes = [p for p in _prizes(session, data) if p["section"] == part.get("name")]
            return {**part, "status": data.get("status", part.get("status")), "prizes": prizes}
    return None


def _prizes(session: Session, data: dict) -> list[dict]:
    """The prize list with how ties were settled (kept when final, else as it stands)."""
    from tournament.prizes.selectors import prize_list

    return data["prizes"] if "prizes" in data else prize_list(session, data)


def table_urls(section: Section, base_url: str) -> dict[int, str]:
    base = base_url.rstrip("/")
    tokens = section.table_tokens.filter(revoked=False)
    return {t.table_number: f"{base}/t/{t.token}/" for t in tokens}


def progressive_size(section: Section, event: Event) -> tuple[int, int]:
    """Tables and rounds of a progressive game without a fixed movement (six rounds is
    "the usual limit" [002 L2890–2891])."""
    players = section.entries.filter(withdrawn=False).count()
    if section.entries.filter(kind=Entry.Kind.PAIR).exists():
        players *= 2
    return (players + 3) // 4, int(event.condition("rounds", 6))


def print_data(
    session: Session,
    section: Section,
    page: str = "A4",
    base_url: str | None = None,
) -> PrintData:
    event = session.event
    base = base_url or getattr(settings, "SITE_URL", "http://localhost:8000")
    tables, rounds = progressive_size(section, event)
    records = hand_records(session)
    return PrintData(
        title=f"{event.name} — {session.name}",
        movement=section.get_movement(),
        section=section.name,
        club=event.club.name,
        date=session.date.isoformat(),
        game=event.game,
        page_size=page_size(page),
        names=Entry.names_in(section, withdrawn=False),
        boards=tuple(h.board for h in records),
        analyses={h.board.board_number: h.dd for h in records if h.dd is not None},
        table_urls=table_urls(section, base),
        standings=standings_data(session, section),
        progressive=is_progressive(session),
        tables=tables,
        rounds=rounds,
        prizes_per_field=int(event.condition("prizes_per_field", 3)),
        social=social_print(section),
        combined=combined_print(session),
        swiss=swiss_print(section),
        foster=foster_print(section),
        calling=calling_print(section),
        five_hundred=five_hundred_print(section),
        shares=sharing_selectors.share_marks(section),
        share_note=sharing_selectors.share_note(section),
        boards_printed_with=(
            section.shares_boards_with.name if section.shares_boards_with_id else ""
        ),
    )


def five_hundred_print(section: Section) -> dict | None:
    """A Progressive Five Hundred game's tally cards and general score sheet, or None."""
    from tournament.movements.five_hundred import position
    from tournament.progressive import selectors as progressive_selectors

    hands = progressive_selectors.hands(section)
    if hands is None:
        return None
    count = len(progressive_selectors.players(section))
    tables = count // hands if not progressive_selectors.fh_fit(section) else 0
    sheet = progressive_selectors.score_sheet(section)
    return {
        "hands": hands,
        "marks": [[position(t, s) for s in range(1, hands + 1)] for t in range(1, tables + 1)],
        "cards": progressive_selectors.tally_cards(section),
        "rounds": sheet["rounds"],
        "rows": sheet["rows"],
    }


def combined_print(session: Session) -> dict | None:
    """The event's combined ranking over its sessions, for the results sheet."""
    from tournament.prizes.combined import print_data

    return print_data(session)


def swiss_print(section: Section) -> dict | None:
    """A Swiss's rounds with their matches, and the standings after each round."""
    from tournament.swiss import selectors as swiss_selectors

    if not swiss_selectors.is_swiss(section):
        return None
    conditions = swiss_selectors.settings_of(section)
    rounds = swiss_selectors.rounds(section)

    def name(entry) -> str:
        return f"{entry.number} {entry.display_name}"

    def text(value) -> str | None:
        return None if value is None else str(value)

    return {
        "conditions": f"{conditions.scale_name}; {conditions.boards_per_match} boards a match; "
        f"a bye scores {conditions.bye_vp} VPs",
        "rounds": [
            (number, [{"table": m.table, "home": name(m.home),
                       "away": name(m.away) if m.away else None,
                       "home_imps": m.home_imps if m.counts else None,
                       "away_imps": m.away_imps if m.counts else None,
                       "home_vps": text(m.home_vps), "away_vps": text(m.away_vps)}
                      for m in matches])
            for number, matches in rounds
        ],
        "standings": swiss_selectors.standings_by_round(section),
    }  # fmt: skip


def foster_print(section: Section) -> dict | None:
    """Foster's sealed numbers for the TD's slips, or None before the seal."""
    from tournament.prizes.foster_selectors import draw_of

    draw = draw_of(section)
    if draw is None:
        return None
    return {"numbers": list(draw.numbers), "digest": draw.digest,
            "sealed_at": draw.sealed_at.strftime("%Y-%m-%d %H:%M UTC")}  # fmt: skip


def calling_print(section: Section) -> dict | None:
    """A progressive game's calling sheet (``progressive.selectors.final_ranking``), as text."""
    from tournament.progressive import selectors as progressive_selectors

    if not is_progressive(section.session) or not section.round_seatings.exists():
        return None
    ranking = progressive_selectors.final_ranking(section)
    if not ranking["calls"]:
        return None

    def award(a) -> dict:
        return {"prize": a["prize"], "name": a["name"], "aisle": str(a["aisle"] or "")}

    return {
        "games_played": progressive_selectors.games_played(section),
        "calls": [{"games": c["label"], "awards": [award(a) for a in c["awards"]]}
                  for c in ranking["calls"]],
        "after": [award(a) for a in ranking["awards"] if not a["called"]],
    }  # fmt: skip


def social_print(section: Section) -> dict | None:
    """A social game's cards: each player's rounds with the points won, and the totals."""
    from tournament.social import selectors as social_selectors

    if not social_selectors.is_social(section):
        return None
    table = social_selectors.standings(section)
    return {
        "kind": section.movement_kind,
        "cards": {r.number: social_selectors.player_card(section, r.number) for r in table.rows},
        "totals": {r.number: r.total for r in table.rows},
    }


def render(
    session: Session,
    document: str,
    section: str | None = None,
    page: str = "A4",
    base_url: str | None = None,
) -> tuple[str, str, bytes]:
    """Check, gather and render one document: ``(filename, mimetype, bytes)``; what is
    missing (a ``PrintError``) is raised as a ``ValidationError`` with the same message."""
    from tournament.printing.documents import generate

    try:
        chosen = check(session, document, section)
        return generate(document, print_data(session, chosen, page_size(page), base_url))
    except PrintError as exc:
        raise ValidationError(str(exc)) from None


def public_when_final(session: Session, document: str) -> bool:
    """Whether anyone may download ``document`` (the results sheet of a final session)."""
    return document in PUBLIC_WHEN_FINAL and session.is_final
