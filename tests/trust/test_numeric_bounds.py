"""Every number a form or command takes fits the database column, on SQLite and PostgreSQL.

SQLite stores 64-bit integers and PostgreSQL's ``integer`` 32-bit, so an unbounded form field
accepts on one what overflows on the other (a 40-digit pair number was a server error).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest
from django import forms
from django.core.management import call_command
from django.core.management.base import CommandError

import boards
import scoring
import tournament
from tournament import limits


def project_forms() -> list[type[forms.BaseForm]]:
    found = {}
    for package in (tournament, boards, scoring):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if ".migrations" in info.name or ".management" in info.name:
                continue
            module = importlib.import_module(info.name)
            for _, cls in inspect.getmembers(module, inspect.isclass):
                if issubclass(cls, forms.BaseForm) and cls.__module__ == info.name:
                    found[f"{cls.__module__}.{cls.__name__}"] = cls
    return [found[k] for k in sorted(found)]


FORMS = project_forms()


def test_the_project_forms_are_found():
    names = {cls.__name__ for cls in FORMS}
    assert {"SignInForm", "ResultEntryForm", "RulingForm", "DealForm"} <= names


@pytest.mark.parametrize("form", FORMS, ids=lambda f: f.__name__)
def test_every_integer_field_is_bounded_to_fit_the_database(form):
    for name, field in form.base_fields.items():
        if isinstance(field, forms.IntegerField):
            assert field.min_value is not None, f"{form.__name__}.{name} has no min_value"
            assert field.max_value is not None, f"{form.__name__}.{name} has no max_value"
            assert -limits.DB_INT_MAX <= field.min_value <= field.max_value <= limits.DB_INT_MAX


@pytest.mark.parametrize(
    "args",
    [
        ["mitchell", "--tables", "9" * 40],
        ["howell", "--tables", "10", "--boards-per-round", "9" * 40],
        ["howell", "--tables", "10", "--rounds", "9" * 40],
        ["recommend", "--pairs", "9" * 40],
        ["individual", "--players", "9" * 40],
        ["rainbow", "--tables", "9" * 40],
        ["pivot-pair", "--tables", "9" * 40],
    ],
)
def test_the_movement_command_refuses_absurd_sizes_with_a_message(args):
    with pytest.raises(CommandError, match="at most"):
        call_command("movement", *args)


@pytest.mark.parametrize(
    ("text", "message"),
    [("9" * 40, "from 1 to 9999"), ("0", "from 1 to 9999"), ("x", "not a whole number")],
)
def test_limits_number_names_the_field(text, message):
    with pytest.raises(ValueError, match=message) as err:
        limits.number(text, "N-S pair", limits.ENTRY_NUMBER_MAX)
    assert str(err.value).startswith("N-S pair")
