"""Reads of a social game scored as the book plays it (``tournament.movements.social``):
whether a section is scored so, each table's round with its players, the points entered, each
player's total, the ranking, the prizes and Baker's two teams.

A section is scored as the book's social game when its movement is one of the social kinds
and the event's condition ``social_scoring`` says "book" — the default for pivot, Baker,
Safford and the pivot-pair round robin, and for the 8-, 12- and 16-player social pivot
schedules of an auction bridge event (the book's social games are auction's; a contract or
whist individual stays a duplicate individual unless the condition says "book") ("In private parties Duplicate is unsuitable"
[002 L3031–3032]); "duplicate" keeps the duplicate individual on the boards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Max

from tournament.models import Entry, Section, SocialTableScore
from tournament.movements import social

#: the social pivot schedules of the book's diagrams [002 L3029–3088]
SOCIAL_PIVOT_PLAYERS = (8, 12, 16)
KIND_NAMES = {
    "pivot": "Pivot",
    "baker": "Baker's social duplicate",
    "safford": "Safford's married couples",
    "individual": "Social pivot",
    "pivot-pair": "Pivot-pair round robin",
}


def default_mode(section: Section) -> str:
    kind = section.movement_kind
    if kind == "individual":
        movement = section.get_movement()
        players = len(movement.participants) if movement else 0
        game = section.session.event.game
        return "book" if players in SOCIAL_PIVOT_PLAYERS and game == "auction" else "duplicate"
    return "book"


def scoring_mode(section: Section) -> str | None:
    """ "book", "duplicate", or None when the section is not a social game."""
    if section.movement_kind not in social.SOCIAL_KINDS or not section.movement:
        return None
    return section.session.event.condition("social_scoring") or default_mode(section)


def is_social(section: Section) -> bool:
    return scoring_mode(section) == "book"


@dataclass
class TableRound:
    round: int
    table: int
    ns: tuple[int, ...]
    ew: tuple[int, ...]
    boards: tuple[int, ...] = ()
    score: SocialTableScore | None = None
    names: dict = field(default_factory=dict)

    @property
    def last(self) -> bool:
        return self.names.get("_last_round") == self.round

    def side_names(self, side: str) -> str:
        players = self.ns if side == "ns" else self.ew
        return " & ".join(self.names.get(p, str(p)) for p in players)

    @property
    def ns_names(self) -> str:
        return self.side_names("ns")

    @property
    def ew_names(self) -> str:
        return self.side_names("ew")


def _sides(seat) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if seat.is_individual:
        return (seat.n, seat.s), (seat.e, seat.w)
    return (seat.ns,), (seat.ew,)


def names(section: Section) -> dict[int, str]:
    """Entry number → the player's (or pair's) name."""
    return Entry.names_in(section)


def schedule(section: Section) -> list[TableRound]:
    """Every table of every round, with the score entered (or None)."""
    movement = section.get_movement()
    if movement is None:
        return []
    kept = {(s.round_number, s.table_number): s for s in section.social_scores.all()}
    known = names(section)
    known["_last_round"] = len(movement.rounds)
    out = []
    for rnd in movement.rounds:
        for seat in rnd.tables:
            ns, ew = _sides(seat)
            out.append(TableRound(rnd.number, seat.table, ns, ew, tuple(seat.boards),
                                  kept.get((rnd.number, seat.table)), known))  # fmt: skip
    return out


def table_round(section: Section, round_number: int, table: int) -> TableRound | None:
    for item in schedule(section):
        if item.round == round_number and item.table == table:
            return item
    return None


def current_at_table(section: Section, table: int) -> tuple[TableRound | None, int]:
    """The first round at ``table`` without a score, and how many rounds the table plays."""
    mine = [t for t in schedule(section) if t.table == table]
    return next((t for t in mine if t.score is None), None), len(mine)


def engine_scores(section: Section) -> list[social.TableScore]:
    return [
        social.TableScore(
            t.round,
            t.table,
            t.ns,
            t.ew,
            t.score.ns_points,
            t.score.ew_points,
            t.score.finished,
            t.score.ns_games,
            t.score.ew_games,
        )  # fmt: skip
        for t in schedule(section)
        if t.score is not None
    ]


@dataclass
class Standing:
    place: int
    number: int
    name: str
    total: int
    rounds: int
    table: int | None = None
    team: str = ""


@dataclass
class SocialStandings:
    kind: str
    title: str
    rows: list[Standing]
    prizes: list[dict]
    prize_rule: str
    teams: list[dict] = field(default_factory=list)
    team_net: dict = field(default_factory=dict)
    entered: int = 0
    expected: int = 0


def tie_decisions(section: Section) -> dict[tuple[int, ...], object]:
    """The prize ties the TD settled: the tied players (sorted) → the kept row (its
    ``order``, best first, ``method`` and ``note``); Foster's draw keeps its own apart."""
    rows = section.progressive_prize_ties.exclude(players__startswith="foster:")
    return {tuple(int(x) for x in t.players.split(",")): t for t in rows}


