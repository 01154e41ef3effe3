"""The director's forms: event, session, section, sign-in, movement, boards, corrections,
rulings and progressive overrides.  Forms validate and report at the field; the writes are
made by the services (``tournament.setup.services``, ``tournament.prizes.services``,
``scoring.results.services``, ``scoring.rulings.services``)."""

from __future__ import annotations

from django import forms

from scoring.engine.ranking import TIE_RULES
from tournament.movements.tallies import ABOVE_POINTS_MAX, PROGRESSIVE_DEALS, TRICK_POINTS_MAX

from . import conditions as conditions_schema
from . import limits
from .models import METHODS_FOR_GAME, Event, Game, Player, ScoringMethod, Session

ADJUSTED_LABELS = {
    "60/40": "Ave+ 60% / Ave− 40% (Law 12C2)",
    "session_percent": "The better of Ave+ and the pair's session percentage",
}
ADJUSTED_POLICIES = [(p, ADJUSTED_LABELS[p]) for p in conditions_schema.ADJUSTED_POLICIES]
TIE_CHOICES = [(rule, rule.replace("_", "-").capitalize()) for rule in TIE_RULES]


class EventForm(forms.ModelForm):
    """An event with its conditions of contest (kept in ``Event.conditions``)."""

    prizes_per_field = forms.IntegerField(
        min_value=0, max_value=conditions_schema.PRIZES_MAX, initial=3
    )
    tie_rule = forms.ChoiceField(choices=TIE_CHOICES, initial="share")
    adjusted_policy = forms.ChoiceField(choices=ADJUSTED_POLICIES, initial="60/40")
    differing_entries = forms.ChoiceField(
        choices=[("director", "The director decides"),
                 ("ew", "E-W's score is taken (N-S did not compare; whist 1894)")],
        initial="director", required=False, label="Two different entries of one result",
        help_text="Each side keeps its own score; if N-S fail to compare, E-W's is taken "
        "(Whist Made Easier, duplicate whist law (a)).",
    )  # fmt: skip
    provisional_hours = forms.IntegerField(
        min_value=0, max_value=conditions_schema.PROVISIONAL_HOURS_MAX, initial=48,
        help_text="Protests are allowed for 48 hours after play (LAWS.md A-20).",
    )  # fmt: skip

    social_scoring = forms.ChoiceField(
        label="Pivot, Baker, Safford and social pivot scored",
        choices=[("", "the book's way for pivot, Baker, Safford; auction's social pivot"),
                 ("book", "always as the book's social game (points won, totals)"),
                 ("duplicate", "as a duplicate individual on the boards")],
        required=False,
        help_text="“In private parties Duplicate is unsuitable” [002 L3031–3032].",
    )  # fmt: skip
    pivot_prizes = forms.ChoiceField(
        label="Pivot prizes",
        choices=[("every_table", "a prize at every table"),
                 ("table_winners", "each table's highest, the best of these in order")],
        initial="every_table",
        required=False,
        help_text="[002 L2780–2784]; the number of prizes is the prizes per field.",
    )  # fmt: skip

    strata = forms.CharField(
        max_length=100, required=False, label="Strata (stratified pairs)",
        help_text="e.g. A; B < 1000; C < 500 — the first open to all, each next one for "
        "pairs rated under its limit (the players' rating). Blank: not stratified.",
    )  # fmt: skip
    strata_by = forms.ChoiceField(
        choices=[("", "the higher-rated player (ACBL)"), ("average", "the average of the two")],
        required=False, label="A pair's rating is that of",
    )  # fmt: skip

    tally = forms.ChoiceField(
        label="Progressive tally",
        choices=[("", "gross: each player keeps all the side makes (the book's rule)"),
                 ("net", "net: the lower score deducted from the higher"),
                 ("games", "games won")],
        required=False,
        help_text="How a progressive game's score cards are kept [002 L2893–2899].",
    )  # fmt: skip
    progressive_method = forms.ChoiceField(
        label="Progressive: who moves",
        choices=[("", "the winners progress, the losers stay and change partners"),
                 ("lady-gentleman", "the winning lady one way, the winning gentleman the other"),
                 ("gentlemen-move", "the gentlemen move, the ladies sit still"),
                 ("fixed-partners", "fixed partners: E-W pairs move toward table 1")],
        required=False,
        help_text="[002 L6416–6448]",
    )  # fmt: skip
    progressive_tie = forms.ChoiceField(
        label="Progressive: a tie at a table",
        choices=[("", "the side that scored first progresses"),
                 ("cut", "the players cut for it"), ("td", "the director decides")],
        required=False,
        help_text="[002 L6473–6476, L6817–6818]",
    )  # fmt: skip

    progressive_direction = forms.ChoiceField(
        label="Progressive: winners move toward",
        choices=[("", "table 1 (the head is table 1, the foot the last table)"),
                 ("toward-highest", "the next higher table (the book's rules card; the head is "
                  "the last table, its winners go round to table 1)")],
        required=False,
        help_text="In a large room, toward the head of each row [002 L6813–6815, "
        "L6671–6673].",
    )  # fmt: skip
    progressive_head_rule = forms.ChoiceField(
        label="Progressive: the winners at the head table",
        choices=[("", "keep their seats; the losers go to the foot"),
                 ("winners-to-foot", "go to the foot; the losers stay"),
                 ("winners-change-partners", "keep their seats but change partners with the "
                  "newcomers; the losers go to the foot")],
        required=False,
        help_text="Only when the winners progress [002 L6419–6422]; in a large room, at the "
        "head of each row.",
    )  # fmt: skip

    room_rows = forms.IntegerField(
        label="Large room: rows (aisles) of tables", required=False, min_value=1,
        max_value=conditions_schema.TABLE_NUMBER_MAX,
        help_text="A large euchre: each row progresses by itself; blank: one circuit "
        "[002 L6548–6552, L6671–6676].",
    )  # fmt: skip
    head_prizes = forms.IntegerField(
        label="Large room: head prizes (whole room)", required=False, min_value=0,
        max_value=conditions_schema.PRIZES_MAX, initial=1,
    )  # fmt: skip
    row_prizes = forms.IntegerField(
        label="Large room: prizes in each row", required=False, min_value=0,
        max_value=conditions_schema.PRIZES_MAX, initial=1,
        help_text="Given after the head prizes, to the best remaining scores of the row the "
        "player ends in [002 L6715–6725, L6790–6794].",
    )  # fmt: skip
    lone_hands = forms.BooleanField(
        label="Lone hands are played (recorded, with a prize for the most)", required=False,
        help_text="The book's sample rules say “There will be no lone hands” [002 L6820].",
    )  # fmt: skip
    twin_scoring = forms.BooleanField(
        label="Twin sections: score each board across both sections", required=False,
        help_text="Two sections playing one copy of the boards are one field per direction: "
        "each board's N-S results of both sections are matchpointed (or IMPed) together, the "
        "top over all of them (SCORING.md §4, §6), with one ranking across both sections.",
    )  # fmt: skip
    five_hundred_hands = forms.TypedChoiceField(
        label="Progressive Five Hundred",
        choices=[("", "no: another progressive game"), (3, "three-hand tables"),
                 (4, "four-hand tables (1 and 3 partners against 2 and 4)"), (5, "five-hand tables"),
                 (6, "six-hand tables (the odd seats partners against the even)")],
        coerce=int, empty_value="", required=False,
        help_text="A progressive game of Five Hundred: every table has this many hands, so the "
        "players must fill whole tables [002 L7368–7406].",
    )  # fmt: skip

    class Meta:
        model = Event
        fields = ["name", "kind", "game", "scoring_method", "format"]

    #: the form's progressive fields → the keys of ``conditions["progressive"]``
    #: (``tournament.movements.progressive.ProgressivePolicy``; blank: its default)
    PROGRESSIVE_FIELDS = {"progressive_method": "method", "progressive_tie": "tie_progress",
                          "progressive_direction": "direction",
                          "progressive_head_rule": "head_rule"}  # fmt: skip

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        conditions = self.instance.usable_conditions
        for name in self.CONDITIONS:
            if name in conditions:
                self.fields[name].initial = conditions[name]
        for name in self.OPTIONAL_CONDITIONS:
            if name in conditions:
                self.fields[name].initial = conditions[name]
        policy = conditions.get("scoring", {}).get("adjusted_policy")
        if policy:
            self.fields["adjusted_policy"].initial = policy
        progressive = conditions.get("progressive") or {}
        for name, key in self.PROGRESSIVE_FIELDS.items():
            if key in progressive:
                self.fields[name].initial = progressive[key]
        room = conditions.get("large_room") or {}
        for name, key in (("room_rows", "rows"), ("head_prizes", "head_prizes"),
                          ("row_prizes", "row_prizes")):  # fmt: skip
            if key in room:
                self.fields[name].initial = room[key]
        self.fields["lone_hands"].initial = bool(conditions.get("lone_hands"))
        self.fields["twin_scoring"].initial = bool(conditions.get("twin_scoring"))

    def clean(self):
        data = super().clean()
        game, method = data.get("game"), data.get("scoring_method")
        if game and method and method not in METHODS_FOR_GAME[Game(game)]:
            names = ", ".join(sorted(ScoringMethod(m).label for m in METHODS_FOR_GAME[Game(game)]))
            self.add_error("scoring_method", f"{Game(game).label} is scored by: {names}.")
        if data.get("five_hundred_hands") and data.get("format") != Event.Format.PROGRESSIVE:
            self.add_error("five_hundred_hands", "Five Hundred is played here as a progressive "
                           "game: choose the format Progressive, or leave this blank.")  # fmt: skip
        if data.get("progressive_head_rule") and data.get("progressive_method"):
            self.add_error("progressive_head_rule", "The head table's rule is for games where "
                           "the winners progress: leave it blank, or choose that the winners "
                           "progress under “Progressive: who moves”.")  # fmt: skip
        if not self.errors:
            try:  # the schema of tournament/conditions.py, as every other way in
                keys = (*self.CONDITIONS, *self.OPTIONAL_CONDITIONS, "scoring", "progressive",
                        "large_room", "lone_hands", "twin_scoring")  # fmt: skip
                conditions_schema.check(self._conditions(), keys=keys)
            except conditions_schema.ConditionError as exc:
                key = exc.path.split(".")[-1]
                self.add_error(key if key in self.fields else None, str(exc))
        return data

    CONDITIONS = ("prizes_per_field", "tie_rule", "provisional_hours", "differing_entries")
    #: conditions kept only when chosen (blank: the default applies)
    OPTIONAL_CONDITIONS = ("social_scoring", "pivot_prizes", "strata", "strata_by", "tally",
                           "five_hundred_hands")  # fmt: skip

    def _conditions(self) -> dict:
        """The event's conditions with the form's values written in."""
        conditions = dict(self.instance.conditions or {})
        for name in self.CONDITIONS:
            conditions[name] = self.cleaned_data[name]
        for name in self.OPTIONAL_CONDITIONS:
            if self.cleaned_data.get(name):
                conditions[name] = self.cleaned_data[name]
            else:
                conditions.pop(name, None)
        if conditions.get("differing_entries") in ("", None, "director"):
            conditions.pop("differing_entries")  # the default: the director decides
        scoring = conditions.get("scoring")
        scoring = dict(scoring) if isinstance(scoring, dict) else {}
        scoring["adjusted_policy"] = self.cleaned_data["adjusted_policy"]
        conditions["scoring"] = scoring
        progressive = conditions.get("progressive")
        progressive = dict(progressive) if isinstance(progressive, dict) else {}
        for name, key in self.PROGRESSIVE_FIELDS.items():
            if self.cleaned_data.get(name):
                progressive[key] = self.cleaned_data[name]
            else:
                progressive.pop(key, None)
        if progressive:
            conditions["progressive"] = progressive
        else:
            conditions.pop("progressive", None)
        if self.cleaned_data.get("room_rows"):
            conditions["large_room"] = {
                "rows": self.cleaned_data["room_rows"],
                "head_prizes": _or(self.cleaned_data.get("head_prizes"), 1),
                "row_prizes": _or(self.cleaned_data.get("row_prizes"), 1),
            }
        else:
            conditions.pop("large_room", None)
        for name in ("lone_hands", "twin_scoring"):  # kept only when on
            if self.cleaned_data.get(name):
                conditions[name] = True
            else:
                conditions.pop(name, None)
        return conditions

    def save(self, commit=True):
        event = super().save(commit=False)
        event.conditions = self._conditions()
        if commit:
            event.save()
        return event


