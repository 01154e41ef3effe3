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
from scoring.engine.auction import check_honours
from scoring.engine.contract import Contract, ScoringError, parse_result
from scoring.models import BoardResult
from tournament import limits

#: the table phone's keypad (templates/table/_keypad.html, static/js/table-keypad.js): the
#: pairs' entry and a Swiss teams sheet at the table write the same result notation with it
KEYPAD = {
    "levels": range(1, 8),
    "strains": (("C", "\u2663", "Clubs"), ("D", "\u2666", "Diamonds"), ("H", "\u2665", "Hearts"),
                ("S", "\u2660", "Spades"), ("NT", "NT", "No trumps")),
    "seats": (("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")),
    # made exactly, over or down: 7 down to 13 down (a 7-level contract) to 6 over (a 1-level)
    "tricks": tuple((d, "=" if d == 0 else f"{d:+d}".replace("-", "\u2212")) for d in range(-13, 7)),
    "whist": range(14),
}  # fmt: skip
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
    #: whist, team form of the revoke penalty: tricks won before the side's first revoke, which
    #: the penalty never takes away [002 L4259–4263]
    before_revoke_ns = forms.IntegerField(
        required=False, min_value=0, max_value=13, label="N-S tricks before 1st revoke"
    )
    before_revoke_ew = forms.IntegerField(
        required=False, min_value=0, max_value=13, label="E-W tricks before 1st revoke"
    )
    adjusted = forms.CharField(required=False, max_length=16, label="Adjusted")
    #: whose entry this is, when the event takes E-W's score on a difference [000 L731]: sent
    #: by the conflict's "take E-W's score" button, never typed
    reported_by = forms.ChoiceField(
        choices=[("", "—"), ("NS", "N-S"), ("EW", "E-W")], required=False,
        widget=forms.HiddenInput,
    )  # fmt: skip
    version = forms.IntegerField(
        required=False, min_value=0, max_value=limits.DB_INT_MAX, widget=forms.HiddenInput
    )

    #: the fields a person fills in for each game (besides board, pairs and round): what the
    #: traveller row and the correction form show
    GAME_FIELDS = {
        "contract": ("result", "lead", "adjusted"),
        "auction": ("result", "lead", "honours_ns", "honours_ew", "revokes_ns", "revokes_ew",
                    "adjusted"),
        "whist": ("tricks_ns", "revokes_ns", "revokes_ew", "before_revoke_ns", "before_revoke_ew",
                  "adjusted"),
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
            passed = fields.get("contract") == "PASS"
            strain = None if passed else Contract.parse(fields["contract"]).strain
            check_honours(strain, fields["honours_ns"], fields["honours_ew"])
            if passed and (extras["revokes_ns"] or extras["revokes_ew"]):
                raise ScoringError("revokes_ns", "A passed-out deal is not played: no revoke.")
        return fields

    def _whist(self, data, text, extras) -> dict[str, Any]:
        tricks_ns = data.get("tricks_ns")
        if tricks_ns is None and text.isdigit():
            tricks_ns = int(text)
        if tricks_ns is None:
            raise ScoringError("tricks_ns", "Enter the tricks won by N-S (0–13).")
        if not 0 <= tricks_ns <= 13:
            raise ScoringError("tricks_ns", "N-S took between 0 and 13 tricks.")
        before = {k: data.get(k) for k in ("before_revoke_ns", "before_revoke_ew")}
        for side, made in (("ns", tricks_ns), ("ew", 13 - tricks_ns)):
            value = before[f"before_revoke_{side}"]
            if value is None:
                continue
            who = side.upper().replace("NS", "N-S").replace("EW", "E-W")
            if not extras[f"revokes_{side}"]:
                raise ScoringError(f"before_revoke_{side}", f"Only for a side that revoked: "
                                   f"enter the {who} revokes too.")  # fmt: skip
            if value > made:
                raise ScoringError(f"before_revoke_{side}",
                                   f"{who} made only {made} tricks in all.")  # fmt: skip
        return {
            "tricks_ns": tricks_ns,
            **extras,
            **{k: v for k, v in before.items() if v is not None},
        }

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


# --- a table's entry: the checks shared by the table's page and its offline queue ----------

#: The boxes the table's page shows for each game.
FORM_FIELDS = {
    "contract": ("result", "lead"),
    "auction": ("result", "honours_ns", "honours_ew", "revokes_ns", "revokes_ew"),
    "whist": ("tricks_ns", "revokes_ns", "revokes_ew"),
}
FIELD_OF_ERROR = {"board_number": "board", "__all__": None}
CONFIRMED_AT_TABLE = "The opponents have confirmed board {board}; only the director can change it."


def check_place(form, current, board) -> bool:
    """The board, pairs and round must be this table's current ones: refused at the field."""
    data = form.cleaned_data
    if board not in current["boards"]:
        form.add_error("board", f"Board {board} is not played at this table in this round.")
    if data.get("ns") != current["ns"]:
        form.add_error("ns", f"N-S at this table this round is pair {current['ns']}.")
    if data.get("ew") != current["ew"]:
        form.add_error("ew", f"E-W at this table this round is pair {current['ew']}.")
    if data.get("round") not in (None, current["round"]):
        form.add_error("round", f"This table is playing round {current['round']}.")
    return not form.errors


def check_locked(form, results, current) -> None:
    """A post for a board of an earlier round the opponents have confirmed (a page loaded
    before their O.K.): say so, rather than only that the table has moved on."""
    board, posted_round = form.cleaned_data["board"], form.cleaned_data.get("round")
    done = results.get((posted_round, board))
    if posted_round != current["round"] and done is not None:
        if done.status == BoardResult.Status.CONFIRMED:
            form.add_error("board", CONFIRMED_AT_TABLE.format(board=board))


def errors_to_form(form, exc) -> None:
    """A service's ValidationError onto the form's fields (the board's box for the board)."""
    for field, messages in exc.message_dict.items():
        target = FIELD_OF_ERROR.get(field, field)
        if target is not None and target not in form.fields:
            target = "result" if "result" in form.fields else None
        for message in messages:
            form.add_error(target, message)


def surface_errors(form, game: str) -> None:
    """Errors on a part the table page does not show (contract, declarer, tricks) go to the
    box the players typed in, so every refusal is visible at its field."""
    shown = set(FORM_FIELDS.get(game, FORM_FIELDS["contract"])) | {"board", "ns", "ew", "round"}
    target = "tricks_ns" if game == "whist" else "result"
    for name in [n for n in form.errors if n not in shown and n != "__all__"]:
        moved = form.errors.pop(name)
        form.errors.setdefault(target, form.error_class()).extend(moved)
