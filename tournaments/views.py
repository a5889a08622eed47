from django.shortcuts import render


def tournament_list(request):
    return render(request, "tournaments/tournament_list.html", {})
