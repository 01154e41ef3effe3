"""The pure scoring engine: every law that turns a result into points, places and prizes.

Imports only the standard library and the movement engine's vocabulary — never Django, never
app code (checked by import-linter, ``pyproject.toml``).  Per board: ``contract`` (Law 77),
``auction`` (1926), ``whist`` (tricks), ``adjustments`` (artificial scores, rulings' arithmetic);
comparisons: ``matchpoints``, ``imps``, ``imp_teams``, ``team_match``; per session: ``totals``,
``session`` (``score_session`` — the entry point), ``results`` (its output), ``individual``,
``scorecards``, ``team_results``; across sessions: ``ranking``, ``series``.  See docs/scoring.md.
"""
