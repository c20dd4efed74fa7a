"""Text that fits a bracket box: names wrapped onto as many lines as they need, never cut.

SVG text does not wrap, so the lines are broken here, by an estimate of each character's
width in the site's sans-serif type. The estimate errs wide: a line may end a little early,
but it does not run out of its box. Pure."""

# Widths in ems, by kind of character, measured on a wide sans-serif (DejaVu Sans) in bold:
# a name is bold when its player won or reads the page, and narrower type only leaves room.
_NARROWEST = set("iljI!.,:;'|")
_NARROW = set("tfr()[] ")
_WIDE = set("mwMW@%")
_NARROWEST_EM, _NARROW_EM, _WIDE_EM = 0.36, 0.52, 1.1
_CAPITAL_EM, _OTHER_ASCII_EM = 0.85, 0.7  # digits, lowercase and signs are all about 0.7
_OTHER_CAPITAL_EM, _OTHER_LOWER_EM = 1.25, 0.78  # letters of other alphabets (Ж, Ш, Ю are wide)
_FULL_EM = 1.0  # CJK and other full-width characters
# Regular type takes at most this much of the width of bold.
_REGULAR = 0.93
# A name breaks after these first when it has to break.
_BREAKS = " _-./"
# Narrow marks that may stand just past the line's end rather than start the next line (the
# box keeps room on the right for the score).
_HANGING = "_-./"


def char_width(char: str, font_size: float) -> float:
    """Estimated width of `char` in pixels at `font_size`."""
    if char in _NARROWEST:
        em = _NARROWEST_EM
    elif char in _NARROW:
        em = _NARROW_EM
    elif char in _WIDE:
        em = _WIDE_EM
    elif ord(char) >= 0x2E80:
        em = _FULL_EM
    elif char.isascii():
        em = _CAPITAL_EM if char.isupper() else _OTHER_ASCII_EM
    else:
        em = _OTHER_CAPITAL_EM if char.isupper() else _OTHER_LOWER_EM
    return em * font_size


def text_width(text: str, font_size: float, bold: bool = True) -> float:
    """Estimated width of `text` in pixels, in bold type or (`bold` false) regular."""
    return sum(char_width(char, font_size) for char in text) * (1 if bold else _REGULAR)


def wrap(text: str, width: float, font_size: float, bold: bool = True) -> list[str]:
    """`text` in lines of at most `width` pixels: broken after a space, underscore, hyphen,
    dot or slash where one falls on the line (one that just misses it hangs past the end),
    else wherever the line is full. The lines
    joined are the text (without its leading and trailing spaces). `bold`: whether the
    text may be drawn in bold."""
    scale = 1 if bold else _REGULAR
    lines: list[str] = []
    rest = text.strip()
    while rest:
        used, end = 0.0, 0
        while end < len(rest) and used + char_width(rest[end], font_size) * scale <= width:
            used += char_width(rest[end], font_size) * scale
            end += 1
        if end == len(rest):
            lines.append(rest)
            break
        end = max(end, 1)  # a character wider than the line still takes a line of its own
        if rest[end] in _HANGING:
            end += 1  # a mark to break after hangs at the line's end, as a space does
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
