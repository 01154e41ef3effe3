"""Running the site: the client's address behind a trusted proxy, and private data files.

Imported by ``tournament/settings.py`` before Django is set up, so nothing here imports
models or reads settings at import time.
"""

from __future__ import annotations

import ipaddress
import os
from pathlib import Path

#: files and directories the site creates for itself: the owner only
PRIVATE_FILE = 0o600
PRIVATE_DIR = 0o700


def meta_key(header: str) -> str:
    """``X-Forwarded-For`` or ``HTTP_X_FORWARDED_FOR`` → ``HTTP_X_FORWARDED_FOR``."""
    key = header.strip().upper().replace("-", "_")
    return key if key.startswith("HTTP_") else f"HTTP_{key}"


def _address(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


def client_ip(request) -> str:
    """The address sign-in throttling (django-axes) counts failures against.

    Without ``TRUSTED_PROXY_HEADER`` this is ``REMOTE_ADDR``: a forwarded header is ignored,
    since anyone can send one.  With it (e.g. ``X-Forwarded-For`` behind the README's reverse
    proxy) and ``TRUSTED_PROXY_COUNT`` proxies in front, each proxy appends the address it
    received the request from, so the client is the ``TRUSTED_PROXY_COUNT``-th address from
    the right; anything further left was written by the client and is not trusted.  A header
    that is missing, too short or not an address falls back to ``REMOTE_ADDR``.
    """
    from django.conf import settings

    remote = request.META.get("REMOTE_ADDR", "") or ""
    header = getattr(settings, "TRUSTED_PROXY_HEADER", "")
    if not header:
        return remote
    count = max(1, int(getattr(settings, "TRUSTED_PROXY_COUNT", 1)))
    hops = [hop.strip() for hop in request.META.get(meta_key(header), "").split(",")]
    hops = [hop for hop in hops if hop]
    if len(hops) < count:
        return remote
    return _address(hops[-count]) or remote


def private_dir(path: Path) -> Path:
    """Create ``path`` (and parents) if needed and make it the owner's only (0700)."""
    path.mkdir(mode=PRIVATE_DIR, parents=True, exist_ok=True)
    if path.stat().st_uid == os.getuid():
        path.chmod(PRIVATE_DIR)
    return path


def private_file(path: Path) -> Path:
    """Create ``path`` empty if missing; either way leave it readable by its owner only (0600).

    SQLite gives its ``-wal`` and ``-shm`` files the mode of the database file, so a database
    created here stays private with its journal."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, PRIVATE_FILE)
    try:
        os.fchmod(fd, PRIVATE_FILE)
    finally:
        os.close(fd)
    return path


def write_private(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` as a 0600 file, even if it existed with another mode."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        os.fchmod(out.fileno(), PRIVATE_FILE)
        out.write(text)
