"""``manage.py standings SESSION [--format json|text|csv] [--travellers]``.

Prints the session's standings as kept (recomputed first if none are kept yet, or
with ``--recompute``): every section, every field, ranked, with the provisional or
final mark; a whist team match first shows the teams, their aggregates, margins and the
winner, and teams of four at IMPs the teams, their IMPs, VPs and the winner. CSV gives one row
per entry (or per result line with ``--travellers``), after a row per team for a team match.
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand

from scoring.engine.team_results import heading, pair_text, team_kind
from tournament.interchange.formats.csv_io import standings_csv, travellers_csv
from tournament.management.interchange_commands import session_by_id


class Command(BaseCommand):
    help = "Print a session's standings as JSON, text or CSV."

    def add_arguments(self, parser):
        parser.add_argument("session", type=int)
        parser.add_argument("--format", choices=["json", "text", "csv"], default="text")
        parser.add_argument("--travellers", action="store_true", help="CSV: the result lines")
        parser.add_argument("--recompute", action="store_true", help="score again first")

    def handle(self, *args, session, format, travellers, recompute, **options):
        from scoring.models import Standings
        from scoring.standings.services import recompute_standings

        session = session_by_id(session)
        kept = Standings.objects.filter(session=session).first()
        if kept is None or recompute:
            kept = recompute_standings(session)
        data = kept.data
        if format == "json":
            self.stdout.write(json.dumps(data, indent=1, ensure_ascii=False))
        elif format == "csv":
            write = travellers_csv if travellers else standings_csv
            for section in data.get("sections", []):
                self.stdout.write(write(section), ending="")
        else:
            self.stdout.write(self.text(session, data))

    def text(self, session, data) -> str:
        status = "FINAL" if data.get("status") == "final" else "PROVISIONAL"
        lines = [f"{session.event.name} — {session.name} ({status})"]
        for section in data.get("sections", []):
            lines += self.teams(section)
            for field in section.get("fields", []):
                label = {"NS": "North-South", "EW": "East-West"}.get(field["name"], "Standings")
                lines += ["", f"Section {section.get('name', '')}: {label}"]
                for row in field["standings"]:
                    percent = "" if row.get("percent") is None else f"{row['percent']:6.2f}%"
                    lines.append(
                        f"{row['rank']:>4}  {row['entry']:>3}  {row['name'][:40]:40}  "
                        f"{row['score']:>8}  {percent}"
                    )
        return "\n".join(lines) + "\n"

    def teams(self, section) -> list[str]:
        """A team result (whist team match or IMPs): the teams in place order, the winner
        marked, then each team's pairs (tricks) or, with three or more teams, its matches."""
        kind = team_kind(section)
        if kind is None:
            return []
        lines = ["", f"Section {section.get('name', '')}: {heading(section)}"]
        for team in section[kind]["teams"]:
            mark = "  WINNER" if team["winner"] else ""
            if kind == "team_match":
                credit = team["odd_pair_credit"]
                extra = f" (incl. odd-pair credit {credit})" if credit is not None else ""
                figure = f"{team['aggregate']:>8g}{extra}"
                details = [f"pair {pair_text(pair)}" for pair in team["pairs"]]
            else:
                vp = "" if team["vp"] is None else f"  {team['vp']:.2f} VP"
                figure = f"{team['imps']:>8g} IMPs{vp}"
                matches = team["matches"] if len(team["matches"]) > 1 else ()
                details = [f"v team {m['opponent']}: {m['imps']:g} IMPs over {m['boards']} "
                           f"boards, {m['vp']:.2f} VP" for m in matches]  # fmt: skip
            lines.append(f"{team['rank']:>4}  {team['team']:>3}  {team['name'][:30]:30}  "
                         f"{figure}  {team['result']}{mark}")  # fmt: skip
            lines += [f"{'':10}{text}" for text in details]
        return lines
