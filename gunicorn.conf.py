"""gunicorn settings read from the repository's root (``gunicorn tournament.wsgi``).

The access log masks table codes (``/t/<code>/`` → ``/t/…/``): see tournament/access_log.py.
"""

logger_class = "tournament.access_log.GunicornLogger"
