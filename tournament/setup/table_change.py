"""One table more or one fewer after play has started (issue 22): the rest of the movement
re-planned from a round (the rule: ``tournament.movements.late``), the results already in
kept, the new schedule checked and its balance shown before the TD confirms, and the boards
a pair leaving will not play scored as the TD chooses (``services._score_unplayed``)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from tournament.models import Player, Section
from tournament.setup import services

#: the engine's fields → the console form's (``TableChangeForm``), where the refusal shows
FIELDS = {"late": "change", "gone": "gone1", "from_round": "from_round"}


def _from_round(section: Section, movement: dict, from_round: int | None) -> int:
    current = services.playing_round(section)
    from_round = current if from_round is None else from_round
    last = len(movement["schedule"])
    if not max(current, 2) <= from_round <= last:
        raise ValidationError(
            {"from_round": f"Round {from_round} cannot be the first of the new plan: the "
             f"section is in round {current} of {last}, and the plan changes from round 2 on."}
        )  # fmt: skip
    return from_round


def _keeps_results(section: Section, movement, from_round: int) -> None:
    """Every result already in from ``from_round`` on is still a play of the new schedule."""
    from scoring.inputs import scheduled_plays

    plays = {(b, p.ns, p.ew) for b, ps in scheduled_plays(movement).items() for p in ps}
    rows = section.results.filter(round_number__gte=from_round).values_list(
        "board_number", "ns_entry__number", "ew_entry__number", "table_number", "round_number"
    )
    for board, ns, ew, table, rnd in rows:
        if (board, ns, ew) not in plays:
            raise ValidationError(
                {"from_round": f"Table {table} has already entered board {board} of round "
                 f"{rnd}, which the new plan moves: re-plan from round {rnd + 1}."}
            )  # fmt: skip


def _engine(section: Section, movement: dict, build, from_round: int, field: str):
    from tournament.movements import Movement, MovementError
    from tournament.movements.late import late_violations

    old = Movement.from_json(movement)
    try:
        new = build(old)
    except MovementError as exc:
        raise ValidationError({FIELDS.get(exc.field or field, "from_round"): str(exc)}) from None
    found = late_violations(old, new, from_round)
    if found:
        raise ValidationError({FIELDS[field]: "The new plan is wrong: " + "; ".join(found)})
    _keeps_results(section, new, from_round)
    return new


def next_numbers(section: Section, movement: dict) -> tuple[int, int]:
    """The numbers two late pairs take: after every entry and the phantom."""
    top = max([*section.entries.values_list("number", flat=True), *movement.get("participants", ()),
               movement.get("phantom") or 0])  # fmt: skip
    return top + 1, top + 2


def plan_add(section: Section, from_round: int | None = None):
    """The movement with a table added from ``from_round`` for two late pairs (not saved)."""
    from tournament.movements.late import add_table

    movement = services._pairs_movement(section, "from_round")
    start = _from_round(section, movement, from_round)
    late = next_numbers(section, movement)
    return _engine(section, movement, lambda m: add_table(m, start, late), start, "late"), start


def plan_remove(section: Section, gone: tuple[int, int], from_round: int | None = None):
    """The movement with pairs ``gone`` (the second may be the phantom) gone from
    ``from_round``, their opponents meeting where they can (not saved)."""
    from tournament.movements.late import remove_table

    movement = services._pairs_movement(section, "from_round")
    start = _from_round(section, movement, from_round)
    present = set(section.entries.filter(withdrawn=False).values_list("number", flat=True))
    for who in gone:
        if who not in present and who != movement.get("phantom"):
            raise ValidationError({"gone1": f"Pair {who} is not playing in this section."})
    return _engine(section, movement, lambda m: remove_table(m, start, gone), start, "gone"), start


def who_joins(section: Section, pairs: list[list[Player | str]]) -> str:
    """Who the plan seats, as the preview says it: "Late pairs 11 and 12 (A & B, C & D)"."""
    numbers = next_numbers(section, section.movement)
    names = ", ".join(" & ".join(str(p) for p in pair) for pair in pairs)
    return f"Late pairs {numbers[0]} and {numbers[1]} ({names})"


def who_leaves(section: Section, gone: tuple[int, int], movement, start: int, score: str) -> str:
    """Who the plan drops and what is scored for them, as the preview says it: "Leaving:
    pairs 1 (A & B) and 10 (the sit-out); 6 board(s) they were still to play with no new
    opponent scored as Average− …" (the boards :func:`remove_table` will score)."""
    phantom = (section.movement or {}).get("phantom")
    names = {e.number: e.display_name for e in section.entries.filter(number__in=gone)}
    said = [f"{n} (the sit-out)" if n == phantom else f"{n} ({names.get(n, '')})" for n in gone]
    rounds = range(start, movement.round_count + 1)
    left = sum(
        len(services.unplayed(section, who, rounds, movement))
        for who in gone
        if who in movement.participants
    )
    return (
        f"Leaving: pairs {' and '.join(said)}; {left} board(s) they were still to play with "
        f"no new opponent, scored as {services.LATE_SCORES.get(score, score)}"
    )


