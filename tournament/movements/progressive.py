"""Progressive play: the next round's seating from this round's results (pure Python).

A :class:`ProgressivePolicy` (stored with the event as a dict) says who moves
(LAWS.md §4.9–4.10.4, MOVEMENTS.md §8):

* ``method`` — ``winners-move`` (PR-1: winners progress one table, losers stay
  and split partners [002 L6416–6418]); ``lady-gentleman`` (PR-3: winning lady
  one way, winning gentleman the other, losers stay as partners
  [002 L6424–6431]); ``gentlemen-move`` (PR-4: gentlemen move toward the head,
  ladies sit still [002 L6435–6439]); ``fixed-partners`` (PR-5: E-W pairs move
  one table toward Table 1, at Table 1 to the foot [002 L6441–6448]);
  ``pivot-pair`` (PR-6 round robin, see :func:`pivot_pair_schedule`).
* ``direction`` — ``toward-1`` or ``toward-highest`` (A-18); the head table is
  where winners are going.
* ``head_rule`` — ``winners-stay`` (losers to the foot), ``winners-to-foot``
  (losers stay), ``winners-change-partners`` (stay but split) [002 L6419–6422].
* ``tie_progress`` — ``first-to-score`` [002 L6817–6818], ``cut`` or ``td``;
  ``tie_score`` — ``half-game`` or ``none`` [002 L6473–6476].

Seats: N-S and E-W are partnerships.  Ladies sit N and E, gentlemen S and W in
the lady-and-gentleman methods.  A short foot table holds 2 or 3 players
(``n``, ``e`` and perhaps ``s``) per [002 L6507–6515].
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field, fields
from fractions import Fraction

from .base import Movement, MovementError, Round, Seating

METHODS = ("winners-move", "lady-gentleman", "gentlemen-move", "fixed-partners", "pivot-pair")
DIRECTIONS = ("toward-1", "toward-highest")
HEAD_RULES = ("winners-stay", "winners-to-foot", "winners-change-partners")
TIE_PROGRESS = ("first-to-score", "cut", "td")
TIE_SCORE = ("half-game", "none")


class TieUndecided(MovementError):
    """A tie the policy cannot settle: the TD must decide (pass ``decisions``)."""

    def __init__(self, tables: list[int], how: str):
        self.tables = tables
        super().__init__(
            f"tie at table(s) {', '.join(map(str, tables))}: the policy says '{how}', so the TD "
            f"must decide who progresses; enter the decision as decisions={{table: 'ns' or 'ew'}}"
        )


@dataclass(frozen=True)
class ProgressivePolicy:
    method: str = "winners-move"
    direction: str = "toward-1"
    head_rule: str = "winners-stay"
    tie_progress: str = "first-to-score"
    tie_score: str = "half-game"
    lady_gentleman_movers: str = "winners"  # or "lady-winner-gentleman-loser" (PR-3 variant)
    reverse_sexes: bool = False  # PR-4 reversed for half the evening: ladies move

    def __post_init__(self):
        for name, allowed in (
            ("method", METHODS),
            ("direction", DIRECTIONS),
            ("head_rule", HEAD_RULES),
            ("tie_progress", TIE_PROGRESS),
            ("tie_score", TIE_SCORE),
        ):
            if getattr(self, name) not in allowed:
                raise ValueError(
                    f"progressive policy: {name}={getattr(self, name)!r}; use one of {allowed}"
                )

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> ProgressivePolicy:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"progressive policy: unknown keys {sorted(unknown)}")
        return cls(**data)


@dataclass(frozen=True)
class TableResult:
    """One table's result: ``winner`` ('ns'/'ew'), or points, or per-player points (short table)."""

    winner: str | None = None
    ns_points: int | None = None
    ew_points: int | None = None
    first_to_score: str | None = None
    player_points: dict[int, int] = field(default_factory=dict)

    def side(self) -> str | None:
        """'ns', 'ew', or None for a tie."""
        if self.winner is not None:
            return self.winner
        if self.ns_points is None or self.ew_points is None:
            raise ValueError("a table result needs a winner or both sides' points")
        if self.ns_points == self.ew_points:
            return None
        return "ns" if self.ns_points > self.ew_points else "ew"


