from django.contrib import admin

from .models import Board, BoardSet


class BoardInline(admin.TabularInline):
    model = Board
    extra = 0
    fields = ["number", "dealer", "vulnerability", "trump_card", "deal"]


@admin.register(BoardSet)
class BoardSetAdmin(admin.ModelAdmin):
    list_display = ["session", "source", "fingerprint", "released_at"]
    inlines = [BoardInline]
