"""The social games scored as the book plays them (pure Python; LAWS.md §6.7, TC-11, TC-19).

"In private parties Duplicate is unsuitable" [002 L3031–3032]: pivot, Baker's social
duplicate, Safford's married couples and the social pivot schedules are scored by the points
each player's side wins at the table, not by comparing scores on the same cards.

The unit of entry is a :class:`TableScore`: one table in one round of the movement (a rubber
at pivot, a set of four hands at Safford or the social pivot, one or two hands at Baker),
each side's points *won* ("without deducting the points lost" [002 L2765–2767]) and, for a
rubber left unfinished, the games each side had won toward it.

* :func:`player_totals` — each player's total by the kind's rule: pivot's first three
  rubbers, nothing for an unfinished one [002 L2773–2779] (:func:`~.tallies.pivot_total`);
  Baker's +125 a game toward a rubber unfinished at the 24th hand [002 L3161–3164]
  (:func:`~.tallies.baker_unfinished_bonus`); Safford and the social pivot add up the four
  hands of each set [002 L3053–3055, L3244–3248].
* :func:`pivot_prizes` — "duplicate prizes for every table in the room, otherwise the highest
  individual score at each table must be taken, and the highest of these, in their order,
  awarded the prizes as far as they go" [002 L2780–2784].
* :func:`baker_matches` — Baker's two teams and the "two separate matches … constantly in
  simultaneous progress" [002 L3153–3160], each settled on the points won and lost.
"""

from __future__ import annotations

from dataclasses import dataclass

from .tallies import RubberScore, baker_unfinished_bonus, pivot_total

#: the movement kinds the book scores as social games
SOCIAL_KINDS = ("pivot", "safford", "baker", "individual", "pivot-pair")
#: ``social_scoring`` condition: the book's way (default) or a duplicate individual
SCORING_MODES = ("book", "duplicate")
#: ``pivot_prizes`` condition [002 L2780–2784]
PIVOT_PRIZE_MODES = ("every_table", "table_winners")
#: pivot: "only the first three rubbers played at the table will count" [002 L2773–2774]
PIVOT_RUBBERS = 3
#: Baker's teams: players 1–4 are team A (captain 1), 5–8 team B (captain 5) [002 L3100]
BAKER_TEAMS = {"A": (1, 2, 3, 4), "B": (5, 6, 7, 8)}
#: games toward an unfinished rubber (at most one: a second game finishes it)
GAMES_MAX = 1


class SocialError(ValueError):
    """An entry the social scoring cannot take (says which table and round)."""


@dataclass(frozen=True)
class TableScore:
    """One table's points in one round: ``ns`` and ``ew`` are the sides' players (n, s and
    e, w), or the side's pair number alone in a pair game (the pivot-pair round robin)."""

    round: int
    table: int
    ns: tuple[int, ...]
    ew: tuple[int, ...]
    ns_points: int
    ew_points: int
    finished: bool = True
    ns_games: int = 0
    ew_games: int = 0

    def __post_init__(self) -> None:
        where = f"round {self.round}, table {self.table}"
        if self.ns_points < 0 or self.ew_points < 0:
            raise SocialError(f"{where}: points won are never negative (nothing is deducted)")
        for games in (self.ns_games, self.ew_games):
            if not 0 <= games <= GAMES_MAX:
                raise SocialError(f"{where}: a side has 0 or 1 game toward an unfinished rubber")
        if self.finished and (self.ns_games or self.ew_games):
            raise SocialError(f"{where}: games toward a rubber are given only if it is unfinished")

    @property
    def seated(self) -> tuple[int, ...]:
        return self.ns + self.ew

    def credit(self, kind: str) -> tuple[int, int]:
        """(N-S, E-W) points each player of the side is credited with."""
        if kind == "baker" and not self.finished:
            return (
                self.ns_points + baker_unfinished_bonus(self.ns_games),
                self.ew_points + baker_unfinished_bonus(self.ew_games),
            )
        return self.ns_points, self.ew_points


def player_totals(kind: str, scores: list[TableScore]) -> dict[int, int]:
    """Each player's total by ``kind``'s rule (see the module docstring)."""
    if kind == "pivot":
        return _pivot_totals(scores)
    totals: dict[int, int] = {}
    for score in sorted(scores, key=lambda s: (s.round, s.table)):
        ns, ew = score.credit(kind)
        for players, points in ((score.ns, ns), (score.ew, ew)):
            for p in players:
                totals[p] = totals.get(p, 0) + points
    return totals


def _pivot_totals(scores: list[TableScore]) -> dict[int, int]:
    """Pivot: each player's first three rubbers, in the order played [002 L2765–2779]."""
    rubbers: dict[int, list[RubberScore]] = {}
    for score in sorted(scores, key=lambda s: s.round):
        for players, points in ((score.ns, score.ns_points), (score.ew, score.ew_points)):
            for p in players:
                rubbers.setdefault(p, []).append(RubberScore(points, finished=score.finished))
    return {p: pivot_total(r, PIVOT_RUBBERS) for p, r in rubbers.items()}


