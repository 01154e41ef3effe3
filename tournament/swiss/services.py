"""Writes of a Swiss section: its conditions and start, each round's pairing by score, the
match scores.  A refused write stores nothing and names the field (docs/swiss.md)."""

from __future__ import annotations

import random
import secrets
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction

from scoring.engine.contract import ScoringError
from scoring.engine.swiss_boards import match_sheet
from scoring.engine.vp import vp
from tournament import conditions as conditions_schema
from tournament.models import Event, Section, Session, SwissMatch
from tournament.movements import swiss as pairing
from tournament.swiss.selectors import (
    SWISS_DEFAULTS,
    SWISS_KIND,
    contestants,
    current_round,
    is_swiss,
    line_score,
    round_complete,
    settings_of,
    sheet_version,
    standings,
)

#: one side's IMPs in one match
IMPS_MAX = 999


def _lock(section: Section) -> Section:
    return Section.objects.select_for_update().select_related("session__event").get(pk=section.pk)


def _check_open(section: Section) -> None:
    if section.session.status == Session.Status.FINAL:
        raise ValidationError({"__all__": "The session is final: the Swiss can no longer change."})


@transaction.atomic
def start(section: Section, **options) -> Section:
    """Run ``section`` as a Swiss with these conditions (the event's ``swiss``), before round 1."""
    section = _lock(section)
    _check_open(section)
    if section.swiss_matches.exists():
        raise ValidationError({"__all__": "Round 1 is paired: the Swiss conditions are fixed."})
    if section.results.exists() or (section.movement and not is_swiss(section)):
        raise ValidationError(
            {"__all__": f"Section {section.name} already has a movement; a Swiss needs a section "
                        "of its own."}
        )  # fmt: skip
    chosen = {**SWISS_DEFAULTS, **{k: v for k, v in options.items() if v is not None}}
    if isinstance(chosen["bye_vp"], Decimal):  # a form's value, kept as a JSON number
        bye = chosen["bye_vp"]
        chosen["bye_vp"] = int(bye) if bye == bye.to_integral_value() else float(bye)
    try:
        conditions_schema.check({"swiss": chosen}, where="swiss")
    except conditions_schema.ConditionError as exc:
        raise ValidationError({exc.path.split(".")[-1]: exc.message}) from None
    if chosen["vp_scale"] == "discrete20":
        try:
            vp("discrete20", 0, chosen["boards_per_match"])
        except ScoringError as exc:
            raise ValidationError({"boards_per_match": exc.args[-1]}) from None
    event = section.session.event
    event.conditions = {**(event.conditions or {}), "swiss": chosen}
    event.save(update_fields=["conditions"])
    section.movement_kind = SWISS_KIND
    section.save(update_fields=["movement_kind"])
    return section


@transaction.atomic
def pair_next_round(section: Section, seed: str = "") -> tuple[int, str]:
    """Pair the next round (round 1 by seed or by a draw from ``seed``); returns the round
    and, for a random draw, the seed used."""
    section = _lock(section)
    _check_open(section)
    if not is_swiss(section):
        raise ValidationError({"__all__": "Set the Swiss conditions first."})
    conditions = settings_of(section)
    done = current_round(section)
    if done and not round_complete(section, done):
        raise ValidationError({"__all__": f"Round {done} is not complete: enter every match."})
    if done >= conditions.rounds:
        raise ValidationError(
            {"__all__": f"All {conditions.rounds} rounds of the conditions are paired."}
        )
    entries = contestants(section)
    numbers = [e.number for e in entries]
    if len(numbers) < 2:
        raise ValidationError({"__all__": "A Swiss needs at least two entries present."})
    used = ""
    try:
        if done == 0:
            rng = None
            if conditions.first_round == "random":
                used = seed.strip()[:64] or secrets.token_hex(4)
                rng = random.Random(used)
            result = pairing.first_round(numbers, rng)
        else:
            result = _next(section, numbers)
    except pairing.SwissError as exc:
        raise ValidationError({"__all__": str(exc)}) from None
    _store(section, done + 1, result, {e.number: e for e in entries})
    if section.session.status == Session.Status.DRAFT:
        section.session.transition(Session.Status.RUNNING)
    return done + 1, used


def _next(section: Section, numbers: list[int]) -> pairing.SwissPairing:
    scores = {row.entry.number: row.row.vps for row in standings(section)}
    met = []
    for match in section.swiss_matches.select_related("home", "away"):
        met.append((match.home.number, match.away.number if match.away_id else pairing.BYE))
    return pairing.pair_round(scores, numbers, met)