def _prizes(section: Section, totals: dict, table_of: dict) -> tuple[list, str]:
    event = section.session.event
    count = event.condition("prizes_per_field", 3)
    if section.movement_kind == "pivot":
        mode = event.condition("pivot_prizes", "every_table")
        rule = (
            "A prize at every table to its highest score [002 L2780–2781]."
            if mode == "every_table"
            else f"The highest at each table, the best {count} of these in order [002 L2781–2784]."
        )
        prizes = social.pivot_prizes(totals, table_of, mode, count)
    else:
        prizes = social.ranked_prizes(totals, count)
        rule = f"The {count} highest totals [002 L3053–3055]."
    decided = {k: list(t.order) for k, t in tie_decisions(section).items()}
    return social.settle_prizes(prizes, decided, count), rule


def kept_prizes(section: Section) -> list[dict] | None:
    """The prize list kept when the session was made final (``tournament.social.services``),
    or None while it is not final."""
    from scoring.models import Standings

    if section.session.status != section.session.Status.FINAL:
        return None
    row = Standings.objects.filter(session=section.session).only("data").first()
    kept = ((row.data if row else {}) or {}).get("social_prizes", {})
    return kept.get(section.name)


def standings(section: Section, kept: bool = True) -> SocialStandings:
    """Each player's total by the book's rule for the kind, ranked, with the prizes (a final
    session's kept prize list unless ``kept`` is false)."""
    kind = section.movement_kind
    plan = schedule(section)
    scores = engine_scores(section)
    totals = social.player_totals(kind, scores)
    known = names(section)
    everyone = sorted({p for t in plan for p in t.ns + t.ew})
    for p in everyone:
        totals.setdefault(p, 0)
    table_of = {p: t.table for t in plan if t.round == 1 for p in t.ns + t.ew}
    played = {p: 0 for p in everyone}
    for s in scores:
        for p in s.seated:
            played[p] += 1
    rows = [
        Standing(
            place,
            p,
            known.get(p, str(p)),
            total,
            played.get(p, 0),
            table_of.get(p),
            social.baker_team(p) if kind == "baker" else "",
        )  # fmt: skip
        for place, p, total in social.ranking(totals)
    ]
    prizes, rule = _prizes(section, totals, table_of)
    notes = {p: f"{t.method}: {t.note}" for k, t in tie_decisions(section).items() for p in k}
    prize_rows = [
        {
            "label": z.label,
            "players": [f"{p} {known.get(p, '')}".strip() for p in z.players],
            "numbers": list(z.players),
            "key": ",".join(map(str, sorted(z.players))),
            "score": z.score,
            "tied": len(z.players) > 1,
            "decided": notes.get(z.players[0], "") if len(z.players) == 1 else "",
        }  # fmt: skip
        for z in prizes
    ]
    kept_rows = kept_prizes(section) if kept else None
    if kept_rows is not None:
        prize_rows = kept_rows
    teams = []
    if kind == "baker":
        for m in social.baker_matches(scores):
            teams.append({"captain": known.get(m.captain, str(m.captain)), "a": m.a_points,
                          "b": m.b_points, "a_net": m.a_net})  # fmt: skip
    net = social.baker_result(scores) if kind == "baker" else {}
    return SocialStandings(kind, KIND_NAMES.get(kind, kind), rows, prize_rows, rule, teams, net,
                           len(scores), len(plan))  # fmt: skip


def player_card(section: Section, number: int) -> list[dict]:
    """One player's rounds for the card: partner(s), opponents, points credited."""
    kind = section.movement_kind
    out = []
    known = names(section)
    for t in schedule(section):
        if number not in t.ns + t.ew:
            continue
        mine, theirs = (t.ns, t.ew) if number in t.ns else (t.ew, t.ns)
        points = None
        if t.score is not None:
            engine = social.TableScore(t.round, t.table, t.ns, t.ew, t.score.ns_points,
                                       t.score.ew_points, t.score.finished, t.score.ns_games,
                                       t.score.ew_games)  # fmt: skip
            ns, ew = engine.credit(kind)
            points = ns if number in t.ns else ew
        out.append({"round": t.round, "table": t.table,
                    "partner": ", ".join(known.get(p, str(p)) for p in mine if p != number),
                    "opponents": ", ".join(known.get(p, str(p)) for p in theirs),
                    "points": points,
                    "finished": t.score.finished if t.score else None})  # fmt: skip
    return out


def version(session, sections=None) -> str:
    """Changes whenever a social score of the session does (the standings cache key).
    ``sections``, the session's sections when the caller has them: with none of a social
    game's kinds no social score is shown, and the database is not asked."""
    if sections is not None and not any(s.movement_kind in social.SOCIAL_KINDS for s in sections):
        return "0:0"
    seen = SocialTableScore.objects.filter(section__session=session).aggregate(
        n=Count("pk"), last=Max("updated")
    )  # one query: the standings page's cache key is read on every poll
    last = seen["last"]
    return f"{seen['n']}:{last.timestamp() if last else 0}"


def session_standings(session, sections=None) -> list[SocialStandings]:
    """The social standings of every section of ``session`` scored as the book's game;
    ``sections``: the session's sections when the caller has read them."""
    # the stored movement is read (by ``is_social``) only for the kinds a social game uses
    if sections is None:
        sections = session.sections.defer("movement")
    return [standings(s) for s in sections if is_social(s)]


def open_ties(section: Section) -> list[dict]:
    """The prizes still tied (the TD settles them unless the rule is to share)."""
    return [z for z in standings(section).prizes if z["tied"]]


def keep_for_final(session) -> dict[str, list[dict]]:
    """Every social section's prize list as it stands, to keep with the final standings."""
    return {s.name: standings(s, kept=False).prizes for s in session.sections.all() if is_social(s)}
