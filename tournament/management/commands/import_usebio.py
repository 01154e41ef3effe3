"""``manage.py import_usebio results.xml [--club SLUG] [--session N [--section A]]``: a new
session from USEBIO (one session of a combined ranking's file); prints its id."""

from ..interchange_commands import ImportCommand


class Command(ImportCommand):
    help = "Import a USEBIO 1.2 file as a new session (scores recomputed); prints its id."

    binary = True

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument(
            "--session", type=int, help="a combined ranking's file: the SESSION_NUMBER to import"
        )
        parser.add_argument("--section", default="", help="that session's section, if several")

    def handle(self, *args, **options):
        self.choice = (options["session"], options["section"])
        return super().handle(*args, **options)

    def load(self, text, club):
        from tournament.interchange.services import import_usebio

        return import_usebio(text, club=club, session=self.choice[0], section=self.choice[1])
