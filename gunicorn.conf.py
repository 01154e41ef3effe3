"""gunicorn settings read from the repository's root (``gunicorn tournament.wsgi``).

The access log masks table codes (``/t/<code>/`` → ``/t/…/``): see tournament/access_log.py.

Under gunicorn's sync workers (WSGI) the live updates' stream ``/live/session/<pk>/`` answers
at once and the browser comes back every 2 s (a short poll, no worker held); for push proper,
serve the ASGI application with uvicorn (README, "Deploying for many clubs"), whose request
lines Django's logging masks the same way (settings.LOGGING, ``uvicorn.access``).
"""

logger_class = "tournament.access_log.GunicornLogger"