def preview(movement, start: int, who: str = "", gone: tuple[int, ...] = ()) -> dict:
    """What the TD sees before confirming: who joins or leaves, the new master sheet, its
    balance report and, per round from ``start``, how many tables play (a table with the
    sit-out or a pair in ``gone`` does not)."""
    from tournament.movements.text import master_sheet

    away = {movement.phantom, *gone}
    playing = [
        (r.number, sum(1 for st in r.tables if not away & {st.ns, st.ew}))
        for r in movement.rounds[start - 1 :]
    ]
    return {"start": start, "sheet": master_sheet(movement), "balance": movement.balance,
            "playing": playing, "missed": movement.missed, "who": who}  # fmt: skip


def _store(section: Section, movement) -> None:
    section.movement = movement.to_json()
    section.save(update_fields=["movement"])
    section.refresh_from_db()


def _issue_codes(section: Section) -> None:
    """The new table gets its code when the others have theirs."""
    from tournament.play import selectors as play_selectors
    from tournament.play import services as play_services

    if play_selectors.active_tokens(section):
        play_services.issue_tokens(section)


@transaction.atomic
def add_table(section: Section, pairs: list[list[Player | str]], from_round=None, user=None):
    """Two late pairs at a new table from ``from_round`` (:func:`plan_add`); returns the
    entries and what was done. Each player is a club Player or the name of a new one (as at
    sign-in). Their boards before it are not played, factored."""
    if len(pairs) != 2:
        raise ValidationError({"change": "A table is added for two late pairs."})
    new, start = plan_add(section, from_round)
    numbers = next_numbers(section, section.movement)
    club = section.session.event.club
    entries = []
    for number, players in zip(numbers, pairs, strict=True):
        chosen = [
            p if isinstance(p, Player) else Player.objects.create(club=club, name=p.strip())
            for p in players
        ]  # a name typed is a new player of the club, as at sign-in (``services.sign_in``)
        entries.append(services.add_entry(section, chosen, number=number))
    _store(section, new)
    _issue_codes(section)
    table = new.tables
    return entries, (
        f"Table {table} added from round {start}: pairs {numbers[0]} and {numbers[1]} play "
        f"there and at the table whose boards it shares; their earlier boards are not played "
        f"(factored)."
    )


@transaction.atomic
def remove_table(section: Section, gone: tuple[int, int], from_round=None, score="np", user=None):
    """Pairs ``gone`` leave from ``from_round`` (:func:`plan_remove`); the boards they were
    still to play with no new opponent for theirs are scored as ``score``."""
    if score not in services.LATE_SCORES:
        raise ValidationError({"score": "Choose how the boards not played are scored."})
    new, start = plan_remove(section, gone, from_round)
    old = section.get_movement()
    _store(section, new)
    last = new.round_count
    done = sum(
        services._score_unplayed(section, who, range(start, last + 1), score, user)
        for who in gone
        if who in new.participants
    )
    closed = sum(
        len(new.round(r).tables) < len(old.round(r).tables) for r in range(start, last + 1)
    )
    return (
        f"Pairs {' and '.join(map(str, gone))} leave from round {start}: {closed} round(s) "
        f"with one table fewer; {done} board(s) scored as {services.LATE_SCORES[score]}."
    )
