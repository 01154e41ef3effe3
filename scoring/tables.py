"""django-tables2 tables over the scoring engine's output (the kept standings JSON).

The same table feeds the web page and the CSV export (``TableExport``), so a number on the
screen and in the spreadsheet can never disagree.
"""

from __future__ import annotations

import django_tables2 as tables
from django_tables2.export import TableExport

from scoring.engine.numbers import percent_text, places, points_text, signed_text
from scoring.engine.scorecards import ruling_note
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


def _num_column(name: str) -> tables.Column:
    return tables.Column(verbose_name=name, default="", attrs={"td": {"class": "num"}})


#: the method columns a standing may carry (``Standing.extra``), shown only when the rows have
#: them: net plus/minus (Law 10/11 [002 L3364–3388]) and whist tricks over average
METHOD_COLUMNS = ("tricks", "plus", "minus", "excess", "average", "above_average")


class StandingsTable(_Numbers, tables.Table):
    POINTS = ("score",)
    rank = tables.Column(verbose_name="Place")
    entry = tables.Column(verbose_name="Pair")
    name = tables.Column(verbose_name="Players")
    score = tables.Column(verbose_name="Score", attrs={"td": {"class": "num"}})
    percent = tables.Column(verbose_name="%", attrs={"td": {"class": "num"}})
    boards_played = tables.Column(verbose_name="Boards", attrs={"td": {"class": "num"}})
    tricks = _num_column("Tricks")
    plus = _num_column("Plus")
    minus = _num_column("Minus")
    excess = _num_column("Excess")
    average = _num_column("Direction average")
    above_average = _num_column("Above average")
    stratum = tables.Column(verbose_name="Stratum", default="")
    stratum_places = tables.Column(verbose_name="Place in each stratum", default="")

    class Meta:
        attrs = {"class": "list"}
        orderable = False

    def __init__(self, data, *args, **kwargs):
        rows = list(data)
        present = {key for row in rows for key in METHOD_COLUMNS if row.get(key) is not None}
        exclude = [*kwargs.pop("exclude", ()), *(k for k in METHOD_COLUMNS if k not in present)]
        if not any(row.get("stratum") for row in rows):  # stratified pairs only
            exclude += ["stratum", "stratum_places"]
        super().__init__(rows, *args, exclude=exclude, **kwargs)
        self.column_places = {k: places(row.get(k) for row in rows) for k in METHOD_COLUMNS}

    def _method(self, value, key):
        return points_text(value, self.column_places[key])

    def render_tricks(self, value):
        return self._method(value, "tricks")

    def render_plus(self, value):
        return self._method(value, "plus")

    def render_minus(self, value):
        return self._method(value, "minus")

    def render_excess(self, value):
        return self._method(value, "excess")

    def render_average(self, value):
        return self._method(value, "average")

    def render_score(self, value, record):
        return "—" if record.get("boards_played") == 0 else self._points(value)

    def value_score(self, value):
        return value

    def render_above_average(self, value):
        return signed_text(value, self.column_places["above_average"])

    # the CSV keeps the kept numbers as they are (a spreadsheet formats them)
    def value_tricks(self, value):
        return value

    def value_plus(self, value):
        return value

    def value_minus(self, value):
        return value

    def value_excess(self, value):
        return value

    def value_average(self, value):
        return value

    def value_above_average(self, value):
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
    weighted = tables.Column(verbose_name="Weighting (Law 12C1(c))", default="")
    score_ns = tables.Column(verbose_name="Score N-S", default="", attrs={"td": {"class": "num"}})
    ns_points = tables.Column(verbose_name="Points N-S", attrs={"td": {"class": "num"}})
    ew_points = tables.Column(verbose_name="Points E-W", attrs={"td": {"class": "num"}})
    ruling = tables.Column(verbose_name="Ruling", default="")

    class Meta:
        attrs = {"class": "list"}
        orderable = False

    def __init__(self, data, *args, **kwargs):
        # the ruling column only where a ruling set points on a line (Law 4d, Law 7)
        if not any(row.get("ruling") for row in data):
            kwargs["exclude"] = (*kwargs.get("exclude", ()), "ruling")
        # the weighting column only where a weighted score (Law 12C1(c)) is on the board
        if not any(row.get("weighted") for row in data):
            kwargs["exclude"] = (*kwargs.get("exclude", ()), "weighted")
        super().__init__(data, *args, **kwargs)

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
    stratum = tables.Column(verbose_name="Stratum", default="")
    prizes = tables.Column(verbose_name="Prize(s)")
    entry = tables.Column(verbose_name="Pair")
    name = tables.Column(verbose_name="Players")
    share = tables.Column(verbose_name="Share")
    decision = tables.Column(verbose_name="How the tie was settled", default="")

    class Meta:
        attrs = {"class": "list"}
        orderable = False

    def __init__(self, data, *args, **kwargs):
        rows = list(data)
        if not any(row.get("stratum") for row in rows):  # stratified pairs only
            kwargs["exclude"] = (*kwargs.get("exclude", ()), "stratum")
        super().__init__(rows, *args, **kwargs)

    def render_field(self, value):
        return value.partition(":")[0]  # "NS:B": the N-S field's stratum B (the next column)

    def value_field(self, value):
        return self.render_field(value)

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
        rows.extend(
            {**line, "board": b["board"], "ruling": ruling_note(line)} for line in b["results"]
        )
    return rows


