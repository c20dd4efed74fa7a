"""Short labels of a bracket's matches in the order they are played: A, B, ..., Z, AA, AB,
... as printed brackets number them, so that a slot can say "Winner of C". Pure."""


def match_label(position: int) -> str:
    """The label of the match played `position`-th (from 0): 0 → A, 25 → Z, 26 → AA."""
    if position < 0:
        raise ValueError(f"a match's position counts from 0, got {position}")
    letters = ""
    number = position + 1
    # Bijective base 26: there is no zero digit, so Z is followed by AA, not BA.
    while number:
        number, digit = divmod(number - 1, 26)
        letters = chr(ord("A") + digit) + letters
    return letters
