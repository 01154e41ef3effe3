"""Validation of duplicate-session/1 files against the committed JSON Schema (schema.json)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from tournament.interchange.formats.errors import InterchangeError, json_path

SCHEMA_PATH = Path(__file__).with_name("schema.json")


@cache
def schema() -> dict[str, Any]:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


@cache
def _validator() -> Draft202012Validator:
    Draft202012Validator.check_schema(schema())
    return Draft202012Validator(schema())


def errors(data: Any) -> list[InterchangeError]:
    """Every schema violation, first in document order, each with its JSON path."""
    found = sorted(_validator().iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path])
    return [InterchangeError(json_path(e.absolute_path), _message(e)) for e in found]


def validate(data: Any) -> None:
    """Raise the first violation (with its path), or return if the file is valid."""
    problems = errors(data)
    if problems:
        raise problems[0]


def _message(error) -> str:
    if error.validator == "const" and list(error.absolute_path) == ["format"]:
        return f"{error.instance!r} is not a duplicate-session/1 file"
    if error.validator == "additionalProperties":
        return f"{error.message} (see docs/interchange.md for the fields)"
    return error.message
