"""Setting up and signing in: events' sessions and sections, entries as they arrive, the movement chosen for the number present, late arrivals and no-shows, the session's status."""
