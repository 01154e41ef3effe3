from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from .views import live, printing, public, public_swiss, table, table_swiss, table_sync

urlpatterns = [
    path("", public.home, name="home"),
    path("club/<slug:slug>/", public.club, name="club"),
    path("event/<int:pk>/", public.event, name="event"),
    path("session/<int:pk>/", public.session, name="session"),
    path("session/<int:pk>/standings/", public.session_standings, name="session_standings"),
    path("session/<int:pk>/board/<int:number>/", public.board, name="board"),
    path("session/<int:pk>/swiss/", public_swiss.swiss_pairings, name="swiss_pairings"),
    path(
        "session/<int:pk>/section/<path:section>/entry/<int:entry>/",
        public.scorecard,
        name="scorecard",
    ),
    path("session/<int:pk>/tables/", table.table_codes, name="table_codes"),
    path("session/<int:pk>/tables/do/", table.table_codes_action, name="table_codes_action"),
    path("t/<str:token>/", table.table, name="table"),
    path("t/<str:token>/score/", table.table_score, name="table_score"),
    path("t/<str:token>/swiss/", table_swiss.table_swiss, name="table_swiss"),
    path("t/<str:token>/sync/", table_sync.table_sync, name="table_sync"),
    path("t/<str:token>/manifest.webmanifest", table_sync.manifest, name="table_manifest"),
    path("t/sw.js", table_sync.service_worker, name="table_service_worker"),
    path("live/session/<int:pk>/", live.session_events, name="session_events"),
    path("session/<int:pk>/print/<slug:document>/", printing.download, name="session_print"),
    path("session/<int:pk>/print-jobs/", printing.job_start, name="print_job_start"),
    path("session/<int:pk>/print-jobs/<int:job>/", printing.job_page, name="print_job"),
    path(
        "session/<int:pk>/print-jobs/<int:job>/progress/",
        printing.job_progress,
        name="print_job_progress",
    ),
    path(
        "session/<int:pk>/print-jobs/<int:job>/download/",
        printing.job_download,
        name="print_job_download",
    ),
    path("players/", public.player_search, name="player_search"),
    path("player/<int:pk>/", public.player, name="player"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("td/", include("tournament.urls_director")),
    path("boards/", include("boards.urls")),
    path("admin/", admin.site.urls),
]
