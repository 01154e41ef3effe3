"""The TD's drawn seats, typed 'player: place' one per line (progressive round 1 and the Five
Hundred tally cards): read, or refused at the field with the line's number."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tournament.progressive.services import parse_cards, parse_positions


def test_positions_and_cards_are_read_line_by_line_blank_lines_skipped():
    assert parse_positions("3: 1 a\n\n4: 2 B") == {3: "1 A", 4: "2 B"}
    assert parse_cards("3: A 1\n7: b 2") == {3: "A 1", 7: "B 2"}


@pytest.mark.parametrize(
    ("parse", "text", "message"),
    [
        (parse_positions, "3: 1 A\n4: 2 C", "Line 2: write 'player: table couple', e.g. '3: 1 A'."),
        (parse_positions, "three: 1 A", "Line 1: write 'player: table couple', e.g. '3: 1 A'."),
        (parse_cards, "3: A 1\n\n5: Z", "Line 3: write 'player: table letter and seat', e.g. '3: A 1'."),
    ],
)  # fmt: skip
def test_a_line_that_does_not_read_is_named_at_the_field(parse, text, message):
    with pytest.raises(ValidationError) as refused:
        parse(text)
    assert refused.value.message_dict == {"given": [message]}