def _or(value, default):
    """A number field's value, or ``default`` when left blank (0 is kept)."""
    return default if value is None else value


class SessionForm(forms.ModelForm):
    class Meta:
        model = Session
        fields = ["name", "date"]
        #: the browser's date input reads and sends yyyy-mm-dd whatever the site's locale
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}


class SectionForm(forms.Form):
    name = forms.CharField(max_length=limits.SECTION_NAME_MAX, initial="A")

    def clean_name(self):
        try:
            return limits.section_name(self.cleaned_data["name"])
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from None


def _player_pick(label: str) -> forms.ModelChoiceField:
    """A seat's pick from the club's player list (its queryset set per club)."""
    return forms.ModelChoiceField(queryset=Player.objects.none(), required=False, label=label)


def _new_player(label: str) -> forms.CharField:
    """The "or new player" box beside a pick: a name typed adds a player to the club."""
    return forms.CharField(max_length=120, required=False, label=label)


def _picked(form, pick: str, new: str) -> Player | str | None:
    """The seat's player: a Player from the list, else the new name typed, else None."""
    data = form.cleaned_data
    return data.get(pick) or (data.get(new) or "").strip() or None


def _refuse_playing(form, session, seats: list[tuple[str, str]], number: int) -> None:
    """A picked player already in this session (or picked twice) is refused at the pick, with
    the message the sign-in service gives (``setup_services.playing_elsewhere``)."""
    from tournament.setup.services import playing_elsewhere

    seen: set[int] = set()
    for pick, _new in seats:
        player = form.cleaned_data.get(pick)
        if not player:
            continue
        if player.pk in seen:
            form.add_error(pick, f"{player.name} is chosen twice.")
        seen.add(player.pk)
        message = playing_elsewhere(session, [player], number) if session else None
        if message:
            form.add_error(pick, message)


