"""Forms of the TD's board-set page, and the board-number ranges shared with ``manage.py deal``."""

from __future__ import annotations

import re

from django import forms

from tournament.limits import BOARD_NUMBER_MAX

MAX_PBN_BYTES = 2_000_000
TRUMP_CHOICES = [
    ("", "Turned (the dealer's last card)"),
    ("S", "♠ declared"),
    ("H", "♥ declared"),
    ("D", "♦ declared"),
    ("C", "♣ declared"),
]


def parse_board_numbers(text: str, limit: int = BOARD_NUMBER_MAX) -> list[int]:
    """``"1-12, 19-24, 30"`` → sorted board numbers; ``ValueError`` saying what is wrong."""
    numbers: set[int] = set()
    for part in filter(None, (p.strip() for p in re.split(r"[,\s]+", text.strip()))):
        match = re.fullmatch(r"(\d+)(?:\s*[-–]\s*(\d+))?", part)
        if not match:
            raise ValueError(f"{part!r} is not a board number or range such as 1-36")
        low, high = int(match.group(1)), int(match.group(2) or match.group(1))
        if low < 1 or high < low:
            raise ValueError(f"{part!r}: boards are numbered from 1 and a range goes upwards")
        if high > limit:
            raise ValueError(f"{part!r}: at most board {limit}")
        numbers.update(range(low, high + 1))
    if not numbers:
        raise ValueError("give the boards, e.g. 1-36")
    return sorted(numbers)


class GenerateForm(forms.Form):
    boards = forms.CharField(
        required=False,
        label="Boards",
        help_text="Blank: the boards the movements play. Or e.g. 1-24.",
        widget=forms.TextInput(attrs={"placeholder": "as the movements", "size": 12}),
    )
    seed = forms.CharField(
        required=False,
        max_length=200,
        label="Seed (optional)",
        help_text="Blank: the operating system's random source. With a seed the set can be "
        "dealt again; keep it secret until the session is over.",
        widget=forms.TextInput(attrs={"autocomplete": "off", "size": 28}),
    )
    declared_trump = forms.ChoiceField(choices=TRUMP_CHOICES, required=False, label="Trumps")

    def clean_boards(self) -> list[int] | None:
        text = self.cleaned_data["boards"]
        if not text.strip():
            return None
        try:
            return parse_board_numbers(text)
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from None


class ImportForm(forms.Form):
    file = forms.FileField(required=False, label="PBN file")
    text = forms.CharField(
        required=False,
        label="or paste PBN",
        widget=forms.Textarea(attrs={"rows": 6, "cols": 60, "spellcheck": "false"}),
    )
    declared_trump = forms.ChoiceField(
        choices=TRUMP_CHOICES, required=False, label="Whist trumps when the file has none"
    )

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload:
            if upload.size > MAX_PBN_BYTES:
                raise forms.ValidationError("The file is larger than 2 MB; is it a PBN file?")
            raw = upload.read()
            try:
                data["pbn"] = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                data["pbn"] = raw.decode("latin-1")  # older dealing machines write Latin-1
        elif data.get("text", "").strip():
            data["pbn"] = data["text"]
        else:
            raise forms.ValidationError("Choose a PBN file or paste its text.")
        return data


class DealForm(forms.Form):
    board = forms.IntegerField(min_value=1, max_value=BOARD_NUMBER_MAX, label="Board")
    deal = forms.CharField(
        label="Deal",
        help_text="N: S AKQ H T98 D 765 C 432 — one line a seat (one may be left out), "
        "or a PBN deal N:AKQ.T98.765.432 …",
        widget=forms.Textarea(attrs={"rows": 4, "cols": 50, "spellcheck": "false"}),
    )
    trump_card = forms.CharField(
        required=False,
        max_length=4,
        label="Trump card (whist)",
        help_text="The dealer's last card, e.g. H7.",
        widget=forms.TextInput(attrs={"size": 4, "autocomplete": "off"}),
    )


class DownloadForm(forms.Form):
    size = forms.ChoiceField(choices=[("A4", "A4"), ("Letter", "Letter")], required=False)
