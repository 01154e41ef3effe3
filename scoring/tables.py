"""django-tables2 tables over the scoring engine's output (the kept standings JSON).

The same table feeds the web page and the CSV export (``TableExport``), so a number on the
screen and in the spreadsheet can never disagree.
"""

from __future__ import annotations

import django_tables2 as tables
from django_tables2.export import TableExport

from scoring.engine.numbers import percent_text, places, points_text
from scoring.engine.team_results import KINDS, matches_text, pairs_text, vp_text, winner_text
from tournament.interchange.formats.csv_io import safe_cell


class _Numbers:
    """Percentages with 2 decimals; the ``POINTS`` columns share the decimals they need
    (``scoring.engine.numbers``), on the page and in the CSV alike."""

    POINTS: tuple[str, ...] = ()

    def __init__(self, data, *args, **kwargs):
        super().__init__(data, *args, **kwargs)
        self.places = places(row.get(key) for row in self.data for key in self.POINTS)

    def render_percent(self, value):
        return percent_text(value)

    def value_percent(self, value):
        return value  # the CSV keeps the kept number as it is (a spreadsheet formats it)

    def _points(self, value):
        return points_text(value, self.places)


class StandingsTable(_Numbers, tables.Table):
    POINTS = ("score",)
    rank = tables.Column(verbose_name="Place")
    entry = tables.Column(verbose_name="Pair")
    name = tables.Column(verbose_name="Players")
    score = tables.Column(verbose_name="Score", attrs={"td": {"class": "num"}})
    percent = tables.Column(verbose_name="%", attrs={"td": {"class": "num"}})
    boards_played = tables.Column(verbose_name="Boards", attrs={"td": {"class": "num"}})

    class Meta:
        attrs = {"class": "list"}
        orderable = False

    def render_score(self, value, record):
        return "—" if record.get("boards_played") == 0 else self._points(value)

    def value_score(self, value):
        return value


class _TeamTable(tables.Table):
    """What every team result shows: place, team, name, its pairs' totals, result, winner."""

    #: the key of a pair's total in its row: "tricks" or "imps"
    total = "tricks"
    rank = tables.Column(verbose_name="Place")
    team = tables.Column(verbose_name="Team")
    name = tables.Column(verbose_name="Name")
    result = tables.Column(verbose_name="Result")
    winner = tables.Column(verbose_name="Winner")

    class Meta:
        attrs = {"class": "list"}
        orderable = False

    def render_pairs(self, value):
        return pairs_text(value, self.total)

    def value_pairs(self, value):
        return self.render_pairs(value)

    def render_winner(self, value):
        return winner_text(value)

    def value_winner(self, value):
        return self.render_winner(value)


class TeamMatchTable(_TeamTable):
    """A whist team match: the teams by aggregate tricks, the margin, the winner marked."""

    pairs = tables.Column(verbose_name="Pairs (tricks)")
    tricks = tables.Column(verbose_name="Tricks", attrs={"td": {"class": "num"}})
    odd_pair_credit = tables.Column(
        verbose_name="Odd-pair credit", default="", attrs={"td": {"class": "num"}}
    )
    aggregate = tables.Column(verbose_name="Aggregate", attrs={"td": {"class": "num"}})
    margin = tables.Column(verbose_name="Margin", attrs={"td": {"class": "num"}})

    class Meta(_TeamTable.Meta):
        sequence = ("rank", "team", "name", "pairs", "tricks", "odd_pair_credit", "aggregate",
                    "margin", "result", "winner")  # fmt: skip


class ImpTeamsTable(_TeamTable):
    """Teams of four at IMPs: the teams by IMPs, their victory points, the winner marked."""

    total = "imps"
    pairs = tables.Column(verbose_name="Pairs (IMPs)")
    imps = tables.Column(verbose_name="IMPs", attrs={"td": {"class": "num"}})
    vp = tables.Column(verbose_name="VPs", default="", attrs={"td": {"class": "num"}})
    matches = tables.Column(verbose_name="Matches")

    class Meta(_TeamTable.Meta):
        sequence = ("rank", "team", "name", "pairs", "imps", "vp", "matches", "result", "winner")

    def render_vp(self, value):
        return vp_text(value)

    def value_vp(self, value):
        return self.render_vp(value)

    def render_matches(self, value):
        return matches_text(value)

    def value_matches(self, value):
        return self.render_matches(value)


class TravellerTable(_Numbers, tables.Table):
    POINTS = ("ns_points", "ew_points")
    board = tables.Column(verbose_name="Board")
    ns = tables.Column(verbose_name="N-S")
    ew = tables.Column(verbose_name="E-W")
    contract = tables.Column(verbose_name="Contract", default="")
    declarer = tables.Column(verbose_name="By", default="")
    tricks = tables.Column(verbose_name="Tricks", default="")
    adjusted = tables.Column(verbose_name="Adjusted", default="")
    score_ns = tables.Column(verbose_name="Score N-S", default="", attrs={"td": {"class": "num"}})
    ns_points = tables.Column(verbose_name="Points N-S", attrs={"td": {"class": "num"}})
    ew_points = tables.Column(verbose_name="Points E-W", attrs={"td": {"class": "num"}})

    class Meta:
        attrs = {"class": "list"}
        orderable = False

    def render_ns_points(self, value):
        return self._points(value)

    def render_ew_points(self, value):
        return self._points(value)

    def value_ns_points(self, value):
        return value

    def value_ew_points(self, value):
        return value


