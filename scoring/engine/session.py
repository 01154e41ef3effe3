"""The integration API: score a whole session from its result lines.

``score_session(SessionInput) -> SessionResult`` and ``rescore_board(result, input, board)``
(incremental: only the changed board is re-compared, then the totals are re-summed).
Deal scores: ``scoring.engine.contract`` (Law 77), ``scoring.engine.auction`` (1926), tricks (whist);
comparisons: ``scoring.engine.matchpoints``, ``scoring.engine.imps``, net plus/minus, tricks, total points.
See docs/scoring.md, "Session API".
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import compress
from operator import attrgetter, is_not, ne
from typing import Any, NamedTuple

from scoring.engine.adjustments import Adjusted, parse_adjusted, percent_to_imps
from scoring.engine.auction import auction_deal_score, check_honours, plus_minus
from scoring.engine.contract import (
    DIRECTIONS,
    Contract,
    Result,
    ScoringError,
    check_tricks,
    vulnerability,
)
from scoring.engine.contract import score_ns as contract_score_ns
from scoring.engine.imp_teams import check_rooms, other_rooms, owner
from scoring.engine.imps import butler_datum, cross_imps, imps
from scoring.engine.matchpoints import matchpoint_board, top
from scoring.engine.results import BoardResult, ScoredLine, SessionResult
from scoring.engine.team_match import TEAM_METHODS, TeamInfo, check_team_lines, check_teams
from scoring.engine.totals import build_fields, retally
from scoring.engine.weighted import expected_imps, parse_weighted
from scoring.engine.whist import (
    average_tricks,
    check_whist_tricks,
    pair_revoke,
    round_half_up,
    team_revoke,
)

__all__ = [
    "DEFAULT_SETTINGS",
    "EntryInfo",
    "ResultLine",
    "ScoringError",
    "SessionInput",
    "LineScore",
    "TeamInfo",
    "line_score",
    "rescore_board",
    "score_session",
    "validate_line",
]

GAMES = ("contract", "auction", "whist")
METHODS = (
    "matchpoints",
    "imps_butler",
    "imps_cross",
    "imps_teams",
    "net",
    "tricks",
    "tricks_teams",
    "total_points",
)
DEFAULT_SETTINGS: dict[str, Any] = {
    "mp_scale": "EBU",  # "EBU" 2/1/0 or "ACBL" 1/½/0 (Law 78A)
    "neuberg": True,  # factor boards with fewer results (else plain ratio scaling)
    "adjusted_policy": "60/40",  # or "session_percent" (EBU: the better of Ave+ and the session %)
    "acbl_single_result_60": False,  # ACBLscore: a sole real result scores 60% both ways
    "butler_drop": 1,  # highest and lowest scores dropped from the Butler datum
    "butler_round": True,  # round the Butler datum to 10, halves away from zero
    "whist_revoke_form": "pair",  # "pair" (±R, bounded by other tables) or "team" (average cap)
    "whist_revoke_average_includes_offender": True,  # team-form average over all tables
    "whist_full_revoke_penalty": False,  # committee orders the full pair-form penalty
    "auction_cap_excludes_loser_honours": False,  # Law 10 reading (see scoring.engine.auction)
    "scale_missed_boards": True,  # MPs × scheduled/played for a pair that missed boards
    "mp_board_decimals": None,  # round each line's MPs half up to this many d.p. before summing
}
#: Defaults that differ by method: a whist team match takes the team form of the revoke
#: penalty [002 L4251–4263] unless the conditions say otherwise.
METHOD_DEFAULTS: dict[str, dict[str, Any]] = {"tricks_teams": {"whist_revoke_form": "team"}}


@dataclass(frozen=True)
class ResultLine:
    """One table's result on one board (entry numbers ``ns`` and ``ew``).

    Give one of: ``contract`` + ``declarer`` + ``tricks`` (tricks taken by declarer; auction
    extras ``honours_ns``/``honours_ew`` honour points held and ``revokes_ns``/``revokes_ew``);
    ``tricks_ns`` (whist, with revokes and, for the team form, ``before_revoke_ns``/``_ew``:
    the tricks a revoking side won before its first revoke [002 L4259–4263]); ``score_ns`` (a direct N-S score); ``adjusted``
    ("A60/A40": N-S then E-W; IMPs "+3/-3"); ``weighted`` (a weighted adjusted score,
    Law 12C1(c): "60% 4S N =; 40% 4S N -1"); or ``not_played``. ``fouled_group`` names the group
    a fouled board's result is compared within.
    """

    board: int
    ns: int
    ew: int
    round: int | None = None
    table: int | None = None
    contract: str | None = None
    declarer: str | None = None
    tricks: int | None = None
    lead: str | None = None
    honours_ns: int = 0
    honours_ew: int = 0
    revokes_ns: int = 0
    revokes_ew: int = 0
    tricks_ns: int | None = None
    score_ns: int | None = None
    adjusted: str | None = None
    not_played: bool = False
    fouled_group: str | None = None
    before_revoke_ns: int | None = None
    before_revoke_ew: int | None = None
    #: points taken off a side's board score, not given to the other (duplicate auction
    #: Law 4d: 50 to the pair who passed on a hand with a wrong count [002 L3311–3315])
    penalty_ns: int = 0
    penalty_ew: int = 0
    #: points the committee moves to N-S (negative: to E-W) on the deal, a loss beyond the
    #: revoke penalty (duplicate auction Law 7 [002 L3350–3354])
    committee_ns: int = 0
    #: a weighted adjusted score (Law 12C1(c)), "60% 4S N =; 40% 4S N -1"
    #: (``scoring.engine.weighted``): contract bridge only, instead of a contract
    weighted: str | None = None


#: The methods whose board points are points (so a penalty in points can be taken off).
POINT_METHODS = ("net", "total_points")


@dataclass(frozen=True)
class EntryInfo:
    """An entry (pair or team): ``field`` is the group it is ranked in ("all", "NS", "EW")."""

    number: int
    name: str = ""
    field: str = "all"


@dataclass
class SessionInput:
    """Everything needed to score a session. ``settings`` override DEFAULT_SETTINGS (and
    METHOD_DEFAULTS); ``teams`` are the teams of a team match whose entries are pairs: the whist
    team match ("tricks_teams") or teams of four at IMPs ("imps_teams")."""

    game: str
    method: str
    lines: tuple[ResultLine, ...]
    entries: tuple[EntryInfo, ...] = ()
    settings: dict[str, Any] = field(default_factory=dict)
    boards_scheduled: dict[int, int] = field(default_factory=dict)
    results_expected: dict[int, int] = field(default_factory=dict)
    vulnerability: dict[int, str] = field(default_factory=dict)
    final: bool = False
    teams: tuple[TeamInfo, ...] = ()
    #: mnemonic duplicate: each entry plays each board twice, once N-S and once E-W (the
    #: replay with the hands exchanged [002 L4339–4341, L4364–4369])
    replayed: bool = False

    def setting(self, key: str) -> Any:
        if key not in DEFAULT_SETTINGS:
            raise ScoringError("settings", f"unknown setting {key!r}")
        default = METHOD_DEFAULTS.get(self.method, {}).get(key, DEFAULT_SETTINGS[key])
        return self.settings.get(key, default)


def _whole(value: object, name: str, minimum: int = 0) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ScoringError(name, f"must be a whole number >= {minimum}, got {value!r}")


def validate_line(game: str, line: ResultLine) -> None:
    """Check one line; raise ScoringError naming the field (contract "8S", tricks 14, ...)."""
    if game not in GAMES:
        raise ScoringError("game", f"expected one of {GAMES}, got {game!r}")
    _whole(line.board, "board", 1)
    _whole(line.ns, "ns", 1)
    _whole(line.ew, "ew", 1)
    if line.ns == line.ew:
        raise ScoringError("ew", f"entry {line.ns} cannot play against itself")
    for name in ("revokes_ns", "revokes_ew", "penalty_ns", "penalty_ew"):
        _whole(getattr(line, name), name)
    if isinstance(line.committee_ns, bool) or not isinstance(line.committee_ns, int):
        raise ScoringError("committee_ns", f"must be a whole number, got {line.committee_ns!r}")
    if line.committee_ns and game == "whist":
        raise ScoringError(
            "committee_ns", "the committee's adjustment in points is for bridge; whist revoke "
            "penalties are in tricks",
        )  # fmt: skip
    if line.not_played:
        return
    if line.weighted is not None:
        _validate_weighted(game, line)
        return
    if line.adjusted is not None:
        parse_adjusted(line.adjusted)
        return
    if line.score_ns is not None:
        if isinstance(line.score_ns, bool) or not isinstance(line.score_ns, int | Fraction):
            raise ScoringError("score_ns", f"must be a number, got {line.score_ns!r}")
        if game == "whist" and not 0 <= line.score_ns <= 13:
            raise ScoringError(
                "score_ns", f"a whist score is N-S tricks, 0-13 (E-W take the rest), got "
                f"{line.score_ns}",
            )  # fmt: skip
        return
    if game == "whist":
        if line.tricks_ns is None:
            raise ScoringError("tricks_ns", "a whist result needs the N-S tricks (0-13)")
        check_whist_tricks(line.tricks_ns)
        _check_before_revoke(line)
        return
    _validate_contract_line(game, line)


def _validate_weighted(game: str, line: ResultLine) -> None:
    """A weighted score (Law 12C1(c)) stands for the table's result: contract bridge only,
    with no contract, score or artificial score beside it."""
    if game != "contract":
        raise ScoringError(
            "weighted", "a weighted score (Law 12C1(c)) is for contract bridge; give an "
            "assigned score instead",
        )  # fmt: skip
    for name in ("adjusted", "score_ns", "contract"):
        if getattr(line, name) is not None:
            raise ScoringError(name, "a weighted score replaces the table's result: leave it blank")
    if line.committee_ns:
        raise ScoringError("committee_ns", "a weighted score takes no committee adjustment")
    parse_weighted(line.weighted)


def _check_before_revoke(line: ResultLine) -> None:
    """Tricks won before a side's first revoke (the team form's exception [002 L4259–4263]):
    0-13, no more than that side made, and only for a side that revoked."""
    for side in ("ns", "ew"):
        before = getattr(line, f"before_revoke_{side}")
        if before is None:
            continue
        name = f"before_revoke_{side}"
        _whole(before, name)
        made = line.tricks_ns if side == "ns" else 13 - line.tricks_ns
        if not getattr(line, f"revokes_{side}"):
            raise ScoringError(name, f"tricks before the first revoke need a {side.upper()} revoke")
        if before > made:
            raise ScoringError(
                name, f"{before} tricks won before the first revoke, but {side.upper()} made "
                f"only {made}",
            )  # fmt: skip


def _validate_contract_line(game: str, line: ResultLine) -> None:
    if line.contract is None:
        raise ScoringError("contract", "missing: give a contract, a score, an adjustment or NP")
    contract = _contract(line.contract)
    if game == "auction":
        strain = None if contract.passed_out else contract.strain
        check_honours(strain, line.honours_ns, line.honours_ew)
        if contract.passed_out:
            for name in ("revokes_ns", "revokes_ew"):
                if getattr(line, name):
                    raise ScoringError(name, "a passed-out deal is not played: there is no revoke")
    if contract.passed_out:
        return
    if line.declarer not in DIRECTIONS:
        raise ScoringError("declarer", f"expected N, E, S or W, got {line.declarer!r}")
    if line.tricks is None:
        raise ScoringError("tricks", "missing: the tricks taken by declarer (0-13)")
    check_tricks(line.tricks)


def _check_input(inp: SessionInput) -> None:
    if inp.game not in GAMES:
        raise ScoringError("game", f"expected one of {GAMES}, got {inp.game!r}")
    if inp.method not in METHODS:
        raise ScoringError("method", f"expected one of {METHODS}, got {inp.method!r}")
    if inp.method == "tricks_teams" and inp.game != "whist":
        raise ScoringError(
            "method", f"tricks_teams scores a duplicate whist team match; for {inp.game} "
            "teams use imps_teams",
        )  # fmt: skip
    for key in inp.settings:
        inp.setting(key)
    known = {e.number for e in inp.entries}
    teams = _entries_are_teams(inp)
    game = inp.game
    if _entries_fit(inp, known, teams):  # the common case, checked at once in C
        for line in inp.lines:
            if not _plainly_valid(game, line):
                validate_line(game, line)
    else:  # line by line, to name the first line at fault as ever
        _check_lines(inp, known, teams)
    if inp.method in TEAM_METHODS:
        _check_team_match(inp)


_LINE_NS, _LINE_EW, _LINE_BOARD = attrgetter("ns"), attrgetter("ew"), attrgetter("board")


def _entries_fit(inp: SessionInput, known: set, teams: bool) -> bool:
    """Every line's entries are in the session (when it names its entries) and none has two
    results on a board (each side apart for a replayed board; any number for IMP teams
    without teams): ``_check_lines``' checks of entries, on whole columns.  False too for a
    value that cannot be looked up (``_check_lines`` then names its field)."""
    lines = inp.lines
    ns, ew = list(map(_LINE_NS, lines)), list(map(_LINE_EW, lines))
    try:
        if known and not (known.issuperset(ns) and known.issuperset(ew)):
            return False
        if teams:
            return True
        boards = list(map(_LINE_BOARD, lines))
        if inp.replayed:
            by_ns, by_ew = set(zip(boards, ns, strict=True)), set(zip(boards, ew, strict=True))
            return len(by_ns) == len(lines) == len(by_ew)
        seats = list(zip(boards, ns, strict=True))
        seats += zip(boards, ew, strict=True)
        return len(set(seats)) == len(seats)
    except TypeError:  # an unhashable number
        return False


def _check_lines(inp: SessionInput, known: set, teams: bool) -> None:
    """Each line validated and its entries checked, in order: the first fault is raised."""
    seen: set[tuple] = set()
    game = inp.game
    for line in inp.lines:
        if not _plainly_valid(game, line):
            validate_line(game, line)
        board = line.board
        for side, entry in (("ns", line.ns), ("ew", line.ew)):
            if known and entry not in known:
                raise ScoringError(side, f"board {board}: entry {entry} is not in the session")
            key = (board, entry, side) if inp.replayed else (board, entry)
            if key in seen and not teams:
                raise ScoringError(side, f"board {board}: entry {entry} has two results")
            seen.add(key)


#: Contract texts already read (text -> Contract); only ``str`` keys, so a cached answer is
#: exactly what ``Contract.parse`` gives for that text.
_CONTRACTS: dict[str, Contract] = {}
#: Contract-bridge deal scores already computed: (contract text, declarer, tricks, vul) ->
#: (N-S score, display); filled only from lines that passed validation with plain types.
_CONTRACT_DEALS: dict[tuple[str, str | None, int | None, str], tuple[int, str]] = {}
_CACHE_LIMIT = 100_000


def _contract(text: str) -> Contract:
    contract = _CONTRACTS.get(text) if type(text) is str else None
    if contract is None:
        contract = Contract.parse(text)
        if type(text) is str and len(_CONTRACTS) < _CACHE_LIMIT:
            _CONTRACTS[text] = contract
    return contract


def _plainly_valid(game: str, line: ResultLine) -> bool:
    """A quick sufficient test for the common line (a contract-bridge result with plain
    ``int``/``str`` fields, nothing adjusted): True only when ``validate_line`` would accept it.
    Anything else goes through ``validate_line``, which names the faulty field."""
    if game != "contract" or line.not_played or line.adjusted is not None:
        return False
    if line.weighted is not None:
        return False
    ns, ew, board, tricks = line.ns, line.ew, line.board, line.tricks
    if not (type(board) is int and type(ns) is int and type(ew) is int):
        return False
    if board < 1 or ns < 1 or ew < 1 or ns == ew or line.score_ns is not None:
        return False
    if line.revokes_ns != 0 or line.revokes_ew != 0 or type(line.contract) is not str:
        return False
    if line.penalty_ns or line.penalty_ew or line.committee_ns:
        return False
    contract = _CONTRACTS.get(line.contract)
    if contract is None:
        return False
    if contract.level == 0:
        return True
    return line.declarer in DIRECTIONS and type(tricks) is int and 0 <= tricks <= 13


def _entries_are_teams(inp: SessionInput) -> bool:
    """IMPs teams without ``teams``: each entry is a team and plays a board in both rooms."""
    return inp.method == "imps_teams" and not inp.teams


def _check_team_match(inp: SessionInput) -> None:
    """A team match: its teams as the law allows, every line between two teams; at IMPs, each
    match once in each room of a board (without teams, the entries are the teams)."""
    if inp.method == "imps_teams":
        if inp.teams:
            check_teams(inp.teams)
            check_team_lines(inp.teams, inp.lines)
        check_rooms(inp.lines, owner(inp.teams))
        return
    if not inp.teams and not inp.lines:
        return
    if not inp.teams:
        raise ScoringError(
            "teams", "a whist team match needs its teams (each team's N-S and E-W pairs)"
        )
    check_teams(inp.teams)
    check_team_lines(inp.teams, inp.lines)


def _lines_by_board(lines: tuple[ResultLine, ...]) -> dict[int, list[ResultLine]]:
    by_board: dict[int, list[ResultLine]] = defaultdict(list)
    for line in lines:
        by_board[line.board].append(line)
    return by_board


def _expected(inp: SessionInput, by_board: Mapping[int, list[ResultLine]]) -> dict[int, int]:
    default = max((len(v) for v in by_board.values()), default=0)
    return {b: inp.results_expected.get(b, default) for b in by_board}


def score_session(inp: SessionInput) -> SessionResult:
    """Validate and score a whole session; see docs/scoring.md "Session API"."""
    _check_input(inp)
    by_board = _lines_by_board(inp.lines)
    expected = _expected(inp, by_board)
    boards = {b: score_board(inp, b, lines, expected[b]) for b, lines in by_board.items()}
    return _assemble(inp, boards)


def rescore_board(
    result: SessionResult,
    inp: SessionInput,
    board: int,
    lines: list[ResultLine] | tuple[ResultLine, ...] | None = None,
) -> SessionResult:
    """Incremental update after the session changed on ``board`` only: re-compare that board
    and move each entry's totals by the board's difference (``scoring.engine.totals.retally``);
    every other board's scored lines, and every standing whose total and place did not change,
    are reused from ``result`` (which is left as it was).

    ``lines`` are the board's lines now (default: those of ``inp.lines``); with ``lines``
    given, ``inp.lines`` is not read, so ``inp`` may carry no lines at all: the other boards'
    lines are those of ``result``.  Equal to ``score_session`` of the whole new input."""
    if lines is None:
        lines = [line for line in inp.lines if line.board == board]
    lines = list(lines)
    old = result.boards.get(board)
    before = old.lines if old is not None else ()
    prior, changed = _prior_lines(inp, board, lines, old)
    if inp.method in TEAM_METHODS:
        _check_team_match(replace(inp, lines=tuple(lines)))
    if not _seated_as_before(inp, lines, before, changed):
        _check_board_entries(inp, lines)
    boards = dict(result.boards)
    old_default = max((len(r.lines) for r in boards.values()), default=0)
    rest = [len(r.lines) for b, r in boards.items() if b != board]
    if max(rest + [len(lines)], default=0) != old_default:
        # the default expected count changed: every board moves
        others = [s.line for b, r in sorted(boards.items()) if b != board for s in r.lines]
        return score_session(replace(inp, lines=tuple(others + lines)))
    new = None
    if lines:
        expected = inp.results_expected.get(board, old_default)
        new = _plain_again(inp, board, lines, expected, prior, changed, old)
        if new is None:
            new = score_board(inp, board, lines, expected, prior)
        boards[board] = new
    else:
        boards.pop(board, None)
    if result.tallies is None:
        return _assemble(inp, boards)
    tallies, touched = retally(result.tallies, old, new)
    return _assemble(inp, boards, tallies, (result, touched))


def _prior_lines(
    inp: SessionInput, board: int, lines: list[ResultLine], old: BoardResult | None
) -> tuple[list[ScoredLine | None], list[int]]:
    """(for each of ``board``'s ``lines``, the ``ScoredLine`` in its place on the ``old`` board
    when the line is the same (validated then, and it scores the same deal; whist aside: a
    revoke's penalty depends on the other tables' results), else None once the line is
    validated; the places of the lines that are None)."""
    count = len(lines)
    before = old.lines if old is not None else ()
    if inp.game == "whist":
        prior: list[ScoredLine | None] = [None] * count
        changed = list(range(count))
    else:
        prior = list(before[:count]) + [None] * (count - len(before))
        changed = []
        plain = getattr(old, "_plain", None)  # its lines kept: no scored line read
        was = plain.lines if plain is not None else list(map(_LINE, before))
        # the same line object, found in C; else an equal line
        for i in compress(range(count), map(is_not, was, lines)):
            if was[i] != lines[i]:
                prior[i] = None
                changed.append(i)
        changed.extend(range(len(before), count))
    for i in changed:
        line = lines[i]
        if line.board != board:
            raise ScoringError("board", f"line of board {line.board} given for board {board}")
        if not _plainly_valid(inp.game, line):
            validate_line(inp.game, line)
    return prior, changed


def _seated_as_before(
    inp: SessionInput, lines: list[ResultLine], before: tuple, changed: list[int]
) -> bool:
    """True when the board's entries need no check beyond the changed lines': as many lines
    as before, each changed line between the same two entries as the line in its place before
    (so no entry has two results now unless it had then, when the board was checked), and
    the changed lines' entries in the session (``_check_board_entries``)."""
    if len(before) != len(lines):
        return False
    known = _known_entries(inp)
    for i in changed:
        line, was = lines[i], before[i].line
        if (
            line.ns != was.ns
            or line.ew != was.ew
            or (known and not (line.ns in known and line.ew in known))
        ):
            return False
    return True


