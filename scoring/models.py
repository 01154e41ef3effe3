"""Results per board and table, their audit trail, and the kept standings.

A result row is one table's result on one board.  The database refuses a
second result for the same pair on the same board, so a result entered twice
from two screens can never be counted twice (the service reports the second as
a conflict).  Every change is kept in ``ResultAudit``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class BoardResult(models.Model):
    class Status(models.TextChoices):
        ENTERED = "entered", "Entered"
        CONFIRMED = "confirmed", "Confirmed by the opponents"

    section = models.ForeignKey(
        "tournament.Section", on_delete=models.CASCADE, related_name="results"
    )
    board_number = models.PositiveIntegerField()
    round_number = models.PositiveIntegerField(null=True, blank=True)
    table_number = models.PositiveIntegerField(null=True, blank=True)
    ns_entry = models.ForeignKey("tournament.Entry", on_delete=models.PROTECT, related_name="+")
    ew_entry = models.ForeignKey("tournament.Entry", on_delete=models.PROTECT, related_name="+")
    # contract and auction bridge
    contract = models.CharField(max_length=8, blank=True)
    declarer = models.CharField(max_length=1, blank=True)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    lead = models.CharField(max_length=3, blank=True)
    honours_ns = models.PositiveSmallIntegerField(default=0)
    honours_ew = models.PositiveSmallIntegerField(default=0)
    revokes_ns = models.PositiveSmallIntegerField(default=0)
    revokes_ew = models.PositiveSmallIntegerField(default=0)
    #: whist, team form: tricks a revoking side won before its first revoke, never taken
    #: away by the penalty [002 L4259–4263]
    before_revoke_ns = models.PositiveSmallIntegerField(null=True, blank=True)
    before_revoke_ew = models.PositiveSmallIntegerField(null=True, blank=True)
    # whist
    tricks_ns = models.PositiveSmallIntegerField(null=True, blank=True)
    # a direct score, an artificial adjusted score, or a board not played
    score_ns = models.IntegerField(null=True, blank=True)
    adjusted = models.CharField(max_length=16, blank=True)
    #: a weighted adjusted score (Law 12C1(c)), set by a ruling: "60% 4S N =; 40% 4S N -1"
    #: (``scoring.engine.weighted``), in place of the table's result
    weighted = models.CharField(max_length=200, blank=True)
    not_played = models.BooleanField(default=False)
    fouled_group = models.CharField(max_length=8, blank=True)
    # set by rulings only (scoring.rulings): Law 4d penalty points taken off a side, and the
    # committee's adjustment moved to N-S for a loss beyond the revoke penalty (Law 7)
    penalty_ns = models.PositiveSmallIntegerField(default=0)
    penalty_ew = models.PositiveSmallIntegerField(default=0)
    committee_ns = models.IntegerField(default=0)

    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ENTERED)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_via = models.CharField(max_length=16, default="td")
    confirmed_at = models.DateTimeField(null=True, blank=True)
    version = models.PositiveIntegerField(default=1)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["section", "board_number", "table_number", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "board_number", "ns_entry"],
                name="one_result_per_ns_pair_per_board",
                violation_error_message="This N-S pair already has a result on this board.",
            ),
            models.UniqueConstraint(
                fields=["section", "board_number", "ew_entry"],
                name="one_result_per_ew_pair_per_board",
                violation_error_message="This E-W pair already has a result on this board.",
            ),
        ]

    def __str__(self) -> str:
        return f"Board {self.board_number}: {self.ns_entry.number} v {self.ew_entry.number}"


class ResultAudit(models.Model):
    """Who changed which result, when, from what to what, and why."""

    section = models.ForeignKey(
        "tournament.Section", on_delete=models.CASCADE, related_name="audit"
    )
    result = models.ForeignKey(
        BoardResult, null=True, blank=True, on_delete=models.SET_NULL, related_name="audit"
    )
    board_number = models.PositiveIntegerField()
    action = models.CharField(max_length=16)
    old = models.JSONField(null=True, blank=True)
    new = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    actor = models.CharField(
        max_length=64, blank=True, help_text="e.g. 'table 3' for a table device"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.action} board {self.board_number} at {self.at:%Y-%m-%d %H:%M}"


class Ruling(models.Model):
    """A director's ruling on a board (average, Ave±, split, fouled, wrong count,
    shifted hands, revoke penalty, late play), with its reason."""

    section = models.ForeignKey(
        "tournament.Section", on_delete=models.CASCADE, related_name="rulings"
    )
    board_number = models.PositiveIntegerField()
    kind = models.CharField(max_length=24)
    details = models.JSONField(default=dict, blank=True)
    reason = models.TextField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["section", "board_number", "at"]

    def __str__(self) -> str:
        return f"{self.kind} on board {self.board_number}"


class Standings(models.Model):
    """The last computed standings of a session, so pages read without recomputing."""

    session = models.OneToOneField(
        "tournament.Session", on_delete=models.CASCADE, related_name="standings"
    )
    data = models.JSONField(default=dict)
    computed_at = models.DateTimeField(auto_now=True)
    results_version = models.PositiveIntegerField(default=0)  # recomputations so far
    computed_version = models.PositiveIntegerField(default=0)  # the session's results_version used
    #: What the next write starts from (scoring.standings.services): each section's scored
    #: boards, exact, and the last result audit seen; ``state_key`` is new at every save.
    state = models.JSONField(default=dict, blank=True)
    state_key = models.CharField(max_length=32, blank=True)

    def __str__(self) -> str:
        return f"Standings of {self.session}"


class PrizeDecision(models.Model):
    """How a tie for prizes was settled by play-off, cut or draw, recorded by the TD.

    ``tied`` is the tied entry numbers, sorted ("3,5"); ``order`` the same entries best
    first. The prize list of the session applies it (``tournament.prize_services``).
    """

    class Method(models.TextChoices):
        PLAY_OFF = "play_off", "Play-off"
        CUT = "cut", "Cut"
        DRAW = "draw", "Draw"

    session = models.ForeignKey(
        "tournament.Session", on_delete=models.CASCADE, related_name="prize_decisions"
    )
    section = models.CharField(max_length=16)
    field = models.CharField(max_length=16)
    tied = models.CharField(max_length=200)
    method = models.CharField(max_length=10, choices=Method.choices)
    order = models.JSONField()
    note = models.TextField(blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["session", "section", "field", "tied"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "section", "field", "tied"], name="one_prize_decision_per_tie"
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_method_display()} for pairs {self.tied}"


class Protest(models.Model):
    """A protest to the Card Committee (duplicate auction Law 12 [002 L3406–3409]): filed
    within the event's protest window (48 hours by the law), decided by the committee, and
    final once decided. Kept by ``scoring.rulings.services``; the decision is in the audit
    trail and, once decided, on the public results."""

    class Status(models.TextChoices):
        OPEN = "open", "Awaiting the committee"
        UPHELD = "upheld", "Upheld"
        DISMISSED = "dismissed", "Dismissed"

    section = models.ForeignKey(
        "tournament.Section", on_delete=models.CASCADE, related_name="protests"
    )
    board_number = models.PositiveIntegerField()
    # RESTRICT: an entry with a protest is not deleted alone, but goes with its section
    entry = models.ForeignKey("tournament.Entry", on_delete=models.RESTRICT, related_name="+")
    grounds = models.TextField()
    filed_at = models.DateTimeField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    decision = models.TextField(blank=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["section", "board_number", "filed_at", "pk"]

    def __str__(self) -> str:
        return f"Protest on board {self.board_number} by {self.entry.number}"

    @property
    def decided(self) -> bool:
        return self.status != self.Status.OPEN


class QueuedWrite(models.Model):
    """One write a table's phone sent from its offline queue (a result or the opponents' O.K.),
    kept under the phone's ``client_id`` so that a retry or a duplicate replay of the queue is
    answered from here and stored once (``scoring.results.queue``).  ``outcome`` is what the
    phone was told: stored, conflict (the current result in ``answer``) or invalid (the field
    messages in ``answer``); conflicts stay listed for the TD."""

    class Outcome(models.TextChoices):
        STORED = "stored", "Stored"
        CONFLICT = "conflict", "Conflict"
        INVALID = "invalid", "Invalid"

    client_id = models.CharField(max_length=64, unique=True)
    section = models.ForeignKey(
        "tournament.Section", on_delete=models.CASCADE, related_name="queued_writes"
    )
    table_number = models.PositiveIntegerField()
    kind = models.CharField(max_length=12)  # "result" or "confirm"
    round_number = models.PositiveIntegerField(null=True, blank=True)
    board_number = models.PositiveIntegerField(null=True, blank=True)
    outcome = models.CharField(max_length=12, choices=Outcome.choices)
    #: The version of the board's result this write produced (a stored result), so a queued
    #: O.K. that names the write by its client id confirms exactly that result.
    version = models.PositiveIntegerField(null=True, blank=True)
    answer = models.JSONField(default=dict, blank=True)
    entered_at = models.DateTimeField(null=True, blank=True)  # on the phone
    received = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["section", "table_number", "received"]

    def __str__(self) -> str:
        return f"{self.kind} {self.client_id} from table {self.table_number}: {self.outcome}"