class SessionStandingsTable(StandingsTable):
    """All fields of all sections in one table: the CSV export of the standings."""

    section = tables.Column()
    field = tables.Column(verbose_name="Field")

    class Meta(StandingsTable.Meta):
        sequence = ("section", "field", "...")


class TwinStandingsTable(StandingsTable):
    """The rankings across twin sections (``data["twins"]``, ``scoring.engine.twins``): one
    field per direction over both sections, each pair with its section."""

    sections = tables.Column(verbose_name="Across sections")
    field = tables.Column(verbose_name="Field")
    section = tables.Column()

    class Meta(StandingsTable.Meta):
        sequence = ("sections", "field", "rank", "section", "...")


def twin_rows(data: dict) -> list[dict]:
    """Flatten the rankings across twin sections into rows (for the CSV and the page)."""
    return [
        {**s, "sections": "+".join(twin["sections"]), "field": field["name"]}
        for twin in data.get("twins", [])
        for field in twin["fields"]
        for s in field["standings"]
    ]


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


class BalanceTable(tables.Table):
    """Net plus/minus: each section's direction averages and the final balance, Σ net + Σ
    excess = 0 [002 L3017–3023, L3385–3388] (``SessionResult.balance``)."""

    section = tables.Column()
    averages = tables.Column(verbose_name="Direction averages")
    net = tables.Column(verbose_name="Net (all pairs)", attrs={"td": {"class": "num"}})
    excess = tables.Column(verbose_name="Excess (all pairs)", attrs={"td": {"class": "num"}})
    total = tables.Column(verbose_name="Net + excess", attrs={"td": {"class": "num"}})
    balances = tables.Column(verbose_name="Balances")

    class Meta:
        attrs = {"class": "list"}
        orderable = False

    def render_balances(self, value):
        return "yes" if value else "NO"

    def value_balances(self, value):
        return self.render_balances(value)


_DIRECTIONS = {"NS": "N-S", "EW": "E-W", "all": "all"}


def balance_rows(data: dict) -> list[dict]:
    """One row per section that has a Law 11 balance (net plus/minus)."""
    rows = []
    for section in data.get("sections", []):
        balance = section.get("balance")
        if not balance:
            continue
        averages = "; ".join(
            f"{_DIRECTIONS.get(f['name'], f['name'])} "
            f"{points_text(f['average'], places([f['average']]))}"
            for f in balance.get("fields", [])
        )
        rows.append({"section": section["name"], "averages": averages, "net": balance["net"],
                     "excess": balance["excess"], "total": balance["total"],
                     "balances": balance["balances"]})  # fmt: skip
    return rows


def standings_export_tables(data: dict) -> list[tables.Table]:
    """The tables of the standings CSV, in order: the teams (a whist team match or teams of
    four at IMPs: the same tables as the page, with the section), then the pairs as ever, then
    (net plus/minus) each section's direction averages and balance.
    A pairs-only session has the pairs' table alone."""
    out = [SESSION_TEAM_TABLES[kind](rows) for kind in KINDS if (rows := team_rows(data, kind))]
    out.append(SessionStandingsTable(standings_rows(data)))
    if rows := twin_rows(data):
        out.append(TwinStandingsTable(rows))
    if rows := balance_rows(data):
        out.append(BalanceTable(rows))
    return out


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


class CombinedTable(tables.Table):
    """An event's combined ranking (``tournament.prizes.combined.ranking``) as one table for
    the CSV download: every group (the overall ranking, or each final section) one after
    another, a column per session and, in a final, the carry-over before the final's own."""

    group = tables.Column(verbose_name="Ranking")
    rank = tables.Column(verbose_name="Place")
    entry = tables.Column(verbose_name="Pair", default="")
    name = tables.Column(verbose_name="Players")
    total = tables.Column(verbose_name="Total")
    qualified = tables.Column(verbose_name="Qualified", default="")

    class Meta:
        orderable = False


def combined_table(found: dict) -> CombinedTable:
    """The table of a ranking ``found`` (its ``groups``, ``stage``); a session's figure the
    contestant has not got (it did not play) is an empty cell."""
    groups = found["groups"]
    names = groups[0]["columns"] if groups else []
    final = found["stage"] == "final"
    keys = [f"s{i}" for i in range(len(names))]
    if final and keys:
        keys.insert(len(keys) - 1, "carry")
    labels = dict(zip([k for k in keys if k != "carry"], names, strict=True), carry="Carry-over")
    rows = []
    for group in groups:
        for row in group["rows"]:
            cells = dict(zip((f"s{i}" for i in range(len(names))), row["figures"], strict=True))
            rows.append({
                **{k: "" if v == "—" else v for k, v in cells.items()},
                "group": group["name"], "rank": row["rank"], "entry": row["entry"],
                "name": row["name"], "total": row["total"], "carry": row["carry"],
                "qualified": "yes" if row["qualified"] else "",
            })  # fmt: skip
    extra = [(k, tables.Column(verbose_name=labels[k], default="")) for k in keys]
    exclude = () if found["stage"] == "qualifying" else ("qualified",)
    sequence = ("group", "rank", "entry", "name", *keys, "total", "qualified")
    return CombinedTable(rows, extra_columns=extra, exclude=exclude, sequence=sequence)
