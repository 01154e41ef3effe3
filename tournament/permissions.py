"""Who may do what.  Reading is public; running a club's events needs a TD of
that club (a member of ``Club.directors``) or a superuser."""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied

TD_GROUP = "Tournament directors"


def is_director(user, club) -> bool:
    return club.is_director(user)


def director_required(get_club):
    """Decorate a view: ``get_club(request, **kwargs)`` returns the club the view acts on."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            club = get_club(request, **kwargs)
            if not club.is_director(request.user):
                raise PermissionDenied("You are not a tournament director of this club.")
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


def td_group():
    """The TD role: a group with every permission of the tournament apps (made if missing)."""
    from django.contrib.auth.models import Group, Permission

    group, created = Group.objects.get_or_create(name=TD_GROUP)
    if created or not group.permissions.exists():
        group.permissions.set(
            Permission.objects.filter(
                content_type__app_label__in=("tournament", "boards", "scoring")
            )
        )
    return group
