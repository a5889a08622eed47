"""Read-mostly admin: tournaments are run through the organiser's pages and the services;
the admin is for looking, and for fixing what those pages cannot."""

from django.contrib import admin

from clubs.admin import AuditAdmin, ReadOnly

from .models import (
    Registration,
    RoundNotice,
    Stage,
    Table,
    Tournament,
    TournamentAuditEntry,
    TournamentRound,
)


class StageInline(admin.TabularInline):
    model = Stage
    extra = 0
    fields = ["order", "kind", "qualifiers", "advance"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "starts_on", "format", "table_size", "status", "winner"]
    list_filter = ["status", "format", "club"]
    list_select_related = ["club", "winner"]
    search_fields = ["name", "slug"]
    readonly_fields = ["winner", "created_by", "created_at"]
    inlines = [StageInline]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["player", "tournament", "checked_in", "withdrawn", "late_entry_round",
                    "rating"]
    list_filter = ["checked_in", "withdrawn"]
    list_select_related = ["player", "tournament"]
    search_fields = ["player__display_name", "tournament__name"]


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    fields = ["number", "player_ids", "bye", "match", "game"]
    raw_id_fields = ["game"]


@admin.register(TournamentRound)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "stage", "status", "progress"]
    list_filter = ["status"]
    list_select_related = ["tournament", "stage"]
    inlines = [TableInline]


@admin.register(TournamentAuditEntry)
class TournamentAuditEntryAdmin(AuditAdmin):
    list_display = ["tournament_name", "action", "round_number", "username", "at"]
    search_fields = ["tournament_name", "club_name", "username", "reason"]


@admin.register(RoundNotice)
class RoundNoticeAdmin(ReadOnly, admin.ModelAdmin):
    """The e-mails that told players their table: written by tournaments.round_mail only."""

    list_display = ["round", "player", "sent_at"]
    search_fields = ["player__display_name", "round__tournament__name"]
    list_select_related = ["round__tournament", "player"]
