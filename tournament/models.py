"""The club's domain: clubs, players, events, sessions, sections and entries.

Rules that must hold whatever screen writes the rows are enforced here or in the
database (unique entry numbers per section, one entry per player per session,
the session's status machine).  Multi-row writes go through ``services.py``.
"""

from __future__ import annotations

import copy

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils import timezone

from tournament import conditions as conditions_schema


class Game(models.TextChoices):
    WHIST = "whist", "Duplicate whist"
    AUCTION = "auction", "Duplicate auction bridge (1926 laws)"
    CONTRACT = "contract", "Contract bridge"


class ScoringMethod(models.TextChoices):
    TRICKS = "tricks", "Tricks / total points against the average"
    TRICKS_TEAMS = "tricks_teams", "Aggregate tricks (whist team match)"
    NET = "net", "Net plus / minus"
    MATCHPOINTS = "matchpoints", "Matchpoints"
    IMPS_BUTLER = "imps_butler", "IMPs (Butler)"
    IMPS_CROSS = "imps_cross", "Cross-IMPs"
    IMPS_TEAMS = "imps_teams", "IMPs (teams of four)"
    TOTAL_POINTS = "total_points", "Total points"


#: Which methods make sense for which game.
METHODS_FOR_GAME = {
    Game.WHIST: {ScoringMethod.TRICKS, ScoringMethod.TRICKS_TEAMS, ScoringMethod.MATCHPOINTS},
    Game.AUCTION: {ScoringMethod.NET, ScoringMethod.MATCHPOINTS, ScoringMethod.TOTAL_POINTS},
    Game.CONTRACT: {
        ScoringMethod.MATCHPOINTS,
        ScoringMethod.IMPS_BUTLER,
        ScoringMethod.IMPS_CROSS,
        ScoringMethod.IMPS_TEAMS,
        ScoringMethod.TOTAL_POINTS,
    },
}


class Club(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(unique=True)
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="clubs_directed"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("club", args=[self.slug])

    def is_director(self, user) -> bool:
        """A TD of this club (or a superuser) may run its events."""
        if not user.is_authenticated:
            return False
        if user.is_superuser:
            return True
        return self.directors.filter(pk=user.pk).exists()


class Player(models.Model):
    class Gender(models.TextChoices):
        UNSPECIFIED = "", "—"
        LADY = "F", "Lady"
        GENTLEMAN = "M", "Gentleman"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=120)
    membership_number = models.CharField(max_length=32, blank=True)
    email = models.EmailField(blank=True)
    phone = models.CharField(max_length=40, blank=True)
    gender = models.CharField(max_length=1, choices=Gender.choices, blank=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "membership_number"],
                condition=~models.Q(membership_number=""),
                name="unique_membership_number_per_club",
                violation_error_message="Another player of this club has that membership number.",
            )
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("player", args=[self.pk])


