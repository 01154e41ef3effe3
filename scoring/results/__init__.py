"""Per-board results: entry (console, pick-up slip, table phones), correction with a reason, the opponents' O.K., and the audit trail."""