class SignInForm(forms.Form):
    """One entry: players picked from the club list and/or new players typed in."""

    player1 = _player_pick("Player 1")
    player2 = _player_pick("Player 2")
    new_player1 = _new_player("or new player 1")
    new_player2 = _new_player("or new player 2")
    number = forms.IntegerField(
        min_value=1, max_value=limits.ENTRY_NUMBER_MAX, required=False, label="Number",
        help_text="blank: next free",
    )  # fmt: skip
    from_round = forms.IntegerField(
        min_value=1, max_value=limits.MAX_ROUNDS, required=False, label="From round",
        help_text="during play: the first round the late pair plays (blank: the current one)",
    )  # fmt: skip

    def __init__(self, *args, club, size: int = 2, **kwargs):
        super().__init__(*args, **kwargs)
        self.size = size
        if size == 1:  # individual and progressive games sign in one player at a time
            del self.fields["player2"], self.fields["new_player2"]
            self.fields["player1"].label, self.fields["new_player1"].label = (
                "Player",
                "or new player",
            )
        for name in ("player1", "player2")[:size]:
            self.fields[name].queryset = club.players.all()

    def clean(self):
        data = super().clean()
        chosen = [data.get(f"player{i}") or data.get(f"new_player{i}") for i in (1, 2)]
        given = [c for c in chosen if c]
        if len(given) < self.size:
            self.add_error("player1" if not chosen[0] else "player2", "Choose or type a player.")
        return data

    def players(self) -> list[Player | str]:
        """Each seat's player: a Player from the list or the name of a new one."""
        seats = [_picked(self, f"player{i}", f"new_player{i}") for i in (1, 2)]
        return [p for p in seats if p]


class LeaveForm(forms.Form):
    """A pair leaves during play: from which round on its boards are not played, and how they
    are scored (``setup_services.leave_during_play``). ``entries``: the section's pairs present."""

    entry = forms.TypedChoiceField(coerce=int, label="Pair", choices=())
    after_round = forms.IntegerField(
        min_value=0, max_value=limits.MAX_ROUNDS, label="Left after round"
    )
    score = forms.ChoiceField(label="Its remaining boards", choices=())

    def __init__(self, *args, entries=(), **kwargs):
        from tournament.setup.services import LATE_SCORES

        super().__init__(*args, **kwargs)
        self.fields["entry"].choices = [("", "---------")] + [
            (e.number, f"{e.number}: {e.display_name}") for e in entries
        ]
        self.fields["score"].choices = list(LATE_SCORES.items())