class PrizeTable(tables.Table):
    section = tables.Column()
    field = tables.Column(verbose_name="Field")
    prizes = tables.Column(verbose_name="Prize(s)")
    entry = tables.Column(verbose_name="Pair")
    name = tables.Column(verbose_name="Players")
    share = tables.Column(verbose_name="Share")
    decision = tables.Column(verbose_name="How the tie was settled", default="")

    class Meta:
        attrs = {"class": "list"}
        orderable = False

    def render_prizes(self, value):
        return ", ".join(str(p) for p in value)

    def value_prizes(self, value):
        return " ".join(str(p) for p in value)


class SeriesTable(tables.Table):
    name = tables.Column(verbose_name="Players")
    score = tables.Column(verbose_name="Series score", attrs={"td": {"class": "num"}})
    sessions = tables.Column(verbose_name="Sessions", attrs={"td": {"class": "num"}})

    class Meta:
        attrs = {"class": "list"}
        orderable = False


def standings_rows(data: dict) -> list[dict]:
    """Flatten the kept standings into rows with section and field (for one CSV)."""
    rows = []
    for section in data.get("sections", []):
        for field in section.get("fields", []):
            for s in field["standings"]:
                rows.append({**s, "section": section["name"], "field": field["name"]})
    return rows


def traveller_rows(section_data: dict, board: int | None = None) -> list[dict]:
    rows = []
    for b in section_data.get("boards", []):
        if board is not None and b["board"] != board:
            continue
        rows.extend({**line, "board": b["board"]} for line in b["results"])
    return rows


class SessionStandingsTable(StandingsTable):
    """All fields of all sections in one table: the CSV export of the standings."""

    section = tables.Column()
    field = tables.Column(verbose_name="Field")

    class Meta(StandingsTable.Meta):
        sequence = ("section", "field", "...")


def team_rows(data: dict, kind: str) -> list[dict]:
    """Flatten the kept teams of every section (``kind``: ``"team_match"`` or ``"imp_teams"``,
    ``scoring.engine.team_results.KINDS``) into rows with their section (for one CSV)."""
    return [
        {**team, "section": section["name"]}
        for section in data.get("sections", [])
        if section.get(kind)
        for team in section[kind]["teams"]
    ]


class SessionTeamMatchTable(TeamMatchTable):
    """The whist team match of every section in one table: the team part of the CSV export."""

    section = tables.Column()

    class Meta(TeamMatchTable.Meta):
        sequence = ("section", *TeamMatchTable.Meta.sequence)


class SessionImpTeamsTable(ImpTeamsTable):
    """Teams of four at IMPs of every section in one table: the team part of the CSV export."""

    section = tables.Column()

    class Meta(ImpTeamsTable.Meta):
        sequence = ("section", *ImpTeamsTable.Meta.sequence)


SESSION_TEAM_TABLES = {"team_match": SessionTeamMatchTable, "imp_teams": SessionImpTeamsTable}


def standings_export_tables(data: dict) -> list[tables.Table]:
    """The tables of the standings CSV, in order: the teams (a whist team match or teams of
    four at IMPs: the same tables as the page, with the section), then the pairs as ever.
    A pairs-only session has the pairs' table alone."""
    out = [SESSION_TEAM_TABLES[kind](rows) for kind in KINDS if (rows := team_rows(data, kind))]
    return [*out, SessionStandingsTable(standings_rows(data))]


def scorecard_rows(section_data: dict, entry: int) -> list[dict]:
    """One pair's boards: opponents, direction, result and its points."""
    rows = []
    for b in section_data.get("boards", []):
        for line in b["results"]:
            if entry not in (line["ns"], line["ew"]):
                continue
            ns = line["ns"] == entry
            rows.append({
                **line, "board": b["board"], "direction": "N-S" if ns else "E-W",
                "opponent": line["ew"] if ns else line["ns"],
                "points": line["ns_points"] if ns else line["ew_points"],
            })  # fmt: skip
    return rows


class ScorecardTable(_Numbers, tables.Table):
    POINTS = ("points",)
    board = tables.Column()
    direction = tables.Column(verbose_name="Sat")
    opponent = tables.Column(verbose_name="Against")
    contract = tables.Column(default="")
    declarer = tables.Column(verbose_name="By", default="")
    tricks = tables.Column(default="")
    score_ns = tables.Column(verbose_name="Score N-S", default="", attrs={"td": {"class": "num"}})
    points = tables.Column(verbose_name="Points", attrs={"td": {"class": "num"}})

    class Meta:
        attrs = {"class": "list"}
        orderable = False

    def render_points(self, value):
        return self._points(value)

    def value_points(self, value):
        return value


class SafeTableExport(TableExport):
    """``TableExport`` whose every cell passes ``safe_cell``: a player named ``=HYPERLINK(…)``
    reaches the spreadsheet as text, never as a formula."""

    def table_to_dataset(self, table, exclude_columns, dataset_kwargs=None):
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        headers = [safe_cell(h) for h in dataset.headers or []]
        rows = [[safe_cell(cell) for cell in row] for row in dataset]
        dataset.wipe()
        dataset.headers = headers
        for row in rows:
            dataset.append(row)
        return dataset


def export_csv(*tables_) -> tuple[str, str]:
    """(content type, CSV text) of the tables one after another, a blank line between."""
    exports = [SafeTableExport("csv", table) for table in tables_]
    return exports[0].content_type(), "\r\n".join(export.export() for export in exports)
