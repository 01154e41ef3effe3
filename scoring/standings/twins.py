"""Twin sections scored across both sections (``scoring.engine.twins``), for the standings'
recomputation (``scoring.standings.services``): which sections of a session are scored as one
field, and their results, scored in full from both sections' result rows."""

from __future__ import annotations

from dataclasses import replace

from scoring.engine import twins
from scoring.engine.session import score_session
from scoring.engine.team_match import TEAM_METHODS
from scoring.inputs import section_input, section_lines

#: the event's condition (the New event form's "Twin sections: score each board across both
#: sections")
CONDITION = "twin_scoring"


def scored_across(sections, event) -> dict[int, tuple]:
    """Section pk → (first, second) for each twin pair of ``sections`` scored across both
    (the event's condition on, two pair movements: not teams, not an individual)."""
    if not event.condition(CONDITION) or event.scoring_method in TEAM_METHODS:
        return {}
    by_pk = {s.pk: s for s in sections}
    out = {}
    for second in sections:
        first = by_pk.get(second.shares_boards_with_id)
        if first is None:
            continue
        a, b = first.get_movement(), second.get_movement()
        if a is None or b is None or a.individual or b.individual:
            continue
        out[first.pk] = out[second.pk] = (first, second)
    return out


def score_pair(pair, event, *, final: bool):
    """(the merged result, each section's part of it) of a twin pair, scored in full."""
    inputs = [replace(section_input(s, event, final=final, lines=()), lines=section_lines(s))
              for s in pair]  # fmt: skip
    result = score_session(twins.merge(*inputs))
    return result, (twins.split(result, 0), twins.split(result, 1))


def across_json(result, pair) -> dict:
    """The ranking across both sections, as kept in the standings' JSON (``twins``)."""
    return twins.across(result, (pair[0].name, pair[1].name))
