from django.contrib import admin

from .models import Club, Membership, Player


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "city", "default_preset", "default_target"]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name", "city"]
    inlines = [MembershipInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["display_name", "home_club", "country", "user"]
    list_select_related = ["home_club", "user"]
    search_fields = ["display_name"]
    list_filter = ["home_club"]
