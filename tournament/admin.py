from django.contrib import admin

from .models import (
    Club,
    Entry,
    EntryPlayer,
    Event,
    Player,
    RoundSeating,
    Section,
    Session,
    TableToken,
)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["directors"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "membership_number", "gender", "rating"]
    list_filter = ["club"]
    search_fields = ["name", "membership_number"]


class SessionInline(admin.TabularInline):
    model = Session
    extra = 0
    fields = ["name", "date", "status"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "game", "scoring_method", "format", "kind"]
    list_filter = ["club", "game", "scoring_method"]
    inlines = [SessionInline]


class SectionInline(admin.TabularInline):
    model = Section
    extra = 0
    fields = ["name", "movement_kind"]


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
    list_display = ["name", "event", "date", "status", "boards_released"]
    list_filter = ["status", "event__club"]
    inlines = [SectionInline]


class EntryPlayerInline(admin.TabularInline):
    model = EntryPlayer
    extra = 0
    fields = ["player", "position"]
    autocomplete_fields = ["player"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["number", "section", "kind", "name", "withdrawn"]
    list_filter = ["section__session"]
    inlines = [EntryPlayerInline]


@admin.register(Section)
class SectionAdmin(admin.ModelAdmin):
    list_display = ["name", "session", "movement_kind"]


admin.site.register(RoundSeating)
admin.site.register(TableToken)