#: the late pairs' seats of :class:`TableChangeForm`: (pick, "or new player" box), by pair
LATE_SEATS = [[(f"late{n}_player{i}", f"late{n}_new{i}") for i in (1, 2)] for n in (1, 2)]


class TableChangeForm(forms.Form):
    """One table more or one fewer during play (``tournament.setup.table_change``): the two
    late pairs picked from the club list or typed as new players, as at sign-in
    (:class:`SignInForm`), or the two pairs that leave (the second may be the sit-out), the
    first round of the new plan and how the boards not played are scored."""

    change = forms.ChoiceField(
        label="Change", choices=[("add", "Add a table (two late pairs)"),
                                 ("remove", "Remove a table (two pairs leave)")],
    )  # fmt: skip
    from_round = forms.IntegerField(
        min_value=1, max_value=limits.MAX_ROUNDS, required=False, label="From round",
        help_text="the first round of the new plan (blank: the current one)",
    )  # fmt: skip
    late1_player1 = _player_pick("Late pair 1: player 1")
    late1_new1 = _new_player("or new player 1")
    late1_player2 = _player_pick("Late pair 1: player 2")
    late1_new2 = _new_player("or new player 2")
    late2_player1 = _player_pick("Late pair 2: player 1")
    late2_new1 = _new_player("or new player 1")
    late2_player2 = _player_pick("Late pair 2: player 2")
    late2_new2 = _new_player("or new player 2")
    gone1 = forms.TypedChoiceField(coerce=int, required=False, label="Leaving pair", choices=())
    gone2 = forms.TypedChoiceField(coerce=int, required=False, label="and pair", choices=())
    score = forms.ChoiceField(label="Boards not played", choices=(), required=False)

    def __init__(self, *args, club=None, session=None, numbers=(0, 0), entries=(),
                 phantom=None, **kwargs):  # fmt: skip
        from tournament.setup.services import LATE_SCORES

        super().__init__(*args, **kwargs)
        self.session, self.numbers = session, numbers
        pairs = [("", "---------")] + [(e.number, f"{e.number}: {e.display_name}") for e in entries]
        self.fields["gone1"].choices = pairs
        self.fields["gone2"].choices = pairs + (
            [(phantom, f"{phantom}: the sit-out")] if phantom else []
        )
        self.fields["score"].choices = list(LATE_SCORES.items())
        for pick, _new in (seat for pair in LATE_SEATS for seat in pair):
            self.fields[pick].queryset = club.players.all() if club else Player.objects.none()

    def clean(self):
        data = super().clean()
        if data.get("change") == "add":
            self._clean_late()
        elif data.get("change") == "remove":
            for name in ("gone1", "gone2"):
                if data.get(name) in (None, ""):
                    self.add_error(name, "Choose the pair.")
            if data.get("gone1") and data.get("gone1") == data.get("gone2"):
                self.add_error("gone2", "Choose two different pairs.")
            if not data.get("score"):
                self.add_error("score", "Choose how the boards not played are scored.")
        return data

    def _clean_late(self) -> None:
        """Every seat picked or typed (sign-in's message); nobody already playing."""
        for pick, new in (seat for pair in LATE_SEATS for seat in pair):
            if pick not in self.errors and new not in self.errors and not _picked(self, pick, new):
                self.add_error(pick, "Choose or type a player.")
        for pair, number in zip(LATE_SEATS, self.numbers, strict=True):
            _refuse_playing(self, self.session, pair, number)
        picked = [self.cleaned_data.get(p) for pair in LATE_SEATS for p, _ in pair]
        first = {p.pk for p in picked[:2] if p}
        for (pick, _new), player in zip(LATE_SEATS[1], picked[2:], strict=True):
            if player and player.pk in first and pick not in self.errors:
                self.add_error(pick, f"{player.name} is already in late pair 1.")

    def late_pairs(self) -> list[list[Player | str]]:
        return [[_picked(self, pick, new) for pick, new in pair] for pair in LATE_SEATS]


#: The movements the console offers by name, grouped as a director looks for them
#: (docs/movements.md and docs/schedules.md describe each); the codes are ``movements.kinds()``.
MOVEMENT_CHOICES = [
    (
        "Pairs: two fields (N-S and E-W)",
        [
            ("mitchell", "Mitchell"),
            ("arrow-switch", "Arrow-switch Mitchell (one winner)"),
            ("skip-mitchell", "Skip Mitchell (even tables)"),
            ("relay-bye", "Relay and bye stand (even tables)"),
            ("hesitation-mitchell", "Hesitation Mitchell (odd half table)"),
            ("rover-mitchell", "Rover Mitchell (odd number of pairs)"),
            ("appendix-mitchell", "Appendix Mitchell"),
            ("web-mitchell", "Web Mitchell (two copies of the boards)"),
        ],
    ),
    (
        "Pairs: one field",
        [
            ("howell", "Howell (complete or cut short)"),
            ("three-quarter-howell", "Three-quarter Howell"),
            ("endless-howell", "Endless (flower) Howell"),
            ("howell-mitchell", "Howell-Mitchell hybrid"),
            ("mnemonic", "Mnemonic (memory) duplicate"),
        ],
    ),
    (
        "Teams",
        [
            ("team", "Teams of four"),
            ("club-match", "Whist club match (two teams)"),
        ],
    ),
    (
        "Individual and social",
        [
            ("individual", "Individual"),
            ("rainbow", "Rainbow individual"),
            ("pivot", "Pivot"),
            ("pivot-pair", "Pivot-pair round robin"),
            ("safford", "Safford"),
            ("baker", "Baker social duplicate"),
        ],
    ),
]


