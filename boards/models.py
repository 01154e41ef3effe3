"""Board records: a session's board set and each board's deal.

Deals are stored as PBN deal strings (``N:AKQ.… …``) and turned into engine
objects by ``boards.engine.deals.Deal.from_pbn``.  Deals are secret until the session
is final or the TD releases them (``BoardSet.released_at``).
"""

from __future__ import annotations

from django.db import models


class BoardSet(models.Model):
    class Source(models.TextChoices):
        RANDOM = "random", "Random (operating system)"
        SEEDED = "seeded", "Reproducible from a seed"
        MANUAL = "manual", "Entered by hand"
        PBN = "pbn", "Imported from PBN"
        NONE = "none", "Shuffled at the tables (no deals recorded)"

    class TrumpMode(models.TextChoices):
        TURNED = "turned", "Trump card turned (the dealer's last card)"
        DECLARED = "declared", "Trump suit declared for the session"

    session = models.OneToOneField(
        "tournament.Session", on_delete=models.CASCADE, related_name="board_set"
    )
    source = models.CharField(max_length=8, choices=Source.choices, default=Source.RANDOM)
    seed = models.CharField(max_length=200, blank=True)
    fingerprint = models.CharField(max_length=64, blank=True)
    trump_mode = models.CharField(max_length=8, choices=TrumpMode.choices, blank=True)
    declared_trump = models.CharField(max_length=1, blank=True)
    released_at = models.DateTimeField(null=True, blank=True)
    analysis_total = models.PositiveIntegerField(default=0)
    analysis_done = models.PositiveIntegerField(default=0)
    #: when the running (or last) double-dummy job started, and why it failed (blank if it did not)
    analysis_started = models.DateTimeField(null=True, blank=True)
    analysis_error = models.CharField(max_length=300, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Boards of {self.session}"


class Board(models.Model):
    board_set = models.ForeignKey(BoardSet, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveIntegerField()
    deal = models.CharField(max_length=80, blank=True, help_text="PBN deal string")
    dealer = models.CharField(max_length=1)
    vulnerability = models.CharField(max_length=4, default="None")
    trump_card = models.CharField(max_length=3, blank=True)
    #: {"N": {"C": 7, "D": 8, ...}, ...} tricks makeable by each declarer in each strain
    dd_table = models.JSONField(null=True, blank=True)
    par = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["board_set", "number"]
        constraints = [
            models.UniqueConstraint(fields=["board_set", "number"], name="unique_board_number")
        ]

    def __str__(self) -> str:
        return f"Board {self.number}"
