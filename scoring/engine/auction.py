"""Duplicate auction bridge (1926): the deal score and the Law 10 plus/minus/excess.

Sources (seed book 002, Laws of Auction and Laws of Duplicate Auction Bridge, October 1926):
trick values [002 L1862–1878], defeated contracts [002 L1883–1887], honours [002 L1889–1923],
slams [002 L1925–1931], doubled-made bonuses [002 L1933–1937], the 125 game premium (Law 8)
[002 L3356–3358] and [002 L2981–2986], revoke 50 points (Law 7) [002 L3345–3354], the caps and
the excess column (Law 10) [002 L3364–3376]; ``../shared/SCORING.md`` §2 and LAWS.md §6.3–6.4.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.engine.contract import Contract, ScoringError, check_tricks, side_of

__all__ = [
    "AuctionScore",
    "PlusMinus",
    "auction_deal_score",
    "check_honours",
    "honours_points",
    "plus_minus",
]

TRICK_VALUES = {"C": 6, "D": 7, "H": 8, "S": 9, "NT": 10}  # [002 L1862–1878]
GAME_PREMIUM = 125  # duplicate Law 8 [002 L3356–3358]
REVOKE_PENALTY = 50  # duplicate Law 7 [002 L3350]
DECLARER_CAP = 500  # Law 10 [002 L3364–3366]
DEFENDERS_CAP = 350
TRUMP_HONOURS = {  # (in one hand, in partner's hand) -> points [002 L1889–1911]
    (3, 0): 30, (2, 1): 30, (4, 0): 80, (3, 1): 40, (2, 2): 40,
    (3, 2): 50, (4, 1): 90, (5, 0): 100,
}  # fmt: skip
NT_HONOURS = {(3, 0): 30, (2, 1): 30, (3, 1): 40, (2, 2): 40, (4, 0): 100}  # [002 L1913–1919]
VALID_HONOUR_POINTS = frozenset((0, 30, 40, 50, 80, 90, 100))
#: The honour scores that can occur: with a trump suit any of the table; at no trumps only
#: 30, 40 and 100 ("3 aces", "4 aces between partners", "4 aces in one hand") [002 L1913–1919].
NT_HONOUR_POINTS = frozenset((0, 30, 40, 100))


def check_honours(strain: str | None, honours_ns: object, honours_ew: object) -> None:
    """Refuse honour points that cannot occur on the deal [002 L1889–1923]: a value not in
    the table of its strain (no trumps: 0/30/40/100), or honours to both sides (three of five
    honours, or three of four aces, leave the other side too few to score); a passed-out deal
    is not played and scores nothing at all [002 L1766–1767] (``strain`` None)."""
    for name, value in (("honours_ns", honours_ns), ("honours_ew", honours_ew)):
        if strain is None:
            if value != 0:
                raise ScoringError(name, "a passed-out deal is not played and scores no honours")
            continue
        allowed = NT_HONOUR_POINTS if strain == "NT" else VALID_HONOUR_POINTS
        if isinstance(value, bool) or value not in allowed:
            what = "at no trumps" if strain == "NT" else "with a trump suit"
            raise ScoringError(name, f"honour points {what} must be one of {sorted(allowed)}")
    if honours_ns and honours_ew:
        raise ScoringError(
            "honours_ew", "only one side can hold honours: with 3 of the honours (or aces) the "
            "other side has too few to score",
        )  # fmt: skip


def honours_points(strain: str, in_one_hand: int, in_partners_hand: int) -> int:
    """Honour points held by one side (Law 59 [002 L1889–1923]).

    Trumps (A K Q J 10): 3 between partners 30, 4 between partners 40, 4 in one hand 80,
    3 + 2 = 50, 4 + 1 = 90, 5 in one hand 100. No trumps (aces): 3 = 30, 4 split = 40,
    4 in one hand = 100; fewer score nothing ("Two aces have no scoring value").
    """
    high, low = max(in_one_hand, in_partners_hand), min(in_one_hand, in_partners_hand)
    if low < 0 or high + low > (4 if strain == "NT" else 5):
        raise ScoringError("honours", f"impossible holding {in_one_hand}+{in_partners_hand}")
    table = NT_HONOURS if strain == "NT" else TRUMP_HONOURS
    return table.get((high, low), 0)


@dataclass(frozen=True)
class AuctionScore:
    """One deal's points for each side, split into trick points and the honour column."""

    ns_tricks: int
    ew_tricks: int
    ns_honour_column: int
    ew_honour_column: int
    ns_honours: int
    ew_honours: int
    declarer_side: str | None

    @property
    def ns_total(self) -> int:
        return self.ns_tricks + self.ns_honour_column

    @property
    def ew_total(self) -> int:
        return self.ew_tricks + self.ew_honour_column


