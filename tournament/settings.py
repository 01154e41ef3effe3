"""Settings for the tournament manager: one file, driven by environment variables.

Defaults are safe for a single club on one machine: SQLite in ``data/``, a
secret key generated once and kept in ``data/secret_key``, ``DEBUG`` off,
localhost only.  Set ``DATABASE_URL`` (e.g. ``postgres://user@127.0.0.1:5432/club``)
to use PostgreSQL, ``ALLOWED_HOSTS`` (comma-separated) to serve a public name,
and ``PRODUCTION=1`` behind HTTPS for secure cookies and HSTS.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from tournament.operations import private_dir, private_file

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# The data directory, the SQLite database (with its journal) and the secret key are the
# owner's only: 0700 and 0600 (tournament/operations.py).
DATA_DIR = private_dir(Path(os.environ.get("DATA_DIR", BASE_DIR / "data")))


def _secret_key() -> str:
    given = os.environ.get("SECRET_KEY")
    if given:
        return given
    key_file = private_file(DATA_DIR / "secret_key")
    if not key_file.read_text().strip():
        key_file.write_text(secrets.token_urlsafe(64))
    return key_file.read_text().strip()


SECRET_KEY = _secret_key()
DEBUG = env_bool("DEBUG")
PRODUCTION = env_bool("PRODUCTION")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "tournament.admin_site.OperatorAdminConfig",  # the admin: superusers only
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "django_htmx",
    "axes",
    "django_tasks",
    "django_tasks_db",
    "tournament",
    "boards",
    "scoring",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "tournament.middleware.SecurityHeadersMiddleware",
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "tournament.urls"
WSGI_APPLICATION = "tournament.wsgi.application"
ASGI_APPLICATION = "tournament.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# The rendered standings fragment and movement grid (tournament.views.public), kept per
# version in files under DATA_DIR: every web process of the machine reads what one of them
# rendered, so after a result the page is rendered once, not once per process.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": str(DATA_DIR / "cache"),
        "OPTIONS": {"MAX_ENTRIES": 2000},
    }
}

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{DATA_DIR / 'club.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers (live standings) run while a result is being written.
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    # Connections are kept (CONN_MAX_AGE, 60 s unless set) as on PostgreSQL: opening one
    # costs its file, the PRAGMAs above and Django's SQL functions on every request.  Each
    # thread has its own (Django's connections are per thread; the development server closes
    # a request thread's own when the thread ends); one in autocommit holds no lock between
    # requests, and WAL gives each read the latest commit.  CONN_MAX_AGE=0 closes each at the
    # end of its request.
    # The test database is a file, not Django's shared in-memory one: there two writers in the
    # browser tests' live server (a phone's sync and the console) fail at once with "database
    # table is locked", where a file waits for the other writer (the timeout above), as the
    # club's own database does.  One file per test process, removed when the tests end.
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"club-test-{os.getpid()}.sqlite3")
    }
    if str(DATABASES["default"]["NAME"]).startswith(str(DATA_DIR)):
        private_file(Path(DATABASES["default"]["NAME"]))

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Background work (the double-dummy analysis): django-tasks with its database backend.  The
# web process only enqueues; ``manage.py db_worker`` (started beside the server by
# scripts/serve, one per machine in a larger deployment) runs the tasks, on SQLite or on the
# shared PostgreSQL.  TASKS_BACKEND=immediate runs each task inside the request that
# enqueues it (no worker needed; the tests run this way: tests/conftest.py).
TASK_BACKENDS = {
    "database": "django_tasks_db.DatabaseBackend",
    "immediate": "django_tasks.backends.immediate.ImmediateBackend",
}
_tasks_backend = os.environ.get("TASKS_BACKEND", "database").strip().lower()
if _tasks_backend not in TASK_BACKENDS:
    raise ImproperlyConfigured(
        f"TASKS_BACKEND={_tasks_backend!r}: use one of {', '.join(sorted(TASK_BACKENDS))}"
    )
TASKS = {"default": {"BACKEND": TASK_BACKENDS[_tasks_backend], "QUEUES": ["default"]}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-gb"
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/London")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
# Serve static files from the apps directly unless collected for production (whitenoise).
WHITENOISE_USE_FINDERS = not PRODUCTION
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# Live standings: how often the page asks for the standings block again (htmx polling).
LIVE_POLL_SECONDS = int(os.environ.get("LIVE_POLL_SECONDS", "15"))

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "td_console"  # the director's home (docs/console.md)
LOGOUT_REDIRECT_URL = "home"

# Security headers (see tournament/middleware.py for the content security policy).
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # htmx reads the token from the page, not the cookie
if PRODUCTION:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Login throttling (django-axes): lock a username+address after repeated failures.
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = 0.25  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# Behind a reverse proxy every request comes from the proxy's address: name the header the
# proxy writes the client's address in (TRUSTED_PROXY_HEADER=X-Forwarded-For) and how many
# proxies append to it (TRUSTED_PROXY_COUNT, default 1).  Unset, the header is ignored (a
# client could forge it) and the address is REMOTE_ADDR.  See tournament/operations.py.
TRUSTED_PROXY_HEADER = os.environ.get("TRUSTED_PROXY_HEADER", "").strip()
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "1"))
AXES_CLIENT_IP_CALLABLE = "tournament.operations.client_ip"

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

LOG_LEVEL = os.environ.get("LOG_LEVEL", "WARNING")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # table codes (/t/<code>/) never reach a log: tournament/access_log.py
    "filters": {"mask_table_codes": {"()": "tournament.access_log.MaskTableCodes"}},
    "formatters": {
        "django.server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        }
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["mask_table_codes"]},
        # runserver's request lines (Django's own handler, with the mask)
        "django.server": {
            "class": "logging.StreamHandler",
            "formatter": "django.server",
            "filters": ["mask_table_codes"],
        },
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        "django": {"handlers": ["console"], "level": LOG_LEVEL, "propagate": False},
        "django.server": {"handlers": ["django.server"], "level": "INFO", "propagate": False},
        # uvicorn's request lines (scripts/serve, the ASGI deployment), with the mask
        "uvicorn.access": {"handlers": ["console"], "level": "INFO", "propagate": False},
    },
}
