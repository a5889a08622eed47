"""The start-a-game form's seats as a browser posts them."""


def seated(*people) -> dict:
    """Seat 1, 2, … in order: a Player as the picker sends it (name and id), a str as a typed
    name."""
    data = {}
    for n, person in enumerate(people, start=1):
        if isinstance(person, str):
            data[f"seat_{n}"] = person
        else:
            data[f"seat_{n}"] = person.display_name
            data[f"seat_{n}_player"] = str(person.pk)
    return data