def initial_seating(
    players: list[int], rng: random.Random | None = None, given: dict[int, str] | None = None
) -> list[Seating]:
    """Round-1 seating: at random (``rng``) or from positions like "1 A" (head couple, N-S)
    and "1 B" (side couple, E-W) [002 L6378–6387]."""
    if given:
        return _from_positions(given)
    order = list(players)
    (rng or random.Random(0)).shuffle(order)
    short = len(order) % 4
    if short == 1:
        raise MovementError(
            f"{len(order)} players leave one alone at the foot table: add a player or "
            f"let one sit out, or seat a three- and a two-hand table"
        )
    seats = []
    for t, i in enumerate(range(0, len(order), 4), start=1):
        chunk = order[i : i + 4] + [None] * (4 - len(order[i : i + 4]))
        n, s, e, w = chunk
        if short and i + 4 > len(order):  # short foot table: n, e (and s)
            n, e, s, w = chunk
        seats.append(Seating(table=t, n=n, s=s, e=e, w=w))
    return seats


def _from_positions(given: dict[int, str]) -> list[Seating]:
    tables: dict[int, dict[str, int]] = {}
    for player, pos in sorted(given.items()):
        number, couple = pos.split()
        seat_pair = ("n", "s") if couple.upper() == "A" else ("e", "w")
        table = tables.setdefault(int(number), {})
        free = [s for s in seat_pair if s not in table]
        if not free:
            raise MovementError(f"position {pos!r} is given to more than two players")
        table[free[0]] = player
    return [Seating(table=t, **tables[t]) for t in sorted(tables)]


def _winners_losers(st: Seating, res: TableResult, policy, decisions) -> tuple[str, str]:
    side = res.side()
    if side is None:
        if st.table in decisions:
            side = decisions[st.table]
        elif policy.tie_progress == "first-to-score" and res.first_to_score:
            side = res.first_to_score
        else:
            raise TieUndecided([st.table], policy.tie_progress)
    return side, "ew" if side == "ns" else "ns"


def _pair(st: Seating, side: str) -> tuple[int, int]:
    return (st.n, st.s) if side == "ns" else (st.e, st.w)


#: "allow no guest to remain at the three-hand table more than two games, allowing them to
#: progress after the second game, whether winning or not" [002 L6512–6515]
FOOT_GAMES_MAX = 2


def _short_table(st: Seating, res: TableResult, decisions, foot_games=None):
    """The foot table of two or three hands [002 L6507–6515]: two players progress, the
    highest scores; a player who has now played two games in a row at the three-hand table
    progresses "whether winning or not".  A tie for the last place up is the TD's
    (``decisions[table]``: the player who stays)."""
    pts, served = res.player_points, foot_games or {}
    missing = [p for p in st.seated if p not in pts]
    if missing:
        raise ValueError(f"table {st.table}: give the points of every player ({missing} missing)")
    ranked = sorted(st.seated, key=lambda p: -pts[p])
    if len(ranked) < 3:
        return ranked, []
    must = [p for p in ranked if served.get(p, 0) >= FOOT_GAMES_MAX]
    rest = [p for p in ranked if p not in must]
    if len(must) == 2:
        return must, rest
    if len(must) == 1:  # the long-stayer goes up with the better of the other two
        if pts[rest[0]] == pts[rest[1]]:
            return _decided(st, must + rest, decisions, rest)
        return must + rest[:1], rest[1:]
    if pts[ranked[1]] == pts[ranked[2]]:
        return _decided(st, ranked, decisions, ranked[1:])
    return ranked[:2], ranked[2:]


def _decided(st: Seating, ranked: list[int], decisions, tied: list[int]):
    """Who stays of ``tied`` (the TD's ruling); the others progress."""
    stays = decisions.get(st.table)
    if stays not in tied:
        raise TieUndecided([st.table], f"players {tied} tie for the last place up")
    return [p for p in ranked if p != stays], [stays]


def short_table_points(st: Seating, res: TableResult) -> dict[int, int]:
    """Points credited at the foot table: "only the one having the most points scores, except
    in case of a tie in a three-hand game, when both score" [002 L6509–6511]."""
    pts = res.player_points
    best = max(pts.get(p, 0) for p in st.seated)
    top = [p for p in st.seated if pts.get(p, 0) == best]
    scorers = top if len(top) == 1 or len(st.seated) == 3 else []
    return {p: (pts.get(p, 0) if p in scorers else 0) for p in st.seated}


