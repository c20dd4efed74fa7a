"""The one edition of the FIDE Swiss rules the package follows, named once.

FIDE Handbook C.04.3, FIDE (Dutch) System: approved by the FIDE Council on 28 October 2025,
applied from 1 February 2026 (the revision that replaced the 2017 text; bbpPairings calls
its rules "Dutch 2025"), with C.04.1 (Basic Rules for Swiss Systems) and C.04.2 (General
Handling Rules for Swiss Tournaments) of the same revision.

The criteria are cited by the edition's numbers:
  C1 no two players meet twice; C2 no PAB for a player who had one or scored a win's
  points without playing; C3 non-topscorers with the same absolute colour preference do
  not meet; C4 every bracket's pairing leaves the round completable;
  C5 the PAB assignee's score as low as possible; C6 the most pairs; C7 the least PSD;
  C8 the floaters chosen for the next bracket's pairs, then its PSD; C9 the fewest rounds
  without a game for the PAB assignee; C10, C11 the topscorers' colour differences and
  runs; C12 colour preferences; C13 strong colour preferences; C14-C17 repeated down- and
  upfloats of the last round and the one before; C18-C21 their score differences.
Definitions are cited by the edition's Article 1 (1.2 order, 1.3 brackets, 1.4 floats,
1.4.3 the downfloat of a PAB or of points scored without playing, 1.5 the PAB). The
pairing of a bracket (its S1 and S2, the Dutch order of candidates: transpositions,
exchanges, the moved-down players' choice) and the colour allocation rules are cited as
B, D.1-D.3 and E1-E5: the letters the 2017 text gave the same rules, which the edition
kept and only renumbered.
"""

from datetime import date

NAME = "FIDE (Dutch) System, C.04.3, in force from 1 February 2026"
IN_FORCE_FROM = date(2026, 2, 1)
APPROVED_ON = date(2025, 10, 28)