@dataclass(frozen=True)
class Prize:
    place: int
    label: str
    players: tuple[int, ...]  # more than one: tied, the TD settles it
    score: int
    table: int | None = None


def ranking(totals: dict[int, int]) -> list[tuple[int, int, int]]:
    """(place, player, total) best first; tied players share the higher place."""
    ordered = sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))
    out, place = [], 0
    for i, (player, total) in enumerate(ordered, start=1):
        if i == 1 or total != ordered[i - 2][1]:
            place = i
        out.append((place, player, total))
    return out


def table_winners(totals: dict[int, int], table_of: dict[int, int]) -> dict[int, list[int]]:
    """Each table's highest scorer(s), table → players (more than one at a tie)."""
    best: dict[int, list[int]] = {}
    for player, table in sorted(table_of.items()):
        if player not in totals:
            continue
        top = best.get(table)
        if top is None or totals[player] > totals[top[0]]:
            best[table] = [player]
        elif totals[player] == totals[top[0]]:
            top.append(player)
    return best


def pivot_prizes(
    totals: dict[int, int], table_of: dict[int, int], mode: str, prizes: int
) -> list[Prize]:
    """[002 L2780–2784]: ``every_table`` — a prize at each table to its highest scorer;
    ``table_winners`` — the highest at each table, the best of these in order, as far as
    the ``prizes`` go."""
    if mode not in PIVOT_PRIZE_MODES:
        raise SocialError(f"pivot prizes {mode!r}: use one of {', '.join(PIVOT_PRIZE_MODES)}")
    best = table_winners(totals, table_of)
    if mode == "every_table":
        return [
            Prize(i, f"Table {t}", tuple(best[t]), totals[best[t][0]], t)
            for i, t in enumerate(sorted(best), start=1)
        ]
    order = sorted(best.items(), key=lambda kv: (-totals[kv[1][0]], kv[0]))
    return [
        Prize(i, _ordinal(i), tuple(players), totals[players[0]], table)
        for i, (table, players) in enumerate(order[:prizes], start=1)
    ]


def ranked_prizes(totals: dict[int, int], prizes: int) -> list[Prize]:
    """The highest totals win, in order (social pivot, Safford, Baker per player)."""
    out = []
    for place, player, total in ranking(totals):
        if place > prizes:
            break
        if out and out[-1].place == place:
            last = out[-1]
            out[-1] = Prize(place, last.label, (*last.players, player), total)
        else:
            out.append(Prize(place, _ordinal(place), (player,), total))
    return out


def settle_prizes(
    prizes: list[Prize], decisions: dict[tuple[int, ...], list[int]], count: int
) -> list[Prize]:
    """The prizes with the ties the TD settled (play-off, cut or draw [002 L6478–6493,
    L6782–6788]): ``decisions`` maps the tied players (sorted) to their order, best first.
    A table's prize goes to the first of the order; tied places are given out in the order,
    as far as the ``count`` prizes go ("the winner takes first and the loser second")."""
    out: list[Prize] = []
    for prize in prizes:
        order = decisions.get(tuple(sorted(prize.players)))
        if len(prize.players) < 2 or order is None:
            out.append(prize)
        elif prize.table is not None:
            out.append(Prize(prize.place, prize.label, (order[0],), prize.score, prize.table))
        else:
            out += [Prize(prize.place + i, _ordinal(prize.place + i), (p,), prize.score)
                    for i, p in enumerate(order) if prize.place + i <= count]  # fmt: skip
    return out


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass(frozen=True)
class BakerMatch:
    """One of Baker's two simultaneous matches: the four with ``captain`` at North."""

    captain: int
    a_points: int
    b_points: int

    @property
    def a_net(self) -> int:
        return self.a_points - self.b_points


def baker_team(player: int) -> str:
    for team, players in BAKER_TEAMS.items():
        if player in players:
            return team
    raise SocialError(f"player {player} is in neither of Baker's teams (1–8)")


def baker_matches(scores: list[TableScore]) -> list[BakerMatch]:
    """The match of team A's captain's four and the match of team B's captain's four
    [002 L3150–3160]: the points each team won in it, +125 a game toward a rubber unfinished
    at the end; "settled for at so much a point" on the difference."""
    out = []
    for captain in (1, 5):
        a = b = 0
        for score in scores:
            if captain not in score.seated:
                continue
            ns, ew = score.credit("baker")
            if baker_team(score.ns[0]) == "A":
                a, b = a + ns, b + ew
            else:
                a, b = a + ew, b + ns
        out.append(BakerMatch(captain, a, b))
    return out


def baker_result(scores: list[TableScore]) -> dict[str, int]:
    """Team A's and team B's net over both matches (one loses what the other wins)."""
    net = sum(m.a_net for m in baker_matches(scores))
    return {"A": net, "B": -net}
