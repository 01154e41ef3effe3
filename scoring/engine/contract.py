"""Contract bridge: board data, contracts, results and the Law 77 deal score.

Pure: the standard library only. Scores are from the declarer's side unless a name says ``_ns``.
Sources: WBF *Laws of Duplicate Bridge 2017*, Laws 2 (dealer, vulnerability) and 77 (scoring
table); ``../shared/SCORING.md`` §3.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "DIRECTIONS",
    "STRAINS",
    "Contract",
    "Result",
    "ScoringError",
    "contract_score",
    "dealer",
    "declarer_vulnerable",
    "parse_result",
    "score_ns",
    "vulnerability",
]

STRAINS = ("C", "D", "H", "S", "NT")
DIRECTIONS = ("N", "E", "S", "W")
VULNERABILITIES = ("None", "NS", "EW", "All")
_DOUBLINGS = {"": 0, "X": 1, "XX": 2}
_CONTRACT_RE = re.compile(r"^([1-7])(NT|N|C|D|H|S)(X{0,2})$")
# Law 2: vulnerability repeats every 16 boards (board 1 = index 0).
_VUL_CYCLE = (
    "None", "NS", "EW", "All", "NS", "EW", "All", "None",
    "EW", "All", "None", "NS", "All", "None", "NS", "EW",
)  # fmt: skip


class ScoringError(ValueError):
    """Bad scoring input. ``field`` names the offending field (``"contract"``, ``"tricks"``...)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def dealer(board: int) -> str:
    """Dealer of ``board``: N, E, S, W in turn from board 1 (Law 2)."""
    _check_board(board)
    return DIRECTIONS[(board - 1) % 4]


def vulnerability(board: int) -> str:
    """Vulnerability of ``board``: "None", "NS", "EW" or "All" (Law 2, 16-board cycle)."""
    _check_board(board)
    return _VUL_CYCLE[(board - 1) % 16]


def _check_board(board: int) -> None:
    if not isinstance(board, int) or board < 1:
        raise ScoringError("board", f"board number must be a whole number from 1, got {board!r}")


def declarer_vulnerable(vul: str, declarer: str) -> bool:
    """Whether ``declarer`` ("N"/"E"/"S"/"W") is vulnerable under board vulnerability ``vul``."""
    if vul not in VULNERABILITIES:
        raise ScoringError("vulnerability", f"expected one of {VULNERABILITIES}, got {vul!r}")
    side = "NS" if _side(declarer) == "NS" else "EW"
    return vul == "All" or vul == side


def _side(declarer: str) -> str:
    if declarer not in DIRECTIONS:
        raise ScoringError("declarer", f"expected N, E, S or W, got {declarer!r}")
    return "NS" if declarer in ("N", "S") else "EW"


@dataclass(frozen=True)
class Contract:
    """A final contract: ``level`` 1–7, ``strain`` in STRAINS, ``doubled`` 0/1/2.

    ``Contract.parse("4SX")`` / ``str(contract)`` round-trip; level 0 is a passed-out board
    (``Contract.parse("PASS")``).
    """

    level: int
    strain: str = ""
    doubled: int = 0

    @classmethod
    def parse(cls, text: str) -> Contract:
        raw = (text or "").strip().upper().replace(" ", "")
        if raw in ("PASS", "P", "PASSED", "AP"):
            return cls(0)
        match = _CONTRACT_RE.match(raw)
        if match is None:
            raise ScoringError(
                "contract",
                f"{text!r} is not a contract; write level 1-7, strain C/D/H/S/NT and X or XX, "
                "e.g. '4S', '3NTX', '6HXX', or 'PASS'",
            )
        level, strain, dbl = match.groups()
        return cls(int(level), "NT" if strain == "N" else strain, _DOUBLINGS[dbl])

    @property
    def passed_out(self) -> bool:
        return self.level == 0

    def __str__(self) -> str:
        if self.passed_out:
            return "PASS"
        return f"{self.level}{self.strain}{'X' * self.doubled}"