def row_tables(tables: list[int], rows: int) -> list[list[int]]:
    """The room's tables in ``rows`` rows (aisles), in table order, as evenly as they go
    (the first rows take one table more): "tables and chairs ... in straight rows ...
    progression being down one row and up the next" [002 L6548–6552].  Each row is a
    circuit of its own, "progressing in a circle from table No. 16 to table No. 1"
    [002 L6671–6673]."""
    tables = sorted(tables)
    if rows < 1:
        raise MovementError("a room has at least one row of tables")
    if rows > len(tables):
        raise MovementError(f"{len(tables)} tables cannot make {rows} rows: at least one a row")
    size, extra = divmod(len(tables), rows)
    out, start = [], 0
    for r in range(rows):
        end = start + size + (1 if r < extra else 0)
        out.append(tables[start:end])
        start = end
    return out


def row_of_table(tables: list[int], rows: int) -> dict[int, int]:
    """Table → its row (1 …) as :func:`row_tables` lays them out."""
    return {t: r for r, row in enumerate(row_tables(tables, rows), start=1) for t in row}


def next_seating(
    policy: ProgressivePolicy,
    seating: list[Seating],
    results: dict[int, TableResult],
    decisions: dict[int, object] | None = None,
    foot_games: dict[int, int] | None = None,
    rows: int = 1,
) -> list[Seating]:
    """The next round's seating.  Raises :class:`TieUndecided` for ties it cannot settle.

    ``decisions`` holds the TD's rulings: ``{table: 'ns'|'ew'}`` for a tied
    table, ``{table: player}`` for the player who stays at a tied short table.
    ``foot_games``: the games each player has played in a row at the three-hand foot
    table, this round's included (:data:`FOOT_GAMES_MAX`).  ``rows`` > 1: a large room,
    each row of :func:`row_tables` progresses by itself (its own head and foot); the
    ties still undecided in every row are raised together.
    """
    decisions = decisions or {}
    if rows > 1:
        by_table = {st.table: st for st in seating}
        out, undecided = [], []
        for row in row_tables(list(by_table), rows):
            try:
                out += next_seating(policy, [by_table[t] for t in row], results, decisions,
                                    foot_games)  # fmt: skip
            except TieUndecided as exc:
                undecided += exc.tables
        if undecided:
            raise TieUndecided(sorted(undecided), policy.tie_progress)
        return sorted(out, key=lambda s: s.table)
    order = sorted(seating, key=lambda s: s.table, reverse=policy.direction == "toward-highest")
    if policy.method == "fixed-partners":
        return _fixed_partners(order)
    if policy.method == "gentlemen-move":
        return _gentlemen_move(order, policy)
    _check_results(order, results)
    undecided = [
        st.table
        for st in order
        if len(st.seated) == 4
        and results[st.table].side() is None
        and st.table not in decisions
        and not (policy.tie_progress == "first-to-score" and results[st.table].first_to_score)
    ]
    if undecided:
        raise TieUndecided(undecided, policy.tie_progress)
    if policy.method == "lady-gentleman":
        return _lady_gentleman(order, results, policy, decisions)
    if policy.method == "winners-move":
        return _winners_move(order, results, policy, decisions, foot_games)
    raise MovementError("pivot-pair play follows a fixed schedule: use pivot_pair_schedule()")


def _check_results(order: list[Seating], results: dict[int, TableResult]) -> None:
    missing = [st.table for st in order if st.table not in results]
    if missing:
        raise ValueError(f"no result entered for table(s) {missing}")


def _winners_move(order, results, policy, decisions, foot_games=None) -> list[Seating]:
    """PR-1/PR-2: winners go one table toward the head; losers stay and split."""
    movers, stayers = [], []
    if any(len(st.seated) < 4 for st in order[:-1]):
        raise MovementError("a two- or three-hand table must be the foot table [002 L6507–6509]")
    for st in order:
        if len(st.seated) < 4:
            up, stay = _short_table(st, results[st.table], decisions, foot_games)
            movers.append(tuple(up))
            stayers.append(tuple(stay))
            continue
        win, lose = _winners_losers(st, results[st.table], policy, decisions)
        movers.append(_pair(st, win))
        stayers.append(_pair(st, lose))
    head_rule = policy.head_rule
    arrivals = movers[1:] + [None]
    keep = list(stayers)
    if head_rule in ("winners-stay", "winners-change-partners"):
        keep[0], arrivals[-1] = movers[0], stayers[0]
    else:  # winners-to-foot: head winners go to the foot, head losers stay
        arrivals[-1] = movers[0]
    out = []
    for st, stay, come in zip(order, keep, arrivals, strict=True):
        split = not (st is order[0] and head_rule == "winners-stay")
        out.append(_sit(st.table, stay, come, split))
    return sorted(out, key=lambda s: s.table)