class MovementForm(forms.Form):
    kind = forms.ChoiceField(
        label="Movement",
        choices=[("", "Choose a movement…"), *MOVEMENT_CHOICES],
        error_messages={
            "invalid_choice": "%(value)s is not a movement this console knows; choose one "
            "from the list."
        },
    )
    boards_per_round = forms.IntegerField(min_value=1, max_value=8, initial=3)
    rounds = forms.IntegerField(min_value=1, max_value=limits.MAX_ROUNDS, required=False)
    form_1926 = forms.BooleanField(
        required=False,
        label="1926 form (skip Mitchell): all rounds, the skipping pair meets one pair twice",
    )

    def clean(self):
        data = super().clean()
        if data.get("form_1926") and data.get("kind") != "skip-mitchell":
            self.add_error(
                "form_1926",
                "The 1926 form is a skip Mitchell's (an even number of tables): choose "
                "skip-mitchell, or clear this box.",
            )
        return data


class MovementImportForm(forms.Form):
    schedule = forms.FileField(
        label="Schedule file (JSON)",
        help_text="A movement schedule in the JSON schedule format (docs/movements.md, Import).",
    )
    boards_per_round = forms.IntegerField(min_value=1, max_value=8, initial=2)

    MAX_BYTES = 1_000_000

    def clean_schedule(self):
        upload = self.cleaned_data["schedule"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(
                "The file is over 1 MB; a movement schedule is far smaller."
            )
        return upload


class ShareBoardsForm(forms.Form):
    """Twin sections: the section plays another section's boards, table k beside table k."""

    shares_boards_with = forms.ChoiceField(
        label="Boards",
        required=False,
        help_text="Table k of this section shares the set of table k of the other section.",
    )

    def __init__(self, *args, choices=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["shares_boards_with"].choices = list(choices)


class BoardsForm(forms.Form):
    seed = forms.CharField(
        max_length=200, required=False,
        help_text="Optional: the same seed deals the same boards again (verifiable).",
    )  # fmt: skip


class StatusForm(forms.Form):
    to = forms.ChoiceField(choices=Session.Status.choices)
    override = forms.CharField(
        required=False, max_length=200, label="Reason for overriding the protest window"
    )


class ConfirmForm(forms.Form):
    table = forms.IntegerField(min_value=1, max_value=limits.TABLE_NUMBER_MAX)
    round = forms.IntegerField(min_value=1, max_value=limits.ROUND_NUMBER_MAX)


class ReasonForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), required=False)


RULING_KINDS = [
    ("average", "Average to both sides (A50/A50)"),
    ("ave_plus_minus", "Ave+ to one side, Ave− to the other"),
    ("split", "Split (non-balancing) artificial score"),
    ("fouled", "Fouled board: compare within groups"),
    ("wrong_count", "Wrong number of cards (Law 4c)"),
    ("shifted", "Shifted hands (Law 5)"),
    ("revoke", "Revoke penalty"),
    ("late_play", "Late play / not played in time"),
    ("passing_on", "Passed on a wrong count: 50 points off (Law 4d)"),
    ("revoke_loss", "Loss beyond the revoke penalty: committee's figure (Law 7)"),
    ("weighted", "Weighted score (Law 12C1(c)): e.g. 60% of one result, 40% of another"),
]
SIDES = [("NS", "N-S"), ("EW", "E-W"), ("both", "Both")]


class RulingForm(forms.Form):
    """A ruling on one board; which fields matter depends on the kind (docs/console.md)."""

    kind = forms.ChoiceField(choices=RULING_KINDS)
    ns = forms.IntegerField(
        min_value=1, max_value=limits.ENTRY_NUMBER_MAX, required=False, label="N-S pair"
    )
    ew = forms.IntegerField(
        min_value=1, max_value=limits.ENTRY_NUMBER_MAX, required=False, label="E-W pair"
    )
    side = forms.ChoiceField(choices=SIDES, required=False, label="Side at fault / favoured")
    ns_percent = forms.IntegerField(min_value=0, max_value=100, required=False)
    ew_percent = forms.IntegerField(min_value=0, max_value=100, required=False)
    group = forms.CharField(max_length=8, required=False, label="Fouled group")
    tables = forms.CharField(
        max_length=80, required=False, label="Tables (N-S pair numbers, comma-separated)"
    )
    revokes = forms.IntegerField(min_value=0, max_value=13, required=False)
    points = forms.IntegerField(
        min_value=1, max_value=10000, required=False, label="Committee's figure (points, Law 7)"
    )
    weighted = forms.CharField(
        max_length=200, required=False,
        label="Weighting (weighted score): e.g. 60% 4S N =; 40% 4S N -1",
    )  # fmt: skip
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}))

    def clean_tables(self) -> list[int]:
        text = (self.cleaned_data.get("tables") or "").replace(" ", "")
        try:
            return [
                limits.number(x, "A pair number", limits.ENTRY_NUMBER_MAX)
                for x in text.split(",")
                if x
            ]
        except ValueError:
            raise forms.ValidationError(
                "Write pair numbers separated by commas, e.g. 1,3,5."
            ) from None


class ProtestForm(forms.Form):
    """A protest to the committee on one board (Law 12): who, the grounds, when filed."""

    entry = forms.IntegerField(
        min_value=1, max_value=limits.ENTRY_NUMBER_MAX, label="Protesting pair (number)"
    )
    grounds = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), label="Grounds")
    filed_at = forms.DateTimeField(
        required=False, label="Filed at (yyyy-mm-dd hh:mm; blank: now)",
        widget=forms.DateTimeInput(attrs={"placeholder": "yyyy-mm-dd hh:mm"}),
    )  # fmt: skip


