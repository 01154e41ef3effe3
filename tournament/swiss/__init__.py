"""Swiss teams and Swiss pairs (docs/swiss.md): the conditions, each round's pairing by score,
the match scores in IMPs and the standings in VPs.  ``services`` writes, ``selectors`` reads;
the arithmetic is in ``tournament.movements.swiss`` and ``scoring.engine.swiss``."""
