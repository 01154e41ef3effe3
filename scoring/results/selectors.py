"""Reads of results: the audit trail of a board (every change, who made it and why)."""

from __future__ import annotations

from scoring.models import ResultAudit


def audit_trail(section, board: int):
    """Every change to the results of one board in a section, newest first, with who made it."""
    return ResultAudit.objects.filter(section=section, board_number=board).select_related("user")