def _check_board_entries(inp: SessionInput, lines: list[ResultLine]) -> None:
    """``_check_input``'s checks of entries (``_entries_fit``, else ``_check_lines`` to name
    the line at fault), for one board's lines."""
    board = replace(inp, lines=tuple(lines))
    known, teams = _known_entries(inp), _entries_are_teams(inp)
    if not _entries_fit(board, known, teams):
        _check_lines(board, known, teams)


#: (the ``entries`` tuple of the last input checked, its entry numbers): a session rescored
#: board after board keeps one input, whose entries need not be collected every time.
_KNOWN: list = [None, frozenset()]


def _known_entries(inp: SessionInput) -> frozenset[int]:
    if _KNOWN[0] is not inp.entries:
        _KNOWN[:] = [inp.entries, frozenset(e.number for e in inp.entries)]
    return _KNOWN[1]


def _assemble(
    inp: SessionInput, boards: dict[int, BoardResult], tallies=None, previous=None
) -> SessionResult:
    tops = [b.top for b in boards.values() if b.top is not None]
    top = max(tops) if tops else None
    fields, extras, tallies = build_fields(inp, boards, top, tallies, previous)
    return SessionResult(inp.game, inp.method, top, fields, boards, inp.final, extras, tallies)


def with_line(inp: SessionInput, old: ResultLine | None, new: ResultLine | None) -> SessionInput:
    """A copy of ``inp`` with ``old`` replaced by ``new`` (either may be None: add / remove)."""
    lines = [line for line in inp.lines if line is not old and line != old]
    if new is not None:
        lines.append(new)
    return replace(inp, lines=tuple(lines))


