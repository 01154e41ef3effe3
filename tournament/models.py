"""The club's domain: clubs, players, events, sessions, sections and entries.

Rules that must hold whatever screen writes the rows are enforced here or in the
database (unique entry numbers per section, one entry per player per session,
the session's status machine).  Multi-row writes go through ``services.py``.
"""

from __future__ import annotations

import copy
import hashlib
import json

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
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
    #: masterpoints or the club's own rating: sets a pair's stratum in a stratified event
    #: (``scoring.engine.strata``); blank: no rating (the open stratum only)
    rating = models.PositiveIntegerField(
        null=True, blank=True, validators=[MaxValueValidator(10_000_000)],
        help_text="Masterpoints or the club's rating; a stratified event places pairs by it.",
    )  # fmt: skip

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
    #: a digest of ``movement`` kept by ``save`` (``movement_digest``): pages cached per
    #: movement (the public movement grid) know it changed without reading the movement
    movement_digest = models.CharField(max_length=64, blank=True, editable=False)
    #: twin sections: this section plays the boards of that one (same session), table k
    #: beside its table k, one copy of the boards for both (tournament.setup.sharing)
    shares_boards_with = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="sharing_sections",
    )

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

    def save(self, *args, **kwargs):
        digest = movement_digest(self.movement)
        if digest != self.movement_digest:
            self.movement_digest = digest
            fields = kwargs.get("update_fields")
            if fields is not None and "movement_digest" not in fields:
                kwargs["update_fields"] = [*fields, "movement_digest"]
        super().save(*args, **kwargs)

    def get_movement(self):
        """The stored movement as an engine object (or None before one is chosen).

        Parsed once per movement: the object is shared by every caller (and every section
        instance loaded with the same stored movement, ``_parsed_movement``), so treat it
        as read-only."""
        if self.movement_digest and "movement" in self.get_deferred_fields():
            cached = _MOVEMENTS.get(self.pk)  # loaded without its movement: known by digest
            if cached is not None and cached[2] == self.movement_digest:
                return cached[1]
        if not self.movement:
            return None
        return _parsed_movement(self.pk, self.movement)