def _sit(table: int, stay: tuple, come: tuple, split: bool) -> Seating:
    """Stayers split (N and E) and take the arrivals (S and W) as partners, or keep together."""
    stay, come = list(stay), list(come)
    everyone = stay + come
    if len(everyone) < 4:
        padded = everyone + [None] * (4 - len(everyone))
        return Seating(table=table, n=padded[0], e=padded[1], s=padded[2], w=padded[3])
    if split:
        return Seating(table=table, n=stay[0], e=stay[1], s=come[0], w=come[1])
    return Seating(table=table, n=stay[0], s=stay[1], e=come[0], w=come[1])


def _lady_gentleman(order, results, policy, decisions) -> list[Seating]:
    """PR-3: the winning lady moves toward the head, the winning gentleman toward the foot
    (cyclically); the losers stay as partners.  Ladies at N/E, gentlemen at S/W."""
    t = len(order)
    ladies_in: list = [None] * t
    gents_in: list = [None] * t
    stay: list = [None] * t
    for i, st in enumerate(order):
        win, lose = _winners_losers(st, results[st.table], policy, decisions)
        (wl, wg), (ll, lg) = _mixed(st, win), _mixed(st, lose)
        if policy.lady_gentleman_movers != "winners":
            wg, lg = lg, wg  # variant: winning lady up, losing gentleman down
        ladies_in[(i - 1) % t] = wl
        gents_in[(i + 1) % t] = wg
        stay[i] = (ll, lg)
    return [
        Seating(table=st.table, n=stay[i][0], s=stay[i][1], e=ladies_in[i], w=gents_in[i])
        for i, st in enumerate(order)
    ]


def _mixed(st: Seating, side: str) -> tuple[int, int]:
    """(lady, gentleman) of one side: ladies sit N and E."""
    return (st.n, st.s) if side == "ns" else (st.e, st.w)


def _gentlemen_move(order, policy) -> list[Seating]:
    """PR-4: gentlemen (S, W) move one table toward the head, cyclically; ladies stay."""
    t = len(order)
    moving = ("n", "e") if policy.reverse_sexes else ("s", "w")
    out = []
    for i, st in enumerate(order):
        src = order[(i + 1) % t]
        out.append(
            Seating(table=st.table, **{k: getattr(src if k in moving else st, k) for k in "nsew"})
        )
    return sorted(out, key=lambda s: s.table)


def _fixed_partners(order) -> list[Seating]:
    """PR-5: N-S stay; E-W pairs move one table toward Table 1, from Table 1 to the foot."""
    t = len(order)
    return sorted(
        (
            Seating(table=st.table, n=st.n, s=st.s, e=order[(i + 1) % t].e, w=order[(i + 1) % t].w)
            for i, st in enumerate(order)
        ),
        key=lambda s: s.table,
    )


def lone_hand_limit(
    game_points: int, ns_points: int | None = None, ew_points: int | None = None
) -> dict[str, int]:
    """The most lone hands each side can have made in one game: a lone hand made scores its
    side at least 1 point ("three or four tricks, 1 point", five 4 [002 L5943–5944]), so a side with
    its points given made at most that many; with only the winner known, the game to
    ``game_points`` (5, 7 or 10 [002 L5949], 5 usual in progressive [002 L6395–6397]) lasted at most 2 × (game − 1) + 1
    deals, every deal scoring at least 1 point, and one lone hand is played a deal."""
    if ns_points is not None and ew_points is not None:
        return {"ns": ns_points, "ew": ew_points, "table": ns_points + ew_points}
    deals = 2 * (game_points - 1) + 1
    return {"ns": deals, "ew": deals, "table": deals}


def check_lone_hands(st: Seating, counts: dict[int, int], limit: dict[str, int]) -> None:
    """Refuse a lone-hand count that is not a whole number from 0, is for a player not at
    the table, or makes a side's (or the table's) count more than its deals allow
    (:func:`lone_hand_limit`); at a two- or three-hand foot table a player's count more
    than his points (``limit`` from :func:`short_lone_hand_limit`).  Raises ValueError
    naming the player."""
    seated = set(st.seated)
    for p, n in counts.items():
        if p not in seated:
            raise ValueError(f"player {p} is not at table {st.table}")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"player {p}: a lone-hand count is a whole number from 0")
    if len(st.seated) < 4:
        _check_short_lone_hands(st, counts, limit)
        return
    for side in ("ns", "ew"):
        pair = [p for p in _pair(st, side) if p is not None]
        made = sum(counts.get(p, 0) for p in pair)
        if made > limit[side]:
            raise ValueError(
                f"{'N-S' if side == 'ns' else 'E-W'} ({' & '.join(map(str, pair))}) cannot "
                f"have made {made} lone hands: at most {limit[side]} in this game"
            )
    total = sum(counts.values())
    if total > limit["table"]:
        raise ValueError(
            f"table {st.table}: {total} lone hands in a game of at most {limit['table']} deals"
        )