# --- one board: deal scores, then the comparison -------------------------------------------


@dataclass(slots=True)
class _Deal:
    """A line's deal score for each side (they may not balance: caps, revoke bounds)."""

    ns: Fraction | None
    ew: Fraction | None
    display: str
    adjusted: Adjusted | None = None
    played: bool = True
    extra: dict[str, Any] = field(default_factory=dict)
    #: a weighted score's parts ((weight, N-S score), ...), Law 12C1(c); ``ns`` is their mean
    parts: tuple | None = None


def _deal(inp: SessionInput, line: ResultLine, vul: str) -> _Deal:
    deal = _raw_deal(inp, line, vul)
    committee = line.committee_ns
    if committee and deal.played and deal.adjusted is None:
        # Law 7: the committee's adjustment moves points from one side to the other
        deal.ns, deal.ew = deal.ns + committee, deal.ew - committee
        side = "N-S" if committee > 0 else "E-W"
        deal.display = f"{deal.display} (committee +{abs(committee)} {side})"
        deal.extra = {**deal.extra, "committee_ns": committee}
    return deal


def _raw_deal(inp: SessionInput, line: ResultLine, vul: str) -> _Deal:
    if line.not_played:
        return _Deal(None, None, "NP", played=False)
    if line.weighted is not None:
        weighted = parse_weighted(line.weighted)
        mean = weighted.mean(vul)
        return _Deal(mean, -mean, str(weighted), parts=weighted.scores(vul))
    if line.adjusted is not None:
        adj = parse_adjusted(line.adjusted)
        return _Deal(None, None, str(adj), adjusted=adj)
    if line.score_ns is not None:
        value = Fraction(line.score_ns)
        if inp.game == "whist":  # each side's own tricks: 6 to N-S is 7 to E-W [000 L729, L765]
            return _Deal(value, 13 - value, f"{line.score_ns} tricks (assigned)")
        return _Deal(value, -value, str(line.score_ns))
    if inp.game == "whist":
        t = line.tricks_ns
        return _Deal(Fraction(t), Fraction(13 - t), f"{t} tricks")
    if inp.game == "auction":
        return _auction_deal(inp, line)
    value, text = _contract_deal(line.contract, line.declarer, line.tricks, vul)
    return _Deal(value, -value, text)


