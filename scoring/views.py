from django.shortcuts import render


def game_list(request):
    return render(request, "scoring/game_list.html", {})