def _declarer_points(contract: Contract, tricks: int) -> tuple[int, int]:
    """(trick points, honour-column points) for the declarer's side, and the defenders' column."""
    odd = tricks - 6
    mult = (1, 2, 4)[contract.doubled]
    if odd < contract.level:
        return 0, 0
    trick_points = odd * TRICK_VALUES[contract.strain] * mult  # overtricks included
    column = GAME_PREMIUM if trick_points >= 30 else 0
    if contract.doubled:
        column += 50 * contract.doubled * (1 + odd - contract.level)  # [002 L1933–1937]
    return trick_points, column


def _slam_bonus(tricks: int) -> int:
    """Little slam 50, grand slam 100, to the side that wins the tricks [002 L1925–1931]."""
    return {12: 50, 13: 100}.get(tricks, 0)


def auction_deal_score(
    contract: Contract | str,
    declarer: str | None,
    tricks: int | None,
    honours_ns: int = 0,
    honours_ew: int = 0,
    revokes_ns: int = 0,
    revokes_ew: int = 0,
) -> AuctionScore:
    """Score one deal of duplicate auction (1926). ``tricks`` = tricks won by declarer's side.

    Honours are the points held (see :func:`honours_points`) and go to their holders whether the
    contract is made or not; each revoke costs 50 to the opponents (duplicate Law 7). A passed-out
    board is not played and scores 0 for both sides, honours and all [002 L1766–1767, LAWS.md
    A-11]; honours that cannot occur are refused (:func:`check_honours`).
    """
    if isinstance(contract, str):
        contract = Contract.parse(contract)
    check_honours(None if contract.passed_out else contract.strain, honours_ns, honours_ew)
    for name, value in (("revokes_ns", revokes_ns), ("revokes_ew", revokes_ew)):
        if not isinstance(value, int) or value < 0:
            raise ScoringError(name, f"revokes must be a whole number >= 0, got {value!r}")
        if value and contract.passed_out:
            raise ScoringError(name, "a passed-out deal is not played: there is no revoke")
    ns_col = REVOKE_PENALTY * revokes_ew + honours_ns
    ew_col = REVOKE_PENALTY * revokes_ns + honours_ew
    if contract.passed_out:
        return AuctionScore(0, 0, 0, 0, 0, 0, None)
    check_tricks(tricks)
    side = side_of(declarer)
    trick_points, dec_col = _declarer_points(contract, tricks)
    down = contract.level + 6 - tricks
    def_col = 50 * (1, 2, 4)[contract.doubled] * down if down > 0 else 0  # [002 L1883–1887]
    dec_col += _slam_bonus(tricks)
    def_col += _slam_bonus(13 - tricks)
    if side == "NS":
        return AuctionScore(
            trick_points, 0, ns_col + dec_col, ew_col + def_col, honours_ns, honours_ew, side
        )
    return AuctionScore(
        0, trick_points, ns_col + def_col, ew_col + dec_col, honours_ns, honours_ew, side
    )


@dataclass(frozen=True)
class PlusMinus:
    """One board's result after Law 10: N-S plus/minus and the winner's excess column.

    ``ns_net`` is +plus for a N-S win and −minus for a N-S loss; ``ew_net`` likewise for E-W.
    ``net_difference`` is the lower total deducted from the higher (the seed's round slip).
    """

    ns_plus: int
    ns_minus: int
    ns_excess: int
    ew_plus: int
    ew_minus: int
    ew_excess: int

    @property
    def ns_net(self) -> int:
        return self.ns_plus - self.ns_minus

    @property
    def ew_net(self) -> int:
        return self.ew_plus - self.ew_minus


def plus_minus(score: AuctionScore, cap_excludes_loser_honours: bool = False) -> PlusMinus:
    """Deduct the lower total from the higher and apply the Law 10 limits [002 L3364–3376].

    The winner's non-honour points are restricted to 500 (declarer's side) or 350 (defenders)
    and its own honours added: ``restricted = min(points − honours, cap) + honours``;
    ``plus = restricted − loser's total``; the loser takes the full ``minus``; the winner enters
    ``excess = minus − plus`` [LAWS.md A-7]. Example A11: defenders 400, declarer holds 80 →
    plus 270, minus 320, excess 50. With ``cap_excludes_loser_honours`` the limit is applied to
    the net difference instead: ``plus = min(minus, cap + honours)``.
    """
    ns, ew = score.ns_total, score.ew_total
    if ns == ew:
        return PlusMinus(0, 0, 0, 0, 0, 0)
    ns_wins = ns > ew
    winner_total, loser_total = (ns, ew) if ns_wins else (ew, ns)
    winner_honours = score.ns_honours if ns_wins else score.ew_honours
    winner_side = "NS" if ns_wins else "EW"
    is_declarer = score.declarer_side == winner_side
    cap = DECLARER_CAP if is_declarer or score.declarer_side is None else DEFENDERS_CAP
    minus = winner_total - loser_total
    if cap_excludes_loser_honours:
        plus = min(minus, cap + winner_honours)
    else:
        restricted = min(winner_total - winner_honours, cap) + winner_honours
        plus = max(0, min(minus, restricted - loser_total))
    excess = minus - plus
    if ns_wins:
        return PlusMinus(plus, 0, excess, 0, minus, 0)
    return PlusMinus(0, minus, 0, plus, 0, excess)