def _contract_deal(contract: str, declarer: str | None, tricks: int | None, vul: str):
    """(N-S score, display) of a validated contract-bridge line; memoised for plain keys."""
    plain = type(contract) is str and type(tricks) in (int, type(None))
    key = (contract, declarer, tricks, vul)
    if plain and key in _CONTRACT_DEALS:
        return _CONTRACT_DEALS[key]
    result = Result(_contract(contract), declarer, tricks)
    value = (contract_score_ns(result.contract, declarer, tricks, vul), str(result))
    if plain and len(_CONTRACT_DEALS) < _CACHE_LIMIT:
        _CONTRACT_DEALS[key] = value
    return value


def _auction_deal(inp: SessionInput, line: ResultLine) -> _Deal:
    contract = Contract.parse(line.contract)
    score = auction_deal_score(
        contract, line.declarer, line.tricks, line.honours_ns, line.honours_ew,
        line.revokes_ns, line.revokes_ew,
    )  # fmt: skip
    pm = plus_minus(score, inp.setting("auction_cap_excludes_loser_honours"))
    extra = {
        "ns_plus": pm.ns_plus, "ns_minus": pm.ns_minus, "ns_excess": pm.ns_excess,
        "ew_plus": pm.ew_plus, "ew_minus": pm.ew_minus, "ew_excess": pm.ew_excess,
    }  # fmt: skip
    text = str(Result(contract, line.declarer, line.tricks))
    return _Deal(Fraction(pm.ns_net), Fraction(pm.ew_net), text, extra=extra)


