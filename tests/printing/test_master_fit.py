"""The master sheet fits its columns at every size the movements produce (issue 18: "Idle
boards" overlapped the Table 7 and sit-out columns).  Every line of every cell, measured in
its own font with reportlab's ``stringWidth``, plus the cell padding, is no wider than its
column, for the widest movement of each family on both page sizes; and the grid is as wide
as the page's frame, no wider."""

from __future__ import annotations

import functools

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from tournament.movements import build
from tournament.printing.documents.cards import master_grids, master_sheet
from tournament.printing.documents.common import PrintData, frame_width

#: (kind, options): the largest each family builds (MAX_TABLES = 60 where it goes that far)
WIDEST = [
    ("mitchell", {"tables": 15}),
    ("mitchell", {"pairs": 29, "boards_per_round": 3}),  # a phantom: sit-outs every round
    ("howell", {"tables": 40}),
    ("three-quarter-howell", {"tables": 40}),
    ("relay-bye", {"tables": 60}),
    ("skip-mitchell", {"tables": 60}),
    ("arrow-switch", {"tables": 60}),
    ("team", {"tables": 15}),
    ("individual", {"tables": 10}),
    ("rainbow", {"tables": 13}),
    ("pivot-pair", {"tables": 60}),
    ("safford", {"tables": 60}),
    ("baker", {"tables": 60}),
    ("relay-bye", {"tables": 8, "boards_per_round": 12}),  # long idle-board lists
    ("howell", {"pairs": 13, "boards_per_round": 4}),  # the evening of issue 18
]


@functools.cache
def movement(kind, options):
    return build(kind, **dict(options))


def overflows(grid) -> list[str]:
    out = []
    for r, row in enumerate(grid.rows):
        for c, value in enumerate(row):
            if not isinstance(value, str) or not value:
                continue
            st = grid.styles[r][c]
            for line in value.split("\n"):
                needed = stringWidth(line, st.font, st.size) + st.left + st.right
                if needed > grid.widths[c] + 0.01:
                    out.append(f"row {r} col {c} {line!r}: {needed:.1f} > {grid.widths[c]:.1f}")
    return out


@pytest.mark.parametrize("page", ["A4", "Letter"])
@pytest.mark.parametrize(("kind", "options"), WIDEST, ids=lambda x: str(x))
def test_every_cell_of_the_master_sheet_fits_its_column(kind, options, page):
    m = movement(kind, tuple(sorted(options.items())))
    data = PrintData(title="Club pairs", movement=m, page_size=page)
    grids = master_grids(data, m)
    width = frame_width(data, landscape_page=True)
    tables = []
    for grid in grids:
        assert not overflows(grid), overflows(grid)[:5]
        assert sum(grid.widths) <= width + 0.01
        assert len(grid.rows) == m.round_count + 1  # a row per round under the header
        tables += [int(h.split()[1]) for h in grid.rows[0] if h.startswith("Table ")]
    assert tables == list(range(1, m.tables + 1))  # every table once, in order
    assert grids[-1].rows[0][-2:] == ["Idle boards", "Sit-out"]
    for rnd, row in zip(m.rounds, grids[-1].rows[1:], strict=True):
        sit = row[-1].replace("\n", " ").replace(",", " ").split()
        assert sit == ([str(x) for x in rnd.sit_out] or ["—"])


def test_the_issue_18_sheet_renders_and_fits(tmp_path):
    """The 13-pair Howell of issue 18: six idle sets a round next to Table 7 and the sit-out."""
    m = movement("howell", (("boards_per_round", 2), ("pairs", 13)))
    data = PrintData(title="Club pairs", movement=m)
    grids = master_grids(data, m)
    assert all(not overflows(g) for g in grids)
    idle = [row[-2] for row in grids[-1].rows[1:]]
    assert max(len(t.split("\n")) for t in idle) >= 2  # six sets wrap rather than overlap
    name, mime, pdf = master_sheet(data)
    assert mime == "application/pdf" and pdf.startswith(b"%PDF")
    (tmp_path / name).write_bytes(pdf)
