"""The admin site is the site operator's: superusers only.

Django's admin is not scoped by club: a staff user with model permissions could add itself to
another club's directors or read every club's table codes there.  A tournament director does
everything in the console (``/td/``), where every page is fenced to the TD's own clubs
(``tournament.permissions.director_required``); the admin opens for an active superuser — the
operator of the site — and for nobody else, whatever their staff flag, groups or permissions.
"""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.apps import AdminConfig


class OperatorAdminSite(admin.AdminSite):
    site_header = "Club tournaments: site administration"

    def has_permission(self, request) -> bool:
        user = request.user
        return user.is_active and user.is_superuser


class OperatorAdminConfig(AdminConfig):
    """``django.contrib.admin`` with :class:`OperatorAdminSite` as ``admin.site``."""

    default_site = "tournament.admin_site.OperatorAdminSite"