def _whist_revokes(inp: SessionInput, lines: list[ResultLine], deals: list[_Deal]) -> None:
    """Apply whist revoke penalties in place (pair form ±R, or team form capped at average).

    The pair form records the score "as made, independently of the revoke penalty", marked
    −R for the revokers and +R for their adversaries [002 L4265–4268]; when both sides revoke
    on one deal, each side's mark is shown against the tricks as made (8 −R +R / 5 +R −R)."""
    for i, line in enumerate(lines):
        deal = deals[i]
        if deal.adjusted is not None or not deal.played:
            continue
        made = (deal.ns, deal.ew)
        marks = {"ns": [], "ew": []}
        for side in ("ns", "ew"):
            revokes = getattr(line, f"revokes_{side}")
            if revokes:
                other = "ew" if side == "ns" else "ns"
                marks[side].append("−R")
                marks[other].append("+R")
                _whist_revoke(inp, line, i, side, revokes, deals)
        if deal.display.endswith("+R") and marks["ns"] and marks["ew"]:
            ns_made, ew_made = (int(v) for v in made)
            deal.display = f"{ns_made} {' '.join(marks['ns'])} / {ew_made} {' '.join(marks['ew'])}"


def _whist_revoke(
    inp: SessionInput, line: ResultLine, i: int, side: str, revokes: int, deals: list[_Deal]
) -> None:
    own = [d for j, d in enumerate(deals) if d.played and d.adjusted is None and j != i]
    made = int(getattr(deals[i], side))
    others = [int(getattr(d, side)) for d in own]
    if inp.setting("whist_revoke_form") == "team":
        pool = others + ([made] if inp.setting("whist_revoke_average_includes_offender") else [])
        before = getattr(line, f"before_revoke_{side}") or 0
        average = average_tricks(pool or [made])
        offenders = team_revoke(made, revokes, average, before)
        non_offenders = 13 - offenders
        note = f"{offenders} (revoke, capped at average)"
        if offenders > team_revoke(made, revokes, average):
            note = f"{offenders} (revoke; {before} won before the first revoke kept)"
    else:
        offenders, non_offenders = pair_revoke(
            made, revokes, others, inp.setting("whist_full_revoke_penalty")
        )
        note = f"{made} −R / {13 - made} +R"
    other = "ew" if side == "ns" else "ns"
    setattr(deals[i], side, Fraction(offenders))
    setattr(deals[i], other, Fraction(non_offenders))
    deals[i].display = note


