"""The pure deal engine: cards, board conventions, deals, PBN and double dummy.

Imports only the standard library and endplay (the double-dummy solver) — never Django, never
app code (checked by import-linter, ``pyproject.toml``).  ``cards`` (suits, ranks, directions,
strains), ``dealing`` (dealer, vulnerability and the whist trump of a board number), ``deals``
(``Deal``, ``Board``, ``BoardSet``, random and seeded generation), ``pbn`` (PBN read and write),
``dds`` (double-dummy tables and par).  See docs/boards.md.
"""
