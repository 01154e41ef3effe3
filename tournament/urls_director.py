"""The director's console, mounted under ``td/`` (docs/console.md)."""

from django.urls import path

from .views import (
    director,
    director_prizes,
    director_progressive,
    director_results,
    director_rulings,
    director_setup,
    director_standings,
)

urlpatterns = [
    path("", director.console, name="td_console"),
    path("club/<slug:slug>/event/new/", director_setup.event_new, name="td_event_new"),
    path("event/<int:pk>/", director_setup.event, name="td_event"),
    path("session/<int:pk>/", director_setup.session, name="td_session"),
    path("session/<int:pk>/section/", director_setup.section_new, name="td_section_new"),
    path("session/<int:pk>/boards/", director_setup.boards, name="td_boards"),
    path("session/<int:pk>/release/", director_setup.release, name="td_release"),
    path("session/<int:pk>/status/", director_setup.status, name="td_status"),
    path("session/<int:pk>/standings/", director_standings.standings, name="td_standings"),
    path("session/<int:pk>/ties/", director_prizes.ties, name="td_ties"),
    path("section/<int:pk>/sign-in/", director_setup.sign_in, name="td_sign_in"),
    path("section/<int:pk>/movement/", director_setup.movement, name="td_movement"),
    path("entry/<int:pk>/withdraw/", director_setup.withdraw, name="td_withdraw"),
    path("section/<int:pk>/board/<int:board>/traveller/", director_results.traveller,
         name="td_traveller"),
    path("section/<int:pk>/slip/<int:round_number>/<int:table>/", director_results.slip,
         name="td_slip"),
    path("section/<int:pk>/result/", director_results.result, name="td_result"),
    path("section/<int:pk>/confirm/", director_results.confirm, name="td_confirm"),
    path("result/<int:pk>/correct/", director_results.correct, name="td_correct"),
    path("section/<int:pk>/board/<int:board>/", director_rulings.board, name="td_board"),
    path("section/<int:pk>/travellers/", director_standings.travellers, name="td_travellers"),
    path("section/<int:pk>/scorecard/<int:entry>/", director_standings.scorecard,
         name="td_scorecard"),
    path("section/<int:pk>/board/<int:board>/ruling/", director_rulings.ruling,
         name="td_ruling"),
    path("section/<int:pk>/progressive/", director_progressive.progressive, name="td_progressive"),
]  # fmt: skip