@dataclass(frozen=True)
class LineScore:
    """One result on its own, before any comparison: each side's deal score (None for an
    artificial score or a board not played), the result as text and the artificial score.

    Whist revoke penalties depend on the other tables' results and are not in it."""

    ns: Fraction | None
    ew: Fraction | None
    display: str
    adjusted: Adjusted | None
    played: bool


def line_score(inp: SessionInput, line: ResultLine) -> LineScore:
    """The deal score of one line as ``score_board`` computes it (board vulnerability, the
    event's settings); raises ScoringError naming the field for an impossible result."""
    validate_line(inp.game, line)
    vul = inp.vulnerability.get(line.board) or vulnerability(line.board)
    deal = _deal(inp, line, vul)
    return LineScore(deal.ns, deal.ew, deal.display, deal.adjusted, deal.played)


def score_board(
    inp: SessionInput,
    board: int,
    lines: list[ResultLine],
    expected: int,
    prior: list[ScoredLine | None] | None = None,
) -> BoardResult:
    """Score one board: deal scores per line, then the session's comparison method.

    ``prior`` (``rescore_board``): for each line, its ``ScoredLine`` from before when the line
    is unchanged (its deal score is taken from it, and it is kept as it was when its points
    come out the same), else None."""
    vul = inp.vulnerability.get(board) or vulnerability(board)
    if prior is None:
        prior = [None] * len(lines)
        deals = [_deal(inp, line, vul) for line in lines]
    else:
        deals = [_deal(inp, line, vul)
                 if p is None or p.line.adjusted is not None or p.line.weighted is not None
                 else _Deal(p.score_ns, p.score_ew, p.display, None, p.played, p.extra)
                 for line, p in zip(lines, prior, strict=True)]  # fmt: skip
    if inp.game == "whist":
        _whist_revokes(inp, lines, deals)
    memo = None
    if (
        inp.method == "matchpoints"
        and _rounds_nothing(inp)
        and deals
        and _plain_board(lines, deals)
    ):
        # compared in one pass as ``_matchpoint`` does; the pass kept for ``_plain_again``
        scores = list(map(_NS, deals))
        mps, top = _plain_matchpoints(inp, scores, expected)
        points = list(zip(mps.ns, mps.ew, strict=True))
        memo = _Plain(lines, scores, mps.ns, mps.ew)
    else:
        points, top = compare_board(inp, lines, deals, expected)
    if inp.method == "net":
        _net_columns(deals, points)
    _penalties(inp, lines, deals, points)
    scored = tuple([  # a list made in one comprehension, then a tuple: no generator
        old
        if old is not None and old.ns_points == p[0] and old.ew_points == p[1]
        else ScoredLine(line, d.ns, d.display, p[0], p[1], d.played, d.extra, d.ew)
        for line, d, p, old in zip(lines, deals, points, prior, strict=True)
    ])  # fmt: skip
    return _marked(BoardResult(board, scored, top), memo)


def _repointed(scored: ScoredLine, line: ResultLine, ns, ew) -> ScoredLine:
    """``replace(scored, line=line, ns_points=ns, ew_points=ew)``, without ``replace``'s
    reading of the fields: a changed result moves the points of many lines."""
    s = scored
    return ScoredLine(line, s.score_ns, s.display, ns, ew, s.played, s.extra, s.score_ew)


def _rounds_nothing(inp: SessionInput) -> bool:
    return inp.setting("mp_board_decimals") is None


class _Plain(NamedTuple):
    """A plain matchpointed board's one pass (``_plain_matchpoints``), in the order of the
    board's lines: each line (``ResultLine``; the list given to ``score_board``, which its
    callers make for the call and never change), its N-S deal score and its points."""

    lines: list
    scores: list
    ns: tuple
    ew: tuple


def _marked(result: BoardResult, plain: _Plain | None) -> BoardResult:
    """``result`` with ``plain`` kept beside it when it is a plain matchpointed board: every
    line played and compared as one group on its deal score (``_plain_board``), no line's
    points rounded.  A private memo, as ``scoring.engine.totals._keyed`` keeps one: not a
    dataclass field, so equality and JSON are unchanged.  ``_plain_again`` starts from it."""
    if plain is not None:
        object.__setattr__(result, "_plain", plain)
    return result