@dataclass(frozen=True)
class Result:
    """A table result: contract, declarer and tricks taken by declarer (None when passed out)."""

    contract: Contract
    declarer: str | None = None
    tricks: int | None = None

    def __str__(self) -> str:
        if self.contract.passed_out:
            return "PASS"
        diff = self.tricks - 6 - self.contract.level
        tail = "=" if diff == 0 else f"{diff:+d}"
        return f"{self.contract} {self.declarer} {tail}"


def parse_result(text: str) -> Result:
    """Parse "4SX N =", "3NT S -2", "4H E +1", "3NTXX W 8" (tricks taken) or "PASS"."""
    parts = (text or "").split()
    if len(parts) == 1 and Contract.parse(parts[0]).passed_out:
        return Result(Contract(0))
    if len(parts) != 3:
        raise ScoringError(
            "result", f"{text!r}: expected 'CONTRACT DECLARER OUTCOME', e.g. '4S N ='"
        )
    contract = Contract.parse(parts[0])
    if contract.passed_out:
        raise ScoringError("result", f"{text!r}: a passed-out board has no declarer or tricks")
    declarer = parts[1].upper()
    _side(declarer)
    outcome = parts[2]
    if outcome == "=":
        tricks = contract.level + 6
    elif re.fullmatch(r"[+-]\d{1,2}", outcome):
        tricks = contract.level + 6 + int(outcome)
    elif outcome.isdigit():
        tricks = int(outcome)
    else:
        raise ScoringError("tricks", f"{outcome!r}: write '=', '+1', '-2' or the tricks taken")
    check_tricks(tricks)
    return Result(contract, declarer, tricks)


def check_tricks(tricks: object, field: str = "tricks") -> int:
    """Return ``tricks`` if it is a whole number 0–13, else raise ScoringError naming ``field``."""
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise ScoringError(field, f"tricks must be a whole number from 0 to 13, got {tricks!r}")
    return tricks


def _trick_score(contract: Contract, odd: int) -> int:
    """Trick score for ``odd`` tricks (Law 77): minors 20, majors 30, NT 40 then 30."""
    per = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[contract.strain]
    base = per * odd + (10 if contract.strain == "NT" and odd > 0 else 0)
    return base * (1, 2, 4)[contract.doubled]


def _made_score(contract: Contract, vul: bool, tricks: int) -> int:
    """Declarer's score for a made contract (Law 77)."""
    level, dbl = contract.level, contract.doubled
    trick_score = _trick_score(contract, level)
    score = trick_score + ((500 if vul else 300) if trick_score >= 100 else 50)
    if level == 6:
        score += 750 if vul else 500
    elif level == 7:
        score += 1500 if vul else 1000
    score += (0, 50, 100)[dbl]
    over = tricks - 6 - level
    if dbl == 0:
        score += _trick_score(contract, level + over) - trick_score
    else:
        score += over * (100 if vul else 50) * 2 * dbl
    return score


def _undertrick_penalty(down: int, vul: bool, doubled: int) -> int:
    """Undertrick penalty (Law 77), a positive number for the defenders."""
    if doubled == 0:
        return down * (100 if vul else 50)
    if vul:
        penalty = 200 + 300 * (down - 1)
    else:
        penalty = sum((100, 200, 200)[:down]) + 300 * max(0, down - 3)
    return penalty * doubled


def contract_score(contract: Contract, vul: bool, tricks: int) -> int:
    """Declarer's side's score for ``contract`` with ``tricks`` taken (Law 77); passed out = 0."""
    if contract.passed_out:
        return 0
    check_tricks(tricks)
    if tricks >= contract.level + 6:
        return _made_score(contract, vul, tricks)
    return -_undertrick_penalty(contract.level + 6 - tricks, vul, contract.doubled)


def score_ns(contract: Contract | str, declarer: str | None, tricks: int | None, vul: str) -> int:
    """N-S score of a contract-bridge result on a board with vulnerability ``vul``."""
    if isinstance(contract, str):
        contract = Contract.parse(contract)
    if contract.passed_out:
        return 0
    if declarer is None or tricks is None:
        raise ScoringError("declarer" if declarer is None else "tricks", "missing for a contract")
    score = contract_score(contract, declarer_vulnerable(vul, declarer), tricks)
    return score if _side(declarer) == "NS" else -score


def side_of(declarer: str) -> str:
    """ "NS" or "EW" for a declarer seat."""
    return _side(declarer)
