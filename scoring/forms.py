"""The result-entry form shared by the TD's console and the table devices.

Keyboard-first: for contract bridge one box takes the whole result
("4SX N =", "3NT S -2", "4H E 11", "PASS"), or the parts in their own boxes;
"NP" means not played and "A60/A40" is an artificial adjusted score.  Auction
adds honours and revokes; whist takes the N-S tricks (E-W = 13 − N-S).  Errors
are attached to the field the player typed in, and what was typed is kept.

``version`` (hidden) is the version of the stored result the page showed (0: none yet); the
write is refused if the result has changed or been confirmed since (see
``scoring.results.services``).
"""

from __future__ import annotations

from typing import Any

from django import forms

from scoring.engine.adjustments import parse_adjusted
from scoring.engine.contract import ScoringError, parse_result
from tournament import limits

HONOURS = [(0, "0"), (30, "30"), (40, "40"), (50, "50"), (80, "80"), (90, "90"), (100, "100")]


class ResultEntryForm(forms.Form):
    board = forms.IntegerField(min_value=1, max_value=limits.BOARD_NUMBER_MAX, label="Board")
    ns = forms.IntegerField(min_value=1, max_value=limits.ENTRY_NUMBER_MAX, label="N-S")
    ew = forms.IntegerField(min_value=1, max_value=limits.ENTRY_NUMBER_MAX, label="E-W")
    round = forms.IntegerField(
        min_value=1, max_value=limits.ROUND_NUMBER_MAX, required=False, label="Round"
    )
    result = forms.CharField(required=False, max_length=24, label="Result",
                             help_text="e.g. 4SX N =, 3NT S -2, PASS, NP, A60/A40")  # fmt: skip
    contract = forms.CharField(required=False, max_length=8, label="Contract")
    declarer = forms.CharField(required=False, max_length=1, label="By")
    tricks = forms.IntegerField(required=False, min_value=0, max_value=13, label="Tricks")
    lead = forms.CharField(required=False, max_length=3, label="Lead")
    honours_ns = forms.TypedChoiceField(
        choices=HONOURS, coerce=int, required=False, empty_value=0, label="Honours N-S"
    )
    honours_ew = forms.TypedChoiceField(
        choices=HONOURS, coerce=int, required=False, empty_value=0, label="Honours E-W"
    )
    #: whist: the tricks come first (keyboard entry starts here), then the revokes
    tricks_ns = forms.IntegerField(required=False, min_value=0, max_value=13, label="Tricks N-S")
    revokes_ns = forms.IntegerField(required=False, min_value=0, max_value=13, label="Revokes N-S")
    revokes_ew = forms.IntegerField(required=False, min_value=0, max_value=13, label="Revokes E-W")
    adjusted = forms.CharField(required=False, max_length=16, label="Adjusted")
    version = forms.IntegerField(
        required=False, min_value=0, max_value=limits.DB_INT_MAX, widget=forms.HiddenInput
    )

    #: the fields a person fills in for each game (besides board, pairs and round): what the
    #: traveller row and the correction form show
    GAME_FIELDS = {
        "contract": ("result", "lead", "adjusted"),
        "auction": ("result", "lead", "honours_ns", "honours_ew", "revokes_ns", "revokes_ew",
                    "adjusted"),
        "whist": ("tricks_ns", "revokes_ns", "revokes_ew", "adjusted"),
    }  # fmt: skip

    def __init__(self, *args, game: str = "contract", only_game_fields: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        if only_game_fields:  # the correction form: another game's fields are not even read
            keep = {"board", "ns", "ew", "round", "version", *self.GAME_FIELDS.get(game, ())}
            for name in [n for n in self.fields if n not in keep]:
                del self.fields[name]
        self.result_fields: dict[str, Any] = {}

    @property
    def game_fields(self) -> list:
        """The bound fields of this form's game, in order (see ``GAME_FIELDS``)."""
        return [self[name] for name in self.GAME_FIELDS.get(self.game, ()) if name in self.fields]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        try:
            self.result_fields = self._fields(data)
        except ScoringError as exc:
            field = exc.field if exc.field in self.fields else "result"
            self.add_error(field, exc.message)
        return data

    def _fields(self, data: dict[str, Any]) -> dict[str, Any]:
        text = (data.get("result") or "").strip().upper()
        extras = {k: data.get(k) or 0 for k in ("revokes_ns", "revokes_ew")}
        adjusted = (data.get("adjusted") or "").strip() or (
            text if text.startswith(("A", "+", "-")) and "/" in text else ""
        )
        if text == "NP":
            return {"not_played": True}
        if adjusted:
            parse_adjusted(adjusted)
            return {"adjusted": adjusted.upper().replace(" ", "")}
        if self.game == "whist":
            return self._whist(data, text, extras)
        fields = self._contract(data, text)
        fields["lead"] = (data.get("lead") or "").strip().upper()
        if self.game == "auction":
            fields.update(
                extras,
                honours_ns=data.get("honours_ns") or 0,
                honours_ew=data.get("honours_ew") or 0,
            )
        return fields

    def _whist(self, data, text, extras) -> dict[str, Any]:
        tricks_ns = data.get("tricks_ns")
        if tricks_ns is None and text.isdigit():
            tricks_ns = int(text)
        if tricks_ns is None:
            raise ScoringError("tricks_ns", "Enter the tricks won by N-S (0–13).")
        if not 0 <= tricks_ns <= 13:
            raise ScoringError("tricks_ns", "N-S took between 0 and 13 tricks.")
        return {"tricks_ns": tricks_ns, **extras}

    def _contract(self, data, text) -> dict[str, Any]:
        if text:
            parsed = parse_result(text)
        elif data.get("contract"):
            parts = [data["contract"], (data.get("declarer") or "").upper()]
            if data.get("tricks") is not None:
                parts.append(str(data["tricks"]))
            parsed = parse_result(" ".join(p for p in parts if p))
        else:
            raise ScoringError("result", "Enter the result, e.g. 4S N =, 3NT S -1, PASS, or NP.")
        if parsed.contract.passed_out:
            return {"contract": "PASS"}
        return {
            "contract": str(parsed.contract),
            "declarer": parsed.declarer,
            "tricks": parsed.tricks,
        }