def _plain_again(
    inp: SessionInput,
    board: int,
    lines: list[ResultLine],
    expected: int,
    prior: list[ScoredLine | None],
    changed: list[int],
    old: BoardResult | None,
) -> BoardResult | None:
    """``score_board`` of a plain matchpointed board (``_marked``) after some of its lines
    changed, each in its place, the others the same (``prior``); None when it does not apply
    (the board was not plain, a line was added or taken away, a changed line is not plain,
    has a penalty, or the event rounds each line's points: ``score_board`` then scores it).

    The deal scores are the old lines' but for the changed lines; the board is matchpointed
    in one pass as ``_matchpoint`` does; a line keeps its ``ScoredLine`` when its points are
    the same (found in C), as in ``score_board``, so only the changed lines and those whose
    points moved are made again."""
    was = getattr(old, "_plain", None)
    if (
        was is None
        or inp.method != "matchpoints"
        or inp.game == "whist"  # a revoke's penalty depends on the other tables' results
        or len(lines) != len(was.scores)
        or not _rounds_nothing(inp)
    ):
        return None
    count = len(lines)
    vul = inp.vulnerability.get(board) or vulnerability(board)
    deals = {}
    for i in changed:
        line = lines[i]
        deal = _deal(inp, line, vul)
        if (
            line.fouled_group is not None
            or line.penalty_ns
            or line.penalty_ew
            or (deal.played, deal.adjusted, deal.parts) != _PLAIN
        ):
            return None
        deals[i] = deal
    scores = list(was.scores)
    for i, deal in deals.items():
        scores[i] = deal.ns
    mps, board_top = _plain_matchpoints(inp, scores, expected)
    moved = set(deals)
    moved.update(compress(range(count), map(ne, mps.ns, was.ns)))
    moved.update(compress(range(count), map(ne, mps.ew, was.ew)))
    scored = list(old.lines)
    for i in moved:
        d = deals.get(i)
        if d is None:  # an unchanged line whose points moved: its deal score as before
            scored[i] = _repointed(old.lines[i], lines[i], mps.ns[i], mps.ew[i])
        else:
            scored[i] = ScoredLine(lines[i], d.ns, d.display, mps.ns[i], mps.ew[i], d.played,
                                   d.extra, d.ew)  # fmt: skip
    plain = _Plain(lines, scores, mps.ns, mps.ew)
    return _marked(BoardResult(board, tuple(scored), board_top), plain)


_ZERO = (Fraction(0), Fraction(0))


def _penalties(inp: SessionInput, lines, deals: list[_Deal], points: list) -> None:
    """Take each side's penalty in points off its board points (Law 4d [002 L3311–3315]);
    the other side gains nothing. Only where board points are points (``POINT_METHODS``)."""
    for i, line in enumerate(lines):
        if not (line.penalty_ns or line.penalty_ew):
            continue
        if inp.method not in POINT_METHODS:
            raise ScoringError(
                "penalty_ns", f"board {line.board}: a penalty in points (Law 4d) needs "
                f"total-point scoring (net or total points), not {inp.method}",
            )  # fmt: skip
        ns, ew = points[i]
        points[i] = (ns - line.penalty_ns, ew - line.penalty_ew)
        deals[i].extra = {**deals[i].extra, "penalty_ns": line.penalty_ns,
                          "penalty_ew": line.penalty_ew}  # fmt: skip


def _net_columns(deals: list[_Deal], points: list[tuple[Fraction, Fraction]]) -> None:
    """Net plus/minus: an assigned score (``score_ns``) or an artificial one has no Law 10
    columns of its own, so its points go in the plus or minus column of each side: every
    pair's plus − minus is then its net [002 L3378–3380]. An artificial line takes each
    direction's average net, which falls short of balancing by the average excess: that
    shortfall is the better side's excess, so Σ(net + excess) stays 0 [002 L3385–3388]."""
    for deal, (ns, ew) in zip(deals, points, strict=True):
        if not deal.played or "ns_plus" in deal.extra:
            continue
        short = max(-(ns + ew), 0)
        deal.extra = {
            "ns_plus": max(ns, 0), "ns_minus": max(-ns, 0), "ns_excess": short if ns > ew else 0,
            "ew_plus": max(ew, 0), "ew_minus": max(-ew, 0), "ew_excess": 0 if ns > ew else short,
        }  # fmt: skip


def compare_board(
    inp: SessionInput, lines: list[ResultLine], deals: list[_Deal], expected: int
) -> tuple[list[tuple[Fraction, Fraction]], int | None]:
    """Points (N-S, E-W) per line by the session's method, and the board top (MPs only)."""
    if inp.method == "matchpoints":
        return _matchpoint(inp, lines, deals, expected)
    points = [_ZERO] * len(deals)
    real = [i for i, d in enumerate(deals) if d.played and d.adjusted is None]
    values = [deals[i].ns for i in real]
    if inp.method in ("imps_butler", "imps_cross") and values:
        if any(deals[i].parts is not None for i in real):
            ns_imps = _weighted_imps(inp, [deals[i].parts or deals[i].ns for i in real], values)
        elif inp.method == "imps_butler":
            datum = butler_datum(values, inp.setting("butler_drop"), inp.setting("butler_round"))
            ns_imps = [Fraction(imps(v - datum)) for v in values]
        else:
            ns_imps = cross_imps(values)
        for i, value in zip(real, ns_imps, strict=True):
            points[i] = (value, -value)
    elif inp.method == "imps_teams":
        _teams(inp, lines, deals, real, points)
    elif inp.method in ("net", "tricks", "tricks_teams", "total_points"):
        for i in real:
            points[i] = (deals[i].ns, deals[i].ew)
    _artificial(inp, deals, real, points)
    return points, None