class ProtestDecisionForm(forms.Form):
    """The committee's decision on a protest (Law 12: final)."""

    status = forms.ChoiceField(
        choices=[("upheld", "Upheld"), ("dismissed", "Dismissed")], label="Decision"
    )
    decision = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2}), label="The committee's decision, in words"
    )


class OverrideForm(forms.Form):
    """The TD's seating for a round, one line per table: 'table: N S E W' (players) or
    'table: N-S v E-W' (pairs)."""

    seating = forms.CharField(widget=forms.Textarea(attrs={"rows": 6}))
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}))

    def clean_seating(self) -> list[dict]:
        rows = []
        for n, line in enumerate(self.cleaned_data["seating"].splitlines(), start=1):
            if line.strip():
                rows.append(_seating_line(n, line))
        if not rows:
            raise forms.ValidationError("Give at least one table.")
        return rows


def _seating_line(n: int, line: str) -> dict:
    def seat(text: str) -> int:
        return limits.number(text, "a number", limits.ENTRY_NUMBER_MAX)

    try:
        table, rest = line.split(":")
        table = limits.number(table, "a table", limits.TABLE_NUMBER_MAX)
        if "v" in rest.lower():
            ns, ew = rest.lower().split("v")
            return {"table": table, "ns": seat(ns), "ew": seat(ew)}
        numbers = [seat(x) for x in rest.split()]
        if len(numbers) in (3, 5, 6):  # Five Hundred: the players in seat order
            return {"table": table, "seats": numbers}
        north, south, east, west = numbers
        return {"table": table, "n": north, "s": south, "e": east, "w": west}
    except ValueError:
        raise forms.ValidationError(
            f"Line {n}: write 'table: N S E W' (e.g. '1: 3 7 4 8') or 'table: N-S v E-W'; "
            "at Five Hundred, the players in seat order (3 to 6 of them)."
        ) from None


class TieDecisionForm(forms.Form):
    """The outcome of a tie for prizes: the tied entries best first ('5 3')."""

    section = forms.CharField(max_length=16, widget=forms.HiddenInput)
    field = forms.CharField(max_length=16, widget=forms.HiddenInput)
    tied = forms.CharField(max_length=200, widget=forms.HiddenInput)
    method = forms.ChoiceField(
        choices=[("play_off", "Play-off"), ("cut", "Cut"), ("draw", "Draw")], label="Decided by"
    )
    order = forms.CharField(
        max_length=200, label="Order (best first)", help_text="the tied numbers, e.g. 5 3"
    )
    note = forms.CharField(max_length=200, required=False, label="Note")

    def clean_order(self) -> list[int]:
        text = self.cleaned_data["order"].replace(",", " ")
        try:
            return [limits.number(x, "a number", limits.ENTRY_NUMBER_MAX) for x in text.split()]
        except ValueError:
            raise forms.ValidationError("Write the tied numbers best first, e.g. 5 3.") from None


def field_errors(exc) -> dict[str, list[str]]:
    """A service's ValidationError as {field: [messages]} for ``form.add_error``."""
    if hasattr(exc, "error_dict"):
        return {k: [m for e in v for m in e.messages] for k, v in exc.error_dict.items()}
    return {"__all__": list(exc.messages)}


def add_errors(form, exc) -> None:
    for field, messages in field_errors(exc).items():
        for message in messages:
            form.add_error(field if field in form.fields else None, message)


def run_action(actions: dict, request, target) -> tuple[str, list[str]]:
    """A page of several small forms, each naming its ``action``: run the POSTed one as
    ``actions[name](request, target)``; (its success note, []) or ("", the messages of the
    service's refusal), an unknown action refused like any other."""
    from django.core.exceptions import ValidationError as ServiceError

    action = actions.get(request.POST.get("action", ""))
    try:
        if action is None:
            raise ServiceError({"action": "Unknown action."})
        return action(request, target), []
    except ServiceError as exc:
        return "", [m for msgs in field_errors(exc).values() for m in msgs]


class UploadForm(forms.Form):
    """One file to import (docs/console.md, "Files"); a file's error is shown at this field."""

    MAX_BYTES = 20 * 1024 * 1024

    file = forms.FileField(label="File")

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(
                f"The file is {upload.size:,} bytes; at most {self.MAX_BYTES:,} are accepted."
            )
        raw = upload.read()
        try:
            self.text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise forms.ValidationError(
                f"byte {exc.start}: the file is not UTF-8 text (save it as UTF-8 and try again)."
            ) from None
        return upload


class SocialScoreForm(forms.Form):
    """One table's points for one round of a social game (console and table page): each
    side's points won, "without deducting the points lost" [002 L2765–2767]; an unfinished
    rubber and, at Baker's 24th hand, the games won toward it [002 L3161–3164]."""

    POINTS_MAX = 100_000  # as tournament.social.services.POINTS_MAX

    round = forms.IntegerField(min_value=1, max_value=limits.ROUND_NUMBER_MAX)
    table = forms.IntegerField(min_value=1, max_value=limits.TABLE_NUMBER_MAX)
    ns_points = forms.IntegerField(label="N-S points won", min_value=0, max_value=POINTS_MAX)
    ew_points = forms.IntegerField(label="E-W points won", min_value=0, max_value=POINTS_MAX)
    finished = forms.ChoiceField(
        label="Rubber", choices=(("yes", "finished"), ("no", "unfinished")), initial="yes"
    )
    ns_games = forms.IntegerField(
        label="N-S games toward it", min_value=0, max_value=1, required=False
    )
    ew_games = forms.IntegerField(
        label="E-W games toward it", min_value=0, max_value=1, required=False
    )

    def score(self) -> dict:
        """The cleaned score as ``tournament.social.services.enter_score`` takes it."""
        data = self.cleaned_data
        finished = data["finished"] == "yes"
        return {
            "ns_points": data["ns_points"],
            "ew_points": data["ew_points"],
            "finished": finished,
            "ns_games": 0 if finished else data.get("ns_games") or 0,
            "ew_games": 0 if finished else data.get("ew_games") or 0,
        }


