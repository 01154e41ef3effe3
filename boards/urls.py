"""The TD's board-set pages, mounted under ``boards/`` (docs/boards.md)."""

from django.urls import path

from . import views

urlpatterns = [
    path("session/<int:pk>/", views.board_set, name="boards_td"),
    path("session/<int:pk>/generate/", views.generate, name="boards_generate"),
    path("session/<int:pk>/import/", views.import_pbn, name="boards_import"),
    path("session/<int:pk>/deal/", views.enter_deal, name="boards_enter"),
    path("session/<int:pk>/analyse/", views.analyse, name="boards_analyse"),
    path("session/<int:pk>/progress/", views.progress, name="boards_progress"),
    path("session/<int:pk>/release/", views.release, name="boards_release"),
    path("session/<int:pk>/boards.pbn", views.export_pbn, name="boards_pbn"),
    path("session/<int:pk>/<slug:document>.pdf", views.download, name="boards_pdf"),
]