def _store(section, round_number, result, entries) -> None:
    for table, (home, away) in enumerate(result.matches, start=1):
        SwissMatch.objects.create(section=section, round_number=round_number,
                                  table_number=table, home=entries[home], away=entries[away])  # fmt: skip
    if result.bye is not None:
        SwissMatch.objects.create(section=section, round_number=round_number,
                                  table_number=len(result.matches) + 1, home=entries[result.bye])  # fmt: skip


def _open_match(section: Section, round_number: int, table: int) -> SwissMatch:
    """The match at ``table`` of ``round_number``, locked, while its score may still change."""
    match = (
        SwissMatch.objects.select_for_update()
        .filter(section=section, round_number=round_number, table_number=table)
        .first()
    )
    if match is None:
        raise ValidationError(
            {"table": f"There is no match at table {table} in round {round_number}."}
        )
    if match.is_bye:
        raise ValidationError({"table": "That is the bye: its VPs come from the conditions."})
    if section.swiss_matches.filter(round_number__gt=round_number).exists():
        raise ValidationError(
            {"__all__": f"Round {round_number + 1} is paired on these scores: unpair it first."}
        )
    return match


def _keep(match: SwissMatch, home_imps: int, away_imps: int, boards: list, user,
          contracts: dict | None = None, reason: str = "") -> SwissMatch:  # fmt: skip
    """The TD's write: a sheet the teams confirmed changes only with a reason, kept in the
    match's ``history`` with the score before and after (as a pairs result's audit)."""
    reason = (reason or "").strip()
    if match.status == "confirmed":
        if not reason:
            raise ValidationError({"reason": "The teams confirmed this match: give the reason "
                                             "for the change."})  # fmt: skip
        match.history = [*match.history, {
            "by": user.get_username() if user is not None and user.is_authenticated else "",
            "reason": reason[:200],
            "before": [match.home_imps, match.away_imps, match.boards],
            "after": [home_imps, away_imps, boards]}]  # fmt: skip
    else:
        match.status = ""
    match.home_imps, match.away_imps, match.boards = home_imps, away_imps, boards
    match.contracts = contracts or {}
    match.entered_by = user if user is not None and user.is_authenticated else None
    match.save()
    return match