COMBINED_METHODS = [
    ("", "Rank each session apart"),
    ("sum", "Total of the session percentages"),
    ("average", "Average of the session percentages"),
    ("matchpoints", "Matchpoints, each session factored to a common top"),
    ("carry_mp", "Qualifying and final: carry-over of matchpoints (EBU §172)"),
    ("carry_percent", "Qualifying and final: carry-over of the percentage"),
]


class CombinedForm(forms.Form):
    """How an event of several sessions ranks its pairs (``Event.conditions["combined"]``)."""

    method = forms.ChoiceField(choices=COMBINED_METHODS, required=False, label="Combined ranking")
    factor = forms.CharField(
        max_length=20, initial="1/2", required=False, label="Carry-over factor",
        help_text="1/2, 0.5 or 50%: the EBU carries half the qualifying score into the final.",
    )  # fmt: skip
    final = forms.ChoiceField(choices=[], required=False, label="Final session")
    qualify = forms.IntegerField(
        min_value=1, max_value=conditions_schema.QUALIFY_MAX, required=False,
        label="Pairs qualifying for the final (section A)",
    )  # fmt: skip
    b_final = forms.IntegerField(
        min_value=1, max_value=conditions_schema.QUALIFY_MAX, required=False,
        label="Next pairs to a B final (section B)",
    )  # fmt: skip
    prizes = forms.BooleanField(
        required=False, label="Prizes of the last session by the combined ranking"
    )

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event
        names = list(event.sessions.order_by("date", "pk").values_list("name", flat=True))
        self.fields["final"].choices = [("", "—")] + [(n, n) for n in dict.fromkeys(names)]
        chosen = event.condition("combined") or {}
        for name in self.fields:
            if name in chosen:
                self.fields[name].initial = chosen[name]

    def clean(self):
        data = super().clean()
        method = data.get("method")
        if method in ("carry_mp", "carry_percent"):
            if not data.get("final"):
                self.add_error("final", "A carry-over needs the final session.")
        if data.get("final") and self.event.sessions.filter(name=data["final"]).count() > 1:
            self.add_error("final", "Two sessions have that name: rename one first.")
        if not self.errors and method:
            try:
                conditions_schema.check({"combined": self.combined()}, keys=("combined",))
            except conditions_schema.ConditionError as exc:
                key = exc.path.split(".")[-1]
                self.add_error(key if key in self.fields else None, exc.message)
        return data

    def combined(self) -> dict:
        """The ``combined`` conditions from the form ({} when each session ranks apart)."""
        data = self.cleaned_data
        if not data.get("method"):
            return {}
        out = {"method": data["method"], "factor": data.get("factor") or "1/2",
               "prizes": bool(data.get("prizes"))}  # fmt: skip
        for key in ("final", "qualify", "b_final"):
            if data.get(key):
                out[key] = data[key]
        return out


class SwissStartForm(forms.Form):
    """The Swiss conditions (``Event.conditions["swiss"]``, docs/swiss.md)."""

    vp_scale = forms.ChoiceField(
        label="VP scale",
        choices=[("wbf", "WBF 2013 continuous 20-VP scale"),
                 ("discrete20", "20-point discrete scale (matches of 6–11 boards)")],
        initial="wbf",
    )  # fmt: skip
    boards_per_match = forms.IntegerField(label="Boards per match", min_value=1, max_value=200,
                                          initial=8)  # fmt: skip
    rounds = forms.IntegerField(label="Rounds", min_value=1, max_value=limits.MAX_ROUNDS,
                                initial=3)  # fmt: skip
    bye_vp = forms.DecimalField(label="VPs for a bye", min_value=0, max_value=20,
                                decimal_places=2, initial=12)  # fmt: skip
    first_round = forms.ChoiceField(
        label="Round 1",
        choices=[("seeded", "by seed: top half against bottom half"),
                 ("random", "a random draw")],
        initial="seeded",
    )  # fmt: skip
    tie_break = forms.ChoiceField(
        label="Equal VPs",
        choices=[("imp_difference", "separated by the IMP difference"),
                 ("none", "share the place")],
        initial="imp_difference", required=False,
    )  # fmt: skip


class SwissScoreForm(forms.Form):
    """One match's score: each side's IMPs."""

    round = forms.IntegerField(min_value=1, max_value=limits.ROUND_NUMBER_MAX)
    table = forms.IntegerField(min_value=1, max_value=limits.TABLE_NUMBER_MAX)
    home_imps = forms.IntegerField(label="Home IMPs", min_value=0, max_value=999)
    away_imps = forms.IntegerField(label="Away IMPs", min_value=0, max_value=999)
    reason = forms.CharField(label="Reason for the change", max_length=200, required=False)


