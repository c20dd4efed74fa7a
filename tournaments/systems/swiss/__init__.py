"""A Swiss by the FIDE Dutch rules (C.04.3, the edition in force): the pairing engine
(`pairing`), its standings and tie-breaks (`standings`), its reads (`selectors`), its
rounds (`stage`), the reasons of each pairing (`explanations`) and the TRF export (`trf`)."""

# The stage's kind, and the championship's status while it is played.
SWISS = "swiss"
