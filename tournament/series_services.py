"""Series standings over an event's final sessions (LAWS.md §6.4 SC-D-8; scoring.series).

Contestants are matched across sessions by their **players** (the set of Player ids of the
entry), never by name or number: a pair is the same pair whatever its number or however a
name is spelt; for individual and progressive events each player stands alone.

The method is ``Event.conditions["series"]`` — a string or ``{"method": ..., "best": k}``:

* ``"net_plus"`` — the seed's series average net plus (Law 11 [002 L3390–3404]): each
  session's direction average is subtracted from each contestant's net; the default for
  auction bridge scored by net plus/minus;
* ``"average"`` — average of session percentages (the default for everything else);
* ``"sum"`` — sum of session percentages;
* ``"best_k"`` — average of the best ``k`` session percentages (``best``, default 3).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from scoring.models import Standings
from scoring.ranking import display, rank
from scoring.series import (
    average_of_percentages,
    best_k_of_n,
    series_net_plus,
    sum_of_percentages,
)

from .models import EntryPlayer, Event, Session

METHODS = ("net_plus", "average", "sum", "best_k")
LABELS = {
    "net_plus": "series average net plus",
    "average": "average of percentages",
    "sum": "sum of percentages",
    "best_k": "average of the best {k} percentages",
}


def series_method(event: Event) -> tuple[str, int]:
    """The event's series method and k (for best k of n)."""
    chosen = event.condition("series") or {}
    if isinstance(chosen, str):
        chosen = {"method": chosen}
    net = event.game == "auction" and event.scoring_method == "net"
    method = chosen.get("method") or ("net_plus" if net else "average")
    if method not in METHODS:
        method = "average"
    return method, int(chosen.get("best", 3))


def series_label(event: Event) -> str:
    method, k = series_method(event)
    return LABELS[method].format(k=k)


def _players(event: Event) -> dict[tuple[int, str, int], list[tuple[int, str]]]:
    """(session, section, entry number) → [(player id, name)] for the final sessions."""
    rows = (
        EntryPlayer.objects.filter(session__event=event, session__status=Session.Status.FINAL)
        .order_by("entry", "position")
        .values_list("session_id", "entry__section__name", "entry__number", "player_id",
                     "player__name")
    )  # fmt: skip
    out: dict[tuple[int, str, int], list[tuple[int, str]]] = {}
    for session, section, number, player, name in rows:
        out.setdefault((session, section, number), []).append((player, name))
    return out


def _contests(event: Event, by_player: bool):
    """Per final session: {field: {contestant: (percent, score)}} and the names."""
    players = _players(event)
    names: dict[frozenset, str] = {}
    contests = []
    rows = Standings.objects.filter(session__event=event, session__status=Session.Status.FINAL)
    for session_id, data in rows.values_list("session_id", "data"):
        fields: dict[str, dict[frozenset, tuple]] = {}
        for section in data.get("sections", []):
            for field in section.get("fields", []):
                for s in field["standings"]:
                    members = players.get((session_id, section["name"], s["entry"]), [])
                    groups = [[m] for m in members] if by_player else [members]
                    for group in filter(None, groups):
                        key = frozenset(p for p, _ in group)
                        names[key] = " & ".join(n for _, n in group)
                        fields.setdefault(field["name"], {})[key] = (s.get("percent"), s["score"])
        contests.append(fields)
    return contests, names


def series_standings(event: Event) -> list[dict]:
    """Rows (name, score, sessions), best first, by the event's series method."""
    method, k = series_method(event)
    by_player = event.format in (Event.Format.INDIVIDUAL, Event.Format.PROGRESSIVE)
    contests, names = _contests(event, by_player)
    if method == "net_plus":
        nets = [
            {f: {who: int(Fraction(str(v[1]))) for who, v in c.items()} for f, c in fields.items()}
            for fields in contests
        ]
        totals = series_net_plus(nets)
    else:
        sessions = [
            {who: Fraction(str(v[0])) for c in fields.values() for who, v in c.items()
             if v[0] is not None}
            for fields in contests
        ]  # fmt: skip
        totals = {
            "average": average_of_percentages,
            "sum": sum_of_percentages,
            "best_k": lambda s: best_k_of_n(s, k, average=True),
        }[method](sessions)
    counts = Counter(who for fields in contests for c in fields.values() for who in c)
    ranked = sorted(totals.items(), key=lambda kv: (-kv[1], names[kv[0]]))
    places = rank([value for _, value in ranked])
    return [
        {"rank": place, "name": names[who], "score": display(value), "sessions": counts[who],
         "players": sorted(who)}
        for place, (who, value) in zip(places, ranked, strict=True)
    ]  # fmt: skip