def movement_digest(movement) -> str:
    """SHA-256 of a stored movement's canonical JSON ("" for none)."""
    if not movement:
        return ""
    text = json.dumps(movement, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


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
        _MOVEMENTS[pk] = (copy.deepcopy(data), movement, movement_digest(data))
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
        if self.name:  # no query for the players
            return self.name
        return self.name_of(self.number, "", [ep.player.name for ep in self.entry_players.all()])

    @staticmethod
    def name_of(number: int, name: str, players: list[str]) -> str:
        """An entry's name as shown: its own, else its players' in their order, else
        "Entry n" (``display_name``; ``names_in`` for many at once)."""
        if name:
            return name
        return " & ".join(players) if players else f"Entry {number}"

    @classmethod
    def names_in(
        cls, section: Section, numbers: list[int] | None = None, *, withdrawn: bool = True
    ) -> dict[int, str]:
        """Entry number → its name as shown (``display_name``), in one query and no model
        instances: the section's entries, or only ``numbers``; ``withdrawn=False`` leaves the
        withdrawn out.  Players in their order in the entry (position, then as signed in)."""
        rows = cls.objects.filter(section=section)
        if numbers is not None:
            rows = rows.filter(number__in=numbers)
        if not withdrawn:
            rows = rows.filter(withdrawn=False)
        rows = rows.order_by("number", "entry_players__position", "entry_players__pk")
        own: dict[int, str] = {}
        players: dict[int, list[str]] = {}
        for number, name, player in rows.values_list(
            "number", "name", "entry_players__player__name"
        ):
            own[number] = name
            if player is not None:
                players.setdefault(number, []).append(player)
        return {n: cls.name_of(n, name, players.get(n, [])) for n, name in own.items()}


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
    #: What the phone last said of its queue of writes kept offline (static/js/table-offline.js
    #: reports it with every sync): how many are still unsent, the oldest one's time on the
    #: phone, and when the server last heard from it.
    queued = models.PositiveIntegerField(default=0)
    queued_since = models.DateTimeField(null=True, blank=True)
    synced_at = models.DateTimeField(null=True, blank=True)

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
    #: the side that scored first, entered at the table: at a tie it progresses
    #: ("the partners who score their points first progress" [002 L6473–6476, L6817–6818])
    first_to_score = models.CharField(max_length=2, choices=Side.choices, blank=True)
    #: a two- or three-hand foot table: each player's points (player number as text → points)
    #: [002 L6507–6515]; ``stays`` is the TD's ruling of who stays at a tied three-hand table
    player_points = models.JSONField(default=dict, blank=True)
    stays = models.PositiveIntegerField(null=True, blank=True)
    #: lone hands made in this game, per player (player number as text → count), when the
    #: conditions allow lone hands: the "most lone hands" prize [002 L6385–6387]
    lone_hands = models.JSONField(default=dict, blank=True)
    #: Progressive Five Hundred: the players a cut sent on from a tie for a place to
    #: progress, as the TD entered it (``tournament.movements.five_hundred``)
    progress = models.JSONField(default=list, blank=True)
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


class ProgressiveDeal(models.Model):
    """One deal of a progressive auction round at one table, as the table enters it: each
    side's trick points below the line and points above (honours, penalties, slams).  The
    round's score is worked out from the four deals by
    ``tournament.movements.tallies.progressive_auction_round``: 125 for each game of 30 won
    within the round, "possibly over several deals", nothing for a rubber [002 L2871–2875]."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="progressive_deals")
    round_number = models.PositiveIntegerField()
    table_number = models.PositiveIntegerField()
    deal_number = models.PositiveSmallIntegerField()
    ns_trick = models.PositiveIntegerField(default=0)
    ew_trick = models.PositiveIntegerField(default=0)
    ns_above = models.PositiveIntegerField(default=0)
    ew_above = models.PositiveIntegerField(default=0)
    entered_at_table = models.BooleanField(default=False)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["section", "round_number", "table_number", "deal_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "round_number", "table_number", "deal_number"],
                name="one_progressive_deal_per_table_round",
            )
        ]

    def __str__(self) -> str:
        return f"Round {self.round_number} table {self.table_number} deal {self.deal_number}"


class FiveHundredDeal(models.Model):
    """One deal of a round of Progressive Five Hundred at one table: each player's points,
    made (plus) or set back (minus), "entered … by one player and O. K.'d by adversary"; in
    partnership play each partner is credited with the whole amount [002 L7378–7386].
    ``points``: player number as text → points."""

    section = models.ForeignKey(
        Section, on_delete=models.CASCADE, related_name="five_hundred_deals"
    )
    round_number = models.PositiveIntegerField()
    table_number = models.PositiveIntegerField()
    deal_number = models.PositiveSmallIntegerField()
    points = models.JSONField(default=dict)
    entered_at_table = models.BooleanField(default=False)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["section", "round_number", "table_number", "deal_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "round_number", "table_number", "deal_number"],
                name="one_five_hundred_deal_per_table_round",
            )
        ]

    def __str__(self) -> str:
        return f"Round {self.round_number} table {self.table_number} deal {self.deal_number}"


class FosterDraw(models.Model):
    """Foster's prize draw for one section [002 L2794–2846]: the 100 numbers in their bands,
    sealed before play by the SHA-256 of the list and a secret ``salt``
    (``tournament.movements.prizes.seal``); after play the number drawn in public.  The
    ``digest`` is published at the seal; the list and the salt after the draw, so anyone
    can check that the list was not changed."""

    section = models.OneToOneField(Section, on_delete=models.CASCADE, related_name="foster_draw")
    numbers = models.JSONField()
    salt = models.CharField(max_length=64)
    digest = models.CharField(max_length=64)
    sealed_at = models.DateTimeField()
    sealed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    drawn = models.PositiveIntegerField(null=True, blank=True)
    drawn_at = models.DateTimeField(null=True, blank=True)
    drawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self) -> str:
        return f"Foster draw of {self.section}: {self.digest[:12]}"


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


class SocialTableScore(models.Model):
    """One table's points in one round of a social game scored as the book plays it
    (``tournament.movements.social``): each side's points won, "without deducting the points
    lost" [002 L2765–2767], and for a rubber left unfinished the games each side had won toward
    it.  ``history`` keeps every earlier value with who changed it and when (the audit trail)."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="social_scores")
    round_number = models.PositiveIntegerField()
    table_number = models.PositiveIntegerField()
    ns_points = models.PositiveIntegerField()
    ew_points = models.PositiveIntegerField()
    finished = models.BooleanField(default=True)
    ns_games = models.PositiveSmallIntegerField(default=0)
    ew_games = models.PositiveSmallIntegerField(default=0)
    entered_at_table = models.BooleanField(default=False)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    history = models.JSONField(default=list, blank=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["section", "round_number", "table_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "round_number", "table_number"],
                name="one_social_score_per_table_round",
            )
        ]

    def __str__(self) -> str:
        return f"Round {self.round_number} table {self.table_number}: {self.ns_points}–{self.ew_points}"


class PrintJob(models.Model):
    """A large document (the session pack) rendered by a task worker, then downloaded
    (tournament/printing/jobs.py): the page polls ``done``/``total`` while it renders."""

    class Status(models.TextChoices):
        QUEUED = "queued", "Waiting for the worker"
        RUNNING = "running", "Rendering"
        DONE = "done", "Ready"
        FAILED = "failed", "Failed"

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="print_jobs")
    document = models.CharField(max_length=40)
    section = models.CharField(max_length=20, blank=True)
    page_size = models.CharField(max_length=10, default="A4")
    base_url = models.CharField(max_length=300, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    error = models.CharField(max_length=300, blank=True)
    filename = models.CharField(max_length=200, blank=True)
    content = models.BinaryField(null=True, blank=True, editable=False)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.document} ({self.page_size}) of {self.session}: {self.status}"


