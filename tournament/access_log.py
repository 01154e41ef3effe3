"""Table codes kept out of the logs.

A table's page is ``/t/<code>/`` and the code is the table's key: whoever reads it in a log
can enter results for the table.  ``mask`` turns every ``/t/<code>`` into ``/t/…``;
``MaskTableCodes`` applies it to Django's log records (the request and runserver loggers,
through the console handler in settings.LOGGING) and ``GunicornLogger`` to every field of
gunicorn's access log (request line, path, referer, headers), configured in
``gunicorn.conf.py``.
"""

from __future__ import annotations

import logging
import re

from gunicorn.glogging import Logger

TABLE_CODE = re.compile(r"/t/[^/\s?#\"']+")
MASK = "/t/…"


def mask(text: str) -> str:
    return TABLE_CODE.sub(MASK, text)


class MaskTableCodes(logging.Filter):
    """A logging filter: the record's message with every table code masked."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if TABLE_CODE.search(message):
            record.msg, record.args = mask(message), ()
        return True


class GunicornLogger(Logger):
    """gunicorn's logger whose access-log atoms never hold a table code."""

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        return {k: mask(v) if isinstance(v, str) else v for k, v in atoms.items()}