class SwissSheetForm(forms.Form):
    """One Swiss teams match board by board: each board's result at table 1 (the home team
    N-S) and at table 2 (the away team N-S), fields ``b<board>_t<table>``, each a N-S score
    ("420", "-50") or a contract result as on the pairs' keypad ("4SX N =", "3NT S -1",
    "PASS"); a line that is neither is refused at its field
    (``tournament.swiss.services.enter_boards``).  A sheet the teams confirmed at the table
    changes only with a ``reason``."""

    round = forms.IntegerField(min_value=1, max_value=limits.ROUND_NUMBER_MAX)
    table = forms.IntegerField(min_value=1, max_value=limits.TABLE_NUMBER_MAX)
    reason = forms.CharField(
        label="Reason for the change", max_length=200, required=False,
        help_text="Needed once the teams have confirmed the sheet at the table.",
    )  # fmt: skip

    def __init__(self, boards: int, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.boards = boards
        for board in range(1, boards + 1):
            for table in (1, 2):
                self.fields[f"b{board}_t{table}"] = forms.CharField(
                    label=f"Board {board}, table {table} result or N-S score", max_length=24,
                    required=False,  # an empty line is refused at its field by the service
                    widget=forms.TextInput(attrs={"size": 9, "autocomplete": "off",
                                                  "autocapitalize": "characters"}),
                )  # fmt: skip

    def rows(self):
        """(board, table 1 field, table 2 field) in board order."""
        return [(b, self[f"b{b}_t1"], self[f"b{b}_t2"]) for b in range(1, self.boards + 1)]

    def lines(self):
        """(board, [table 1 field, table 2 field]) in board order (the console's sheet)."""
        return [(b, [t1, t2]) for b, t1, t2 in self.rows()]

    def scores(self) -> dict[int, tuple[str, str]]:
        data = self.cleaned_data
        return {b: (data[f"b{b}_t1"], data[f"b{b}_t2"]) for b in range(1, self.boards + 1)}


class ProgressiveDealForm(forms.Form):
    """One deal of a progressive auction round (table page and console): each side's trick
    points below the line and points above; the side that scored first, which progresses
    if the round ends in a tie [002 L2871–2875, L6473–6476]."""

    round = forms.IntegerField(min_value=1, max_value=limits.ROUND_NUMBER_MAX)
    table = forms.IntegerField(min_value=1, max_value=limits.TABLE_NUMBER_MAX)
    deal = forms.IntegerField(min_value=1, max_value=PROGRESSIVE_DEALS)
    ns_trick = forms.IntegerField(label="N-S trick points", min_value=0, max_value=TRICK_POINTS_MAX)
    ew_trick = forms.IntegerField(label="E-W trick points", min_value=0, max_value=TRICK_POINTS_MAX)
    ns_above = forms.IntegerField(
        label="N-S points above", min_value=0, max_value=ABOVE_POINTS_MAX, required=False
    )
    ew_above = forms.IntegerField(
        label="E-W points above", min_value=0, max_value=ABOVE_POINTS_MAX, required=False
    )
    first_to_score = forms.ChoiceField(
        label="Scored first", required=False,
        choices=(("", "—"), ("ns", "N-S"), ("ew", "E-W")),
    )  # fmt: skip

    def deal_fields(self) -> dict:
        """The cleaned deal as ``tournament.progressive.services.enter_deal`` takes it."""
        data = self.cleaned_data
        return {"ns_trick": data["ns_trick"], "ew_trick": data["ew_trick"],
                "ns_above": data.get("ns_above") or 0, "ew_above": data.get("ew_above") or 0,
                "first_to_score": data.get("first_to_score") or ""}  # fmt: skip


class RatingsForm(forms.Form):
    """The ratings of a club's players, one row (field ``rating_<pk>``) each: a whole number
    of masterpoints or the club's rating, 0 to ``limits.RATING_MAX``; blank for none.  A bad
    rating is refused at its own row, with the reason; ``ratings()`` gives the rows sent."""

    RULE = f"A rating is a whole number from 0 to {limits.RATING_MAX:,}; leave it blank for none."

    def __init__(self, players, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = list(players)
        messages = {"invalid": self.RULE, "min_value": self.RULE, "max_value": self.RULE}
        for player in self.players:
            self.fields[f"rating_{player.pk}"] = forms.IntegerField(
                label=player.name, required=False, min_value=0, max_value=limits.RATING_MAX,
                initial=player.rating, error_messages=messages,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "size": 8}),
            )  # fmt: skip

    def rows(self):
        """(player, its bound field) in the page's order."""
        return [(p, self[f"rating_{p.pk}"]) for p in self.players]

    def ratings(self) -> dict[int, int | None]:
        """{player pk: rating or None} of the rows the POST carried (a player added since
        the page was drawn has no row in it and keeps the rating it has)."""
        return {
            p.pk: self.cleaned_data[f"rating_{p.pk}"]
            for p in self.players
            if f"rating_{p.pk}" in self.data
        }


def five_hundred_points(post, section, round_number: int, table: int) -> dict[int, int]:
    """A Five Hundred deal as posted: ``side_1``/``side_2`` (the odd and the even seats'
    points, each partner credited with the whole [002 L7381–7384]) at four and six hands,
    ``p_<player>`` at three and five.  Shared by the console and the table's page."""
    from django.core.exceptions import ValidationError

    from tournament.progressive import selectors as progressive_selectors

    t = progressive_selectors.fh_table(section, round_number, table)
    if t is None:
        raise ValidationError({"table": f"There is no table {table} in round {round_number}."})
    high = progressive_selectors.DEAL_POINTS_MAX

    def value(key: str, who: str) -> int:
        raw = (post.get(key) or "").strip()
        if not raw:
            raise ValidationError({"points": f"Give the points of {who} (0 if none)."})
        try:
            return limits.number(raw, f"the points of {who}", high, -high)
        except ValueError as exc:
            raise ValidationError({"points": f"{exc} (minus for a set-back)."}) from None

    if t.partnership:
        out = {}
        for i, side in enumerate(t.sides(), start=1):
            v = value(f"side_{i}", "players " + " and ".join(map(str, side)))
            out.update(dict.fromkeys(side, v))
        return out
    return {p: value(f"p_{p}", f"player {p}") for p in t.seats}