class SwissMatch(models.Model):
    """One match of a Swiss round (``tournament.swiss``): two entries of a section (teams or
    pairs) paired by score, or one entry with the bye (``away`` empty).  The match score is
    each side's IMPs; the VPs are read from the event's scale when shown, never stored."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="swiss_matches")
    round_number = models.PositiveIntegerField()
    table_number = models.PositiveIntegerField()
    home = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="swiss_home")
    away = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.CASCADE, related_name="swiss_away"
    )
    home_imps = models.PositiveIntegerField(null=True, blank=True)
    away_imps = models.PositiveIntegerField(null=True, blank=True)
    #: the board-by-board sheet the IMPs came from, ``[[board, table 1 N-S, table 2 N-S], …]``
    #: (``scoring.engine.swiss_boards``); empty when the match total was entered
    boards = models.JSONField(default=list, blank=True)
    #: the results the sheet was entered as, ``{"<board>": ["4S N =", "3NT S -1"]}`` (table 1,
    #: table 2; "" where a N-S score was typed) — docs/swiss.md, "Entry at the table"
    contracts = models.JSONField(default=dict, blank=True)
    #: "" the TD's entry (or none yet); "entered" by a team at the table, waiting for the other
    #: team's O.K. (it counts nowhere until then); "confirmed" O.K.'d: only the TD changes it
    status = models.CharField(
        max_length=10, blank=True, default="",
        choices=[("", "TD"), ("entered", "Entered at the table"), ("confirmed", "Confirmed")],
    )  # fmt: skip
    #: the TD's changes to a confirmed sheet: ``[{"by", "reason", "before", "after"}, …]``
    history = models.JSONField(default=list, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["section", "round_number", "table_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "round_number", "table_number"],
                name="one_swiss_match_per_table_round",
            )
        ]

    def __str__(self) -> str:
        away = self.away.number if self.away_id else "bye"
        return f"Round {self.round_number} table {self.table_number}: {self.home.number} v {away}"

    @property
    def is_bye(self) -> bool:
        return self.away_id is None

    @property
    def has_score(self) -> bool:
        return self.home_imps is not None and self.away_imps is not None

    @property
    def counts(self) -> bool:
        """Whether the score counts (standings, pairing): scored and not awaiting an O.K."""
        return self.has_score and self.status != "entered"
