"""Text that fits a bracket box: names wrapped onto as many lines as they need, never cut.

SVG text does not wrap, so the lines are broken here, by an estimate of each character's
width in the site's sans-serif type. The estimate errs wide: a line may end a little early,
but it does not run out of its box. Pure."""

# Widths in ems, by kind of character.
_NARROW = set("iljtfrI!.,:;'|()[] 1")
_WIDE = set("mwMW@%")
_NARROW_EM, _WIDE_EM, _CAPITAL_EM, _DIGIT_EM, _LOWER_EM = 0.34, 0.92, 0.7, 0.58, 0.56
_OTHER_EM = 0.66  # letters of other alphabets (Cyrillic, Greek, ...)
_FULL_EM = 1.0  # CJK and other full-width characters
# A name breaks after these first when it has to break.
_BREAKS = " _-./"


def char_width(char: str, font_size: float) -> float:
    """Estimated width of `char` in pixels at `font_size`."""
    if char in _NARROW:
        em = _NARROW_EM
    elif char in _WIDE:
        em = _WIDE_EM
    elif ord(char) >= 0x2E80:
        em = _FULL_EM
    elif char.isdigit():
        em = _DIGIT_EM
    elif char.isascii() and char.isupper():
        em = _CAPITAL_EM
    elif char.isascii():
        em = _LOWER_EM
    else:
        em = _OTHER_EM
    return em * font_size


def text_width(text: str, font_size: float) -> float:
    return sum(char_width(char, font_size) for char in text)


def wrap(text: str, width: float, font_size: float) -> list[str]:
    """`text` in lines of at most `width` pixels: broken after a space, underscore, hyphen,
    dot or slash where one falls on the line, else wherever the line is full. The lines
    joined are the text (without its leading and trailing spaces)."""
    lines: list[str] = []
    rest = text.strip()
    while rest:
        used, end = 0.0, 0
        while end < len(rest) and used + char_width(rest[end], font_size) <= width:
            used += char_width(rest[end], font_size)
            end += 1
        if end == len(rest):
            lines.append(rest)
            break
        end = max(end, 1)  # a character wider than the line still takes a line of its own
        cut = end - 1 if rest[end] == " " else max(rest.rfind(m, 0, end) for m in _BREAKS)
        if cut > 0:
            end = cut + 1
        # A space at the break stays at the end of its line, where it takes no room, so that
        # the lines joined give the text back.
        while end < len(rest) and rest[end] == " ":
            end += 1
        lines.append(rest[:end])
        rest = rest[end:]
    return lines
