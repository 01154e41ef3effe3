"""The director's forms: event, session, section, sign-in, movement, boards, corrections,
rulings and progressive overrides.  Forms validate and report at the field; the writes are
made by the services (``tournament.setup.services``, ``tournament.prizes.services``,
``scoring.results.services``, ``scoring.rulings.services``)."""

from __future__ import annotations

from django import forms

from scoring.engine.ranking import TIE_RULES

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
    provisional_hours = forms.IntegerField(
        min_value=0, max_value=conditions_schema.PROVISIONAL_HOURS_MAX, initial=48,
        help_text="Protests are allowed for 48 hours after play (LAWS.md A-20).",
    )  # fmt: skip

    class Meta:
        model = Event
        fields = ["name", "kind", "game", "scoring_method", "format"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        conditions = self.instance.usable_conditions
        for name in self.CONDITIONS:
            if name in conditions:
                self.fields[name].initial = conditions[name]
        policy = conditions.get("scoring", {}).get("adjusted_policy")
        if policy:
            self.fields["adjusted_policy"].initial = policy

    def clean(self):
        data = super().clean()
        game, method = data.get("game"), data.get("scoring_method")
        if game and method and method not in METHODS_FOR_GAME[Game(game)]:
            names = ", ".join(sorted(ScoringMethod(m).label for m in METHODS_FOR_GAME[Game(game)]))
            self.add_error("scoring_method", f"{Game(game).label} is scored by: {names}.")
        if not self.errors:
            try:  # the schema of tournament/conditions.py, as every other way in
                conditions_schema.check(self._conditions(), keys=self.CONDITIONS + ("scoring",))
            except conditions_schema.ConditionError as exc:
                key = exc.path.split(".")[-1]
                self.add_error(key if key in self.fields else None, str(exc))
        return data

    CONDITIONS = ("prizes_per_field", "tie_rule", "provisional_hours")

    def _conditions(self) -> dict:
        """The event's conditions with the form's values written in."""
        conditions = dict(self.instance.conditions or {})
        for name in self.CONDITIONS:
            conditions[name] = self.cleaned_data[name]
        scoring = conditions.get("scoring")
        scoring = dict(scoring) if isinstance(scoring, dict) else {}
        scoring["adjusted_policy"] = self.cleaned_data["adjusted_policy"]
        conditions["scoring"] = scoring
        return conditions

    def save(self, commit=True):
        event = super().save(commit=False)
        event.conditions = self._conditions()
        if commit:
            event.save()
        return event


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


class SignInForm(forms.Form):
    """One entry: players picked from the club list and/or new players typed in."""

    player1 = forms.ModelChoiceField(
        queryset=Player.objects.none(), required=False, label="Player 1"
    )
    player2 = forms.ModelChoiceField(
        queryset=Player.objects.none(), required=False, label="Player 2"
    )
    new_player1 = forms.CharField(max_length=120, required=False, label="or new player 1")
    new_player2 = forms.CharField(max_length=120, required=False, label="or new player 2")
    number = forms.IntegerField(
        min_value=1, max_value=limits.ENTRY_NUMBER_MAX, required=False, label="Number",
        help_text="blank: next free",
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
        out: list[Player | str] = []
        for i in (1, 2):
            chosen = self.cleaned_data.get(f"player{i}")
            new = (self.cleaned_data.get(f"new_player{i}") or "").strip()
            if chosen or new:
                out.append(chosen or new)
        return out


class MovementForm(forms.Form):
    kind = forms.CharField(max_length=32)
    boards_per_round = forms.IntegerField(min_value=1, max_value=8, initial=3)
    rounds = forms.IntegerField(min_value=1, max_value=limits.MAX_ROUNDS, required=False)


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
        north, south, east, west = (seat(x) for x in rest.split())
        return {"table": table, "n": north, "s": south, "e": east, "w": west}
    except ValueError:
        raise forms.ValidationError(
            f"Line {n}: write 'table: N S E W' (e.g. '1: 3 7 4 8') or 'table: N-S v E-W'."
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