@transaction.atomic
def enter_match(section: Section, round_number: int, table: int, home_imps, away_imps,
                user=None, reason: str = "") -> SwissMatch:  # fmt: skip
    """Keep (or correct) one match's score: each side's IMPs (a board-by-board sheet kept
    before is dropped: the total typed now is the score)."""
    section = _lock(section)
    _check_open(section)
    for name, value in (("home_imps", home_imps), ("away_imps", away_imps)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= IMPS_MAX:
            raise ValidationError({name: f"Give the IMPs won, 0 to {IMPS_MAX}."})
    match = _open_match(section, round_number, table)
    return _keep(match, home_imps, away_imps, [], user, reason=reason)


def board_field(board: int, table: int) -> str:
    """The name of board ``board``'s table ``table`` N-S score on the sheet's form."""
    return f"b{board}_t{table}"


@transaction.atomic
def enter_boards(section: Section, round_number: int, table: int,
                 scores: dict[int, tuple[object, object]], user=None,
                 reason: str = "") -> SwissMatch:  # fmt: skip
    """Keep (or correct) one Swiss teams match board by board: ``{board: (table 1, table 2)}``
    for every board of the match (1 to the conditions' ``boards_per_match``), each a N-S score
    or a contract result ("4SX N =": ``selectors.line_score``).  The IMPs of each board and
    the match's IMPs come from ``scoring.engine.swiss_boards``; a missing or impossible line
    refuses the whole sheet, named at its field (``b3_t2``).  A sheet the teams confirmed
    changes only with a ``reason``."""
    section = _lock(section)
    _check_open(section)
    boards, contracts = _sheet(section, scores)
    match = _open_match(section, round_number, table)
    sheet = match_sheet(boards)
    rows = [[b.board, b.table1_ns, b.table2_ns] for b in sheet.boards]
    return _keep(match, sheet.home_imps, sheet.away_imps, rows, user, contracts, reason)


def _sheet(section: Section, scores: dict) -> tuple[list, dict]:
    """The sheet's ``(board, table 1 N-S, table 2 N-S)`` rows and the contract results typed
    (``{"<board>": [table 1, table 2]}``), or every line's error at its field."""
    if section.session.event.format != Event.Format.TEAMS:
        raise ValidationError(
            {"__all__": "A board-by-board sheet is for Swiss teams (two tables a match); "
                        "enter a Swiss pairs match by its IMPs."}
        )  # fmt: skip
    wanted = settings_of(section).boards_per_match
    errors, rows, contracts = {}, [], {}
    for board in range(1, wanted + 1):
        pair, line = scores.get(board, (None, None)), [board]
        texts = []
        for t, value in ((1, pair[0]), (2, pair[1])):
            try:
                score, text = line_score(section, board, value, board_field(board, t))
            except ValidationError as exc:
                errors.update({k: v[0] for k, v in exc.message_dict.items()})
                score, text = 0, ""
            line.append(score)
            texts.append(text)
        rows.append(tuple(line))
        if any(texts):
            contracts[str(board)] = texts
    extra = sorted(set(scores) - set(range(1, wanted + 1)))
    if extra:
        errors["__all__"] = f"Board {extra[0]} is not in a match of {wanted} boards."
    if errors:
        raise ValidationError(errors)
    return rows, contracts


def sheet_at_table(section: Section, table: int, round_number: int, scores: dict) -> SwissMatch:
    """A team's sheet from the table's phone (``/t/<code>/``): as the TD's (``enter_boards``),
    kept waiting for the other team's O.K. (``status`` "entered"; it counts nowhere until
    then).  Refused once the other team has confirmed it or the TD has entered the match."""
    with transaction.atomic():
        section = _lock(section)
        _check_open(section)
        match = _open_match(section, round_number, table)
        if match.status == "confirmed":
            raise ValidationError({"__all__": "The other team has confirmed this match; only "
                                              "the director can change it."})  # fmt: skip
        if match.has_score and match.status != "entered":
            raise ValidationError({"__all__": "The director has entered this match; ask the "
                                              "director for any change."})  # fmt: skip
        boards, contracts = _sheet(section, scores)
        sheet = match_sheet(boards)
        match.home_imps, match.away_imps = sheet.home_imps, sheet.away_imps
        match.boards = [[b.board, b.table1_ns, b.table2_ns] for b in sheet.boards]
        match.contracts, match.status, match.entered_by = contracts, "entered", None
        match.save()
        return match


def confirm_at_table(section: Section, table: int, round_number: int, seen: str) -> SwissMatch:
    """The other team's O.K. of the sheet they were shown (``seen``: its ``sheet_version``);
    then the match counts, and only the TD changes it (with a reason)."""
    with transaction.atomic():
        section = _lock(section)
        _check_open(section)
        match = _open_match(section, round_number, table)
        if match.status != "entered":
            raise ValidationError({"__all__": "There is no sheet waiting for an O.K. here: "
                                              "reload the page."})  # fmt: skip
        if seen != sheet_version(match):
            raise ValidationError({"__all__": "The sheet changed after this page was loaded: "
                                              "reload it and check it again."})  # fmt: skip
        match.status = "confirmed"
        match.save(update_fields=["status", "updated"])
        return match


def confirm_by_director(section: Section, table: int, round_number: int, seen: str,
                        user=None) -> SwissMatch:  # fmt: skip
    """The TD records the teams' O.K. of a sheet entered at the table and not yet confirmed
    (the opponents' initials on paper, as ``confirm_round`` does for the pairs [002
    L3360–3362]): ``seen`` is the ``sheet_version`` the console showed.  Kept in the match's
    ``history`` (who, when nothing changed: the score before and after are the same)."""
    with transaction.atomic():
        match = confirm_at_table(section, table, round_number, seen)
        score = [match.home_imps, match.away_imps, match.boards]
        by = user.get_username() if user is not None and user.is_authenticated else ""
        match.history = [*match.history, {"by": by, "what": "confirm", "before": score,
                                          "after": score,
                                          "reason": "the teams' O.K. recorded by the director"}]  # fmt: skip
        match.save(update_fields=["history", "updated"])
        return match


@transaction.atomic
def unpair_last_round(section: Section) -> int:
    """Take back the last round's pairing while none of its matches has a score."""
    section = _lock(section)
    _check_open(section)
    done = current_round(section)
    if not done:
        raise ValidationError({"__all__": "No round is paired."})
    last = section.swiss_matches.filter(round_number=done)
    if last.filter(home_imps__isnull=False).exists():
        raise ValidationError({"__all__": f"Round {done} has scores: it cannot be unpaired."})
    last.delete()
    return done
