"""``manage.py make_director USERNAME CLUB-SLUG``: a tournament director of one club.

Creates the user if it does not exist (the password from the environment variable
``DIRECTOR_PASSWORD`` if set, else asked twice at the prompt, checked by the site's password
validators), puts it in the group *Tournament directors* and in the club's directors.  The
user is neither staff nor superuser: a TD works in the console (``/td/``), fenced to the clubs
it directs; the admin site is the site operator's (``tournament.admin_site``).  Run it again
with another club to make the same user a TD of that club too.
"""

from __future__ import annotations

import getpass
import os

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from tournament.models import Club
from tournament.permissions import td_group

PASSWORD_ENV = "DIRECTOR_PASSWORD"


class Command(BaseCommand):
    help = "Make USERNAME a tournament director of the club CLUB-SLUG (creating the user)."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("club", metavar="CLUB-SLUG")

    def handle(self, *args, username, club, **options):
        User = get_user_model()
        try:
            User._meta.get_field("username").run_validators(username)
        except ValidationError as exc:
            raise CommandError(f"username: {' '.join(exc.messages)}") from None
        if not username:
            raise CommandError("username: empty")
        target = Club.objects.filter(slug=club).first()
        if target is None:
            raise CommandError(f"club: no club with the slug {club!r}")
        user = User.objects.filter(username=username).first()
        if user is not None and user.is_superuser:
            raise CommandError(
                f"username: {username!r} is a superuser (the site operator), who already "
                "directs every club; a TD account must be a plain user"
            )
        password = None if user is not None else self.password(User(username=username))
        with transaction.atomic():
            if user is None:
                user = User.objects.create_user(username, password=password)
            elif user.is_staff:
                user.is_staff = False  # the admin is not for TDs
                user.save(update_fields=["is_staff"])
            user.groups.add(td_group())
            target.directors.add(user)
        verb = "created and made" if password is not None else "made"
        self.stdout.write(f"{username} {verb} a tournament director of {target.name}.")

    def password(self, user) -> str:
        if PASSWORD_ENV in os.environ:
            password = os.environ[PASSWORD_ENV]
        else:
            password = getpass.getpass("Password: ")
            if password != getpass.getpass("Password (again): "):
                raise CommandError("password: the two passwords differ")
        try:
            validate_password(password, user)
        except ValidationError as exc:
            raise CommandError("password: " + " ".join(exc.messages)) from None
        return password