def _weighted_imps(inp: SessionInput, scores: list, means: list) -> list[Fraction]:
    """Butler or cross-IMPs on a board with a weighted score (Law 12C1(c)): each part is
    IMPed and the IMPs weighted (``scoring.engine.weighted.expected_imps``).  The Butler
    datum takes the weighted table at its weighted mean score, one table's result among the
    others [interp]."""
    if inp.method == "imps_butler":
        datum = butler_datum(means, inp.setting("butler_drop"), inp.setting("butler_round"))
        return [expected_imps(s, datum) for s in scores]
    n = len(scores)
    if n < 2:
        return [Fraction(0)] * n
    return [
        sum((expected_imps(s, o) for j, o in enumerate(scores) if j != i), Fraction(0)) / (n - 1)
        for i, s in enumerate(scores)
    ]


def _teams(inp: SessionInput, lines, deals, real, points) -> None:
    """Each line against the other room's line of its match (the same teams, seats swapped,
    found through each pair's team; ``scoring.engine.imp_teams``): IMPs(NS − NS')."""
    found = other_rooms([lines[i] for i in real], owner(inp.teams))
    for a, b in found.items():
        i, j = real[a], real[b]
        if deals[i].parts is None and deals[j].parts is None:
            value = Fraction(imps(deals[i].ns - deals[j].ns))
        else:  # each part IMPed against the other room, weighted (Law 12C1(c))
            value = expected_imps(deals[i].parts or deals[i].ns, deals[j].parts or deals[j].ns)
        points[i] = (value, -value)


def _artificial(inp: SessionInput, deals: list[_Deal], real: list[int], points: list) -> None:
    """IMP methods: Ave+/Ave/Ave− = +3/0/−3 IMPs (Law 86A) or the IMPs given; net, tricks and
    total points: each side takes the average of the real results in its direction."""
    for i, d in enumerate(deals):
        if d.adjusted is None:
            continue
        adj = d.adjusted
        if inp.method.startswith("imps"):
            if adj.kind == "imps":
                points[i] = (adj.ns, adj.ew)
            else:
                points[i] = (percent_to_imps(adj.ns), percent_to_imps(adj.ew))
        elif real:
            ns = average_tricks([points[j][0] for j in real])
            ew = average_tricks([points[j][1] for j in real])
            if inp.game == "whist":
                ns, ew = Fraction(round_half_up(ns)), Fraction(13 - round_half_up(ns))
            points[i] = (ns, ew)


def _plain_board(lines, deals) -> bool:
    """Every line of the board played, none adjusted nor weighted, none in a fouled group
    (counted in C: ``list.count`` tries identity first)."""
    count = len(deals)
    return (
        list(map(_STATE, deals)).count(_PLAIN) == count
        and list(map(_FOULED, lines)).count(None) == count
    )


_NS, _FOULED = attrgetter("ns"), attrgetter("fouled_group")
_STATE, _PLAIN = attrgetter("played", "adjusted", "parts"), (True, None, None)
_LINE = attrgetter("line")


def _matchpoint(inp: SessionInput, lines, deals, expected):
    """Matchpoint each fouled group (or the whole board) separately, factored to ``expected``."""
    scale = inp.setting("mp_scale")
    if deals and _plain_board(lines, deals):  # one group, every line a real score
        mps, _ = _plain_matchpoints(inp, list(map(_NS, deals)), expected)
        points = list(zip(mps.ns, mps.ew, strict=True))
    else:
        points = _matchpoint_groups(inp, lines, deals, expected, scale)
    decimals = inp.setting("mp_board_decimals")
    if decimals is not None:  # a publisher's convention (the FFB: 0.1), Neuberg first
        unit = 10 ** int(decimals)
        points = [(Fraction(round_half_up(ns * unit), unit), Fraction(round_half_up(ew * unit), unit))
                  for ns, ew in points]  # fmt: skip
    return points, top(max(expected, 1), scale)


def _plain_matchpoints(inp: SessionInput, scores: list, expected: int):
    """(the matchpoints of a plain board's N-S deal ``scores`` (``_plain_board``), compared as
    one group in one pass (no loop in Python) and factored to ``expected``; the board's top)."""
    scale = inp.setting("mp_scale")
    mps = matchpoint_board(
        scores, (), max(expected, len(scores)), scale, inp.setting("neuberg"),
        inp.setting("acbl_single_result_60"),
    )  # fmt: skip
    return mps, top(max(expected, 1), scale)


def _matchpoint_groups(inp: SessionInput, lines, deals, expected, scale) -> list:
    """``_matchpoint``'s points group by group: fouled groups, artificial and weighted scores."""
    points = [_ZERO] * len(deals)
    groups: dict[str | None, list[int]] = defaultdict(list)
    for i, d in enumerate(deals):
        if d.played:
            groups[lines[i].fouled_group].append(i)
    for members in groups.values():
        scores, artificial, weighted = [], [], False
        for i in members:
            deal = deals[i]
            adj = deal.adjusted
            if adj is not None and adj.kind != "percent":
                raise ScoringError("adjusted", f"board {lines[i].board}: use A60/A40 for MPs")
            if deal.parts is not None:
                weighted = True
                scores.append(deal.parts)
            else:
                scores.append(None if adj else deal.ns)
            artificial.append((adj.ns, adj.ew) if adj else None)
        mps = matchpoint_board(
            scores, artificial, max(expected, len(members)), scale, inp.setting("neuberg"),
            inp.setting("acbl_single_result_60"), weighted,
        )  # fmt: skip
        for k, i in enumerate(members):
            points[i] = (mps.ns[k], mps.ew[k])
    return points
