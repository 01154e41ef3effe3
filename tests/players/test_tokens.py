"""The token service: one secret per table, revocable, compared in constant time."""

from tournament.models import TableToken
from tournament.play import selectors as play_selectors
from tournament.play import services as play_services


def test_it_issues_one_token_per_table(running):
    issued = play_services.issue_tokens(running)
    assert [t.table_number for t in issued] == [1, 2, 3]
    assert len({t.token for t in issued}) == 3
    assert all(len(t.token) >= 43 for t in issued)


def test_issuing_again_keeps_the_valid_tokens(running):
    first = {t.table_number: t.token for t in play_services.issue_tokens(running)}
    play_services.revoke(running, 2)
    second = {t.table_number: t.token for t in play_services.issue_tokens(running)}
    assert second[1] == first[1] and second[3] == first[3]
    assert second[2] != first[2]


def test_lookup_finds_the_row_and_refuses_near_misses(codes):
    token = codes[1].token
    assert play_selectors.lookup(token).pk == codes[1].pk
    assert play_selectors.lookup(token[:-1] + ("A" if token[-1] != "A" else "B")) is None
    assert play_selectors.lookup("short") is None
    assert play_selectors.lookup("x" * 200) is None


def test_revoke_all_and_reissue(running, codes):
    assert play_services.revoke_all(running) == 3
    assert not TableToken.objects.filter(revoked=False).exists()
    new = play_services.reissue(running, 1)
    assert not new.revoked and new.token != codes[1].token


def test_entry_url_from_a_base(codes):
    url = play_selectors.entry_url("https://club.example.org/", codes[1])
    assert url == f"https://club.example.org/t/{codes[1].token}/"


def _values(instance, skip=()):
    return {f.attname: getattr(instance, f.attname)
            for f in type(instance)._meta.concrete_fields if f.name not in skip}  # fmt: skip


def test_lookup_reads_token_section_session_and_event_as_the_orm_does(
    running, codes, django_assert_num_queries
):
    """``lookup`` reads in a statement written by hand: every field of the four rows is what
    the ORM reads (the same types: dates, booleans, JSON on SQLite and PostgreSQL), in one
    query; the section's movement is deferred and read when asked for."""
    from tournament.models import Event, Section, Session

    token = codes[2]
    TableToken.objects.filter(pk=token.pk).update(queued=3, revoked=True)
    event = running.session.event
    event.conditions = {"differing_entries": "ew", "rounds": 6}
    event.save()
    with django_assert_num_queries(1):
        row = play_selectors.lookup(token.token)
        section, session = row.section, row.section.session
        found = session.event
    assert _values(row) == _values(TableToken.objects.get(pk=token.pk))
    assert row.revoked is True and row.queued == 3
    assert _values(section, skip=("movement",)) == _values(
        Section.objects.get(pk=running.pk), skip=("movement",)
    )
    assert _values(session) == _values(Session.objects.get(pk=running.session_id))
    assert _values(found) == _values(Event.objects.get(pk=event.pk))
    assert found.condition("differing_entries", "director") == "ew"
    assert section.get_deferred_fields() == {"movement"}
    assert section.movement == Section.objects.get(pk=running.pk).movement
