from django.contrib import admin
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.admin import AuditAdmin
from clubs.permissions import Do, allowed

from . import services
from .models import AuditEntry, Game, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["position", "player", "score", "hand_size", "place"]
    readonly_fields = ["score", "hand_size", "place"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """Games are written by the services only; the admin looks, and deletes through them (the
    audit entries stay, with one more saying who deleted the game)."""

    list_display = ["__str__", "club", "status", "preset", "target", "started_at", "finished_at"]
    list_filter = ["status", "club", "preset"]
    list_select_related = ["club"]
    readonly_fields = ["rules", "version", "phase", "round_number", "to_play", "pool_size",
                       "turn_count", "winner_seats", "status", "finished_at", "table_token"]
    inlines = [SeatInline]

    def has_change_permission(self, request, obj=None):
        # A closed result is not changed here either: its seats and rules are the result.
        if obj is not None and obj.is_closed:
            return False
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        if obj is None:
            return super().has_delete_permission(request)
        return not obj.is_closed and allowed(request.user, Do.DELETE_GAME, obj)

    def delete_model(self, request, obj):
        services.game_delete(game_id=obj.pk, actor=services.Actor(user=request.user))

    def delete_queryset(self, request, queryset):
        # The delete action asks has_delete_permission of each game first: none is closed here.
        for game in queryset:
            self.delete_model(request, game)


@admin.register(AuditEntry)
class AuditEntryAdmin(AuditAdmin):
    list_display = ["game_ref", "game_title", "club_name", "action", "round_shown",
                    "turn_shown", "username", "via_link", "at"]
    search_fields = ["game_title", "club_name", "username", "reason"]
    # Rounds and turns are stored from 0, as the engine counts; people count from 1.
    exclude = ["round_number", "turn_number"]
    readonly_fields = ["round_shown", "turn_shown"]

    @admin.display(description=pgettext_lazy("game", "round number"),
                   ordering="round_number")
    def round_shown(self, entry):
        return None if entry.round_number is None else entry.round_number + 1

    @admin.display(description=_("turn number"), ordering="turn_number")
    def turn_shown(self, entry):
        return None if entry.turn_number is None else entry.turn_number + 1

    def get_search_results(self, request, queryset, search_term):
        # A game's number finds its entries (the game may be gone; its number stays).
        found, duplicates = super().get_search_results(request, queryset, search_term)
        number = search_term.strip().lstrip("#")
        if number.isascii() and number.isdigit() and len(number) < 10:
            found |= queryset.filter(game_ref=int(number))
        return found, duplicates
