"""The TD's page of table QR codes: directors of this club only; issue and revoke by POST."""

from django.urls import reverse

from tournament.models import TableToken


def test_it_needs_a_director_of_this_club(client, outsider, session, running):
    url = reverse("table_codes", args=[session.pk])
    assert client.get(url).status_code == 302
    client.force_login(outsider)
    assert client.get(url).status_code == 403
    action = reverse("table_codes_action", args=[session.pk])
    assert client.post(action, {"section": running.pk, "action": "issue"}).status_code == 403
    assert not TableToken.objects.exists()


def test_a_director_issues_shows_and_revokes_codes(director_client, session, running):
    action = reverse("table_codes_action", args=[session.pk])
    director_client.post(action, {"section": running.pk, "action": "issue"})
    assert TableToken.objects.filter(revoked=False).count() == 3
    html = director_client.get(reverse("table_codes", args=[session.pk])).content.decode()
    assert html.count('src="data:image/svg+xml') == 3 and "style=" not in html
    token = TableToken.objects.get(table_number=2)
    assert f"/t/{token.token}/" in html
    director_client.post(action, {"section": running.pk, "action": "revoke", "table": "2"})
    token.refresh_from_db()
    assert token.revoked
    director_client.post(action, {"section": running.pk, "action": "reissue", "table": "2"})
    assert TableToken.objects.filter(table_number=2, revoked=False).count() == 1
    director_client.post(action, {"section": running.pk, "action": "revoke_all"})
    assert not TableToken.objects.filter(revoked=False).exists()


def test_the_get_page_changes_nothing(director_client, session, running):
    director_client.get(reverse("table_codes", args=[session.pk]))
    assert not TableToken.objects.exists()
    assert director_client.get(reverse("table_codes_action", args=[session.pk])).status_code == 405
