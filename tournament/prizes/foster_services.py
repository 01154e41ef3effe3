"""Writes of Foster's prize draw [002 L2794–2846]: the 100 numbers sealed before play, the
number drawn in public after it, and the committee's draw between tied scores.

"The numbers are written on slips ... sealed in an envelope" before play; "after all the scores
are in" one is drawn, and "the player whose score most closely approaches that number wins the
first prize, the next nearest number, above or below, taking second prize, and so on"; "the
equal scores ... are turned face down, shuffled, and one is drawn by the committee"
[002 L2831–2846].  The seal is ``tournament.movements.prizes.seal``: the SHA-256 of the sorted
numbers and a secret salt, published before play; the list and the salt are shown after the
draw, so anyone can recompute the digest.
"""

from __future__ import annotations

import random
import secrets

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from tournament.models import FosterDraw, ProgressivePrizeTie, Section, Session
from tournament.prizes.foster_selectors import (
    TIE_PREFIX,
    any_score,
    draw_of,
    open_ties,
    scores,
    tie_decisions,
)


def _user(user):
    return user if user is not None and getattr(user, "is_authenticated", False) else None


@transaction.atomic
def seal(section: Section, *, offsets: dict[int, int] | None = None, user=None,
         rng: random.Random | None = None, now=None) -> FosterDraw:  # fmt: skip
    """Seal the 100 numbers before play: each band's start chosen by the TD (``offsets``, band
    → offset, "The manager may start the numbers at any point" [002 L2825–2829]) or at random."""
    from tournament.movements.prizes import FOSTER_BANDS, foster_schedule
    from tournament.movements.prizes import seal as digest_of

    Section.objects.select_for_update().filter(pk=section.pk).first()
    if FosterDraw.objects.filter(section=section).exists():
        raise ValidationError({"__all__": "The numbers are sealed already: they cannot change."})
    if section.session.status == Session.Status.FINAL or any_score(section):
        raise ValidationError({"__all__": "Seal the numbers before play: scores are in already."})
    rng = rng or random.SystemRandom()
    chosen = {start: rng.randrange(step) for start, step in FOSTER_BANDS}
    chosen.update(offsets or {})
    try:
        numbers = foster_schedule(chosen)
    except ValueError as exc:
        raise ValidationError({"offsets": str(exc)}) from None
    salt = secrets.token_hex(16)
    return FosterDraw.objects.create(
        section=section, numbers=numbers, salt=salt, digest=digest_of(numbers, salt),
        sealed_at=now or timezone.now(), sealed_by=_user(user),
    )  # fmt: skip


@transaction.atomic
def draw(section: Section, *, number: int | None = None, user=None,
         rng: random.Random | None = None, now=None) -> FosterDraw:  # fmt: skip
    """The public draw once the scores are in: the slip taken from the envelope (``number``,
    which must be one of the sealed numbers) or one drawn here."""
    from tournament.movements.prizes import draw_number

    row = FosterDraw.objects.select_for_update().filter(section=section).first()
    if row is None:
        raise ValidationError({"__all__": "Seal the numbers before play first."})
    if row.drawn is not None:
        raise ValidationError({"__all__": f"{row.drawn} was drawn already."})
    if not any(scores(section)[0].values()):
        raise ValidationError({"__all__": "Draw when the scores are in: none is yet."})
    if number is not None and number not in row.numbers:
        raise ValidationError({"number": f"{number} is not one of the sealed numbers."})
    row.drawn = (
        number if number is not None else draw_number(row.numbers, rng or random.SystemRandom())
    )
    row.drawn_at, row.drawn_by = now or timezone.now(), _user(user)
    row.save(update_fields=["drawn", "drawn_at", "drawn_by"])
    return row


@transaction.atomic
def draw_tie(section: Section, tied: list[int], *, user=None, rng=None) -> ProgressivePrizeTie:
    """The committee draws between players equally near the number drawn: "turned face down,
    shuffled, and one is drawn" [002 L2843–2846]; the slips are kept with the outcome."""
    from tournament.movements.prizes import rank

    row = draw_of(section)
    if row is None or row.drawn is None:
        raise ValidationError({"players": "Draw the number first."})
    totals, _ = scores(section)
    tied = sorted(set(tied))
    if tied not in open_ties(totals, row.drawn, tie_decisions(section)):
        raise ValidationError({"players": f"Players {tied} are not an open tie of the draw."})
    _, made = rank(dict.fromkeys(tied, 0), method="draw", rng=rng or random.SystemRandom())
    return ProgressivePrizeTie.objects.create(
        section=section, players=TIE_PREFIX + ",".join(map(str, tied)),
        order=list(made[0].order), method="draw", note=f"Foster's draw: {made[0].note}",
        decided_by=_user(user),
    )  # fmt: skip