def short_lone_hand_limit(st: Seating, res: TableResult, game_points: int) -> dict:
    """The limits of :func:`check_lone_hands` at a two- or three-hand foot table, where each
    plays for himself [002 L6507–6511]: a player's lone hands made are no more than his own
    points (each scores at least 1 [002 L5943–5944]), the table's no more than a game's deals
    (:func:`lone_hand_limit`)."""
    pts = res.player_points
    return {"players": {p: pts.get(p, 0) for p in st.seated},
            "table": lone_hand_limit(game_points)["table"]}  # fmt: skip


def _check_short_lone_hands(st: Seating, counts: dict[int, int], limit: dict) -> None:
    """A foot table's lone hands against :func:`short_lone_hand_limit`."""
    for p, n in counts.items():
        most = limit["players"].get(p, 0)
        if n > most:
            raise ValueError(
                f"player {p} cannot have made {n} lone hands with {most} points: each made "
                "lone hand scores at least 1"
            )
    total = sum(counts.values())
    if total > limit["table"]:
        raise ValueError(
            f"table {st.table}: {total} lone hands in a game of at most {limit['table']} deals"
        )


def round_credits(
    policy: ProgressivePolicy, seating: list[Seating], results: dict[int, TableResult]
) -> dict[int, Fraction]:
    """Games won this round per player: 1 per winner, ½ each at a tie if ``half-game``;
    at a short table only the top scorer scores (both at a tied three-hand top)."""
    credit: dict[int, Fraction] = {p: Fraction(0) for st in seating for p in st.seated}
    for st in seating:
        res = results[st.table]
        if len(st.seated) < 4:
            pts = res.player_points
            best = max(pts.get(p, 0) for p in st.seated)
            top = [p for p in st.seated if pts.get(p, 0) == best]
            if len(top) == 1 or len(st.seated) == 3:  # a tie at three hands: both score
                for p in top:
                    credit[p] += 1
            elif policy.tie_score == "half-game":  # a tie at two hands, as at four
                for p in top:
                    credit[p] += Fraction(1, 2)
            continue
        side = res.side()
        if side is None:
            half = Fraction(1, 2) if policy.tie_score == "half-game" else Fraction(0)
            for p in st.seated:
                credit[p] += half
        else:
            for p in _pair(st, side):
                credit[p] += 1
    return credit


def pivot_pair_schedule(tables: int) -> list[list[tuple[int, int]]]:
    """PR-6 [002 L6449–6459]: ``[deal][table] = (ns, ew)``; pair 2T is the pivot (N-S, table 1).

    Other N-S pairs move toward Table 1 and take E-W there; E-W pairs move away
    and at the foot take N-S: every pair meets every other once in 2T−1 deals.
    """
    if tables < 2:
        raise MovementError("the pivot-pair round robin needs at least 2 tables")
    t = tables
    pivot = 2 * t
    ns = [pivot] + list(range(1, t))  # N-S at tables 1..T
    ew = list(range(t, 2 * t))
    deals = []
    for _ in range(2 * t - 1):
        deals.append(list(zip(ns, ew, strict=True)))
        new_ew = [ns[1]] + ew[:-1]
        ns = [pivot] + ns[2:] + [ew[-1]]
        ew = new_ew
    return deals


def build_pivot_pair(tables: int, boards_per_round: int = 1) -> Movement:
    """PR-6 as a pair movement (each deal is a round; boards are not duplicated)."""
    rounds = tuple(
        Round(
            number=r, tables=tuple(Seating(table=i + 1, ns=a, ew=b) for i, (a, b) in enumerate(d))
        )
        for r, d in enumerate(pivot_pair_schedule(tables), start=1)
    )
    return Movement(
        kind="progressive-pivot-pair",
        tables=tables,
        boards_per_round=boards_per_round,
        rounds=rounds,
        participants=tuple(range(1, 2 * tables + 1)),
        announcement="N-S move toward Table 1, E-W away; at the ends change lines.",
    )