class Event(models.Model):
    """A one-off tournament or a season (series) of sessions."""

    class Kind(models.TextChoices):
        ONE_OFF = "one_off", "One-off tournament"
        SERIES = "series", "Season / series"

    class Format(models.TextChoices):
        PAIRS = "pairs", "Pairs"
        TEAMS = "teams", "Teams of four"
        INDIVIDUAL = "individual", "Individual"
        PROGRESSIVE = "progressive", "Progressive"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    name = models.CharField(max_length=160)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.ONE_OFF)
    game = models.CharField(max_length=10, choices=Game.choices, default=Game.CONTRACT)
    scoring_method = models.CharField(
        max_length=14, choices=ScoringMethod.choices, default=ScoringMethod.MATCHPOINTS
    )
    format = models.CharField(max_length=12, choices=Format.choices, default=Format.PAIRS)
    #: Conditions of contest: prizes_per_field, tie_rule, adjusted_policy,
    #: provisional_hours, mp_scale, trump_mode, progressive policy, … (docs/console.md).
    conditions = models.JSONField(default=dict, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("event", args=[self.pk])

    def clean(self) -> None:
        allowed = METHODS_FOR_GAME[Game(self.game)]
        if self.scoring_method not in allowed:
            names = ", ".join(sorted(ScoringMethod(m).label for m in allowed))
            raise ValidationError(
                {"scoring_method": f"{self.get_game_display()} is scored by: {names}."}
            )
        if self.scoring_method == ScoringMethod.TRICKS_TEAMS:
            self._check_team_match()
        try:
            conditions_schema.check(self.conditions, "conditions")
        except conditions_schema.ConditionError as exc:
            raise ValidationError({"conditions": str(exc)}) from None

    def _check_team_match(self) -> None:
        """A whist team match: the Teams format, and no results already in outside the team
        movement, which is what says each pair's team (docs/scoring.md)."""
        if self.format != self.Format.TEAMS:
            raise ValidationError(
                {"format": "A whist team match (aggregate tricks) is played in the Teams format."}
            )
        played = Section.objects.filter(session__event_id=self.pk, results__isnull=False)
        if self.pk and played.exclude(movement_kind="team").exists():
            raise ValidationError(
                {
                    "scoring_method": "Results are already in for a section not played with "
                    "the team movement, so its pairs' teams are unknown: a whist team match "
                    "cannot score it."
                }
            )

    def condition(self, key: str, default=None):
        """A condition of contest as the pages read it: a stored value the schema refuses
        (``tournament.conditions``) gives ``default``."""
        return self.usable_conditions.get(key, default)

    @property
    def usable_conditions(self) -> dict:
        """The stored conditions less any key the schema refuses (see ``condition_problems``)."""
        return conditions_schema.usable(self.conditions)[0]

    @property
    def condition_problems(self) -> list[str]:
        """What is wrong with the stored conditions, for a page to show (empty when nothing)."""
        return conditions_schema.usable(self.conditions)[1]


class Session(models.Model):
    """One sitting.  Status: draft → running → provisional → final."""

    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        RUNNING = "running", "Running"
        PROVISIONAL = "provisional", "Provisional"
        FINAL = "final", "Final"

    #: allowed transitions; a provisional session can be reopened to correct results.
    TRANSITIONS = {
        Status.DRAFT: {Status.RUNNING},
        Status.RUNNING: {Status.PROVISIONAL, Status.DRAFT},
        Status.PROVISIONAL: {Status.FINAL, Status.RUNNING},
        Status.FINAL: set(),
    }

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sessions")
    name = models.CharField(max_length=160)
    date = models.DateField(default=timezone.localdate)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.DRAFT)
    boards_released = models.BooleanField(default=False)
    provisional_since = models.DateTimeField(null=True, blank=True)
    finalised_at = models.DateTimeField(null=True, blank=True)
    #: bumped by every write of a result (under the session's row lock); the kept standings
    #: record the version they were computed at (scoring.standings.services.refresh_standings).
    results_version = models.PositiveIntegerField(default=0, editable=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-pk"]

    def __str__(self) -> str:
        return f"{self.event.name} — {self.name}"

    def get_absolute_url(self) -> str:
        return reverse("session", args=[self.pk])

    @property
    def club(self) -> Club:
        return self.event.club

    @property
    def is_final(self) -> bool:
        return self.status == self.Status.FINAL

    def can_transition(self, to: str) -> bool:
        return to in self.TRANSITIONS[self.Status(self.status)]

    def transition(self, to: str, *, now=None) -> None:
        """Move to status ``to`` or raise ValidationError naming the allowed moves."""
        if not self.can_transition(to):
            allowed = ", ".join(sorted(self.TRANSITIONS[self.Status(self.status)])) or "none"
            raise ValidationError(
                {"status": f"A {self.status} session cannot become {to} (allowed: {allowed})."}
            )
        now = now or timezone.now()
        self.status = to
        if to == self.Status.PROVISIONAL:
            self.provisional_since = now
        if to == self.Status.FINAL:
            self.finalised_at = now
            self.boards_released = True
        self.save(update_fields=["status", "provisional_since", "finalised_at", "boards_released"])


class Section(models.Model):
    """A group of tables playing one movement."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="sections")
    name = models.CharField(max_length=16, default="A")
    #: the chosen movement as produced by tournament.movements (Movement.to_json()).
    movement = models.JSONField(null=True, blank=True)
    movement_kind = models.CharField(max_length=32, blank=True)

    class Meta:
        ordering = ["session", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "name"],
                name="unique_section_name_per_session",
                violation_error_message="This session already has a section with that name.",
            )
        ]

    def __str__(self) -> str:
        return f"Section {self.name}"

    def get_movement(self):
        """The stored movement as an engine object (or None before one is chosen).

        Parsed once per movement: the object is shared by every caller (and every section
        instance loaded with the same stored movement, ``_parsed_movement``), so treat it
        as read-only."""
        if not self.movement:
            return None
        return _parsed_movement(self.pk, self.movement)


#: Section pk -> (its stored movement JSON, the parsed movement), the most recent first out
#: last.  A hit needs the stored JSON to be *equal* to the cached one (a walk of the JSON,
#: about a tenth of the cost of parsing it), so a changed movement is never served stale
#: whichever way it was written.
_MOVEMENTS: dict = {}
_MOVEMENTS_KEPT = 64


def _parsed_movement(pk, data):
    from tournament.movements.base import Movement

    cached = _MOVEMENTS.get(pk) if pk is not None else None
    if cached is not None and cached[0] == data:
        return cached[1]
    movement = Movement.from_json(data)
    if pk is not None:
        _MOVEMENTS.pop(pk, None)
        while len(_MOVEMENTS) >= _MOVEMENTS_KEPT:
            _MOVEMENTS.pop(next(iter(_MOVEMENTS)), None)
        _MOVEMENTS[pk] = (copy.deepcopy(data), movement)
    return movement


class Entry(models.Model):
    """A pair, a team of four or an individual, numbered within its section."""

    class Kind(models.TextChoices):
        PAIR = "pair", "Pair"
        TEAM = "team", "Team"
        INDIVIDUAL = "individual", "Individual"

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.PAIR)
    name = models.CharField(max_length=160, blank=True, help_text="Team name (optional)")
    players = models.ManyToManyField(Player, through="EntryPlayer", related_name="entries")
    withdrawn = models.BooleanField(default=False)

    class Meta:
        ordering = ["section", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "number"],
                name="unique_entry_number_per_section",
                violation_error_message="Another entry in this section already has that number.",
            ),
            models.CheckConstraint(
                condition=models.Q(number__gte=1),
                name="entry_number_positive",
                violation_error_message="Entry numbers start at 1.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number}: {self.display_name}"

    @property
    def display_name(self) -> str:
        if self.name:
            return self.name
        names = [ep.player.name for ep in self.entry_players.all()]
        return " & ".join(names) if names else f"Entry {self.number}"


class EntryPlayer(models.Model):
    """A player's place in an entry.  ``session`` is kept so the database can
    refuse the same player in two entries of one session."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="entry_players")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entry_places")
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="+")
    position = models.PositiveSmallIntegerField(default=1)

    class Meta:
        ordering = ["entry", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "player"],
                name="one_entry_per_player_per_session",
                violation_error_message="This player is already in another entry of this session.",
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} in entry {self.entry.number}"

    def save(self, *args, **kwargs):
        self.session_id = self.entry.section.session_id
        super().save(*args, **kwargs)


