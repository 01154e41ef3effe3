"""Interchange: the session file (duplicate-session/1), USEBIO, PBN results, CSV, backups.

Pure modules (no Django): ``errors``, ``schema``, ``session_file``, ``scoring_input``, ``usebio``,
``pbn_results``, ``csv_io``.  ``db`` is the only module that touches models.  See
docs/interchange.md.
"""
