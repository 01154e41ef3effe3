"""The interchange formats, pure (no Django): read and write files other programs use.

``session_file`` (duplicate-session/1, validated by ``schema``), ``usebio`` (USEBIO XML),
``pbn_results`` (PBN with score tables), ``csv_io`` (standings, travellers, players list),
``scoring_input`` (a session file to the scoring engine's input), ``errors`` (the one error
type, naming the line and field).  The database side is ``tournament.interchange.services``
(imports) and ``tournament.interchange.selectors`` (exports).  See docs/interchange.md.
"""