class RoundSeating(models.Model):
    """The seating of one round of a progressive game, computed from the previous
    round's results (or overridden by the TD, with the reason kept)."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="round_seatings")
    round_number = models.PositiveIntegerField()
    seating = models.JSONField()
    overridden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    override_reason = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["section", "round_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "round_number"], name="one_seating_per_round"
            )
        ]

    def __str__(self) -> str:
        return f"Round {self.round_number} seating"


class TableToken(models.Model):
    """The secret behind a table's QR code: score entry for one table of one section."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="table_tokens")
    table_number = models.PositiveIntegerField()
    token = models.CharField(max_length=64, unique=True)
    revoked = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["section", "table_number"]

    def __str__(self) -> str:
        return f"Table {self.table_number} of {self.section}"


class ProgressiveTableResult(models.Model):
    """One table's result in one round of a progressive game: the side that won, or both
    sides' points; at a tie the policy cannot settle, the TD's decision of which side
    progresses (``tie_decision``, ``decided_by``) [002 L6473–6476, L6817–6818]."""

    class Side(models.TextChoices):
        NS = "ns", "N-S"
        EW = "ew", "E-W"

    section = models.ForeignKey(
        Section, on_delete=models.CASCADE, related_name="progressive_results"
    )
    round_number = models.PositiveIntegerField()
    table_number = models.PositiveIntegerField()
    winner = models.CharField(max_length=2, choices=Side.choices, blank=True)
    ns_points = models.IntegerField(null=True, blank=True)
    ew_points = models.IntegerField(null=True, blank=True)
    tie_decision = models.CharField(max_length=2, choices=Side.choices, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["section", "round_number", "table_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "round_number", "table_number"],
                name="one_progressive_result_per_table_round",
            )
        ]

    def __str__(self) -> str:
        return f"Round {self.round_number} table {self.table_number}"


class ProgressivePrizeTie(models.Model):
    """How a tie for a prize was settled (play-off, cut or draw of numbered slips
    [002 L6782–6788]): the tied players (``players``, "3,7") best first in ``order``."""

    section = models.ForeignKey(
        Section, on_delete=models.CASCADE, related_name="progressive_prize_ties"
    )
    players = models.CharField(max_length=200)
    order = models.JSONField()
    method = models.CharField(max_length=10)
    note = models.CharField(max_length=200, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["section", "created"]
        constraints = [
            models.UniqueConstraint(fields=["section", "players"], name="one_decision_per_tie")
        ]

    def __str__(self) -> str:
        return f"Tie {self.players}: {self.method}"
