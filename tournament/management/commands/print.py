"""``manage.py print SESSION DOCUMENT [--out FILE] [--page-size A4|Letter] [--section A]``.

Renders one printed document of a session (see docs/printing.md); what is missing (no
movement chosen, no boards, an unknown document) is a CommandError saying so.
"""

from __future__ import annotations

from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournament.models import Session
from tournament.printing import selectors as print_selectors
from tournament.printing.documents import DOCUMENTS


class Command(BaseCommand):
    help = "Print a session document as PDF: " + ", ".join(DOCUMENTS)

    def add_arguments(self, parser) -> None:
        parser.add_argument("session", type=int, help="session id")
        parser.add_argument("document", help="one of: " + ", ".join(DOCUMENTS))
        parser.add_argument("--out", help="file to write (default: the document's own name)")
        parser.add_argument("--page-size", default="A4", help="A4 or Letter")
        parser.add_argument("--section", default=None, help="section name (default: the first)")
        parser.add_argument("--base-url", default=None, help="site address for QR codes")

    def handle(self, *args, **options) -> None:
        try:
            session = Session.objects.select_related("event__club").get(pk=options["session"])
        except Session.DoesNotExist:
            raise CommandError(f"there is no session {options['session']}") from None
        try:
            name, _, body = print_selectors.render(
                session,
                options["document"],
                section=options["section"],
                page=options["page_size"],
                base_url=options["base_url"],
            )
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from None
        out = Path(options["out"] or name)
        out.write_bytes(body)
        self.stdout.write(f"wrote {out} ({len(body)} bytes)")
