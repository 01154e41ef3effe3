"""``manage.py export_usebio SESSION [--section A] > results.xml``: USEBIO 1.2 XML."""

from ..interchange_commands import SectionExportCommand


class Command(SectionExportCommand):
    help = "Write one section of a session as USEBIO 1.2 XML (scored now) to standard output."

    def write(self, session, section):
        from tournament.interchange.selectors import export_usebio

        return export_usebio(session, section)
